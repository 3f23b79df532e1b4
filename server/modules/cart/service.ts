import type { Queryable, Row } from '../../db';
import { badRequest } from '../../lib/errors';
import { CART_TOTAL_TOO_LARGE, MAX_CART_TOTAL, toEgp } from '../../lib/money';
import { iso } from '../../lib/time';
import type { ImageBase } from '../../lib/images';
import { PRODUCT_REF_SQL } from '../products/repository';
import { productRefJson } from '../products/serialize';
import type { CartJson } from './schemas';

/** A cart row with its coupon's name (null when none is applied). */
export interface CartRow {
  id: string;
  user_id: string;
  coupon_id: string | null;
  coupon: string | null;
  total_after_discount: number | null;
  created_at: Date;
  updated_at: Date;
}

const CART_SQL = `SELECT ca.id, ca.user_id, ca.coupon_id, co.name AS coupon, ca.total_after_discount, ca.created_at, ca.updated_at
  FROM carts ca LEFT JOIN coupons co ON co.id = ca.coupon_id`;

/** The user's cart, or undefined; `lock` takes the row lock that serialises every change to one cart. */
export async function findCart(q: Queryable, userId: string, options: { cartId?: string; lock?: boolean } = {}) {
  const params: unknown[] = [userId];
  let where = 'ca.user_id = $1';
  if (options.cartId) {
    params.push(options.cartId);
    where += ' AND ca.id = $2';
  }
  return q.one<CartRow>(`${CART_SQL} WHERE ${where}${options.lock ? ' FOR UPDATE OF ca' : ''}`, params);
}

export interface CartLine {
  id: string;
  product_id: string;
  count: number;
  color: string;
  price: number;
  product: Row;
  stock: number;
}

/** The cart's lines in the order they were added, each with its product as a ProductRef and its current stock. */
export async function cartLines(q: Queryable, cartId: string) {
  return q.query<CartLine>(
    `SELECT ci.id, ci.product_id, ci.count, ci.color, ci.price, ${PRODUCT_REF_SQL} AS product, p.quantity AS stock
     FROM cart_items ci JOIN products p ON p.id = ci.product_id
       JOIN categories c ON c.id = p.category_id LEFT JOIN brands b ON b.id = p.brand_id
     WHERE ci.cart_id = $1 ORDER BY ci.added`,
    [cartId],
  );
}

export const linesTotal = (lines: { price: number; count: number }[]) => lines.reduce((sum, l) => sum + l.price * l.count, 0);

/** Any change to the lines drops the coupon (API.md §6.3) and marks the cart changed for pending card payments. */
export async function cartChanged(q: Queryable, cartId: string) {
  await q.query('UPDATE carts SET coupon_id = NULL, total_after_discount = NULL, updated_at = now() WHERE id = $1', [cartId]);
}

/** The columns of CartRow as an INSERT or UPDATE of `carts` returns them (the coupon's name is the caller's). */
export const CART_RETURNING = 'id, user_id, coupon_id, total_after_discount, created_at, updated_at';

/**
 * The "Cart response" of API.md §5.11 without its `status`. A caller that has just written the cart row
 * (RETURNING) or read its lines passes them, so they are not read again.
 */
export async function cartBody(q: Queryable, cartId: string, base: ImageBase, known: { cart?: CartRow; lines?: CartLine[] } = {}) {
  const cart = known.cart ?? (await q.one<CartRow>(`${CART_SQL} WHERE ca.id = $1`, [cartId]))!;
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
