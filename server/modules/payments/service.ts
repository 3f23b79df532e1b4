/*
 * What a payment does: opening a session for a cart, completing a paid one into an order (the one path of every
 * provider), and giving an order's payment back. The SQL is in repository.ts, the providers in provider.ts and paymob/.
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import Stripe from 'stripe';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { shopOrigin, type AppContext, type AuthUser } from '../../context';
import { HttpError, badRequest, conflict, notFound } from '../../lib/errors';
import { isId } from '../../lib/validate';
import type { AuditActor } from '../audit';
import { PaymobError, type PaymobClient } from './paymob/client';
import {
  checkCart,
  lockOrderForRefund,
  placeOrder,
  pricesChanged,
  recordRefund,
  refundOrderInTx,
  type ShippingAddress,
} from '../orders';
import { deliveryTo, orderCharges } from '../delivery';
import { lockCart } from '../cart';
import { lockProductsStock, variantsForOrder } from '../inventory';
import type { PaymentMethod } from '../../paymentSettings';
import { MIN_CARD_TOTAL, PaymentProviderUnavailable, paymentProvider, providerNamed } from './provider';
import {
  cancelOpenPaymentSession,
  claimSupersededPayment,
  deletePaymentSession,
  expireOpenSessionOfCart,
  expirePaymentSession,
  findPaymentOfSession,
  findPaymobPaymentSession,
  findStripePaymentSession,
  findTestPaymentSession,
  insertPaymentSession,
  lockPaymentSession,
  markPaymentSessionCompleted,
  paymentSessionCart,
  setProviderSession,
  unclaimSupersededPayment,
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
    // Stock is a variant's (a snapshot from before variants names none: its product's stock is its one variant's).
    const ofVariant = new Map<string, number>();
    for (const line of session.snapshot)
      if (line.variantId) ofVariant.set(line.variantId, (ofVariant.get(line.variantId) ?? 0) + line.count);
    const variants = await variantsForOrder(tx, [...ofVariant.keys()]);
    const shortVariants = variants.filter((v) => ofVariant.get(v.id)! > v.quantity || v.archived_at);
    const oversold = products.filter(
      (p) => wanted.get(p.id)! > p.quantity || shortVariants.some((v) => v.product_id === p.id),
    );
    if (options.onlyOpen && (oversold.length || products.length < wanted.size || variants.length < ofVariant.size)) {
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

/** The test page's session, by the id its path names: a malformed id is no session (the page's 404). */
export const testPaymentSession = (db: Db, id: string) => (isId(id) ? findTestPaymentSession(db, id) : undefined);

/** The shopper cancelled on the test page: the session closes, false when it was no longer open. */
export const cancelTestPayment = (db: Db, id: string) => cancelOpenPaymentSession(db, id);

/** Our session of a Stripe checkout, by Stripe's id and the reference we gave it. */
export const stripePaymentSession = (db: Db, checkoutSessionId: string, clientReferenceId: string) =>
  findStripePaymentSession(db, checkoutSessionId, clientReferenceId);

/** Our session of a Paymob order, by the order id stored when the intention was made. */
export const paymobPaymentSession = (db: Db, paymobOrderId: number) => findPaymobPaymentSession(db, paymobOrderId);

/** Money taken by Paymob for a cart that was already ordered (one cart makes one order) goes straight back, once. */
export async function refundSupersededPaymobPayment(
  db: Db,
  client: PaymobClient,
  sessionId: string,
  transactionId: string,
  log: FastifyBaseLogger,
) {
  const claimed = await claimSupersededPayment(db, sessionId, transactionId);
  if (!claimed) return;
  try {
    await client.refund(Number(transactionId), Number(claimed.total));
    log.warn(
      { paymentSession: sessionId, transaction: transactionId },
      'Paymob payment for a cart that was already ordered: refunded in full, no order made',
    );
  } catch (err) {
    await unclaimSupersededPayment(db, sessionId);
    log.error(
      { err, paymentSession: sessionId, transaction: transactionId },
      'Paymob payment for a cart that was already ordered could not be refunded: refund it in Paymob',
    );
  }
}
