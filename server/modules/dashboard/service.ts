import type { AppContext } from '../../context';
import type { Db } from '../../db';
import { imageBase } from '../../context';
import { toEgp } from '../../lib/money';
import {
  bestSellers,
  bestSellersFresh,
  dailySales,
  dayWindow,
  lockBestSellersState,
  sumDaysBeforeToday,
  waitingCounts,
} from './repository';
import { bestSellerJson } from './serialize';

/** Days are the shop's calendar days (coupon dates are Cairo days too, API.md §9.8). */
export const SHOP_TIME_ZONE = 'Africa/Cairo';
/** At most this many left in stock (and more than none) counts as low. */
export const LOW_STOCK = 5;
const DAYS = 30;
const BEST_SELLERS = 5;

/**
 * The sums of the days before today, computed again on the first read of a day or after an older order changed. The
 * state row is locked first: reads that find the sums stale wait for one computation, and an older order's change
 * (whose trigger marks the sums stale) waits for it to commit, so its mark is never overwritten by sums that do not
 * include it.
 */
async function freshBestSellers(db: Db, today: string) {
  if (!(await bestSellersFresh(db, today)))
    await db.tx(async (tx) => {
      if (!(await lockBestSellersState(tx, today))) await sumDaysBeforeToday(tx, today, DAYS);
    });
  return bestSellers(db, today, BEST_SELLERS);
}

/**
 * The owner's figures in one answer, each from an indexed aggregate (migration 017): orders and sales per Cairo day
 * for the last 30 days (today, 7 and 30 days are sums of them), orders waiting for payment or delivery, products out
 * of stock or low, and the best sellers of the 30 days. Sales are the totals of the orders placed (what customers
 * were charged), whether paid yet or not; cancelled orders count nowhere (their stock went back).
 */
export async function dashboardFigures(ctx: AppContext) {
  // Cairo midnight of the first day, as an instant: the daily rows then come from one index range.
  const { today, since } = await dayWindow(ctx.db, SHOP_TIME_ZONE, DAYS);
  const daily = await dailySales(ctx.db, since);
  const counts = await waitingCounts(ctx.db, LOW_STOCK);
  const best = await freshBestSellers(ctx.db, today);

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
    timeZone: SHOP_TIME_ZONE,
    today,
    periods: { today: period(1), last7Days: period(7), last30Days: period(30) },
    daily: days.map((x) => ({ ...x, revenue: toEgp(x.revenue) })),
    awaiting: { payment: counts.unpaid, delivery: counts.undelivered },
    stock: { outOfStock: counts.out_of_stock, low: counts.low_stock, lowThreshold: LOW_STOCK },
    bestSellers: best.map((p) => bestSellerJson(base, p)),
  };
}
