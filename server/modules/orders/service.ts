import type { Queryable, Row } from '../../db';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { CART_TOTAL_TOO_LARGE, MAX_CART_TOTAL, applyDiscount, effectivePrice } from '../../lib/money';
import { collectErrors, rules, text, type Rules } from '../../lib/validate';
import { ValidationError, type FieldError } from '../../lib/errors';
import { linesTotal } from '../cart/service';
import { PRODUCT_REF_SQL } from '../products/repository';

export interface ShippingAddress {
  /** The saved address's nickname ("المنزل"), when the web app sends it (ours); `details` is the street and area. */
  alias?: string;
  details: string;
  phone: string;
  city: string;
  postalCode: string;
}

const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);

const SHIPPING_SCHEMA: Record<string, Rules> = {
  shippingAddress: rules().check(isObject, 'shippingAddress is required'),
  'shippingAddress.details': rules().required('shippingAddress.details is required').string('shippingAddress.details is required').maxLength(500, 'Too long details'),
  'shippingAddress.phone': rules().required('shippingAddress.phone is required').egyptianPhone(),
  'shippingAddress.city': rules().optional().string('Invalid city').maxLength(50, 'Too long city'),
  'shippingAddress.postalCode': rules().optional().string('Invalid postalCode').maxLength(20, 'Too long postalCode'),
  'shippingAddress.alias': rules().optional().string('Invalid alias').maxLength(50, 'Too long alias'),
};

/**
 * The validated shipping address of API.md §5.12 from `source` (a body or a query string).
 * With `optional`, a missing address gives undefined (card checkout, whose original web app sends none).
 */
export async function readShippingAddress(source: unknown, location: FieldError['location'], optional = false): Promise<ShippingAddress | undefined> {
  const data = (isObject(source) ? source : {}) as Record<string, unknown>;
  if (optional && (data.shippingAddress === undefined || data.shippingAddress === null)) return undefined;
  const errors = await collectErrors(location, data, SHIPPING_SCHEMA);
  // When the address itself is missing, its fields would only repeat the same problem.
  if (errors.length) throw new ValidationError(errors[0].path === 'shippingAddress' ? [errors[0]] : errors);
  const a = data.shippingAddress as Record<string, unknown>;
  const alias = text(a.alias);
  return { ...(alias ? { alias } : {}), details: text(a.details)!, phone: text(a.phone)!, city: text(a.city) ?? '', postalCode: text(a.postalCode) ?? '' };
}

/** One priced cart line, with its product as a ProductRef snapshot. */
export interface PricedLine {
  productId: string;
  count: number;
  color: string;
  price: number;
  product: Row;
}

export interface CheckedCart {
  cartId: string;
  lines: PricedLine[];
  coupon: string | null;
  /** What the customer pays, in piastres: after the coupon, plus tax and shipping (both 0). */
  total: number;
}

export const cartNotFound = (userId: string) => notFound(`There is no cart for this user :${userId}`);

/**
 * Steps 1–5 of API.md §6.4 inside the caller's transaction: lock the cart, lock its products in id
 * order, check stock, and re-price. Returns the checked cart, or `{ repriced: true }` after writing
 * the refreshed prices and coupon to the cart; the caller commits that and answers 409.
 */
export async function checkCart(tx: Queryable, userId: string, cartId: string): Promise<CheckedCart | { repriced: true }> {
  // The cart (locked) with its coupon if that still runs, in one read. The lines are read after the lock is held,
  // in their own statement, so they include any line another request committed while this one waited.
  const cart = await tx.one<{ id: string; coupon_id: string | null; coupon: string | null; discount: string | null; total_after_discount: number | null }>(
    `SELECT ca.id, ca.coupon_id, co.name AS coupon, co.discount, ca.total_after_discount
     FROM carts ca LEFT JOIN coupons co ON co.id = ca.coupon_id AND co.expire > now()
     WHERE ca.user_id = $1 AND ca.id = $2 FOR UPDATE OF ca`,
    [userId, cartId],
  );
  if (!cart) throw cartNotFound(userId);
  const lines = await tx.query<{ id: string; product_id: string; count: number; color: string; price: number }>(
    'SELECT id, product_id, count, color, price FROM cart_items WHERE cart_id = $1 ORDER BY added',
    [cart.id],
  );
  if (!lines.length) throw badRequest('Cart is empty');

  // Lines of deleted products are gone with them (foreign-key cascade), so every product is found here.
  const products = await tx.query<{ id: string; title: string; quantity: number; price: number; price_after_discount: number | null; ref: Row }>(
    `SELECT p.id, p.title, p.quantity, p.price, p.price_after_discount, ${PRODUCT_REF_SQL} AS ref
     FROM products p JOIN categories c ON c.id = p.category_id LEFT JOIN brands b ON b.id = p.brand_id
     WHERE p.id = ANY($1::uuid[]) ORDER BY p.id FOR UPDATE OF p`,
    [[...new Set(lines.map((l) => l.product_id))]],
  );
  const byId = new Map(products.map((p) => [p.id, p]));
  for (const product of products) {
    const wanted = lines.filter((l) => l.product_id === product.id).reduce((sum, l) => sum + l.count, 0);
    if (wanted > product.quantity) throw conflict(`Not enough stock for product: ${product.title}`);
  }

  const priced = lines.map((l) => {
    const product = byId.get(l.product_id)!;
    return { line: l, price: effectivePrice(product.price, product.price_after_discount), product };
  });
  const total = linesTotal(priced.map((p) => ({ price: p.price, count: p.line.count })));
  // Prices may have risen since the lines were added; such a total could not be stored or discounted exactly.
  if (total > MAX_CART_TOTAL) throw badRequest(CART_TOTAL_TOO_LARGE);
  const coupon = cart.coupon !== null ? { name: cart.coupon, discount: cart.discount! } : undefined;
  const totalAfterDiscount = coupon ? applyDiscount(total, Number(coupon.discount)) : null;

  if (priced.some((p) => p.price !== p.line.price) || totalAfterDiscount !== cart.total_after_discount) {
    for (const p of priced) {
      if (p.price !== p.line.price) await tx.query('UPDATE cart_items SET price = $2 WHERE id = $1', [p.line.id, p.price]);
    }
    await tx.query('UPDATE carts SET coupon_id = $2, total_after_discount = $3, updated_at = now() WHERE id = $1', [
      cart.id, coupon ? cart.coupon_id : null, totalAfterDiscount,
    ]);
    return { repriced: true };
  }

  return {
    cartId: cart.id,
    lines: priced.map((p) => ({ productId: p.product.id, count: p.line.count, color: p.line.color, price: p.price, product: p.product.ref })),
    coupon: coupon?.name ?? null,
    total: (totalAfterDiscount ?? total) + 0 /* tax */ + 0 /* shipping */,
  };
}

export const pricesChanged = () => conflict('Cart prices have changed, please review your cart');

/** Inserts an order and its items (with their ProductRef snapshots); returns the new order id. */
export async function insertOrder(
  tx: Queryable,
  order: {
    userId: string;
    lines: PricedLine[];
    total: number;
    coupon: string | null;
    shippingAddress: ShippingAddress | null;
    paymentMethodType: 'cash' | 'card';
    paymentSessionId?: string;
    oversold?: boolean;
  },
): Promise<string> {
  // The order and all its items in one statement; position is the line's index in the cart.
  const items = order.lines.map((line, position) => ({ product_id: line.productId, product_snapshot: line.product, count: line.count, color: line.color, price: line.price, position }));
  const row = (await tx.one<{ id: string }>(
    `WITH o AS (
       INSERT INTO orders (user_id, user_snapshot, shipping_address, total_order_price, payment_method_type, is_paid, paid_at, coupon, oversold, payment_session_id)
       SELECT u.id, jsonb_strip_nulls(jsonb_build_object('_id', u.id, 'name', u.name, 'email', u.email, 'phone', u.phone, 'profileImg', u.profile_img)),
              $2::jsonb, $3, $4::text, $4::text = 'card', CASE WHEN $4::text = 'card' THEN now() END, $5, $6, $7
       FROM users u WHERE u.id = $1
       RETURNING id
     ), items AS (
       INSERT INTO order_items (order_id, product_id, product_snapshot, count, color, price, position)
       SELECT o.id, (SELECT id FROM products WHERE id = i.product_id), i.product_snapshot, i.count, i.color, i.price, i.position
       FROM o, jsonb_to_recordset($8::jsonb) AS i(product_id uuid, product_snapshot jsonb, count int, color text, price int, position int)
     )
     SELECT id FROM o`,
    [order.userId, order.shippingAddress ? JSON.stringify(order.shippingAddress) : null, order.total, order.paymentMethodType, order.coupon, order.oversold ?? false, order.paymentSessionId ?? null, JSON.stringify(items)],
  ))!;
  return row.id;
}
