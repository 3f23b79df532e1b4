import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { shopOrigin, type AppContext, type AuthUser } from '../../context';
import { HttpError, badRequest } from '../../lib/errors';
import { PaymobError } from './paymob/client';
import { checkCart, placeOrder, pricesChanged, type ShippingAddress } from '../orders';
import { deliveryTo, orderCharges } from '../delivery';
import { lockCart } from '../cart';
import { lockProductsStock } from '../inventory';
import type { PaymentMethod } from '../../paymentSettings';
import { MIN_CARD_TOTAL, PaymentProviderUnavailable, paymentProvider } from './provider';
import {
  deletePaymentSession,
  expireOpenSessionOfCart,
  expirePaymentSession,
  insertPaymentSession,
  lockPaymentSession,
  markPaymentSessionCompleted,
  paymentSessionCart,
  setProviderSession,
} from './repository';

/** Hosts of this machine: the web app's dev server (`npm run dev`, Vite on :5173) calls the API from one of them. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Where the shopper returns after paying or cancelling: FRONTEND_URL; else the web app the request came from (its
 * Origin) when that is one of the shop's own: PUBLIC_BASE_URL's origin or one named in ALLOWED_ORIGINS, and outside
 * production also a loopback origin (the dev proxy); else this server's own origin. Never any other origin a request
 * names, so a checkout opened from a foreign page cannot send the shopper there after Pay.
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
  if (!plain) return shopOrigin(config);
  const ours =
    (config.publicBaseUrl !== undefined && new URL(config.publicBaseUrl).origin === origin) ||
    config.allowedOrigins?.includes(origin) ||
    (config.nodeEnv !== 'production' && LOOPBACK_HOSTS.has(new URL(origin).hostname));
  return ours ? origin : shopOrigin(config);
}

/**
 * Opens a card payment for the user's cart (API.md §6.5): the checks of §6.4 steps 1–5 without
 * taking stock or emptying the cart, then a payment session that snapshots what will be paid.
 * It replaces any session still open for the cart, so one cart can never be paid twice.
 */
export async function createPaymentSession(
  ctx: AppContext,
  input: {
    user: AuthUser;
    cartId: string;
    shippingAddress?: ShippingAddress;
    baseUrl: string;
    returnOrigin: string;
    /** Unset: the provider's first method (a card, for Stripe and the test page). */
    method?: PaymentMethod;
    walletPhone?: string;
  },
) {
  const { db } = ctx;
  const provider = paymentProvider(ctx);
  if (!provider) throw badRequest('Card payment is not available');
  const method = input.method ?? provider.methods[0];
  if (!provider.methods.includes(method)) throw badRequest('This payment method is not available');
  if (method === 'wallet' && !input.walletPhone) throw badRequest('walletPhone is required for wallet payment');
  const successUrl = `${input.returnOrigin}/user/allorders`;
  const cancelUrl = `${input.returnOrigin}/cart`;

  const session = await db.tx(async (tx) => {
    // checkCart locks the cart, so sessions of one cart are opened one after another and each sees the one before.
    const checked = await checkCart(tx, input.user.id, input.cartId, ctx.config);
    if ('repriced' in checked) return undefined;
    const delivery = await deliveryTo(tx, input.shippingAddress?.governorate, checked.total);
    const charges = orderCharges(checked.total, delivery, 'online');
    if (charges.total < MIN_CARD_TOTAL) throw badRequest('Order total is too small for card payment');
    await expireOpenSessionOfCart(tx, checked.cartId);
    const inserted = await insertPaymentSession(tx, {
      provider: provider.name,
      paymentMethod: method,
      userId: input.user.id,
      cartId: checked.cartId,
      lines: checked.lines,
      coupon: checked.coupon,
      total: charges.total,
      shippingPrice: charges.shippingPrice,
      taxPrice: charges.taxPrice,
      shippingAddress: input.shippingAddress,
      successUrl,
      cancelUrl,
    });
    return { ...inserted, lines: checked.lines, shippingPrice: charges.shippingPrice };
  });
  // The refreshed prices were committed above; the customer reviews them before paying.
  if (!session) throw pricesChanged();

  try {
    const opened = await provider.createSession({
      sessionId: session.id,
      total: session.total,
      shippingPrice: session.shippingPrice,
      email: input.user.email,
      customer: { name: input.user.name, phone: input.user.phone ?? undefined },
      method,
      walletPhone: method === 'wallet' ? input.walletPhone : undefined,
      lines: session.lines,
      shippingAddress: input.shippingAddress ?? null,
      successUrl,
      cancelUrl,
      baseUrl: input.baseUrl,
    });
    await setProviderSession(db, session.id, opened);
    return { id: session.id, url: opened.url, expiresAt: opened.expiresAt.toISOString() };
  } catch (err) {
    await deletePaymentSession(db, session.id);
    // The provider refused or did not answer: nothing was opened, and the shopper may try again.
    if (err instanceof PaymobError || err instanceof PaymentProviderUnavailable)
      throw new HttpError(503, 'The payment provider is unavailable, please try again', { 'Retry-After': '5' });
    throw err;
  }
}

/** `already-ordered`: the session's cart was ordered another way (see useUpCart); money taken for it must go back. */
export type CompletionResult = 'completed' | 'already-completed' | 'already-ordered' | 'unavailable' | 'out-of-stock';

/**
 * Turns a paid session into a card order (API.md §6.5) through placeOrder, the one path for every provider's
 * completion. Idempotent: the session row is locked and a completed session is left alone (and
 * orders.payment_session_id is unique). A session whose cart was already ordered (by cash, or by paying another of
 * its sessions) is refused under the same locks, whatever the provider says: one cart makes one order. `onlyOpen`
 * (the test page, where nothing was really paid) also refuses a session that is no longer open (cancelled, expired,
 * replaced by a newer one for the cart) and stock that is no longer there. A real provider's word that money was
 * taken is otherwise honoured whatever our status says; an oversold line is then logged for staff.
 */
export async function completePaymentSession(
  db: Db,
  sessionId: string,
  log: FastifyBaseLogger,
  options: { onlyOpen: boolean; providerPaymentId?: string },
): Promise<CompletionResult> {
  return db.tx(async (tx) => {
    // Same lock order as cash orders and new sessions (cart, then session, then products by id) so they never deadlock.
    const cart = await paymentSessionCart(tx, sessionId);
    if (!cart) return 'unavailable';
    if (cart.cart_id) await lockCart(tx, cart.cart_id);
    const session = (await lockPaymentSession(tx, sessionId))!;
    if (session.status === 'completed') return 'already-completed';
    // Superseded, or superseded and its payment already given back (Paymob, see paymob/routes.ts).
    if (session.status === 'superseded' || session.status === 'refunded') return 'already-ordered';
    if (options.onlyOpen && (session.status !== 'open' || new Date(session.expires_at).getTime() <= Date.now()))
      return 'unavailable';

    const wanted = new Map<string, number>();
    for (const line of session.snapshot) wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.count);
    const products = await lockProductsStock(tx, [...wanted.keys()]);
    const oversold = products.filter((p) => wanted.get(p.id)! > p.quantity);
    if (options.onlyOpen && (oversold.length || products.length < wanted.size)) {
      await expirePaymentSession(tx, session.id);
      return 'out-of-stock';
    }

    const orderId = await placeOrder(tx, {
      userId: session.user_id,
      lines: session.snapshot,
      total: session.total,
      shippingPrice: session.shipping_price,
      taxPrice: session.tax_price,
      coupon: session.coupon,
      shippingAddress: session.shipping_address,
      paymentMethodType: 'card',
      paymentSessionId: session.id,
      oversold: oversold.length > 0,
      cartId: cart.cart_id,
    });
    await markPaymentSessionCompleted(tx, session.id, options.providerPaymentId);
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
