import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db';
import type { AuthUser } from '../context';
import { badRequest, HttpError } from '../lib/errors';
import { checkCart, insertOrder, pricesChanged, type PricedLine, type ShippingAddress } from '../modules/orders/service';
import { MIN_CARD_TOTAL, paymentProvider } from './provider';

/**
 * Opens a card payment for the user's cart (API.md §6.5): the checks of §6.4 steps 1–5 without
 * taking stock or emptying the cart, then a payment session that snapshots what will be paid.
 */
export async function createPaymentSession(
  db: Db,
  config: Config,
  input: { user: AuthUser; cartId: string; shippingAddress?: ShippingAddress; baseUrl: string },
) {
  const provider = paymentProvider(config);
  if (!provider) throw new HttpError(503, 'Card payment is not available');
  const frontend = config.frontendUrl ?? input.baseUrl;
  const successUrl = `${frontend}/user/allorders`;
  const cancelUrl = `${frontend}/cart`;

  const session = await db.tx(async (tx) => {
    const checked = await checkCart(tx, input.user.id, input.cartId);
    if ('repriced' in checked) return undefined;
    if (checked.total < MIN_CARD_TOTAL) throw badRequest('Order total is too small for card payment');
    return (await tx.one<{ id: string; total: number }>(
      `INSERT INTO payment_sessions (provider, user_id, cart_id, cart_updated_at, snapshot, coupon, total, shipping_address, success_url, cancel_url, expires_at)
       SELECT $1, $2, c.id, c.updated_at, $4::jsonb, $5, $6, $7::jsonb, $8, $9, now() + interval '30 minutes' FROM carts c WHERE c.id = $3
       RETURNING id, total`,
      [
        provider.name, input.user.id, checked.cartId, JSON.stringify(checked.lines), checked.coupon, checked.total,
        input.shippingAddress ? JSON.stringify(input.shippingAddress) : null, successUrl, cancelUrl,
      ],
    ))!;
  });
  // The refreshed prices were committed above; the customer reviews them before paying.
  if (!session) throw pricesChanged();

  try {
    const opened = await provider.createSession({
      sessionId: session.id,
      total: session.total,
      email: input.user.email,
      shippingAddress: input.shippingAddress ? { ...input.shippingAddress } : null,
      successUrl,
      cancelUrl,
      baseUrl: input.baseUrl,
    });
    await db.query('UPDATE payment_sessions SET provider_session_id = $2, url = $3, expires_at = $4, updated_at = now() WHERE id = $1', [
      session.id, opened.providerSessionId, opened.url, opened.expiresAt,
    ]);
    return { id: session.id, url: opened.url, expiresAt: opened.expiresAt.toISOString() };
  } catch (err) {
    await db.query('DELETE FROM payment_sessions WHERE id = $1', [session.id]);
    throw err;
  }
}

export type CompletionResult = 'completed' | 'already-completed' | 'unavailable';

/**
 * Turns a paid session into a card order (API.md §6.5), the one path for Stripe's webhook and the
 * test page. Idempotent: the session row is locked and a completed session is left alone (and
 * orders.payment_session_id is unique). `onlyOpen` refuses cancelled or expired sessions (test page);
 * Stripe's word that money was taken is honoured whatever our status says.
 */
export async function completePaymentSession(db: Db, sessionId: string, log: FastifyBaseLogger, options: { onlyOpen: boolean }): Promise<CompletionResult> {
  return db.tx(async (tx) => {
    const session = await tx.one<{ id: string; user_id: string; cart_id: string | null; status: string; expires_at: Date; snapshot: PricedLine[]; coupon: string | null; total: number; shipping_address: ShippingAddress | null }>(
      'SELECT id, user_id, cart_id, status, expires_at, snapshot, coupon, total, shipping_address FROM payment_sessions WHERE id = $1 FOR UPDATE',
      [sessionId],
    );
    if (!session) return 'unavailable';
    if (session.status === 'completed') return 'already-completed';
    if (options.onlyOpen && (session.status !== 'open' || new Date(session.expires_at).getTime() <= Date.now())) return 'unavailable';

    // Same lock order as cash orders (cart, then products by id) so the two never deadlock.
    await tx.query('SELECT id FROM carts WHERE id = $1 FOR UPDATE', [session.cart_id]);
    const wanted = new Map<string, number>();
    for (const line of session.snapshot) wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.count);
    const products = await tx.query<{ id: string; title: string; quantity: number }>(
      'SELECT id, title, quantity FROM products WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE',
      [[...wanted.keys()]],
    );
    const oversold = products.filter((p) => wanted.get(p.id)! > p.quantity);

    const orderId = await insertOrder(tx, {
      userId: session.user_id,
      lines: session.snapshot,
      total: session.total,
      coupon: session.coupon,
      shippingAddress: session.shipping_address,
      paymentMethodType: 'card',
      paymentSessionId: session.id,
      oversold: oversold.length > 0,
    });
    for (const product of products) {
      await tx.query('UPDATE products SET quantity = GREATEST(quantity - $2, 0), sold = sold + $2, updated_at = now() WHERE id = $1', [product.id, wanted.get(product.id)]);
    }
    // A cart changed after checkout started holds something else now; keep it.
    await tx.query('DELETE FROM carts c USING payment_sessions ps WHERE ps.id = $1 AND c.id = ps.cart_id AND c.updated_at = ps.cart_updated_at', [session.id]);
    await tx.query("UPDATE payment_sessions SET status = 'completed', updated_at = now() WHERE id = $1", [session.id]);
    if (oversold.length) {
      log.warn({ orderId, products: oversold.map((p) => ({ id: p.id, title: p.title, quantity: p.quantity, ordered: wanted.get(p.id) })) }, 'paid card order oversold stock');
    }
    return 'completed';
  });
}
