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

/** Whether best_sellers_before holds the sums of the days before `today` (false, too, before the first computation). */
export async function bestSellersFresh(db: Queryable, today: string) {
  const [state] = await db.query<{ fresh: boolean }>(`SELECT day = $1::date AS fresh FROM best_sellers_state`, [today]);
  return state?.fresh === true;
}

/**
 * The products sold most (then by revenue) in the last Cairo days up to `today`, at most `limit`: the sums of the days
 * before today in best_sellers_before plus today's rows, for the products sold today and the best before today only
 * (where the best of all must be). A deleted product's figures go with it (migrations 027, 028).
 */
export const bestSellers = (db: Queryable, today: string, limit: number) =>
  db.query<{ id: string; title: string; image_cover: string; sold: number; revenue: string }>(
    `WITH today AS (SELECT product_id, sold, revenue FROM daily_product_sales WHERE day = $1::date),
          best_before AS (SELECT product_id FROM best_sellers_before ORDER BY sold DESC, revenue DESC, product_id LIMIT $2),
          totals AS (
            SELECT c.product_id, coalesce(b.sold, 0) + coalesce(t.sold, 0) AS sold,
                   coalesce(b.revenue, 0) + coalesce(t.revenue, 0) AS revenue
            FROM (SELECT product_id FROM today UNION SELECT product_id FROM best_before) c
            -- One look-up by key per candidate (OFFSET 0 keeps the planner from making it a join): counting on
            -- thousands of products sold today, the planner would read and hash every row of best_sellers_before.
            LEFT JOIN LATERAL (SELECT sold, revenue FROM best_sellers_before
                               WHERE product_id = c.product_id OFFSET 0) b ON true
            LEFT JOIN today t ON t.product_id = c.product_id)
     SELECT p.id, p.title, p.image_cover, s.sold::int AS sold, s.revenue::bigint AS revenue
     FROM (SELECT * FROM totals WHERE sold > 0 ORDER BY sold DESC, revenue DESC, product_id LIMIT $2) s
     JOIN products p ON p.id = s.product_id
     ORDER BY s.sold DESC, s.revenue DESC, p.id`,
    [today, limit],
  );

/** Locks the best sellers' state row (made on first use) until the transaction ends; true when its sums are today's. */
export async function lockBestSellersState(tx: Queryable, today: string) {
  await tx.query('INSERT INTO best_sellers_state (day) VALUES (NULL) ON CONFLICT DO NOTHING');
  const [state] = await tx.query<{ fresh: boolean }>(
    'SELECT day = $1::date AS fresh FROM best_sellers_state FOR UPDATE',
    [today],
  );
  return state.fresh;
}

/** Sums the `days - 1` days before `today` per product into best_sellers_before, and marks them today's. */
export async function sumDaysBeforeToday(tx: Queryable, today: string, days: number) {
  await tx.query('DELETE FROM best_sellers_before');
  await tx.query(
    `INSERT INTO best_sellers_before (product_id, sold, revenue)
     SELECT product_id, sum(sold), sum(revenue) FROM daily_product_sales
     WHERE day >= $1::date - $2::int AND day < $1::date
     GROUP BY product_id HAVING sum(sold) > 0`,
    [today, days - 1],
  );
  await tx.query('UPDATE best_sellers_state SET day = $1::date', [today]);
}
