import Stripe from 'stripe';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import type { PricedLine, ShippingAddress } from '../orders';
import type { PaymentMethod } from '../../paymentSettings';
import { paymobProvider } from './paymob/provider';

/** What a provider needs to open a hosted payment page for one of our payment sessions. */
export interface SessionRequest {
  /** Our payment-session id (Stripe's client_reference_id). */
  sessionId: string;
  /** Piastres, shipping included. */
  total: number;
  /** Piastres, part of the total. */
  shippingPrice: number;
  email: string;
  customer: { name: string; phone?: string };
  /** The method the shopper chose, one of the provider's `methods`. */
  method: PaymentMethod;
  /** The mobile wallet's number, for the wallet method. */
  walletPhone?: string;
  /** What is paid for (Paymob lists the items). */
  lines: PricedLine[];
  shippingAddress: ShippingAddress | null;
  successUrl: string;
  cancelUrl: string;
  /** Absolute origin of this server, for the built-in test page. */
  baseUrl: string;
}

export interface OpenedSession {
  providerSessionId: string;
  /** Paymob's order id for the payment, which its callbacks carry signed. */
  providerOrderId?: number;
  url: string;
  expiresAt: Date;
}

/** A paid session to give the money back for: the provider's id of the payment, and the whole amount in piastres. */
export interface PaidPayment {
  sessionId: string;
  providerPaymentId: string | null;
  amount: number;
}

export type ProviderName = 'stripe' | 'test' | 'paymob';

export interface PaymentProvider {
  name: ProviderName;
  /** The methods the shopper may choose, in the order the pay page shows them. */
  methods: PaymentMethod[];
  createSession(request: SessionRequest): Promise<OpenedSession>;
  /** Gives the whole payment back and answers the provider's id of the refund; throws when it refuses or cannot be reached. */
  refund(payment: PaidPayment): Promise<{ refundId: string }>;
}

/**
 * The smallest card total we accept, in piastres. Stripe refuses charges worth less than USD 0.50 in
 * the settlement currency; 30 EGP stays above that at current exchange rates. The test provider uses
 * the same floor so development behaves like production.
 */
export const MIN_CARD_TOTAL = 3000;

const TEST_SESSION_MINUTES = 30;

/** The built-in provider: our own page at /payments/test/<id> stands in for the hosted checkout. */
const testProvider: PaymentProvider = {
  name: 'test',
  methods: ['card'],
  // Nothing was taken, so nothing goes back: the refund is recorded under an id of its own (the order keeps it).
  async refund(payment) {
    return { refundId: `test-refund-${payment.sessionId}` };
  },
  async createSession({ sessionId, baseUrl }) {
    return {
      providerSessionId: sessionId,
      url: `${baseUrl}/payments/test/${sessionId}`,
      expiresAt: new Date(Date.now() + TEST_SESSION_MINUTES * 60_000),
    };
  },
};

/** The payment provider could not be reached, or refused to work for us now: nothing was opened, a retry may succeed. */
export class PaymentProviderUnavailable extends Error {
  constructor(cause: unknown) {
    super(`payment provider unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/**
 * Stripe did not answer (connection refused, reset or timed out), failed on its side, limited us, or does not take
 * our key: none of it is the shopper's doing. A request Stripe refuses (StripeInvalidRequestError) is our own bug.
 */
const STRIPE_UNAVAILABLE = [
  Stripe.errors.StripeConnectionError,
  Stripe.errors.StripeAPIError,
  Stripe.errors.StripeRateLimitError,
  Stripe.errors.StripeAuthenticationError,
  Stripe.errors.StripePermissionError,
];

function stripeProvider(stripe: Stripe): PaymentProvider {
  return {
    name: 'stripe',
    methods: ['card'],
    async refund(payment) {
      if (!payment.providerPaymentId) throw new Error(`Stripe session ${payment.sessionId} has no payment intent`);
      const refund = await stripe.refunds
        .create({ payment_intent: payment.providerPaymentId, amount: payment.amount })
        .catch((err: unknown) => {
          if (STRIPE_UNAVAILABLE.some((kind) => err instanceof kind)) throw new PaymentProviderUnavailable(err);
          throw err;
        });
      return { refundId: refund.id };
    },
    async createSession(request) {
      const session = await stripe.checkout.sessions
        .create({
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: { currency: 'egp', unit_amount: request.total, product_data: { name: 'Order' } },
            },
          ],
          customer_email: request.email,
          client_reference_id: request.sessionId,
          metadata: request.shippingAddress ? { ...request.shippingAddress } : {},
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        })
        .catch((err: unknown) => {
          if (STRIPE_UNAVAILABLE.some((kind) => err instanceof kind)) throw new PaymentProviderUnavailable(err);
          throw err;
        });
      return { providerSessionId: session.id, url: session.url!, expiresAt: new Date(session.expires_at * 1000) };
    },
  };
}

const stripeClients = new WeakMap<Config, Stripe>();

/** One Stripe client per configuration, when STRIPE_SECRET_KEY is set. */
export function stripeClient(config: Config): Stripe | undefined {
  if (!config.stripeSecretKey) return undefined;
  let client = stripeClients.get(config);
  if (!client) {
    const api = config.stripeApiUrl ? new URL(config.stripeApiUrl) : undefined;
    client = new Stripe(config.stripeSecretKey, {
      // A shopper waits at most this long for a Stripe that does not answer (the SDK's own default is 80 s).
      timeout: 10_000,
      maxNetworkRetries: 1,
      ...(api && { protocol: api.protocol.replace(':', '') as 'http' | 'https', host: api.hostname, port: api.port }),
    });
    stripeClients.set(config, client);
  }
  return client;
}

const paymobProviders = new WeakMap<Config, PaymentProvider>();

/**
 * Paymob when configured (an Egyptian shop); else Stripe when configured; otherwise the test provider in a demo shop (API.md §6.5: the demo catalogue was seeded, or
 * PAYMENTS_TEST_MODE=true; PAYMENTS_TEST_MODE=false turns it off); otherwise none, and card payment is not offered.
 */
export function paymentProvider(ctx: Pick<AppContext, 'config' | 'shop'>): PaymentProvider | undefined {
  const paymob = ctx.config.paymob;
  if (paymob) {
    let provider = paymobProviders.get(ctx.config);
    if (!provider) paymobProviders.set(ctx.config, (provider = paymobProvider(paymob)));
    return provider;
  }
  const stripe = stripeClient(ctx.config);
  if (stripe) return stripeProvider(stripe);
  return (ctx.config.paymentsTestMode ?? ctx.shop.demo) ? testProvider : undefined;
}

/**
 * The provider that took a payment, by the name its session keeps, when this shop can still reach it: a refund goes
 * back through it even after the shop moved to another provider (Stripe's key still set, say). The test provider
 * took no money and can always record a refund.
 */
export function providerNamed(
  ctx: Pick<AppContext, 'config' | 'shop'>,
  name: ProviderName,
): PaymentProvider | undefined {
  if (name === 'test') return testProvider;
  if (name === 'paymob') return ctx.config.paymob ? paymentProvider(ctx) : undefined;
  const stripe = stripeClient(ctx.config);
  return stripe ? stripeProvider(stripe) : undefined;
}

/** The built-in test page answers only while it is the active provider; the web app then says payments are not real. */
export const testPaymentsEnabled = (ctx: Pick<AppContext, 'config' | 'shop'>) => paymentProvider(ctx)?.name === 'test';
