import path from 'node:path';
import { readPaymobSettings, type PaymobSettings } from './paymentSettings';

/** Every setting the server reads from the environment; .env.example documents each one. */
export interface Config {
  nodeEnv: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** PG_STATEMENT_TIMEOUT_MS: longest a PostgreSQL statement outside a transaction may run (0: no limit). */
  statementTimeoutMs: number;
  publicBaseUrl?: string;
  frontendUrl?: string;
  /** JWT_SECRET, else the shop's own random secret kept in the database (server/db/shop.ts). */
  jwtSecret: string;
  jwtExpiresIn: string;
  /** RESET_CODE_SECRET, else the shop's own random secret, as for jwtSecret. */
  resetCodeSecret: string;
  adminEmail?: string;
  adminPassword?: string;
  seedDemo: boolean;
  smtpUrl?: string;
  mailFrom: string;
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  /** STRIPE_API_URL: another address for Stripe's API (stripe-mock, an egress proxy); unset: Stripe's own. */
  stripeApiUrl?: string;
  /** Paymob (cards, wallets, kiosk, valU) when its keys and at least one integration id are set. */
  paymob?: PaymobSettings;
  /** true / false when PAYMENTS_TEST_MODE says so; undefined: on only in a demo shop (see paymentProvider). */
  paymentsTestMode?: boolean;
  redisUrl?: string;
  /**
   * CATALOGUE_CACHE_MS: how long the storefront's catalogue reads (product list, search, suggestions, category and brand
   * lists, a product's page) keep an answer (0: not at all). This process's own writes show at once; a write from
   * elsewhere within this time. Default 5 s for one process; off with REDIS_URL (several processes, whose writes
   * would go unseen by the others' answers for that long).
   */
  catalogueCacheMs: number;
  /** Prefix of the rate-limit keys in Redis, for several shops (or test runs) on one Redis. */
  redisKeyPrefix?: string;
  /** S3-compatible object storage for uploaded images (server/storage); undefined: local disk under DATA_DIR. */
  s3?: S3Settings;
  /** Where browsers load images from when they are in object storage: the bucket's or a CDN's public base URL. */
  imagesPublicUrl?: string;
  allowedOrigins?: string[];
  /** Whose X-Forwarded-* headers to believe: nobody (false), anybody (true), or these proxy addresses/ranges. */
  trustProxy: boolean | string[];
  uploadMaxBytes: number;
  /** The most units of one product one order may hold (cart and checkout refuse more), so one shopper cannot hold all the stock. */
  maxPerProduct: number;
  /** The most units one order may hold in all. */
  maxItemsPerOrder: number;
  rateLimits: boolean;
  authUniformForgotResponse: boolean;
  /** resetPassword without the verification's resetToken (old clients); off by default. */
  legacyResetFlow: boolean;
  logLevel: string;
  /** json (one object a line, for log collectors), or pretty: one readable line an event, for a developer's terminal. */
  logFormat: 'json' | 'pretty';
  bcryptRounds: number;
}

export interface S3Settings {
  bucket: string;
  region: string;
  /** For non-AWS services (R2, MinIO, Backblaze…); unset: AWS. */
  endpoint?: string;
  /** Unset: the AWS SDK's usual sources (environment, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/** The settings as read from the environment: the secrets are left undefined when unset, to be filled from the database. */
export type Settings = Omit<Config, 'jwtSecret' | 'resetCodeSecret'> &
  Partial<Pick<Config, 'jwtSecret' | 'resetCodeSecret'>>;

// A setting that is set but cannot be read stops the start with one line naming it: a typo (PORT=80o0,
// RATE_LIMITS=ture) must never fall back to a default silently.
export class SettingError extends Error {}
const refuse = (name: string, raw: string, expected: string): never => {
  throw new SettingError(`${name}=${JSON.stringify(raw)} is not ${expected}`);
};
const setting = (env: NodeJS.ProcessEnv, name: string) => env[name]?.trim() || undefined;

const TRUE_WORDS = ['1', 'true', 'yes', 'on'];
const FALSE_WORDS = ['0', 'false', 'no', 'off'];
function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = setting(env, name);
  if (raw === undefined) return fallback;
  if (TRUE_WORDS.includes(raw.toLowerCase())) return true;
  if (FALSE_WORDS.includes(raw.toLowerCase())) return false;
  return refuse(name, raw, 'true or false');
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = setting(env, name);
  if (raw === undefined) return fallback;
  const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
  return value >= min && value <= max ? value : refuse(name, raw, `a whole number from ${min} to ${max}`);
}

/** An absolute http(s) URL without its trailing slashes (origins and public bases are joined with paths). */
function httpUrl(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = setting(env, name);
  if (raw === undefined) return undefined;
  const protocol = URL.canParse(raw) ? new URL(raw).protocol : '';
  return protocol === 'http:' || protocol === 'https:'
    ? raw.replace(/\/+$/, '')
    : refuse(name, raw, 'an http:// or https:// URL');
}

function postgresUrl(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = setting(env, name);
  if (raw === undefined) return undefined;
  const protocol = URL.canParse(raw) ? new URL(raw).protocol : '';
  // Echoing it could print its password: name the setting only.
  if (protocol !== 'postgres:' && protocol !== 'postgresql:')
    throw new SettingError(`${name} is not a postgres:// URL`);
  return raw;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * Off by default: a server reached directly must not let clients choose their own address with
 * X-Forwarded-For, or the per-IP limits (login, reset code) could be dodged by changing it.
 */
function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  const text = value?.trim() ?? '';
  if (!text || ['0', 'false', 'no', 'off'].includes(text.toLowerCase())) return false;
  if (['true', 'yes', 'on'].includes(text.toLowerCase())) return true;
  return text
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
}

function logLevel(env: NodeJS.ProcessEnv, nodeEnv: string): string {
  const raw = setting(env, 'LOG_LEVEL');
  if (raw === undefined) return nodeEnv === 'test' ? 'silent' : 'info';
  return LOG_LEVELS.includes(raw) ? raw : refuse('LOG_LEVEL', raw, `one of ${LOG_LEVELS.join(', ')}`);
}

function logFormat(env: NodeJS.ProcessEnv, nodeEnv: string): Config['logFormat'] {
  const raw = setting(env, 'LOG_FORMAT');
  // Unset: readable in a developer's terminal, JSON wherever the output goes to a file or a collector.
  if (raw === undefined) return nodeEnv === 'development' && process.stdout.isTTY ? 'pretty' : 'json';
  return raw === 'json' || raw === 'pretty' ? raw : refuse('LOG_FORMAT', raw, 'json or pretty');
}

const MIN_SECRET_LENGTH = 32;

/**
 * A production server builds every absolute link (mails, sitemap, robots.txt, share previews, payment pages) from
 * PUBLIC_BASE_URL alone: never from the request's Host header, which anyone can set. So it does not start without it.
 * Checked when the server is built, not for the command-line tools (migrate, create-admin), which make no links.
 */
export function requireServerSettings(settings: Settings) {
  if (settings.nodeEnv === 'production' && !settings.publicBaseUrl)
    throw new SettingError(
      "PUBLIC_BASE_URL must be set in production: the shop's public origin, e.g. https://shop.example (links in mails, the sitemap and payment pages are built from it)",
    );
}

/**
 * Longest a PostgreSQL statement outside a transaction (every storefront read) may run unless PG_STATEMENT_TIMEOUT_MS
 * says otherwise: far above any read of the shop's (milliseconds), low enough that no request holds the database long.
 */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 3_000;

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Settings {
  const nodeEnv = env.NODE_ENV ?? 'development';
  // Unset, the shop generates its own secret (never a default written anywhere); a short one set by hand is guessable.
  const jwtSecret = env.JWT_SECRET || undefined;
  if (nodeEnv === 'production' && jwtSecret !== undefined && jwtSecret.length < MIN_SECRET_LENGTH) {
    throw new SettingError(
      `JWT_SECRET must be at least ${MIN_SECRET_LENGTH} characters long (or unset: the shop then makes its own)`,
    );
  }
  const config: Settings = {
    nodeEnv,
    port: wholeNumber(env, 'PORT', 8000, 1, 65535),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: postgresUrl(env, 'DATABASE_URL'),
    statementTimeoutMs: wholeNumber(env, 'PG_STATEMENT_TIMEOUT_MS', DEFAULT_STATEMENT_TIMEOUT_MS, 0, 600_000),
    publicBaseUrl: httpUrl(env, 'PUBLIC_BASE_URL'),
    frontendUrl: httpUrl(env, 'FRONTEND_URL'),
    jwtSecret,
    jwtExpiresIn: env.JWT_EXPIRES_IN || '30d',
    resetCodeSecret: env.RESET_CODE_SECRET || undefined,
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    // A production shop gets demo data and demo accounts only when its owner asks for them.
    seedDemo: flag(env, 'SEED_DEMO', nodeEnv !== 'production'),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'المتجر <no-reply@shop.local>',
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    stripeApiUrl: httpUrl(env, 'STRIPE_API_URL'),
    paymob: readPaymobSettings(env, (message) => new SettingError(message)),
    paymentsTestMode:
      setting(env, 'PAYMENTS_TEST_MODE') === undefined ? undefined : flag(env, 'PAYMENTS_TEST_MODE', false),
    redisUrl: env.REDIS_URL || undefined,
    catalogueCacheMs: wholeNumber(env, 'CATALOGUE_CACHE_MS', setting(env, 'REDIS_URL') ? 0 : 5_000, 0, 3_600_000),
    redisKeyPrefix: env.REDIS_KEY_PREFIX || undefined,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION || 'us-east-1',
          endpoint: httpUrl(env, 'S3_ENDPOINT'),
          accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
          forcePathStyle: flag(env, 'S3_FORCE_PATH_STYLE', false),
        }
      : undefined,
    imagesPublicUrl: httpUrl(env, 'IMAGES_PUBLIC_URL'),
    allowedOrigins: env.ALLOWED_ORIGINS
      ? env.ALLOWED_ORIGINS.split(',')
          .map((o) => o.trim())
          .filter(Boolean)
      : undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    uploadMaxBytes: wholeNumber(env, 'UPLOAD_MAX_BYTES', 5 * 1024 * 1024, 1024, 100 * 1024 * 1024),
    maxPerProduct: wholeNumber(env, 'ORDER_MAX_PER_PRODUCT', 10, 1, 100_000),
    maxItemsPerOrder: wholeNumber(env, 'ORDER_MAX_ITEMS', 50, 1, 1_000_000),
    rateLimits: flag(env, 'RATE_LIMITS', true),
    authUniformForgotResponse: flag(env, 'AUTH_UNIFORM_FORGOT_RESPONSE', false),
    legacyResetFlow: flag(env, 'LEGACY_RESET_FLOW', false),
    logLevel: logLevel(env, nodeEnv),
    logFormat: logFormat(env, nodeEnv),
    // bcrypt's own range; 4 only makes sense for tests.
    bcryptRounds: wholeNumber(env, 'BCRYPT_ROUNDS', 10, 4, 15),
  };
  return { ...config, ...overrides };
}
