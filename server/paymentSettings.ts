// The payment settings read at start-up (server/config.ts) and the payment methods that orders and the payments module
// both name; the payments module (server/modules/payments/) uses them.
import type { SettingError } from './config';

/** The payment methods a Paymob account can enable for the shop, each with its own integration id. */
export const PAYMOB_METHODS = ['card', 'wallet', 'kiosk', 'valu'] as const;
export type PaymobMethod = (typeof PAYMOB_METHODS)[number];

/** How a shopper pays online: a card everywhere, and with Paymob also a mobile wallet, a kiosk or valU instalments. */
export type PaymentMethod = PaymobMethod;
export const PAYMENT_METHODS: readonly PaymentMethod[] = PAYMOB_METHODS;

/** The integration-id setting of each method, as the merchant copies it from Paymob's dashboard. */
export const INTEGRATION_SETTING: Record<PaymobMethod, string> = {
  card: 'PAYMOB_CARD_INTEGRATION_ID',
  wallet: 'PAYMOB_WALLET_INTEGRATION_ID',
  kiosk: 'PAYMOB_KIOSK_INTEGRATION_ID',
  valu: 'PAYMOB_VALU_INTEGRATION_ID',
};

/** Paymob Egypt; tests (and other regions) point PAYMOB_API_URL elsewhere. */
export const PAYMOB_EGYPT_URL = 'https://accept.paymob.com';

export interface PaymobSettings {
  /** Dashboard → Settings → Account info: "Secret key" (sent as `Authorization: Token <key>`). */
  secretKey: string;
  /** "Public key": goes to the unified checkout URL with the intention's client secret. */
  publicKey: string;
  /** "HMAC": signs every transaction callback and redirect. */
  hmacSecret: string;
  /** The enabled methods and their integration ids, in the order the shopper sees them. */
  integrations: Partial<Record<PaymobMethod, number>>;
  /** Without a trailing slash. */
  apiUrl: string;
}

type Env = NodeJS.ProcessEnv;
const setting = (env: Env, name: string) => env[name]?.trim() || undefined;

/**
 * Paymob's settings, or undefined when none is set. Half a set-up (a key without the HMAC secret, keys without any
 * integration id, an id that is not a number) stops the start with one line naming what is wrong, like every setting.
 */
export function readPaymobSettings(env: Env, refuse: (message: string) => SettingError): PaymobSettings | undefined {
  const keys = {
    secretKey: setting(env, 'PAYMOB_SECRET_KEY'),
    publicKey: setting(env, 'PAYMOB_PUBLIC_KEY'),
    hmacSecret: setting(env, 'PAYMOB_HMAC_SECRET'),
  };
  const integrations: PaymobSettings['integrations'] = {};
  for (const method of PAYMOB_METHODS) {
    const raw = setting(env, INTEGRATION_SETTING[method]);
    if (raw === undefined) continue;
    if (!/^\d{1,12}$/.test(raw) || Number(raw) < 1)
      throw refuse(`${INTEGRATION_SETTING[method]}=${JSON.stringify(raw)} is not a Paymob integration id (a number)`);
    integrations[method] = Number(raw);
  }
  const anyKey = Object.values(keys).some(Boolean);
  if (!anyKey && !Object.keys(integrations).length) return undefined;
  const missing = [
    ['PAYMOB_SECRET_KEY', keys.secretKey],
    ['PAYMOB_PUBLIC_KEY', keys.publicKey],
    ['PAYMOB_HMAC_SECRET', keys.hmacSecret],
  ]
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length) throw refuse(`Paymob needs ${missing.join(', ')} as well (or no PAYMOB_ setting at all)`);
  if (!Object.keys(integrations).length)
    throw refuse(
      `Paymob needs the integration id of at least one method: ${Object.values(INTEGRATION_SETTING).join(', ')}`,
    );
  const rawUrl = setting(env, 'PAYMOB_API_URL') ?? PAYMOB_EGYPT_URL;
  const protocol = URL.canParse(rawUrl) ? new URL(rawUrl).protocol : '';
  if (protocol !== 'https:' && protocol !== 'http:')
    throw refuse(`PAYMOB_API_URL=${JSON.stringify(rawUrl)} is not an http:// or https:// URL`);
  return {
    secretKey: keys.secretKey!,
    publicKey: keys.publicKey!,
    hmacSecret: keys.hmacSecret!,
    integrations,
    apiUrl: rawUrl.replace(/\/+$/, ''),
  };
}
