import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PaymobSettings } from '../../../paymentSettings';
import { verifyRedirect, verifyTransactionCallback } from './hmac';
import { factsOfRedirect, factsOfTransaction, judgeTransaction, type Verdict } from './callback';
import { paymobPaymentSession, refundSupersededPaymobPayment, returnOrigin, type CompletionResult } from '../service';
import { findOrderOfPaymentSession } from '../../orders';
import { paymobClient } from './client';
import { failBody } from '../../../lib/errors';
import type { PaymobCallback } from '../schemas';

type Complete = (
  request: FastifyRequest,
  sessionId: string,
  options: { onlyOpen: boolean; providerPaymentId?: string },
) => Promise<CompletionResult>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Paymob's two callbacks (README, "Going live", says where to point them):
 * - POST /payments/paymob/callback (the transaction processed callback, server to server): the only way a Paymob
 *   payment becomes an order, once its HMAC verifies and its facts match the session (see judgeTransaction);
 * - GET /payments/paymob/return (the response callback, the shopper's browser): shows the result in the web app. It
 *   completes the order too when its own HMAC verifies (the processed callback may come later), through the same
 *   idempotent step, so however the two arrive there is one order.
 */
export async function paymobRoutes(app: FastifyInstance, settings: PaymobSettings, complete: Complete) {
  const { ctx } = app;
  const client = paymobClient(settings);

  /** Money taken for a cart that was already ordered (one cart makes one order) goes straight back, once. */
  const refundSuperseded = (request: FastifyRequest, sessionId: string, transactionId: string) =>
    refundSupersededPaymobPayment(ctx.db, client, sessionId, transactionId, request.log);

  const act = async (request: FastifyRequest, verdict: Verdict, transactionId: string) => {
    if (verdict.kind === 'paid') {
      const result = await complete(request, verdict.sessionId, { onlyOpen: false, providerPaymentId: transactionId });
      if (result === 'already-ordered') await refundSuperseded(request, verdict.sessionId, transactionId);
      return result;
    }
    if (verdict.kind === 'mismatch')
      request.log.error(
        { paymentSession: verdict.sessionId, transaction: transactionId },
        'Paymob payment does not match its payment session (amount, currency or integration): no order was made; check it in Paymob',
      );
    return undefined;
  };

  // Paymob's own message, read as sent (its HMAC covers the values exactly), not the API's declared fields: what does
  // not verify is refused as `Invalid signature`.
  app.post<PaymobCallback>('/payments/paymob/callback', async (request, reply) => {
    const body = request.body;
    const obj = isObject(body) && isObject(body.obj) ? body.obj : undefined;
    const hmac = request.query.hmac;
    if (!obj || !verifyTransactionCallback(obj, hmac, settings.hmacSecret)) {
      request.log.warn('Paymob callback with a missing or wrong HMAC refused');
      return reply.status(400).send(failBody(400, 'Invalid signature'));
    }
    // Other callbacks (card tokens, subscriptions) are acknowledged and ignored.
    if ((body as Record<string, unknown>).type !== 'TRANSACTION') return { received: true };
    const facts = factsOfTransaction(obj);
    const verdict = await judgeTransaction(ctx.db, facts, settings.integrations);
    if (verdict.kind === 'unknown')
      request.log.warn({ paymobOrder: facts.paymobOrderId }, 'Paymob callback for an order that is not ours');
    await act(request, verdict, facts.transactionId);
    return { received: true };
  });

  app.get('/payments/paymob/return', async (request, reply) => {
    // The query exactly as sent, flat (its keys have dots: source_data.pan); a key sent twice is not Paymob's.
    const params = new URL(request.url, 'http://local').searchParams;
    const query: Record<string, string> = {};
    let repeated = false;
    for (const [key, value] of params) {
      if (Object.hasOwn(query, key)) repeated = true;
      query[key] = value;
    }
    const verified = !repeated && verifyRedirect(query, settings.hmacSecret);
    const facts = factsOfRedirect(query);
    // Unverified, the order id only chooses which of our own stored return addresses to use.
    const session = Number.isSafeInteger(facts.paymobOrderId)
      ? await paymobPaymentSession(ctx.db, facts.paymobOrderId)
      : undefined;
    const origin = session ? new URL(session.success_url).origin : returnOrigin(request, ctx.config);
    const verdict: Verdict = verified
      ? await judgeTransaction(ctx.db, facts, settings.integrations)
      : { kind: 'unknown' };
    if (!verified) request.log.warn('Paymob redirect with a missing or wrong HMAC: shown as pending');

    if (verdict.kind === 'declined') return reply.redirect(`${origin}/order/paymethoud?payment=declined`, 303);
    if (verdict.kind === 'paid') {
      const result = await act(request, verdict, facts.transactionId);
      if (result === 'already-ordered') return reply.redirect(`${origin}/user/allorders?payment=refunded`, 303);
      const order = await findOrderOfPaymentSession(ctx.db, verdict.sessionId);
      if (order) return reply.redirect(`${origin}/user/orders/${order.id}?payment=paid`, 303);
    }
    // Not verified, not settled, or not an order: the orders page, which says the payment is being confirmed.
    return reply.redirect(`${origin}/user/allorders?payment=pending`, 303);
  });
}
