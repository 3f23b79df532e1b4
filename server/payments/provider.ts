import Stripe from 'stripe';
import type { Config } from '../config';
import type { AppContext } from '../context';

/** What a provider needs to open a hosted payment page for one of our payment sessions. */
export interface SessionRequest {
  /** Our payment-session id (Stripe's client_reference_id). */
  sessionId: string;
  /** Piastres. */
  total: number;
  email: string;
  shippingAddress: Record<string, string> | null;
  successUrl: string;
  cancelUrl: string;
  /** Absolute origin of this server, for the built-in test page. */
  baseUrl: string;
}

export interface PaymentProvider {
  name: 'stripe' | 'test';
  createSession(request: SessionRequest): Promise<{ providerSessionId: string; url: string; expiresAt: Date }>;
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
  async createSession({ sessionId, baseUrl }) {
    return {
      providerSessionId: sessionId,
      url: `${baseUrl}/payments/test/${sessionId}`,
      expiresAt: new Date(Date.now() + TEST_SESSION_MINUTES * 60_000),
    };
  },
};

function stripeProvider(stripe: Stripe): PaymentProvider {
  return {
    name: 'stripe',
    async createSession(request) {
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [
          { quantity: 1, price_data: { currency: 'egp', unit_amount: request.total, product_data: { name: 'Order' } } },
        ],
        customer_email: request.email,
        client_reference_id: request.sessionId,
        metadata: request.shippingAddress ?? {},
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
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
    client = new Stripe(config.stripeSecretKey);
    stripeClients.set(config, client);
  }
  return client;
}

/**
 * Stripe when configured; otherwise the test provider in a demo shop (API.md §6.5: the demo catalogue was seeded, or
 * PAYMENTS_TEST_MODE=true; PAYMENTS_TEST_MODE=false turns it off); otherwise none, and card payment is not offered.
 */
export function paymentProvider(ctx: Pick<AppContext, 'config' | 'shop'>): PaymentProvider | undefined {
  const stripe = stripeClient(ctx.config);
  if (stripe) return stripeProvider(stripe);
  return (ctx.config.paymentsTestMode ?? ctx.shop.demo) ? testProvider : undefined;
}

/** The built-in test page answers only while it is the active provider; the web app then says payments are not real. */
export const testPaymentsEnabled = (ctx: Pick<AppContext, 'config' | 'shop'>) => paymentProvider(ctx)?.name === 'test';
