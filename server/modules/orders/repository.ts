import { pagedList, type PageQuery, type PagedList, type Queryable, type Row } from '../../db';
import { foldArabic } from '../../lib/arabic';
import { MIN_KEYWORD, escapeLike, type ListSpec } from '../../lib/listQuery';
import { EMAIL } from '../../lib/validate';
import { PRODUCT_REF_SQL } from '../catalogue';

/** The customer as an order shows them: a snapshot taken at order time, or the live user. */
export interface OrderUser {
  _id: string;
  name: string;
  email: string;
  phone?: string;
  profileImg?: string;
}

/** The delivery address an order keeps (API.md §5.12). */
export type { ShippingAddress as OrderAddress } from '../addresses';
import type { ShippingAddress as OrderAddress } from '../addresses';

/** An order as orderJson reads it (money in piastres), with its user as they are now (null once deleted). */
export interface OrderRow {
  id: string;
  order_number: number;
  /** The user as at order time (API.md §1). */
  user_snapshot: OrderUser;
  shipping_address: OrderAddress | null;
  tax_price: number;
  shipping_price: number;
  cash_fee: number;
  total_order_price: number;
  payment_method_type: 'cash' | 'card';
  is_paid: boolean;
  paid_at: Date | null;
  is_delivered: boolean;
  delivered_at: Date | null;
  coupon: string | null;
  oversold: boolean;
  is_cancelled: boolean;
  cancelled_at: Date | null;
  is_refunded: boolean;
  refunded_at: Date | null;
  confirmed_at: Date | null;
  shipped_at: Date | null;
  courier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  created_at: Date;
  updated_at: Date;
  live_user: OrderUser | null;
}

/** An order item with its product's snapshot, and the product as it is now (null once deleted). */
export interface OrderItemRow {
  id: string;
  order_id: string;
  count: number;
  color: string;
  price: number;
  product_snapshot: Row;
  live_product: Row | null;
  /** The VariantRef the item was ordered as (null for a product without options). */
  variant_snapshot: Row | null;
}

/** Columns of `orders o` (with `users u` left-joined) that orderJson reads. */
const ORDER_COLUMNS = `o.id, o.order_number, o.user_snapshot, o.shipping_address, o.tax_price::float8 AS tax_price,
  o.shipping_price, o.cash_fee, o.total_order_price, o.payment_method_type, o.is_paid, o.paid_at, o.is_delivered,
  o.delivered_at, o.coupon, o.oversold, o.is_cancelled, o.cancelled_at, o.is_refunded, o.refunded_at, o.confirmed_at, o.shipped_at, o.courier,
  o.tracking_number, o.tracking_url, o.created_at, o.updated_at,
  CASE WHEN u.id IS NULL THEN NULL
       ELSE jsonb_strip_nulls(jsonb_build_object('_id', u.id, 'name', u.name, 'email', u.email, 'phone', u.phone, 'profileImg', u.profile_img)) END AS live_user`;
const FROM = 'orders o LEFT JOIN users u ON u.id = o.user_id';

const ORDER_FIELDS: ListSpec['fields'] = {
  id: { column: 'o.order_number', type: 'int' },
  isPaid: { column: 'o.is_paid', type: 'bool' },
  isDelivered: { column: 'o.is_delivered', type: 'bool' },
  isCancelled: { column: 'o.is_cancelled', type: 'bool' },
  isRefunded: { column: 'o.is_refunded', type: 'bool' },
  paymentMethodType: { column: 'o.payment_method_type', type: 'text' },
  totalOrderPrice: { column: 'o.total_order_price', type: 'bigMoney' },
  createdAt: { column: 'o.created_at', type: 'date' },
  updatedAt: { column: 'o.updated_at', type: 'date', sortOnly: true },
};
/** Customers list only their own orders, so `user` filters only for staff (API.md §2). */
export const CUSTOMER_ORDER_LIST: ListSpec = { fields: ORDER_FIELDS };
export const STAFF_ORDER_LIST: ListSpec = { fields: { ...ORDER_FIELDS, user: { column: 'o.user_id', type: 'id' } } };

/** The condition of a customer's list: their own orders only. */
export const ownOrders = (userId: string) => ({ conditions: ['o.user_id = $1'], params: [userId] as unknown[] });

const INT4_MAX = 2 ** 31 - 1;
const MAX_EMAIL_LENGTH = 254;
/**
 * `search` (ours, staff only; API.md's `keyword` stays ignored for orders): an order number (`17` or `#17`), or part of
 * the customer's name, e-mail or phone as at order time, or of the delivery phone, matched in the folded `search_text`
 * (migration 017, trigram index); a whole e-mail address, the orders placed with it. Shorter than 2 characters and not
 * a number → no filter, like `keyword`.
 */
export function orderSearch(query: Record<string, unknown>): { conditions: string[]; params: unknown[] } {
  const found = keywordSearch(query);
  // Ours: cash orders staff have yet to confirm by phone (migration 022's partial index).
  if (query.unconfirmed === 'true' || query.unconfirmed === true) found.conditions.push(UNCONFIRMED);
  return found;
}

const UNCONFIRMED =
  "o.payment_method_type = 'cash' AND o.confirmed_at IS NULL AND NOT o.is_cancelled AND NOT o.is_delivered";

function keywordSearch(query: Record<string, unknown>): { conditions: string[]; params: unknown[] } {
  const raw = typeof query.search === 'string' ? query.search.trim() : '';
  // A whole e-mail address: that customer's orders, from its own index (migration 029). No address is longer than
  // 254 characters, and the pattern is not tried on longer text, where its backtracking would grow with the square.
  if (raw.length <= MAX_EMAIL_LENGTH && EMAIL.test(raw))
    return { conditions: ["lower(o.user_snapshot->>'email') = $1"], params: [raw.toLowerCase()] };
  const digits = /^#?(\d{1,10})$/.exec(raw);
  const number = digits && Number(digits[1]) <= INT4_MAX ? Number(digits[1]) : undefined;
  const folded = foldArabic(raw);
  const text = [...folded].length >= MIN_KEYWORD ? `%${escapeLike(folded)}%` : undefined;
  if (number !== undefined && text)
    return { conditions: ['(o.order_number = $1 OR o.search_text LIKE $2)'], params: [number, text] };
  if (number !== undefined) return { conditions: ['o.order_number = $1'], params: [number] };
  if (text) return { conditions: ['o.search_text LIKE $1'], params: [text] };
  return { conditions: [], params: [] };
}

/**
 * The most orders a list counts: a shop's orders grow for years, and counting a million of them (every order, or every
 * paid one) would cost more than the page; past this the answer says "more than".
 */
export const ORDER_COUNT_CAP = 1_000;

/**
 * A page of orders; filters read only `o`, so the count leaves the users out. Staff lists every order (`everyone`):
 * their count, up to ORDER_COUNT_CAP of the orders a filter or a text search finds, can cost as much as the page, so
 * it runs beside it; a customer's own orders are few, and counted in the page's statement.
 */
export const listOrders = (
  db: Queryable,
  q: PageQuery,
  { everyone }: { everyone: boolean },
): Promise<PagedList<OrderRow>> =>
  pagedList<OrderRow>(db, q, {
    columns: ORDER_COLUMNS,
    from: FROM,
    countFrom: 'orders o',
    countCap: ORDER_COUNT_CAP,
    countBeside: everyone,
  });

/** One order, or undefined; `ownerId` limits it to that user's orders. */
export const findOrder = (db: Queryable, id: string, ownerId?: string) =>
  db.one<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM ${FROM} WHERE o.id = $1 ${ownerId ? 'AND o.user_id = $2' : ''}`,
    ownerId ? [id, ownerId] : [id],
  );

export const orderExists = async (db: Queryable, id: string) =>
  !!(await db.one('SELECT id FROM orders WHERE id = $1', [id]));

/** The order a card payment session made, or undefined. */
export const findOrderOfPaymentSession = (db: Queryable, paymentSessionId: string) =>
  db.one<{ id: string }>('SELECT id FROM orders WHERE payment_session_id = $1', [paymentSessionId]);

/** The items of the orders, each order's in cart order, with their live products. */
export const orderItems = (db: Queryable, orderIds: string[]) =>
  db.query<OrderItemRow>(
    `SELECT oi.id, oi.order_id, oi.count, oi.color, oi.price, oi.product_snapshot, oi.variant_snapshot,
       CASE WHEN p.id IS NULL THEN NULL ELSE ${PRODUCT_REF_SQL} END AS live_product
     FROM order_items oi LEFT JOIN products p ON p.id = oi.product_id
       LEFT JOIN categories c ON c.id = p.category_id LEFT JOIN brands b ON b.id = p.brand_id
     WHERE oi.order_id = ANY($1::uuid[]) ORDER BY oi.position, oi.id`,
    [orderIds],
  );

/** A priced line of a new order, with its product's ProductRef snapshot. */
export interface NewOrderLine {
  productId: string;
  /** The variant sold (its implicit one for a product without options); missing in older payment snapshots. */
  variantId?: string;
  /** Its VariantRef as it is named now, for a product with options (the item's snapshot). */
  variant?: Row;
  count: number;
  color: string;
  price: number;
  product: Row;
  /** Units of the line that were not in stock (a paid card order that oversold); 0 when missing. */
  stockShort?: number;
}

export interface NewOrder {
  userId: string;
  lines: NewOrderLine[];
  /** Piastres: the items after the coupon, plus shipping and the cash fee; the VAT included in it. */
  total: number;
  shippingPrice: number;
  cashFee?: number;
  taxPrice: number;
  coupon: string | null;
  shippingAddress: object | null;
  paymentMethodType: 'cash' | 'card';
  paymentSessionId?: string;
  oversold?: boolean;
}

/** Inserts an order and its items (with their ProductRef snapshots) in one statement; returns the new order id. */
export async function insertOrder(tx: Queryable, order: NewOrder): Promise<string> {
  // position is the line's index in the cart; the user snapshot is taken from the row as it is now.
  const items = order.lines.map((line, position) => ({
    product_id: line.productId,
    product_snapshot: line.product,
    variant_id: line.variantId ?? null,
    variant_snapshot: line.variant ?? null,
    count: line.count,
    color: line.color,
    price: line.price,
    position,
    stock_short: line.stockShort ?? 0,
  }));
  const row = (await tx.one<{ id: string }>(
    `WITH o AS (
       INSERT INTO orders (user_id, user_snapshot, shipping_address, total_order_price, payment_method_type, is_paid, paid_at, coupon, oversold, payment_session_id, shipping_price, cash_fee, tax_price)
       SELECT u.id, jsonb_strip_nulls(jsonb_build_object('_id', u.id, 'name', u.name, 'email', u.email, 'phone', u.phone, 'profileImg', u.profile_img)),
              $2::jsonb, $3, $4::text, $4::text = 'card', CASE WHEN $4::text = 'card' THEN now() END, $5, $6, $7, $9, $10, $11
       FROM users u WHERE u.id = $1
       RETURNING id
     ), items AS (
       INSERT INTO order_items (order_id, product_id, product_snapshot, variant_id, variant_snapshot, count, color, price,
         position, stock_short)
       SELECT o.id, (SELECT id FROM products WHERE id = i.product_id), i.product_snapshot,
              (SELECT id FROM product_variants WHERE id = i.variant_id), i.variant_snapshot, i.count, i.color, i.price,
              i.position, i.stock_short
       FROM o, jsonb_to_recordset($8::jsonb)
         AS i(product_id uuid, product_snapshot jsonb, variant_id uuid, variant_snapshot jsonb, count int, color text,
              price int, position int, stock_short int)
     )
     SELECT id FROM o`,
    [
      order.userId,
      order.shippingAddress ? JSON.stringify(order.shippingAddress) : null,
      order.total,
      order.paymentMethodType,
      order.coupon,
      order.oversold ?? false,
      order.paymentSessionId ?? null,
      JSON.stringify(items),
      order.shippingPrice,
      order.cashFee ?? 0,
      order.taxPrice,
    ],
  ))!;
  return row.id;
}

/**
 * The cart an order was made from is used up: it is deleted (for a card order only if it has not changed since its
 * payment session opened: it then holds something else, and is kept), and every other payment session of it is
 * superseded in the same statement, so no payment of that cart can make a second order (one cart, one order).
 */
export async function useUpCart(tx: Queryable, cartId: string, paymentSessionId?: string) {
  await tx.query(
    `WITH superseded AS (
       UPDATE payment_sessions SET status = 'superseded', updated_at = now()
       WHERE cart_id = $1 AND status <> 'completed' AND id IS DISTINCT FROM $2::uuid
     )
     DELETE FROM carts c WHERE c.id = $1
       AND ($2::uuid IS NULL OR c.updated_at = (SELECT cart_updated_at FROM payment_sessions WHERE id = $2::uuid))`,
    [cartId, paymentSessionId ?? null],
  );
}

/**
 * pay / deliver: sets the flag false → true only; a repeated call keeps the first timestamp (API.md §6.6). The row
 * lock orders this against a concurrent cancel: a cancelled order is never paid or delivered. Answers whether the
 * flag was already set, or undefined when no order that is not cancelled has the id.
 */
export async function markOrder(
  db: Queryable,
  id: string,
  step: 'paid' | 'delivered',
): Promise<{ was: boolean } | undefined> {
  const [flag, stamp] = step === 'paid' ? ['is_paid', 'paid_at'] : ['is_delivered', 'delivered_at'];
  return db.one<{ id: string; was: boolean }>(
    `UPDATE orders o SET ${flag} = true, ${stamp} = COALESCE(o.${stamp}, now()), updated_at = CASE WHEN o.${flag} THEN o.updated_at ELSE now() END
     FROM (SELECT id, ${flag} AS was FROM orders WHERE id = $1 AND NOT is_cancelled FOR UPDATE) old WHERE o.id = old.id RETURNING o.id, old.was`,
    [id],
  );
}

/**
 * confirm (a cash order, by phone) / ship (with its courier): the first time sets the step's time; a repeated
 * confirm keeps it, a repeated ship keeps the time and updates the courier and tracking. Answers whether the step
 * was already taken, or undefined when no order that is not cancelled has the id (the row lock orders it against a
 * concurrent cancel, as markOrder).
 */
export function markStaffStep(
  db: Queryable,
  id: string,
  step: { confirmed: true } | { shipment: { courier: string; trackingNumber?: string; trackingUrl?: string } },
): Promise<{ was: boolean } | undefined> {
  if ('confirmed' in step) {
    return db.one<{ was: boolean }>(
      `UPDATE orders o SET confirmed_at = coalesce(o.confirmed_at, now()),
         updated_at = CASE WHEN o.confirmed_at IS NULL THEN now() ELSE o.updated_at END
       FROM (SELECT id, confirmed_at IS NOT NULL AS was FROM orders WHERE id = $1 AND NOT is_cancelled FOR UPDATE) old
       WHERE o.id = old.id RETURNING old.was`,
      [id],
    );
  }
  const { courier, trackingNumber, trackingUrl } = step.shipment;
  return db.one<{ was: boolean }>(
    `UPDATE orders o SET shipped_at = coalesce(o.shipped_at, now()), courier = $2, tracking_number = $3,
       tracking_url = $4, updated_at = now()
     FROM (SELECT id, shipped_at IS NOT NULL AS was FROM orders WHERE id = $1 AND NOT is_cancelled FOR UPDATE) old
     WHERE o.id = old.id RETURNING old.was`,
    [id, courier, trackingNumber ?? null, trackingUrl ?? null],
  );
}

/** The user's order, locked first, so a concurrent pay/deliver (or a second cancel) waits and then sees a cancellation. */
export const lockOrderOf = (tx: Queryable, id: string, userId: string) =>
  tx.one<{ is_paid: boolean; is_delivered: boolean; is_cancelled: boolean; is_shipped: boolean }>(
    'SELECT is_paid, is_delivered, is_cancelled, shipped_at IS NOT NULL AS is_shipped FROM orders WHERE id = $1 AND user_id = $2 FOR UPDATE',
    [id, userId],
  );

/** How many of each product the order took, by product id; deleted products have nothing to get back and are left out. */
export const orderedCounts = (tx: Queryable, id: string) =>
  tx.query<{ product_id: string; variant_id: string; count: number; taken: number }>(
    `SELECT p.id AS product_id, v.id AS variant_id, sum(oi.count)::int AS count,
       sum(oi.count - oi.stock_short)::int AS taken
     FROM order_items oi JOIN products p ON p.id = oi.product_id JOIN product_variants v ON v.id = oi.variant_id
     WHERE oi.order_id = $1 GROUP BY p.id, v.id ORDER BY p.id, v.id`,
    [id],
  );

/** What the audit log keeps of an order's staff steps, locked until the transaction ends; undefined when there is no such order. */
export const lockOrderSteps = (tx: Queryable, id: string) =>
  tx.one<{
    is_paid: boolean;
    is_delivered: boolean;
    is_cancelled: boolean;
    is_refunded: boolean;
    confirmed: boolean;
    shipped: boolean;
    courier: string | null;
    tracking_number: string | null;
    tracking_url: string | null;
  }>(
    `SELECT is_paid, is_delivered, is_cancelled, is_refunded, confirmed_at IS NOT NULL AS confirmed,
       shipped_at IS NOT NULL AS shipped, courier, tracking_number, tracking_url
     FROM orders WHERE id = $1 FOR UPDATE`,
    [id],
  );

/** Any order, locked first, with what a refund checks: so a second refund (or a pay/deliver) waits and then sees it. */
export const lockOrderForRefund = (tx: Queryable, id: string) =>
  tx.one<{
    id: string;
    order_number: number;
    payment_method_type: 'cash' | 'card';
    is_paid: boolean;
    is_cancelled: boolean;
    is_refunded: boolean;
    total_order_price: number;
    payment_session_id: string | null;
  }>(
    `SELECT id, order_number, payment_method_type, is_paid, is_cancelled, is_refunded, total_order_price, payment_session_id
     FROM orders WHERE id = $1 FOR UPDATE`,
    [id],
  );

/** The order is cancelled and refunded at the same moment, keeping the provider's id of the refund. */
export async function markRefunded(tx: Queryable, id: string, refundId: string) {
  await tx.query(
    `UPDATE orders SET is_cancelled = true, cancelled_at = now(), is_refunded = true, refunded_at = now(), refund_id = $2,
       updated_at = now() WHERE id = $1`,
    [id, refundId],
  );
}

export async function markCancelled(tx: Queryable, id: string) {
  await tx.query('UPDATE orders SET is_cancelled = true, cancelled_at = now(), updated_at = now() WHERE id = $1', [id]);
}

/** Orders outlive their user's account (they keep the user snapshot) but not its payment sessions, which go with it. */
export async function forgetPaymentSessionsOf(tx: Queryable, userId: string) {
  await tx.query(
    'UPDATE orders SET payment_session_id = NULL WHERE payment_session_id IN (SELECT id FROM payment_sessions WHERE user_id = $1)',
    [userId],
  );
}
