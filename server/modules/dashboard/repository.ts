import type { Queryable } from '../../db';

/**
 * The owner's figures (GET /dashboard), each in one statement. Sales per day and per product per day are kept up to
 * date by the database as orders are placed and cancelled (migration 021: daily_sales, daily_product_sales, by Cairo
 * day), so reading 30 days costs the same however many orders the shop has; the waiting counts use small partial
 * indexes (migration 017). Cancelled orders count nowhere (their stock went back).
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

/** Orders and sales (bigint piastres as text from node-postgres) per Cairo day since the day of `since`; days without orders are missing. */
export const dailySales = (db: Queryable, since: Date) =>
  db.query<{ day: string; orders: number; revenue: string }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(orders)::int AS orders, sum(revenue)::bigint AS revenue
     FROM daily_sales WHERE day >= shop_day($1) GROUP BY day HAVING sum(orders) <> 0`,
    [since],
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
 * The products sold most (then by revenue) in orders placed since the Cairo day of `since`, at most `limit`, from the
 * per-product daily figures (a deleted product's go with it, migration 027): the top rows are picked from the figures
 * alone, and only they are read from products.
 */
export const bestSellers = (db: Queryable, since: Date, limit: number) =>
  db.query<{ id: string; title: string; image_cover: string; sold: number; revenue: string }>(
    `SELECT p.id, p.title, p.image_cover, s.sold, s.revenue
     FROM (SELECT product_id, sum(sold)::int AS sold, sum(revenue)::bigint AS revenue
           FROM daily_product_sales WHERE day >= shop_day($1)
           GROUP BY product_id HAVING sum(sold) > 0
           ORDER BY sold DESC, revenue DESC, product_id LIMIT $2) AS s
     JOIN products p ON p.id = s.product_id
     ORDER BY s.sold DESC, s.revenue DESC, p.id`,
    [since, limit],
  );
