import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db';
import { baseUrl, type AppContext, type AuthUser } from '../context';
import { badRequest } from '../lib/errors';
import {
  checkCart,
  insertOrder,
  pricesChanged,
  type PricedLine,
  type ShippingAddress,
} from '../modules/orders/service';
import { MIN_CARD_TOTAL, paymentProvider } from './provider';

/**
 * Where the shopper returns after paying or cancelling: FRONTEND_URL; else the web app the request came from (its
 * Origin, when CORS allows that origin); else this server's own origin.
 */
export function returnOrigin(request: FastifyRequest, config: Config): string {
  if (config.frontendUrl) return config.frontendUrl;
  const origin = request.headers.origin;
  // Only a plain web origin, exactly as a browser sends it (not `null`, not a path or a file: URL).
  const plain =
    origin !== undefined &&
    URL.canParse(origin) &&
    /^https?:$/.test(new URL(origin).protocol) &&
    new URL(origin).origin === origin;
  if (plain && (!config.allowedOrigins || config.allowedOrigins.includes(origin))) return origin;
  return baseUrl(request, config);
}

/**
 * Opens a card payment for the user's cart (API.md §6.5): the checks of §6.4 steps 1–5 without
 * taking stock or emptying the cart, then a payment session that snapshots what will be paid.
 * It replaces any session still open for the cart, so one cart can never be paid twice.
 */
export async function createPaymentSession(
  ctx: AppContext,
  input: { user: AuthUser; cartId: string; shippingAddress?: ShippingAddress; baseUrl: string; returnOrigin: string },
) {
  const { db } = ctx;
  const provider = paymentProvider(ctx);
  if (!provider) throw badRequest('Card payment is not available');
  const successUrl = `${input.returnOrigin}/user/allorders`;
  const cancelUrl = `${input.returnOrigin}/cart`;

  const session = await db.tx(async (tx) => {
    // checkCart locks the cart, so sessions of one cart are opened one after another and each sees the one before.
    const checked = await checkCart(tx, input.user.id, input.cartId);
    if ('repriced' in checked) return undefined;
    if (checked.total < MIN_CARD_TOTAL) throw badRequest('Order total is too small for card payment');
    await tx.query(
      "UPDATE payment_sessions SET status = 'expired', updated_at = now() WHERE cart_id = $1 AND status = 'open'",
      [checked.cartId],
    );
    return (await tx.one<{ id: string; total: number }>(
      `INSERT INTO payment_sessions (provider, user_id, cart_id, cart_updated_at, snapshot, coupon, total, shipping_address, success_url, cancel_url, expires_at)
       SELECT $1, $2, c.id, c.updated_at, $4::jsonb, $5, $6, $7::jsonb, $8, $9, now() + interval '30 minutes' FROM carts c WHERE c.id = $3
       RETURNING id, total`,
      [
        provider.name,
        input.user.id,
        checked.cartId,
        JSON.stringify(checked.lines),
        checked.coupon,
        checked.total,
        input.shippingAddress ? JSON.stringify(input.shippingAddress) : null,
        successUrl,
        cancelUrl,
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
    await db.query(
      'UPDATE payment_sessions SET provider_session_id = $2, url = $3, expires_at = $4, updated_at = now() WHERE id = $1',
      [session.id, opened.providerSessionId, opened.url, opened.expiresAt],
    );
    return { id: session.id, url: opened.url, expiresAt: opened.expiresAt.toISOString() };
  } catch (err) {
    await db.query('DELETE FROM payment_sessions WHERE id = $1', [session.id]);
    throw err;
  }
}

export type CompletionResult = 'completed' | 'already-completed' | 'unavailable' | 'out-of-stock';

/**
 * Turns a paid session into a card order (API.md §6.5), the one path for Stripe's webhook and the
 * test page. Idempotent: the session row is locked and a completed session is left alone (and
 * orders.payment_session_id is unique). `onlyOpen` (the test page, where nothing was really paid)
 * refuses a session that is no longer open (cancelled, expired, replaced by a newer one for the cart)
 * and stock that is no longer there, checked under the same locks as the order. Stripe's word that
 * money was taken is honoured whatever our status says; an oversold line is then logged for staff.
 */
export async function completePaymentSession(
  db: Db,
  sessionId: string,
  log: FastifyBaseLogger,
  options: { onlyOpen: boolean },
): Promise<CompletionResult> {
  return db.tx(async (tx) => {
    // Same lock order as cash orders and new sessions (cart, then session, then products by id) so they never deadlock.
    const cart = await tx.one<{ cart_id: string | null }>('SELECT cart_id FROM payment_sessions WHERE id = $1', [
      sessionId,
    ]);
    if (!cart) return 'unavailable';
    if (cart.cart_id) await tx.query('SELECT id FROM carts WHERE id = $1 FOR UPDATE', [cart.cart_id]);
    const session = (await tx.one<{
      id: string;
      user_id: string;
      status: string;
      expires_at: Date;
      snapshot: PricedLine[];
      coupon: string | null;
      total: number;
      shipping_address: ShippingAddress | null;
    }>(
      'SELECT id, user_id, status, expires_at, snapshot, coupon, total, shipping_address FROM payment_sessions WHERE id = $1 FOR UPDATE',
      [sessionId],
    ))!;
    if (session.status === 'completed') return 'already-completed';
    if (options.onlyOpen && (session.status !== 'open' || new Date(session.expires_at).getTime() <= Date.now()))
      return 'unavailable';

    const wanted = new Map<string, number>();
    for (const line of session.snapshot) wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.count);
    const products = await tx.query<{ id: string; title: string; quantity: number }>(
      'SELECT id, title, quantity FROM products WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE',
      [[...wanted.keys()]],
    );
    const oversold = products.filter((p) => wanted.get(p.id)! > p.quantity);
    if (options.onlyOpen && (oversold.length || products.length < wanted.size)) {
      await tx.query("UPDATE payment_sessions SET status = 'expired', updated_at = now() WHERE id = $1", [session.id]);
      return 'out-of-stock';
    }

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
      await tx.query(
        'UPDATE products SET quantity = GREATEST(quantity - $2, 0), sold = sold + $2, updated_at = now() WHERE id = $1',
        [product.id, wanted.get(product.id)],
      );
    }
    // A cart changed after checkout started holds something else now; keep it.
    await tx.query(
      'DELETE FROM carts c USING payment_sessions ps WHERE ps.id = $1 AND c.id = ps.cart_id AND c.updated_at = ps.cart_updated_at',
      [session.id],
    );
    await tx.query("UPDATE payment_sessions SET status = 'completed', updated_at = now() WHERE id = $1", [session.id]);
    if (oversold.length) {
      log.warn(
        {
          orderId,
          products: oversold.map((p) => ({
            id: p.id,
            title: p.title,
            quantity: p.quantity,
            ordered: wanted.get(p.id),
          })),
        },
        'paid card order oversold stock',
      );
    }
    return 'completed';
  });
}
