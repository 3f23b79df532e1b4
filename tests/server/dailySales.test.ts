import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertOrder } from '../../server/modules/orders/repository';
import { createProduct, createTestApp, createUser, onPostgres, resetDb, type TestContext } from './helpers';

/**
 * The dashboard's daily figures are kept by the database as orders are written (migrations 021, 032). Orders placed at
 * the same time must not wait for one another there: each would hold the others from its insert to its commit. The
 * race is real only on PostgreSQL, where the transactions run side by side.
 */
describe("the dashboard's daily figures under orders placed at once", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(() => resetDb(t.db));

  /** Today's orders and revenue (piastres) as the dashboard sums them. */
  const today = async () =>
    (await t.db.one<{ orders: number; revenue: number }>(
      `SELECT coalesce(sum(orders), 0)::int AS orders, coalesce(sum(revenue), 0)::int AS revenue
       FROM daily_sales WHERE day = shop_day(now())`,
    ))!;

  it.runIf(onPostgres)(
    '17 orders in 17 open transactions at once (more than a day had rows before): none waits for another, and the day counts all 17',
    async () => {
      const AT_ONCE = 17;
      const user = await createUser(t);
      // A product each: a product's own daily row is shared only by orders that lock that product first.
      const products = await Promise.all(Array.from({ length: AT_ONCE }, () => createProduct(t, { price: 250 })));
      let inserted = 0;
      let allInserted!: () => void;
      const everyOrderIn = new Promise<void>((resolve) => (allInserted = resolve));
      const results = await Promise.allSettled(
        products.map((productId) =>
          t.db.tx(async (tx) => {
            // A wait for another order's transaction fails this one instead of hanging the test.
            await tx.exec("SET LOCAL lock_timeout = '3s'");
            await insertOrder(tx, {
              userId: user.id,
              lines: [{ productId, count: 2, color: '', price: 25_000, product: { _id: productId } }],
              total: 50_000,
              shippingPrice: 0,
              taxPrice: 0,
              coupon: null,
              shippingAddress: { details: 'شارع التحرير 5', phone: '01012345678', city: 'القاهرة', postalCode: '' },
              paymentMethodType: 'cash',
            });
            if (++inserted === AT_ONCE) allInserted();
            // Each transaction stays open until every order is in (or long after a lock wait would have failed one).
            await Promise.race([everyOrderIn, new Promise((resolve) => setTimeout(resolve, 5_000))]);
          }),
        ),
      );
      expect(results.filter((r) => r.status === 'rejected').map((r) => String(r.reason))).toEqual([]);
      expect(await today()).toEqual({ orders: AT_ONCE, revenue: AT_ONCE * 50_000 });
    },
  );
});
