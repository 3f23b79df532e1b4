import type { Queryable, Row } from '../../db';
import { PRODUCT_REF_SQL } from '../catalogue';

/** A cart row with its coupon's name, discount and whether it still runs (nulls when none is applied). */
export interface CartRow {
  id: string;
  user_id: string;
  coupon_id: string | null;
  coupon: string | null;
  coupon_discount: number | null;
  coupon_runs: boolean | null;
  /** A coupon dropped (expired or deleted) since the cart's last answer, which says so once. */
  coupon_removed: string | null;
  total_after_discount: number | null;
  created_at: Date;
  updated_at: Date;
}

/** A cart line with its product as a ProductRef and the product's current stock, and its variant. */
export interface CartLine {
  id: string;
  product_id: string;
  variant_id: string;
  count: number;
  color: string;
  price: number;
  product: Row;
  stock: number;
  /** The product's options: a product with some names the line's variant. */
  options: { name: string }[];
  variant_values: string[];
  variant_stock: number;
  variant_sku: string | null;
  variant_image: string | null;
  variant_archived: boolean;
}

/** A cart line as stored, without its product. */
export interface CartItemRow {
  id: string;
  product_id: string;
  variant_id: string;
  count: number;
  color: string;
  price: number;
}

const COUPON_OF_CART = `co.name AS coupon, co.discount::float8 AS coupon_discount, co.expire > now() AS coupon_runs`;

const CART_SQL = `SELECT ca.id, ca.user_id, ca.coupon_id, ${COUPON_OF_CART}, ca.coupon_removed, ca.total_after_discount,
    ca.created_at, ca.updated_at
  FROM carts ca LEFT JOIN coupons co ON co.id = ca.coupon_id`;

/** The columns of CartRow as an INSERT or UPDATE of `carts` returns them, the coupon read by subqueries. */
const CART_RETURNING = `id, user_id, coupon_id, coupon_removed, total_after_discount, created_at, updated_at,
  (SELECT name FROM coupons WHERE id = coupon_id) AS coupon,
  (SELECT discount::float8 FROM coupons WHERE id = coupon_id) AS coupon_discount,
  (SELECT expire > now() FROM coupons WHERE id = coupon_id) AS coupon_runs`;

/** Marks the cart changed for pending card payments (their cart must be the one they were made for). */
const CHANGED = 'updated_at = now()';

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

export const findCartById = (q: Queryable, cartId: string) => q.one<CartRow>(`${CART_SQL} WHERE ca.id = $1`, [cartId]);

/** The cart's lines in the order they were added, each with its product as a ProductRef and its current stock. */
export function cartLines(q: Queryable, cartId: string) {
  return q.query<CartLine>(
    `SELECT ci.id, ci.product_id, ci.variant_id, ci.count, ci.color, ci.price, ${PRODUCT_REF_SQL} AS product,
       p.quantity AS stock, p.options, v.option_values AS variant_values, v.quantity AS variant_stock,
       v.sku AS variant_sku, v.image AS variant_image, v.archived_at IS NOT NULL AS variant_archived
     FROM cart_items ci JOIN products p ON p.id = ci.product_id JOIN product_variants v ON v.id = ci.variant_id
       JOIN categories c ON c.id = p.category_id LEFT JOIN brands b ON b.id = p.brand_id
     WHERE ci.cart_id = $1 ORDER BY ci.added`,
    [cartId],
  );
}

/** The cart's lines as stored, in the order they were added (checkout prices them against the locked products). */
export const cartItems = (q: Queryable, cartId: string) =>
  q.query<CartItemRow>(
    'SELECT id, product_id, variant_id, count, color, price FROM cart_items WHERE cart_id = $1 ORDER BY added',
    [cartId],
  );

/**
 * After a change to the lines: the coupon stays with its new total (null: no coupon), the cart is marked changed for
 * pending card payments; `removed` names a coupon dropped with the change (it expired), which the answer says.
 */
export async function cartChanged(
  q: Queryable,
  cartId: string,
  settled: { totalAfterDiscount: number | null; removed?: string },
): Promise<CartRow> {
  return (await q.one<CartRow>(
    `UPDATE carts SET ${CHANGED}, total_after_discount = $2,
       coupon_id = CASE WHEN $3::text IS NULL THEN coupon_id END, coupon_removed = COALESCE($3, coupon_removed)
     WHERE id = $1 RETURNING ${CART_RETURNING}`,
    [cartId, settled.totalAfterDiscount, settled.removed ?? null],
  ))!;
}

/** The carts that held a deleted product, locked, to settle each one's coupon and total again. */
export const lockCarts = (q: Queryable, cartIds: string[]) =>
  cartIds.length
    ? q.query<CartRow>(`${CART_SQL} WHERE ca.id = ANY($1::uuid[]) ORDER BY ca.id FOR UPDATE OF ca`, [cartIds])
    : Promise.resolve([]);

/** Clears the note of a dropped coupon once an answer has said it. */
export async function couponRemovalSaid(q: Queryable, cartId: string) {
  await q.query('UPDATE carts SET coupon_removed = NULL WHERE id = $1', [cartId]);
}

/** The carts holding a product (read before its deletion cascades to their lines). */
export const cartsHoldingProduct = async (q: Queryable, productId: string) =>
  (
    await q.query<{ cart_id: string }>('SELECT DISTINCT cart_id FROM cart_items WHERE product_id = $1', [productId])
  ).map((c) => c.cart_id);

/** Locks the cart by id (completing a card payment takes the same first lock as checkout). */
export async function lockCart(tx: Queryable, cartId: string) {
  await tx.query('SELECT id FROM carts WHERE id = $1 FOR UPDATE', [cartId]);
}

/** Carts holding the coupon lose it (API.md §6.7), and their next answer says so; their plain total is computed from the lines. */
export async function cartsLoseCoupon(q: Queryable, couponId: string) {
  await q.query(
    `UPDATE carts SET ${CHANGED}, coupon_id = NULL, total_after_discount = NULL,
       coupon_removed = (SELECT name FROM coupons WHERE id = $1)
     WHERE coupon_id = $1`,
    [couponId],
  );
}

/**
 * Creates the user's cart, or touches the existing one, and locks it: concurrent changes to one cart queue up.
 * Adding a line does this first, in the same transaction, which saves a round trip. Answers the whole row with its
 * coupon, so settling the coupon needs no second read of it.
 */
export async function touchCart(tx: Queryable, userId: string): Promise<CartRow> {
  return (await tx.one<CartRow>(
    `INSERT INTO carts (user_id) VALUES ($1) ON CONFLICT (user_id)
     DO UPDATE SET ${CHANGED} RETURNING ${CART_RETURNING}`,
    [userId],
  ))!;
}

/**
 * Adds one of the variant in the colour (or one more to its line, refreshing the line's price), unless all lines
 * of the product would then pass `stock`, or those of the variant `variantStock` (API.md §5.11's stock rule, in
 * the same statement). False when refused.
 */
export async function addOne(
  tx: Queryable,
  cartId: string,
  line: { productId: string; variantId: string; color: string; price: number; stock: number; variantStock: number },
): Promise<boolean> {
  const added = await tx.one(
    `INSERT INTO cart_items (cart_id, product_id, variant_id, color, count, price)
     SELECT $1, $2, $6, $3, 1, $4
     WHERE (SELECT COALESCE(sum(count), 0) FROM cart_items WHERE cart_id = $1 AND product_id = $2) + 1 <= $5
       AND (SELECT COALESCE(sum(count), 0) FROM cart_items WHERE cart_id = $1 AND variant_id = $6) + 1 <= $7
     ON CONFLICT (cart_id, variant_id, color) DO UPDATE SET count = cart_items.count + 1, price = EXCLUDED.price
     RETURNING id`,
    [cartId, line.productId, line.color, line.price, line.stock, line.variantId, line.variantStock],
  );
  return added !== undefined;
}

/** How many of the variant all the cart's lines hold together. */
export const countOfVariantInCart = async (q: Queryable, cartId: string, variantId: string) =>
  (await q.one<{ n: number }>(
    'SELECT COALESCE(sum(count), 0)::int AS n FROM cart_items WHERE cart_id = $1 AND variant_id = $2',
    [cartId, variantId],
  ))!.n;

/** How many of the product all the cart's lines hold together. */
export const countInCart = async (q: Queryable, cartId: string, productId: string) =>
  (await q.one<{ n: number }>(
    'SELECT COALESCE(sum(count), 0)::int AS n FROM cart_items WHERE cart_id = $1 AND product_id = $2',
    [cartId, productId],
  ))!.n;

/** A line of the cart, or undefined. */
export const findLine = (q: Queryable, cartId: string, lineId: string) =>
  q.one<{ id: string; product_id: string; variant_id: string; count: number }>(
    'SELECT id, product_id, variant_id, count FROM cart_items WHERE id = $1 AND cart_id = $2',
    [lineId, cartId],
  );

export async function setLineCount(tx: Queryable, lineId: string, count: number, price: number) {
  await tx.query('UPDATE cart_items SET count = $2, price = $3 WHERE id = $1', [lineId, count, price]);
}

export async function setLinePrice(tx: Queryable, lineId: string, price: number) {
  await tx.query('UPDATE cart_items SET price = $2 WHERE id = $1', [lineId, price]);
}

/** Removes a line of the cart; false when the cart has no such line. */
export const removeLine = async (tx: Queryable, cartId: string, lineId: string) =>
  (await tx.one('DELETE FROM cart_items WHERE id = $1 AND cart_id = $2 RETURNING id', [lineId, cartId])) !== undefined;

/** Deletes the user's cart with its lines (foreign-key cascade). */
export async function deleteCartOf(q: Queryable, userId: string) {
  await q.query('DELETE FROM carts WHERE user_id = $1', [userId]);
}

/** The user's cart, locked, with the coupon named `couponName` when it exists and runs (names are unique ignoring case), in one read. */
export const lockCartWithCouponNamed = (tx: Queryable, userId: string, couponName: string) =>
  tx.one<{ id: string; new_coupon_id: string | null; new_coupon: string | null; discount: string | null }>(
    `SELECT ca.id, co.id AS new_coupon_id, co.name AS new_coupon, co.discount
     FROM carts ca LEFT JOIN coupons co ON $2 <> '' AND lower(co.name) = lower($2) AND co.expire > now()
     WHERE ca.user_id = $1 FOR UPDATE OF ca`,
    [userId, couponName],
  );

/** Removes the applied coupon, if any (a refused coupon also removes the one applied before). */
export async function removeCoupon(tx: Queryable, cartId: string) {
  await tx.query(
    `UPDATE carts SET ${CHANGED}, coupon_id = NULL, total_after_discount = NULL WHERE id = $1 AND coupon_id IS NOT NULL`,
    [cartId],
  );
}

/** Applies a coupon with the total it gives; answers the cart row with the coupon. */
export async function applyCoupon(
  tx: Queryable,
  cartId: string,
  coupon: { id: string },
  totalAfterDiscount: number,
): Promise<CartRow> {
  return (await tx.one<CartRow>(
    `UPDATE carts SET coupon_id = $2, total_after_discount = $3, coupon_removed = NULL, updated_at = now() WHERE id = $1
     RETURNING ${CART_RETURNING}`,
    [cartId, coupon.id, totalAfterDiscount],
  ))!;
}

/**
 * The user's cart for checkout, locked, with its coupon if that still runs, in one read. The lines are read after
 * the lock is held, in their own statement, so they include any line another request committed while this one waited.
 */
export const lockCartForCheckout = (tx: Queryable, userId: string, cartId: string) =>
  tx.one<{
    id: string;
    coupon_id: string | null;
    coupon: string | null;
    discount: string | null;
    total_after_discount: number | null;
  }>(
    `SELECT ca.id, ca.coupon_id, co.name AS coupon, co.discount, ca.total_after_discount
     FROM carts ca LEFT JOIN coupons co ON co.id = ca.coupon_id AND co.expire > now()
     WHERE ca.user_id = $1 AND ca.id = $2 FOR UPDATE OF ca`,
    [userId, cartId],
  );

/** Stores the coupon (or none) and its total after a checkout re-priced the cart, marking the cart changed. */
export async function setCartCoupon(
  tx: Queryable,
  cartId: string,
  couponId: string | null,
  totalAfterDiscount: number | null,
) {
  await tx.query('UPDATE carts SET coupon_id = $2, total_after_discount = $3, updated_at = now() WHERE id = $1', [
    cartId,
    couponId,
    totalAfterDiscount,
  ]);
}
