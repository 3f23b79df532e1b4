import type { AuthUser } from '../../context';
import type { Db, Queryable } from '../../db';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { buildListQuery, listResponse } from '../../lib/listQuery';
import { CART_TOTAL_TOO_LARGE, MAX_CART_TOTAL, applyDiscount } from '../../lib/money';
import type { ImageBase } from '../../lib/images';
import {
  assertCanHold,
  assertOrderSize,
  cartItems,
  linesTotal,
  lockCartForCheckout,
  setCartCoupon,
  setLinePrice,
  type OrderLimits,
} from '../cart';
import {
  implicitVariantIds,
  lockProductsForOrder,
  restock,
  stockShortfall,
  takeStock,
  variantsForOrder,
} from '../inventory';
import { namedValues, variantLabel } from '../../../common/rules/variant';
import { variantPrices } from '../catalogue';
import type { ShippingAddress } from '../addresses';
import { assertCashAllowed, deliveryTo, orderCharges } from '../delivery';
import {
  CUSTOMER_ORDER_LIST,
  STAFF_ORDER_LIST,
  findOrder,
  insertOrder,
  listOrders,
  lockOrderOf,
  lockOrderForRefund,
  lockOrderSteps,
  markCancelled,
  markOrder,
  markStaffStep,
  markRefunded,
  orderItems,
  orderSearch,
  orderedCounts,
  ownOrders,
  useUpCart,
  type NewOrder,
  type NewOrderLine,
  type OrderRow,
} from './repository';
import { orderJson } from './serialize';
import { recordAudit, type AuditActor } from '../audit';

/** The list's filters and sorts (API.md §2): its route declares them, and robustness tests fuzz them. */
export { STAFF_ORDER_LIST } from './repository';

/** One priced cart line, with its product as a ProductRef snapshot (what an order item and a payment session keep). */
export type PricedLine = NewOrderLine;

export interface CheckedCart {
  cartId: string;
  lines: PricedLine[];
  coupon: string | null;
  /** The items after the coupon, in piastres (delivery adds shipping and any cash fee: delivery/service.ts). */
  total: number;
}

export const cartNotFound = (userId: string) => notFound(`There is no cart for this user :${userId}`);

/**
 * Steps 1–5 of API.md §6.4 inside the caller's transaction: lock the cart, lock its products in id
 * order, check stock, and re-price. Returns the checked cart, or `{ repriced: true }` after writing
 * the refreshed prices and coupon to the cart; the caller commits that and answers 409.
 */
export async function checkCart(
  tx: Queryable,
  userId: string,
  cartId: string,
  limits: OrderLimits,
): Promise<CheckedCart | { repriced: true }> {
  const cart = await lockCartForCheckout(tx, userId, cartId);
  if (!cart) throw cartNotFound(userId);
  const lines = await cartItems(tx, cart.id);
  if (!lines.length) throw badRequest('Cart is empty');

  // Lines of deleted products are gone with them (foreign-key cascade), so every product is found here; their
  // variants are read once the products are locked, so no other order takes their stock meanwhile.
  const products = await lockProductsForOrder(tx, [...new Set(lines.map((l) => l.product_id))]);
  const byId = new Map(products.map((p) => [p.id, p]));
  const variants = new Map(
    (await variantsForOrder(tx, [...new Set(lines.map((l) => l.variant_id))])).map((v) => [v.id, v]),
  );
  for (const product of products) {
    // The shop's limit per product over all its lines (and, for a product without options, API.md's stock rule).
    assertCanHold(
      product,
      lines.filter((l) => l.product_id === product.id).reduce((sum, l) => sum + l.count, 0),
      limits,
    );
  }
  for (const variant of variants.values()) {
    const product = byId.get(variant.product_id)!;
    if (!product.options.length) continue;
    const label = variantLabel(namedValues(product.options, variant.option_values));
    // A variant the owner removed, or one sold out meanwhile: refused with its name; the cart stays as it is.
    if (variant.archived_at) throw conflict(`لم يعد «${product.title}» (${label}) متاحاً: احذفه من العربة`);
    const wanted = lines.filter((l) => l.variant_id === variant.id).reduce((sum, l) => sum + l.count, 0);
    if (wanted > variant.quantity)
      throw conflict(`لا تكفي كمية «${product.title}» (${label}): المتبقي ${variant.quantity}`);
  }
  assertOrderSize(lines, limits);

  const priced = lines.map((l) => {
    const product = byId.get(l.product_id)!;
    const variant = variants.get(l.variant_id)!;
    return { line: l, price: variantPrices(variant, product).paid, product, variant };
  });
  const total = linesTotal(priced.map((p) => ({ price: p.price, count: p.line.count })));
  // Prices may have risen since the lines were added; such a total could not be stored or discounted exactly.
  if (total > MAX_CART_TOTAL) throw badRequest(CART_TOTAL_TOO_LARGE);
  const coupon = cart.coupon !== null ? { name: cart.coupon, discount: cart.discount! } : undefined;
  const totalAfterDiscount = coupon ? applyDiscount(total, Number(coupon.discount)) : null;

  if (priced.some((p) => p.price !== p.line.price) || totalAfterDiscount !== cart.total_after_discount) {
    for (const p of priced) {
      if (p.price !== p.line.price) await setLinePrice(tx, p.line.id, p.price);
    }
    await setCartCoupon(tx, cart.id, coupon ? cart.coupon_id : null, totalAfterDiscount);
    return { repriced: true };
  }

  return {
    cartId: cart.id,
    lines: priced.map((p) => ({
      productId: p.product.id,
      variantId: p.variant.id,
      variant: variantRef(p.product, p.variant),
      count: p.line.count,
      color: p.line.color,
      price: p.price,
      product: p.product.ref,
    })),
    coupon: coupon?.name ?? null,
    total: totalAfterDiscount ?? total,
  };
}

/** The VariantRef an order item and a payment keep of a product with options (none for one without). */
export function variantRef(
  product: { options: { name: string }[] },
  variant: { id: string; option_values: string[]; sku: string | null; image: string | null },
) {
  if (!product.options.length) return undefined;
  return {
    _id: variant.id,
    options: namedValues(product.options, variant.option_values),
    ...(variant.sku ? { sku: variant.sku } : {}),
    ...(variant.image ? { image: variant.image } : {}),
  };
}

/**
 * The one way an order is made, inside the caller's transaction, for a cash order and for every payment provider's
 * completion alike: the order and its items, the stock it takes, and its cart used up (see useUpCart: one cart makes
 * one order). The caller has locked the cart and then the products in id order. A paid card order takes stock only
 * down to 0: money was taken, so it is kept even when it oversold (the caller flags it).
 */
export async function placeOrder(tx: Queryable, order: NewOrder & { cartId: string | null }): Promise<string> {
  // A payment begun before variants names no variant: its lines are of their products' implicit ones.
  const implicit = order.lines.some((l) => !l.variantId)
    ? await implicitVariantIds(tx, [...new Set(order.lines.map((l) => l.productId))])
    : new Map<string, string>();
  const lines = order.lines.map((l) => ({ ...l, variantId: l.variantId ?? implicit.get(l.productId)! }));
  // What a paid card order does not find in stock is never taken, so nothing gives it back later (refunds).
  const short = order.paymentMethodType === 'card' ? await stockShortfall(tx, lines) : [];
  const orderId = await insertOrder(tx, {
    ...order,
    lines: lines.map((line, i) => ({ ...line, stockShort: short[i] ?? 0 })),
  });
  await takeStock(tx, lines, { upToStock: order.paymentMethodType === 'card' });
  if (order.cartId) await useUpCart(tx, order.cartId, order.paymentSessionId);
  return orderId;
}

/**
 * Cash on delivery (API.md §6.4), in one transaction: the cart checked and re-priced under its locks, the owner's
 * delivery rules for the address applied (shipping, cash fee, VAT included; cash refused where they say so), then
 * placed. Answers the new order's id, or undefined when the prices had changed (the refreshed cart is committed).
 */
export async function placeCashOrder(
  db: Db,
  input: { userId: string; cartId: string; shippingAddress: ShippingAddress; limits: OrderLimits },
): Promise<string | undefined> {
  return db.tx(async (tx) => {
    const checked = await checkCart(tx, input.userId, input.cartId, input.limits);
    if ('repriced' in checked) return undefined;
    const delivery = await deliveryTo(tx, input.shippingAddress.governorate, checked.total);
    assertCashAllowed(delivery);
    const charges = orderCharges(checked.total, delivery, 'cash');
    return placeOrder(tx, {
      userId: input.userId,
      ...checked,
      ...charges,
      shippingAddress: input.shippingAddress,
      paymentMethodType: 'cash',
    });
  });
}

/**
 * A customer cancels their own order while it is neither paid, shipped nor delivered; its stock comes back in the same
 * transaction. The order is locked first, so a concurrent pay/deliver (or a second cancel) waits and then sees it.
 */
async function cancelOwnOrder(db: Db, orderId: string, userId: string): Promise<void> {
  await db.tx(async (tx) => {
    const row = await lockOrderOf(tx, orderId, userId);
    if (!row) throw notFound(`No document for this id ${orderId}`);
    if (row.is_paid || row.is_shipped || row.is_delivered || row.is_cancelled)
      throw conflict('This order can no longer be cancelled');
    // Deleted products have nothing to get back.
    const lines = await orderedCounts(tx, orderId);
    await restock(
      tx,
      lines.map((l) => ({ productId: l.product_id, variantId: l.variant_id, count: l.count, taken: l.taken })),
    );
    await markCancelled(tx, orderId);
  });
}

/**
 * The order side of a refund, inside the caller's transaction, which has locked the order (lockOrderForRefund): the
 * stock it took comes back, never the units an oversold order did not find (products locked in id order, as
 * everywhere), then `giveBack` has the money returned and answers the refund's id, and the order becomes cancelled
 * and refunded. When `giveBack` throws, the caller rolls it all back.
 */
export async function refundOrderInTx(tx: Queryable, orderId: string, giveBack: () => Promise<string>): Promise<void> {
  const lines = await orderedCounts(tx, orderId);
  await restock(
    tx,
    lines.map((l) => ({ productId: l.product_id, variantId: l.variant_id, count: l.count, taken: l.taken })),
  );
  await markRefunded(tx, orderId, await giveBack());
}

export { lockOrderForRefund };

/** A step staff take on an order (API.md §6.6, and ours: confirm and ship). */
export type StaffStep =
  | { step: 'paid' | 'delivered' | 'confirmed' }
  | { step: 'shipped'; shipment: { courier: string; trackingNumber?: string; trackingUrl?: string } };

/** The fields of an order a step changes, as the audit log keeps them before and after. */
type OrderSteps = NonNullable<Awaited<ReturnType<typeof lockOrderSteps>>>;
function stepFields(step: StaffStep['step'], o: OrderSteps): Record<string, unknown> {
  if (step === 'paid') return { isPaid: o.is_paid };
  if (step === 'delivered') return { isDelivered: o.is_delivered };
  if (step === 'confirmed') return { isConfirmed: o.confirmed };
  return { isShipped: o.shipped, courier: o.courier, trackingNumber: o.tracking_number, trackingUrl: o.tracking_url };
}

/**
 * Staff mark an order paid, delivered, confirmed or shipped, recorded in the audit log in the same transaction (a
 * repeated step that changes nothing is not recorded). Answers whether the step was already taken, or undefined when
 * no order that is not cancelled has the id.
 */
export function markOrderByStaff(db: Db, actor: AuditActor, id: string, change: StaffStep) {
  return db.tx(async (tx) => {
    const before = await lockOrderSteps(tx, id);
    if (!before) return undefined;
    const updated =
      change.step === 'shipped'
        ? await markStaffStep(tx, id, { shipment: change.shipment })
        : change.step === 'confirmed'
          ? await markStaffStep(tx, id, { confirmed: true })
          : await markOrder(tx, id, change.step);
    if (!updated) return undefined;
    const after = (await lockOrderSteps(tx, id))!;
    await recordAudit(tx, actor, {
      action: `order.${change.step}`,
      target: { type: 'order', id },
      before: stepFields(change.step, before),
      after: stepFields(change.step, after),
    });
    return updated;
  });
}

/** A refund (payments/service.ts) in the audit log, on its transaction, once the order is cancelled and refunded. */
export async function recordRefund(tx: Queryable, actor: AuditActor, id: string, refundId: string) {
  await recordAudit(tx, actor, {
    action: 'order.refunded',
    target: { type: 'order', id },
    before: { isCancelled: false, isRefunded: false, refundId: null },
    after: { isCancelled: true, isRefunded: true, refundId },
  });
}

export const pricesChanged = () => conflict('Cart prices have changed, please review your cart');

/** Order objects of API.md §5.12 for the rows, in the same order; their items in one more read. */
async function ordersJson(q: Queryable, rows: OrderRow[], base: ImageBase) {
  if (!rows.length) return [];
  const items = await orderItems(
    q,
    rows.map((r) => r.id),
  );
  return rows.map((row) =>
    orderJson(
      row,
      items.filter((i) => i.order_id === row.id),
      base,
    ),
  );
}

/** One order by id, or undefined; `ownerId` limits it to that user's orders. */
export async function findOrderJson(q: Queryable, id: string, base: ImageBase, ownerId?: string) {
  const row = await findOrder(q, id, ownerId);
  return row ? (await ordersJson(q, [row], base))[0] : undefined;
}

// ————— The orders endpoints (API.md §6.4–§6.6, and ours): each answers the order as API.md §5.12 shows it; those
// that mail the customer or call a payment provider are in workflows.ts —————

/** A page of orders: a customer's own, or every order for staff, found by their `search` (API.md §2). */
export async function orderPage(db: Db, caller: AuthUser, query: Record<string, unknown>, base: ImageBase) {
  const own = caller.role === 'user';
  const search = own ? ownOrders(caller.id) : orderSearch(query);
  const q = buildListQuery(query, own ? CUSTOMER_ORDER_LIST : STAFF_ORDER_LIST, search.conditions, search.params);
  const { rows, total, capped } = await listOrders(db, q, { everyone: !own });
  return listResponse(await ordersJson(db, rows, base), total, q, capped);
}

/** One order: the customer's own, or any for staff. */
export async function readOrder(db: Db, caller: AuthUser, id: string, base: ImageBase) {
  const order = await findOrderJson(db, id, base, caller.role === 'user' ? caller.id : undefined);
  if (!order) throw notFound(`No document for this id ${id}`);
  return order;
}

/** A customer cancels their own order (ours) while it is neither paid, shipped nor delivered (cancelOwnOrder). */
export async function cancelMyOrder(db: Db, user: AuthUser, id: string, base: ImageBase) {
  await cancelOwnOrder(db, id, user.id);
  return (await findOrderJson(db, id, base))!;
}
