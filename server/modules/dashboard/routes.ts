import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, Url, bearer } from '../../lib/schemas';
import { imageBase } from '../../context';
import { imageUrl } from '../../lib/images';
import { toEgp } from '../../lib/money';
import { requireAuth } from '../../plugins/auth';

/** Days are the shop's calendar days (coupon dates are Cairo days too, API.md §9.8). */
export const SHOP_TIME_ZONE = 'Africa/Cairo';
/** At most this many left in stock (and more than none) counts as low. */
export const LOW_STOCK = 5;
const DAYS = 30;
const BEST_SELLERS = 5;

/**
 * GET /dashboard (ours, manager and admin): the owner's figures in one answer, each from an indexed aggregate
 * (migration 017): orders and sales per Cairo day for the last 30 days (today, 7 and 30 days are sums of them),
 * orders waiting for payment or delivery, products out of stock or low, and the best sellers of the 30 days.
 * Sales are the totals of the orders placed (what customers were charged), whether paid yet or not; cancelled orders
 * count nowhere (their stock went back).
 */
const Period = Type.Object({ orders: Type.Integer(), revenue: Type.Number({ description: 'EGP' }) });
const Dashboard = Type.Object({
  timeZone: Type.String(),
  today: Type.String({ description: 'YYYY-MM-DD in the shop time zone' }),
  periods: Type.Object({ today: Period, last7Days: Period, last30Days: Period }),
  daily: Type.Array(Type.Object({ date: Type.String({ description: 'YYYY-MM-DD' }), orders: Type.Integer(), revenue: Type.Number() }), { description: 'The last 30 days, oldest first' }),
  awaiting: Type.Object({ payment: Type.Integer(), delivery: Type.Integer() }),
  stock: Type.Object({ outOfStock: Type.Integer(), low: Type.Integer(), lowThreshold: Type.Integer() }),
  bestSellers: Type.Array(Type.Object({
    product: Type.Object({ _id: Type.String(), title: Type.String(), imageCover: Type.Optional(Url()) }),
    sold: Type.Integer(),
    revenue: Type.Number(),
  })),
});

export async function dashboardRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  app.get('/', {
    schema: { tags: ['dashboard'], security: bearer, summary: "The owner's figures (manager, admin)", response: { 200: Type.Object({ data: Dashboard }) } },
    preValidation: requireAuth(ctx, 'manager', 'admin'),
  }, async (request) => {
    // Cairo midnight of the first day, as an instant: the daily rows then come from one index range.
    const [{ today, since }] = await ctx.db.query<{ today: string; since: Date }>(
      `SELECT to_char(d, 'YYYY-MM-DD') AS today, (d - $2::int)::timestamp AT TIME ZONE $1 AS since
       FROM (SELECT (now() AT TIME ZONE $1)::date AS d) AS t`,
      [SHOP_TIME_ZONE, DAYS - 1],
    );
    const daily = await ctx.db.query<{ day: string; orders: number; revenue: string }>(
      `SELECT to_char((created_at AT TIME ZONE $1)::date, 'YYYY-MM-DD') AS day, count(*)::int AS orders, sum(total_order_price)::bigint AS revenue
       FROM orders WHERE created_at >= $2 AND NOT is_cancelled GROUP BY 1`,
      [SHOP_TIME_ZONE, since],
    );
    const [counts] = await ctx.db.query<{ unpaid: number; undelivered: number; out_of_stock: number; low_stock: number }>(
      `SELECT (SELECT count(*) FROM orders WHERE NOT is_paid AND NOT is_cancelled)::int AS unpaid,
              (SELECT count(*) FROM orders WHERE NOT is_delivered AND NOT is_cancelled)::int AS undelivered,
              (SELECT count(*) FROM products WHERE quantity = 0)::int AS out_of_stock,
              (SELECT count(*) FROM products WHERE quantity BETWEEN 1 AND $1)::int AS low_stock`,
      [LOW_STOCK],
    );
    // The 30 days' order ids first, then their lines by the covering index (not a scan of every line ever sold);
    // lines of deleted products (product_id set to NULL) are left out: there is nothing to restock or link to.
    const best = await ctx.db.query<{ id: string; title: string; image_cover: string; sold: number; revenue: string }>(
      `SELECT p.id, p.title, p.image_cover, s.sold, s.revenue
       FROM (SELECT oi.product_id, sum(oi.count)::int AS sold, sum(oi.count * oi.price::bigint)::bigint AS revenue
             FROM order_items oi
             WHERE oi.order_id = ANY(ARRAY(SELECT id FROM orders WHERE created_at >= $1 AND NOT is_cancelled)) AND oi.product_id IS NOT NULL
             GROUP BY oi.product_id ORDER BY sold DESC, revenue DESC, oi.product_id LIMIT $2) AS s
       JOIN products p ON p.id = s.product_id
       ORDER BY s.sold DESC, s.revenue DESC, p.id`,
      [since, BEST_SELLERS],
    );

    const byDay = new Map(daily.map((d) => [d.day, d]));
    const [y, m, d] = today.split('-').map(Number);
    const days = Array.from({ length: DAYS }, (_, i) => {
      const date = new Date(Date.UTC(y, m - 1, d - (DAYS - 1 - i))).toISOString().slice(0, 10);
      const row = byDay.get(date);
      return { date, orders: row?.orders ?? 0, revenue: row ? Number(row.revenue) : 0 };
    });
    const period = (n: number) => {
      const last = days.slice(-n);
      return { orders: last.reduce((a, x) => a + x.orders, 0), revenue: toEgp(last.reduce((a, x) => a + x.revenue, 0)) };
    };
    const base = imageBase(request, ctx);
    return {
      data: {
        timeZone: SHOP_TIME_ZONE,
        today,
        periods: { today: period(1), last7Days: period(7), last30Days: period(30) },
        daily: days.map((x) => ({ ...x, revenue: toEgp(x.revenue) })),
        awaiting: { payment: counts.unpaid, delivery: counts.undelivered },
        stock: { outOfStock: counts.out_of_stock, low: counts.low_stock, lowThreshold: LOW_STOCK },
        bestSellers: best.map((p) => ({
          product: { _id: p.id, title: p.title, imageCover: imageUrl(base, 'products', p.image_cover) },
          sold: p.sold,
          revenue: toEgp(Number(p.revenue)),
        })),
      },
    };
  });
}
