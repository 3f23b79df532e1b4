import type { Queryable } from '../../db';
import { badRequest } from '../../lib/errors';
import { CART_TOTAL_TOO_LARGE, MAX_CART_TOTAL, toEgp } from '../../lib/money';
import { iso } from '../../lib/time';
import type { ImageBase } from '../../lib/images';
import { productRefJson } from '../products/serialize';
import { cartLines, findCartById, type CartLine, type CartRow } from './repository';
import type { CartJson } from './schemas';

export const linesTotal = (lines: { price: number; count: number }[]) =>
  lines.reduce((sum, l) => sum + l.price * l.count, 0);

/**
 * The "Cart response" of API.md §5.11 without its `status`. A caller that has just written the cart row
 * (RETURNING) or read its lines passes them, so they are not read again.
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
