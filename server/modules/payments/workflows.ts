import type { FastifyBaseLogger } from 'fastify';
import { imageBase, type AppContext } from '../../context';
import { sendOrderMail } from '../../mail/orderMail';
import { findOrderOfPaymentSession } from '../orders';
import { completePaymentSession, type CompletionResult } from './service';

/*
 * What a payment does once its order is committed: the customer's mail. It sits above the payments service, as the
 * orders module's workflows.ts does above its own, so that mail depends on the orders module and neither module on
 * mail.
 */

/** Completes a paid session (see completePaymentSession) and, when that made the order, mails the customer. */
export async function completePaidSession(
  ctx: AppContext,
  sessionId: string,
  log: FastifyBaseLogger,
  options: { onlyOpen: boolean; providerPaymentId?: string },
): Promise<CompletionResult> {
  const result = await completePaymentSession(ctx.db, sessionId, log, options);
  if (result === 'completed') {
    const order = await findOrderOfPaymentSession(ctx.db, sessionId);
    if (order) sendOrderMail(ctx, log, order.id, 'confirmed', imageBase(ctx));
  }
  return result;
}
