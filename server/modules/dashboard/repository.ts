import type { Queryable } from '../../db';

/**
 * The owner's figures (GET /dashboard), each from an indexed aggregate over orders and products (migration 017).
 * The dashboard owns no table: these read-only reports read the orders' and products' tables directly, each in one
 * statement. Cancelled orders count nowhere (their stock went back).
 */

/** Today in the time zone, and the instant its midnight `days - 1` days ago began (the daily rows then come from one index range). */
export async function dayWindow(db: Queryable, timeZone: string, days: number) {
  const [row] = await db.query<{ today: string; since: Date }>(
    `SELECT to_char(d, 'YYYY-MM-DD') AS today, (d - $2::int)::timestamp AT TIME ZONE $1 AS since
     FROM (SELECT (now() AT TIME ZONE $1)::date AS d) AS t`,
    [timeZone, days - 1],
  );
  return row;
}

/** Orders and sales (bigint piastres as text from node-postgres) per day of the time zone since `since`; days without orders are missing. */
export const dailySales = (db: Queryable, timeZone: string, since: Date) =>
  db.query<{ day: string; orders: number; revenue: string }>(
    `SELECT to_char((created_at AT TIME ZONE $1)::date, 'YYYY-MM-DD') AS day, count(*)::int AS orders, sum(total_order_price)::bigint AS revenue
     FROM orders WHERE created_at >= $2 AND NOT is_cancelled GROUP BY 1`,
    [timeZone, since],
  );

/** Orders waiting for payment and for delivery, and products out of stock and low (1..lowStock), in one statement. */
export async function waitingCounts(db: Queryable, lowStock: number) {
  const [row] = await db.query<{ unpaid: number; undelivered: number; out_of_stock: number; low_stock: number }>(
    `SELECT (SELECT count(*) FROM orders WHERE NOT is_paid AND NOT is_cancelled)::int AS unpaid,
            (SELECT count(*) FROM orders WHERE NOT is_delivered AND NOT is_cancelled)::int AS undelivered,
            (SELECT count(*) FROM products WHERE quantity = 0)::int AS out_of_stock,
            (SELECT count(*) FROM products WHERE quantity BETWEEN 1 AND $1)::int AS low_stock`,
    [lowStock],
  );
  return row;
}

/**
 * The products sold most (then by revenue) in orders placed since `since`, at most `limit`. The period's order ids
 * first, then their lines by the covering index (not a scan of every line ever sold); lines of deleted products
 * (product_id set to NULL) are left out: there is nothing to restock or link to.
 */
export const bestSellers = (db: Queryable, since: Date, limit: number) =>
  db.query<{ id: string; title: string; image_cover: string; sold: number; revenue: string }>(
    `SELECT p.id, p.title, p.image_cover, s.sold, s.revenue
     FROM (SELECT oi.product_id, sum(oi.count)::int AS sold, sum(oi.count * oi.price::bigint)::bigint AS revenue
           FROM order_items oi
           WHERE oi.order_id = ANY(ARRAY(SELECT id FROM orders WHERE created_at >= $1 AND NOT is_cancelled)) AND oi.product_id IS NOT NULL
           GROUP BY oi.product_id ORDER BY sold DESC, revenue DESC, oi.product_id LIMIT $2) AS s
     JOIN products p ON p.id = s.product_id
     ORDER BY s.sold DESC, s.revenue DESC, p.id`,
    [since, limit],
  );
