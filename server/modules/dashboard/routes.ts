import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Dashboard } from '../../../common/contract/staff';
import { Type, bearer } from '../../lib/schemas';
import { imageBase } from '../../context';
import { imageUrl } from '../../lib/images';
import { toEgp } from '../../lib/money';
import { requireAuth } from '../../plugins/auth';
import { bestSellers, dailySales, dayWindow, waitingCounts } from './repository';

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
export async function dashboardRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  app.get(
    '/',
    {
      schema: {
        tags: ['dashboard'],
        security: bearer,
        summary: "The owner's figures (manager, admin)",
        response: { 200: Type.Object({ data: Dashboard }) },
      },
      preValidation: requireAuth(ctx, 'manager', 'admin'),
    },
    async () => {
      // Cairo midnight of the first day, as an instant: the daily rows then come from one index range.
      const { today, since } = await dayWindow(ctx.db, SHOP_TIME_ZONE, DAYS);
      const daily = await dailySales(ctx.db, since);
      const counts = await waitingCounts(ctx.db, LOW_STOCK);
      const best = await bestSellers(ctx.db, today, DAYS, BEST_SELLERS);

      const byDay = new Map(daily.map((d) => [d.day, d]));
      const [y, m, d] = today.split('-').map(Number);
      const days = Array.from({ length: DAYS }, (_, i) => {
        const date = new Date(Date.UTC(y, m - 1, d - (DAYS - 1 - i))).toISOString().slice(0, 10);
        const row = byDay.get(date);
        return { date, orders: row?.orders ?? 0, revenue: row ? Number(row.revenue) : 0 };
      });
      const period = (n: number) => {
        const last = days.slice(-n);
        return {
          orders: last.reduce((a, x) => a + x.orders, 0),
          revenue: toEgp(last.reduce((a, x) => a + x.revenue, 0)),
        };
      };
      const base = imageBase(ctx);
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
    },
  );
}
