import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import type { AppContext } from '../../context';
import { HttpError, conflict, notFound } from '../../lib/errors';
import type { AuditActor } from '../audit';
import { lockOrderForRefund, recordRefund, refundOrderInTx } from '../orders';
import { PaymobError } from './paymob/client';
import { PaymentProviderUnavailable, providerNamed } from './provider';
import { findPaymentOfSession } from './repository';

/** The API's refund messages (README, "API notes"), which the admin order page words in Arabic. */
export const REFUND_MESSAGES = {
  alreadyRefunded: 'This order has already been refunded',
  notOnline: 'Only an order paid online can be refunded',
  cancelled: 'This order has been cancelled',
  noPayment: "This order's payment is not on record: refund it in the payment provider's dashboard",
  kiosk: 'Paymob cannot refund a kiosk payment',
  notConfigured: 'The payment provider that took this payment is not configured',
  refused: 'The payment provider refused the refund',
  unavailable: 'The payment provider is unavailable, please try again',
} as const;

/** Paymob did not answer, failed on its side, limited us or does not take our key: a retry may work. */
const paymobUnavailable = (status: number) => status === 0 || status >= 500 || [401, 403, 429].includes(status);

/** What the staff member is told when the provider did not give the money back; the order is unchanged. */
function refundFailure(err: unknown): HttpError | undefined {
  const unavailable = () => new HttpError(503, REFUND_MESSAGES.unavailable, { 'Retry-After': '5' });
  if (err instanceof PaymentProviderUnavailable) return unavailable();
  if (err instanceof PaymobError)
    return paymobUnavailable(err.status) ? unavailable() : new HttpError(502, REFUND_MESSAGES.refused);
  // Stripe refused (already refunded, disputed, too old…): the rest of its errors are PaymentProviderUnavailable.
  if (err instanceof Stripe.errors.StripeError) return new HttpError(502, REFUND_MESSAGES.refused);
  return undefined;
}

/**
 * Staff give the whole payment of an order paid online back (POST /orders/:id/refund), through the provider that took
 * it, in one transaction that holds the order's row lock from the first check to the commit: the stock comes back,
 * the provider refunds, and the order becomes cancelled and refunded. A second refund waits for the lock and then
 * finds the order refunded (409), so the provider is asked once. When the provider refuses or cannot be reached the
 * transaction rolls back and the order is exactly as it was. The lock is held while the provider answers (Paymob
 * waits at most 20 s, Stripe 10 s): on PGlite, which runs one transaction at a time, the shop waits that long too.
 */
export async function refundOrder(
  ctx: AppContext,
  actor: AuditActor,
  orderId: string,
  log: FastifyBaseLogger,
): Promise<void> {
  await ctx.db.tx(async (tx) => {
    const order = await lockOrderForRefund(tx, orderId);
    if (!order) throw notFound(`There is no order for this id: ${orderId}`);
    if (order.is_refunded) throw conflict(REFUND_MESSAGES.alreadyRefunded);
    if (order.payment_method_type !== 'card' || !order.is_paid) throw conflict(REFUND_MESSAGES.notOnline);
    if (order.is_cancelled) throw conflict(REFUND_MESSAGES.cancelled);
    const payment = order.payment_session_id ? await findPaymentOfSession(tx, order.payment_session_id) : undefined;
    if (!payment || (payment.provider !== 'test' && !payment.provider_payment_id))
      throw conflict(REFUND_MESSAGES.noPayment);
    // Paymob refunds every method but kiosk payments (paid in cash at a kiosk).
    if (payment.provider === 'paymob' && payment.payment_method === 'kiosk') throw conflict(REFUND_MESSAGES.kiosk);
    const provider = providerNamed(ctx, payment.provider);
    if (!provider) throw conflict(REFUND_MESSAGES.notConfigured);

    let refund = '';
    await refundOrderInTx(tx, orderId, async () => {
      try {
        const { refundId } = await provider.refund({
          sessionId: payment.id,
          providerPaymentId: payment.provider_payment_id,
          amount: Number(payment.total),
        });
        log.info({ orderId, provider: provider.name, refundId }, 'order refunded');
        refund = refundId;
        return refundId;
      } catch (err) {
        const failure = refundFailure(err);
        log.warn({ err, orderId, provider: provider.name }, 'the payment provider did not refund the order');
        throw failure ?? err;
      }
    });
    await recordRefund(tx, actor, orderId, refund);
  });
}
