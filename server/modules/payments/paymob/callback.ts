import type { Db } from '../../../db';
import { paymobPaymentSession } from '../service';
import type { PaymobMethod, PaymobSettings } from '../../../paymentSettings';
import { redirectOrderId } from './hmac';

/**
 * What the shop reads from a transaction, as the processed callback's `obj` (JSON) or the redirect's query (text)
 * carries it. Every field read here is among those the HMAC signs, so once the signature is verified they are Paymob's.
 */
export interface TransactionFacts {
  transactionId: string;
  paymobOrderId: number;
  amountCents: number;
  currency: string;
  success: boolean;
  pending: boolean;
  voided: boolean;
  refunded: boolean;
  /** A refund, a void or a capture of an earlier payment, not a payment of its own. */
  followUp: boolean;
  /** Paymob says the transaction failed, whatever `success` says. */
  errorOccurred: boolean;
  /** The integration (payment method) it was made through: one of the shop's own, or it is not the shop's payment. */
  integrationId: number;
}

const yes = (value: unknown) => value === true || value === 'true';
const whole = (value: unknown) =>
  typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : NaN;

/** The facts of a processed callback's `obj`. */
export function factsOfTransaction(obj: Record<string, unknown>): TransactionFacts {
  const order = (typeof obj.order === 'object' && obj.order !== null ? obj.order : {}) as Record<string, unknown>;
  return {
    transactionId: String(obj.id),
    paymobOrderId: whole(order.id),
    amountCents: whole(obj.amount_cents),
    currency: String(obj.currency),
    success: yes(obj.success),
    pending: yes(obj.pending),
    voided: yes(obj.is_voided),
    refunded: yes(obj.is_refunded),
    followUp: yes(obj.has_parent_transaction),
    errorOccurred: yes(obj.error_occured),
    integrationId: whole(obj.integration_id),
  };
}

/** The facts of a redirect's query (its order id is `order_id`, or `order` as Paymob used to name it). */
export function factsOfRedirect(query: Record<string, string>): TransactionFacts {
  return {
    transactionId: String(query.id),
    paymobOrderId: whole(redirectOrderId(query)),
    amountCents: whole(query.amount_cents),
    currency: String(query.currency),
    success: yes(query.success),
    pending: yes(query.pending),
    voided: yes(query.is_voided),
    refunded: yes(query.is_refunded),
    followUp: yes(query.has_parent_transaction),
    errorOccurred: yes(query.error_occured),
    integrationId: whole(query.integration_id),
  };
}

export type Verdict =
  /** No Paymob session of ours has this order id. */
  | { kind: 'unknown' }
  /** A refund or void of a payment, or a payment that is pending, voided or refunded: nothing to complete. */
  | { kind: 'not-a-payment'; sessionId: string }
  | { kind: 'declined'; sessionId: string }
  /** Paid, but not what the session asked for: never completes; staff are told in the log. */
  | { kind: 'mismatch'; sessionId: string }
  | { kind: 'paid'; sessionId: string };

/**
 * What a verified transaction means for our session, found by Paymob's order id stored when the intention was made
 * (the merchant reference is outside the HMAC and never used to find it). Only a successful, settled payment of
 * exactly the session's amount in EGP, through the integration of the session's method, is 'paid'; `error_occured` is never paid.
 */
export async function judgeTransaction(
  db: Db,
  facts: TransactionFacts,
  integrations: PaymobSettings['integrations'],
): Promise<Verdict> {
  if (!Number.isSafeInteger(facts.paymobOrderId)) return { kind: 'unknown' };
  const session = await paymobPaymentSession(db, facts.paymobOrderId);
  if (!session) return { kind: 'unknown' };
  const sessionId = session.id;
  if (facts.followUp) return { kind: 'not-a-payment', sessionId };
  if (!facts.success || facts.errorOccurred) return { kind: 'declined', sessionId };
  // Paid through the integration of the method the session was opened for (card, wallet, kiosk, valU), or not ours.
  const integration = integrations[(session.payment_method ?? 'card') as PaymobMethod];
  if (facts.integrationId !== integration) return { kind: 'mismatch', sessionId };
  if (facts.pending || facts.voided || facts.refunded) return { kind: 'not-a-payment', sessionId };
  if (facts.amountCents !== Number(session.total) || facts.currency !== 'EGP') return { kind: 'mismatch', sessionId };
  return { kind: 'paid', sessionId };
}
