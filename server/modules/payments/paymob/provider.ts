import type { PaymentProvider, SessionRequest } from '../provider';
import { paymobClient, type IntentionItem } from './client';
import { PAYMOB_METHODS, type PaymobSettings } from '../../../paymentSettings';

/** Paymob's item names are short; ours are product titles, which may be long. */
const ITEM_NAME_LENGTH = 50;
/** Our session stays open as long as Paymob's intention does by default. */
const SESSION_MINUTES = 60;

/**
 * The items of an intention, whose amount × quantity must add up to the amount: the lines as they are with the
 * shipping as one more, or, when a coupon took something off, the whole order as one item (a discount has no line of
 * its own at Paymob).
 */
function intentionItems(request: SessionRequest): IntentionItem[] {
  const lines = request.lines.map((line) => ({
    name: String(line.product.title ?? '').slice(0, ITEM_NAME_LENGTH) || 'منتج',
    amount: line.price,
    quantity: line.count,
  }));
  if (request.shippingPrice > 0) lines.push({ name: 'الشحن', amount: request.shippingPrice, quantity: 1 });
  const sum = lines.reduce((total, item) => total + item.amount * item.quantity, 0);
  return sum === request.total ? lines : [{ name: 'طلب من المتجر', amount: request.total, quantity: 1 }];
}

/** Paymob wants a first and a last name; a one-word name is both. */
function splitName(name: string) {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0] ?? 'NA';
  return { firstName: first, lastName: words.slice(1).join(' ') || first };
}

/** The Paymob provider: an intention per payment session, paid on Paymob's unified checkout in the same tab. */
export function paymobProvider(settings: PaymobSettings): PaymentProvider {
  const client = paymobClient(settings);
  return {
    name: 'paymob',
    methods: PAYMOB_METHODS.filter((method) => settings.integrations[method] !== undefined),
    async createSession(request) {
      const address = request.shippingAddress;
      const intention = await client.createIntention({
        method: request.method,
        amount: request.total,
        items: intentionItems(request),
        billing: {
          ...splitName(request.customer.name),
          email: request.email,
          // A wallet is paid from the number the shopper gave for it; otherwise the delivery phone, else the account's.
          phone: request.walletPhone ?? address?.phone ?? request.customer.phone ?? 'NA',
          street: address?.details ?? '',
          city: address?.city ?? '',
          postalCode: address?.postalCode ?? '',
        },
        specialReference: request.sessionId,
        notificationUrl: `${request.baseUrl}/payments/paymob/callback`,
        redirectionUrl: `${request.baseUrl}/payments/paymob/return`,
      });
      return {
        providerSessionId: intention.intentionId || `paymob-order-${intention.paymobOrderId}`,
        providerOrderId: intention.paymobOrderId,
        url: intention.checkoutUrl,
        expiresAt: new Date(Date.now() + SESSION_MINUTES * 60_000),
      };
    },
    async refund(payment) {
      if (!payment.providerPaymentId || !/^\d+$/.test(payment.providerPaymentId))
        throw new Error(`Paymob payment of session ${payment.sessionId} has no transaction id to refund`);
      return client.refund(Number(payment.providerPaymentId), payment.amount);
    },
  };
}
