import type { Queryable } from '../../db';
import type { PricedLine, ShippingAddress } from '../orders';
import type { PaymentMethod } from '../../paymentSettings';
import type { OpenedSession, ProviderName } from './provider';

/** A new payment session: what will be paid for the cart, snapshotted when checkout starts (API.md §6.5). */
export interface NewPaymentSession {
  provider: ProviderName;
  paymentMethod: PaymentMethod;
  userId: string;
  cartId: string;
  lines: PricedLine[];
  coupon: string | null;
  /** Piastres: the items after the coupon, plus shipping; the VAT included in it. */
  total: number;
  shippingPrice: number;
  taxPrice: number;
  shippingAddress?: ShippingAddress;
  successUrl: string;
  cancelUrl: string;
}

/** A session as completion reads it, locked. */
export interface LockedPaymentSessionRow {
  id: string;
  user_id: string;
  status: string;
  expires_at: Date;
  snapshot: PricedLine[];
  coupon: string | null;
  total: number;
  shipping_price: number;
  tax_price: number;
  shipping_address: ShippingAddress | null;
}

/** A session of the built-in test provider as its page shows it. */
export interface TestPaymentSessionRow {
  id: string;
  status: string;
  total: number;
  snapshot: PricedLine[];
  success_url: string;
  cancel_url: string;
  expired: boolean;
}

/** Expires the session still open for the cart, if any: a newer one replaces it, so one cart is never paid twice. */
export async function expireOpenSessionOfCart(tx: Queryable, cartId: string) {
  await tx.query(
    "UPDATE payment_sessions SET status = 'expired', updated_at = now() WHERE cart_id = $1 AND status = 'open'",
    [cartId],
  );
}

/** Inserts the session with the cart's current `updated_at` (completion keeps a cart changed since); answers its id and total. */
export async function insertPaymentSession(tx: Queryable, session: NewPaymentSession) {
  return (await tx.one<{ id: string; total: number }>(
    `INSERT INTO payment_sessions (provider, user_id, cart_id, cart_updated_at, snapshot, coupon, total, shipping_address, success_url, cancel_url, expires_at, payment_method, shipping_price, tax_price)
     SELECT $1, $2, c.id, c.updated_at, $4::jsonb, $5, $6, $7::jsonb, $8, $9, now() + interval '30 minutes', $10, $11, $12 FROM carts c WHERE c.id = $3
     RETURNING id, total`,
    [
      session.provider,
      session.userId,
      session.cartId,
      JSON.stringify(session.lines),
      session.coupon,
      session.total,
      session.shippingAddress ? JSON.stringify(session.shippingAddress) : null,
      session.successUrl,
      session.cancelUrl,
      session.paymentMethod,
      session.shippingPrice,
      session.taxPrice,
    ],
  ))!;
}

/** Records the provider's own session (its id, Paymob's order id, hosted page and expiry) once it is opened. */
export async function setProviderSession(db: Queryable, id: string, opened: OpenedSession) {
  await db.query(
    'UPDATE payment_sessions SET provider_session_id = $2, url = $3, expires_at = $4, provider_order_id = $5, updated_at = now() WHERE id = $1',
    [id, opened.providerSessionId, opened.url, opened.expiresAt, opened.providerOrderId ?? null],
  );
}

/** The Paymob session of Paymob's order id (from a verified callback), with what its payment must match. */
export const findPaymobPaymentSession = (db: Queryable, paymobOrderId: number) =>
  db.one<{
    id: string;
    total: number;
    status: string;
    success_url: string;
    cancel_url: string;
    payment_method: string | null;
  }>(
    `SELECT id, total, status, success_url, cancel_url, payment_method FROM payment_sessions
     WHERE provider = 'paymob' AND provider_order_id = $1`,
    [paymobOrderId],
  );

export async function deletePaymentSession(db: Queryable, id: string) {
  await db.query('DELETE FROM payment_sessions WHERE id = $1', [id]);
}

/** The session's cart (null once the cart is gone), or undefined when there is no such session; read without a lock. */
export const paymentSessionCart = (tx: Queryable, id: string) =>
  tx.one<{ cart_id: string | null }>('SELECT cart_id FROM payment_sessions WHERE id = $1', [id]);

/** Locks the session (after its cart, the shared lock order) and reads what completing it needs. */
export const lockPaymentSession = (tx: Queryable, id: string) =>
  tx.one<LockedPaymentSessionRow>(
    `SELECT id, user_id, status, expires_at, snapshot, coupon, total, shipping_price, tax_price::float8 AS tax_price, shipping_address
     FROM payment_sessions WHERE id = $1 FOR UPDATE`,
    [id],
  );

export async function expirePaymentSession(tx: Queryable, id: string) {
  await tx.query("UPDATE payment_sessions SET status = 'expired', updated_at = now() WHERE id = $1", [id]);
}

/** Completes the session, keeping the provider's id of the payment that a refund will name. */
export async function markPaymentSessionCompleted(tx: Queryable, id: string, providerPaymentId?: string) {
  await tx.query(
    "UPDATE payment_sessions SET status = 'completed', provider_payment_id = $2, updated_at = now() WHERE id = $1",
    [id, providerPaymentId ?? null],
  );
}

/** A session of the test provider, whatever its status, with whether it has expired. */
export const findTestPaymentSession = (db: Queryable, id: string) =>
  db.one<TestPaymentSessionRow>(
    "SELECT id, status, total, snapshot, success_url, cancel_url, expires_at <= now() AS expired FROM payment_sessions WHERE id = $1 AND provider = 'test'",
    [id],
  );

/** Cancels the session if it is still open and unexpired; false otherwise. */
export const cancelOpenPaymentSession = async (db: Queryable, id: string) =>
  (await db.one(
    "UPDATE payment_sessions SET status = 'cancelled', updated_at = now() WHERE id = $1 AND status = 'open' AND expires_at > now() RETURNING id",
    [id],
  )) !== undefined;

/** Our session behind a Stripe Checkout session: by Stripe's id, or by our id Stripe carried as client_reference_id. */
export const findStripePaymentSession = (db: Queryable, checkoutSessionId: string, clientReferenceId: string) =>
  db.one<{ id: string }>(
    "SELECT id FROM payment_sessions WHERE provider = 'stripe' AND (provider_session_id = $1 OR id::text = $2)",
    [checkoutSessionId, clientReferenceId],
  );

/**
 * Claims a superseded session's payment for an automatic refund (its cart was ordered another way): once only, however
 * many callbacks report the payment. Answers the amount to give back, or undefined when it was claimed already.
 */
export const claimSupersededPayment = (db: Queryable, id: string, providerPaymentId: string) =>
  db.one<{ total: number }>(
    "UPDATE payment_sessions SET status = 'refunded', provider_payment_id = $2, updated_at = now() WHERE id = $1 AND status = 'superseded' RETURNING total",
    [id, providerPaymentId],
  );

/** Gives the claim back when the refund failed, so the next callback tries again. */
export async function unclaimSupersededPayment(db: Queryable, id: string) {
  await db.query(
    "UPDATE payment_sessions SET status = 'superseded', updated_at = now() WHERE id = $1 AND status = 'refunded'",
    [id],
  );
}

/** The payment a session took, for its refund: the provider that took it, its id there, the method and the amount. */
export const findPaymentOfSession = (db: Queryable, id: string) =>
  db.one<{
    id: string;
    provider: ProviderName;
    payment_method: PaymentMethod | null;
    provider_payment_id: string | null;
    total: number;
  }>('SELECT id, provider, payment_method, provider_payment_id, total FROM payment_sessions WHERE id = $1', [id]);
