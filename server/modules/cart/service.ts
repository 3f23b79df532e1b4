import type { Queryable } from '../../db';
import { badRequest, conflict } from '../../lib/errors';
import { CART_TOTAL_TOO_LARGE, MAX_CART_TOTAL, applyDiscount, toEgp } from '../../lib/money';
import { iso } from '../../lib/time';
import type { ImageBase } from '../../lib/images';
import { productRefJson } from '../products';
import {
  cartChanged,
  cartItems,
  cartLines,
  couponRemovalSaid,
  findCart,
  findCartById,
  type CartLine,
  type CartRow,
} from './repository';
import type { CartJson } from './schemas';

export const linesTotal = (lines: { price: number; count: number }[]) =>
  lines.reduce((sum, l) => sum + l.price * l.count, 0);

/**
 * After any change to the lines (API.md §6.3): a coupon that still runs stays, with `totalAfterDiscount` computed
 * from the new total; one that expired is dropped, noted for the answer. Answers the cart row as now written.
 */
export function settleCart(tx: Queryable, cart: CartRow, lines: { price: number; count: number }[]) {
  if (cart.coupon_id !== null && cart.coupon_runs) {
    return cartChanged(tx, cart.id, {
      totalAfterDiscount: applyDiscount(linesTotal(lines), cart.coupon_discount!),
    });
  }
  return cartChanged(tx, cart.id, { totalAfterDiscount: null, removed: cart.coupon ?? undefined });
}

/** Whether the cart's answer would have to drop an expired coupon or say a dropped one (a read cannot). */
export const cartNeedsSettling = (cart: CartRow) =>
  cart.coupon_removed !== null || (cart.coupon_id !== null && !cart.coupon_runs);

/**
 * The "Cart response" of API.md §5.11 without its `status`. A caller that has just written the cart row
 * (RETURNING) or read its lines passes them, so they are not read again. An answer that says a coupon was removed
 * (`couponRemoved`, ours) clears the note, so it is said once; `q` must then be a writing transaction.
 */
export async function cartBody(
  q: Queryable,
  cartId: string,
  base: ImageBase,
  known: { cart?: CartRow; lines?: CartLine[] } = {},
) {
  const cart = known.cart ?? (await findCartById(q, cartId))!;
  const lines = known.lines ?? (await cartLines(q, cartId));
  const data: CartJson = {
    _id: cart.id,
    cartOwner: cart.user_id,
    // The product's stock (ours, additive) lets the cart show a line that asks for more than is left before
    // checkout refuses it; order snapshots keep no stock, so it is added here rather than in PRODUCT_REF_SQL.
    products: lines.map((l) => ({
      _id: l.id,
      count: l.count,
      color: l.color,
      price: toEgp(l.price),
      product: { ...(productRefJson(l.product, base) as CartJson['products'][number]['product']), quantity: l.stock },
    })),
    totalCartPrice: toEgp(linesTotal(lines)),
  };
  if (cart.coupon !== null && cart.total_after_discount !== null) {
    data.totalAfterDiscount = toEgp(cart.total_after_discount);
    data.coupon = cart.coupon;
  }
  if (cart.coupon_removed !== null) {
    data.couponRemoved = cart.coupon_removed;
    await couponRemovalSaid(q, cart.id);
  }
  data.createdAt = iso(cart.created_at);
  data.updatedAt = iso(cart.updated_at);
  return { numOfCartItems: lines.length, data };
}

/**
 * Refuses (400) a change that took the cart's total past MAX_CART_TOTAL, from the lines as they are now. Summed
 * in doubles: exact up to 2^53, far above the limit (10^11), so the comparison is exact where it matters.
 */
export function assertCartTotal(lines: { price: number; count: number }[]) {
  if (linesTotal(lines) > MAX_CART_TOTAL) throw badRequest(CART_TOTAL_TOO_LARGE);
}

/** How much one order may hold (ORDER_MAX_PER_PRODUCT, ORDER_MAX_ITEMS), so one shopper cannot hold a product's whole stock. */
export interface OrderLimits {
  maxPerProduct: number;
  maxItemsPerOrder: number;
}

export const perProductLimitMessage = (limit: number, title: string) =>
  `You can order at most ${limit} of one product: ${title}`;
export const orderItemsLimitMessage = (limit: number) => `An order can hold at most ${limit} items`;

/**
 * The rules of what a cart (and so an order) may hold, for one product: all its lines together within its stock
 * (API.md §5.11, 409 `Not enough stock for product`) and within the shop's per-product limit (409).
 */
export function assertCanHold(product: { title: string; quantity: number }, wanted: number, limits: OrderLimits) {
  if (wanted > product.quantity) throw conflict(`Not enough stock for product: ${product.title}`);
  if (wanted > limits.maxPerProduct) throw conflict(perProductLimitMessage(limits.maxPerProduct, product.title));
}

/** The whole cart within the shop's limit of units per order (409). */
export function assertOrderSize(lines: { count: number }[], limits: OrderLimits) {
  const units = lines.reduce((sum, l) => sum + l.count, 0);
  if (units > limits.maxItemsPerOrder) throw conflict(orderItemsLimitMessage(limits.maxItemsPerOrder));
}

/** The user's cart as it stands, in piastres: its items, and what they come to after its coupon; none without a cart. */
export async function cartTotals(q: Queryable, userId: string) {
  const cart = await findCart(q, userId);
  if (!cart) return undefined;
  const items = linesTotal(await cartItems(q, cart.id));
  const afterCoupon = cart.coupon !== null && cart.total_after_discount !== null ? cart.total_after_discount : items;
  return { items, afterCoupon };
}
