import type { Queryable, Row } from '../../db';
import { toEgp } from '../../lib/money';
import { compact, iso } from '../../lib/time';
import type { ImageBase } from '../../lib/images';
import { PRODUCT_REF_SQL } from '../products/repository';
import { productRefJson } from '../products/serialize';
import type { Static } from 'typebox';
import type { ProductRef } from '../../lib/schemas';

/** Columns of `orders o` (with `users u` left-joined) that orderJson reads. */
export const ORDER_COLUMNS = `o.id, o.order_number, o.user_snapshot, o.shipping_address, o.tax_price, o.shipping_price,
  o.total_order_price, o.payment_method_type, o.is_paid, o.paid_at, o.is_delivered, o.delivered_at, o.coupon, o.oversold,
  o.is_cancelled, o.cancelled_at, o.created_at, o.updated_at,
  CASE WHEN u.id IS NULL THEN NULL
       ELSE jsonb_strip_nulls(jsonb_build_object('_id', u.id, 'name', u.name, 'email', u.email, 'phone', u.phone, 'profileImg', u.profile_img)) END AS live_user`;

export type OrderStep = 'placed' | 'paid' | 'delivered' | 'cancelled';

/**
 * The steps an order has reached, each with its time (ours), oldest first; derived from the stored
 * timestamps so orders made before the history existed have one too. Equal times keep the steps' natural
 * order (a card order is placed and paid at the same moment).
 */
export function statusHistory(row: Row): { status: OrderStep; at: string }[] {
  const steps: [OrderStep, unknown][] = [['placed', row.created_at], ['paid', row.paid_at], ['delivered', row.delivered_at], ['cancelled', row.cancelled_at]];
  return steps
    .filter(([, at]) => at != null)
    .map(([status, at]) => ({ status, at: iso(at as Date)! }))
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

function orderJson(row: Row, items: Row[], base: ImageBase) {
  return compact({
    _id: row.id,
    id: row.order_number,
    paymentMethodType: row.payment_method_type,
    isPaid: row.is_paid,
    paidAt: iso(row.paid_at),
    isDelivered: row.is_delivered,
    deliveredAt: iso(row.delivered_at),
    isCancelled: row.is_cancelled,
    cancelledAt: iso(row.cancelled_at),
    statusHistory: statusHistory(row),
    // The live user when it still exists, else the snapshot taken with the order (API.md §1).
    user: row.live_user ?? row.user_snapshot,
    cartItems: items.map((item) => ({
      _id: item.id,
      count: item.count,
      color: item.color,
      price: toEgp(item.price),
      product: productRefJson(item.live_product ?? item.product_snapshot, base) as Static<typeof ProductRef>,
    })),
    shippingAddress: row.shipping_address ?? undefined,
    taxPrice: toEgp(row.tax_price),
    shippingPrice: toEgp(row.shipping_price),
    totalOrderPrice: toEgp(row.total_order_price),
    coupon: row.coupon,
    // A paid card order whose stock ran out meanwhile, for staff to act on (API.md §9.5); left out otherwise.
    oversold: row.oversold || undefined,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  });
}

/** Order objects of API.md §5.12 for rows selected with ORDER_COLUMNS, in the same order. */
export async function ordersJson(q: Queryable, rows: Row[], base: ImageBase) {
  if (!rows.length) return [];
  const items = await q.query(
    `SELECT oi.id, oi.order_id, oi.count, oi.color, oi.price, oi.product_snapshot,
       CASE WHEN p.id IS NULL THEN NULL ELSE ${PRODUCT_REF_SQL} END AS live_product
     FROM order_items oi LEFT JOIN products p ON p.id = oi.product_id
       LEFT JOIN categories c ON c.id = p.category_id LEFT JOIN brands b ON b.id = p.brand_id
     WHERE oi.order_id = ANY($1::uuid[]) ORDER BY oi.position, oi.id`,
    [rows.map((r) => r.id)],
  );
  return rows.map((row) => orderJson(row, items.filter((i) => i.order_id === row.id), base));
}

/** One order by id, or undefined; `ownerId` limits it to that user's orders. */
export async function findOrderJson(q: Queryable, id: string, base: ImageBase, ownerId?: string) {
  const row = await q.one(
    `SELECT ${ORDER_COLUMNS} FROM orders o LEFT JOIN users u ON u.id = o.user_id WHERE o.id = $1 ${ownerId ? 'AND o.user_id = $2' : ''}`,
    ownerId ? [id, ownerId] : [id],
  );
  return row ? (await ordersJson(q, [row], base))[0] : undefined;
}
