import { beforeEach, describe, expect, it } from 'vitest';
import {
  createBrand,
  createCategory,
  createProduct,
  createSubcategory,
  createUser,
  onPostgres,
  useTestApp,
  type TestUser,
} from './helpers';

/** The owner's tools (ours): GET /dashboard, `search` on the order list, `withCounts` on catalogue lists. */
const t = useTestApp();
let admin: TestUser;
let manager: TestUser;
let customer: TestUser;
beforeEach(async () => {
  admin = await createUser(t, { role: 'admin' });
  manager = await createUser(t, { role: 'manager' });
  customer = await createUser(t, { name: 'سارة', phone: '01099998888' });
});

const get = (url: string, who?: TestUser) => t.app.inject({ method: 'GET', url, headers: who?.auth });

/** Cairo midnight today as an instant, from the database's own clock (the one the endpoint reads). */
async function cairoMidnight(daysAgo = 0): Promise<Date> {
  const row = await t.db.one<{ at: Date }>(
    `SELECT ((now() AT TIME ZONE 'Africa/Cairo')::date - $1::int)::timestamp AT TIME ZONE 'Africa/Cairo' AS at`,
    [daysAgo],
  );
  return new Date(row!.at);
}

interface OrderRow {
  at: Date;
  total: number;
  paid?: boolean;
  delivered?: boolean;
  lines?: { productId: string; count: number; price: number }[];
  name?: string;
  email?: string;
  phone?: string;
  shippingPhone?: string;
  method?: 'cash' | 'card';
}
/** Inserts an order as checkout would have stored it (prices in EGP). */
async function insertOrder(o: OrderRow) {
  const row = await t.db.one<{ id: string; order_number: number }>(
    `INSERT INTO orders (user_id, user_snapshot, shipping_address, total_order_price, payment_method_type, is_paid, is_delivered, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id, order_number`,
    [
      customer.id,
      { _id: customer.id, name: o.name ?? 'سارة', email: o.email ?? customer.email, phone: o.phone ?? '01099998888' },
      { details: 'شارع النيل 5', phone: o.shippingPhone ?? '01011110000', city: 'الجيزة', postalCode: '' },
      Math.round(o.total * 100),
      o.method ?? 'cash',
      o.paid ?? false,
      o.delivered ?? false,
      o.at,
    ],
  );
  for (const [i, line] of (o.lines ?? []).entries()) {
    await t.db.query(
      `INSERT INTO order_items (order_id, product_id, product_snapshot, count, price, position) VALUES ($1, $2, '{}', $3, $4, $5)`,
      [row!.id, line.productId, line.count, Math.round(line.price * 100), i],
    );
  }
  return row!;
}

describe('GET /api/v1/dashboard', () => {
  it('is for managers and admins: 401 for visitors, 403 for customers', async () => {
    expect((await get('/api/v1/dashboard')).statusCode).toBe(401);
    expect((await get('/api/v1/dashboard', customer)).statusCode).toBe(403);
    expect((await get('/api/v1/dashboard', manager)).statusCode).toBe(200);
    expect((await get('/api/v1/dashboard', admin)).statusCode).toBe(200);
  });

  it('counts orders and sales by Cairo day: today, 7 and 30 days, with their edges', async () => {
    const today = await cairoMidnight();
    const minute = 60_000;
    const phone = await createProduct(t, { title: 'هاتف', quantity: 0 });
    const watch = await createProduct(t, { title: 'ساعة', quantity: 5 });
    const bag = await createProduct(t, { title: 'حقيبة', quantity: 1 });
    await createProduct(t, { title: 'كتاب', quantity: 6 });
    // Today: the first minute of the Cairo day counts, the last minute of yesterday does not.
    await insertOrder({
      at: new Date(today.getTime() + minute),
      total: 100.5,
      lines: [{ productId: phone, count: 1, price: 100.5 }],
    });
    await insertOrder({
      at: new Date(today.getTime() - minute),
      total: 200,
      paid: true,
      lines: [{ productId: watch, count: 4, price: 50 }],
    });
    // Six days ago is inside the last 7 days; seven days ago is only in the 30.
    await insertOrder({
      at: new Date((await cairoMidnight(6)).getTime() + minute),
      total: 300,
      paid: true,
      delivered: true,
      lines: [{ productId: bag, count: 2, price: 150 }],
    });
    await insertOrder({
      at: new Date((await cairoMidnight(6)).getTime() - minute),
      total: 400,
      delivered: true,
      lines: [{ productId: bag, count: 1, price: 400 }],
    });
    // The 30 days begin 29 days before today; the day before is outside everything but the waiting counts.
    await insertOrder({
      at: new Date((await cairoMidnight(29)).getTime() + minute),
      total: 500,
      paid: true,
      delivered: true,
    });
    await insertOrder({
      at: new Date((await cairoMidnight(29)).getTime() - minute),
      total: 10_000,
      lines: [{ productId: phone, count: 50, price: 200 }],
    });

    const res = await get('/api/v1/dashboard', manager);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.timeZone).toBe('Africa/Cairo');
    expect(data.periods).toEqual({
      today: { orders: 1, revenue: 100.5 },
      last7Days: { orders: 3, revenue: 600.5 },
      last30Days: { orders: 5, revenue: 1500.5 },
    });
    expect(data.daily).toHaveLength(30);
    expect(data.daily[29]).toEqual({ date: data.today, orders: 1, revenue: 100.5 });
    expect(data.daily[28]).toMatchObject({ orders: 1, revenue: 200 });
    expect(data.daily[0]).toMatchObject({ orders: 1, revenue: 500 });
    expect(data.daily.reduce((a: number, d: { orders: number }) => a + d.orders, 0)).toBe(5);
    expect(data.awaiting).toEqual({ payment: 3, delivery: 3 });
    expect(data.stock).toEqual({ outOfStock: 1, low: 2, lowThreshold: 5 });
    // Units sold in the 30 days only (the 50 phones are older).
    expect(
      data.bestSellers.map((b: { product: { title: string }; sold: number; revenue: number }) => [
        b.product.title,
        b.sold,
        b.revenue,
      ]),
    ).toEqual([
      ['ساعة', 4, 200],
      ['حقيبة', 3, 700],
      ['هاتف', 1, 100.5],
    ]);
    expect(data.bestSellers[0].product).toEqual({
      _id: watch,
      title: 'ساعة',
      imageCover: 'http://shop.test/products/cover.webp',
    });
  });

  it('leaves cancelled orders out of sales, waiting orders and best sellers', async () => {
    const watch = await createProduct(t, { title: 'ساعة', quantity: 5 });
    await insertOrder({ at: new Date(), total: 100, lines: [{ productId: watch, count: 1, price: 100 }] });
    const cancelled = await insertOrder({
      at: new Date(),
      total: 900,
      lines: [{ productId: watch, count: 9, price: 100 }],
    });
    await t.db.query('UPDATE orders SET is_cancelled = true, cancelled_at = now() WHERE id = $1', [cancelled.id]);
    const { data } = (await get('/api/v1/dashboard', admin)).json();
    expect(data.periods.today).toEqual({ orders: 1, revenue: 100 });
    expect(data.awaiting).toEqual({ payment: 1, delivery: 1 });
    expect(data.bestSellers.map((b: { sold: number }) => b.sold)).toEqual([1]);
  });

  it("lists only products that still exist among the best sellers, and a deleted one's place goes to the next", async () => {
    const titles = ['هاتف', 'ساعة', 'حقيبة', 'كتاب', 'قلم', 'كوب', 'مصباح'];
    const ids: string[] = [];
    for (const [i, title] of titles.entries()) {
      const id = await createProduct(t, { title, quantity: 5 });
      ids.push(id);
      await insertOrder({ at: new Date(), total: 10 * (10 - i), lines: [{ productId: id, count: 10 - i, price: 10 }] });
    }
    const best = async () =>
      (await get('/api/v1/dashboard', admin))
        .json()
        .data.bestSellers.map((b: { product: { title: string } }) => b.product.title);
    expect(await best()).toEqual(titles.slice(0, 5));
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/products/${ids[1]}`, headers: admin.auth })).statusCode,
    ).toBe(204);
    expect(await best()).toEqual(['هاتف', 'حقيبة', 'كتاب', 'قلم', 'كوب']);
  });

  it('keeps best sellers exact as orders of today and of earlier days come and are cancelled between reads', async () => {
    const products: { title: string; id: string }[] = [];
    for (const title of ['هاتف', 'ساعة', 'حقيبة', 'كتاب', 'قلم', 'كوب', 'مصباح', 'وسادة']) {
      products.push({ title, id: await createProduct(t, { title, quantity: 500 }) });
    }
    // What the 30 days' orders say, summed from the orders themselves.
    const expected = async () => {
      const rows = await t.db.query<{ title: string; sold: number }>(
        `SELECT p.title, sum(oi.count)::int AS sold FROM orders o JOIN order_items oi ON oi.order_id = o.id
         JOIN products p ON p.id = oi.product_id
         WHERE NOT o.is_cancelled AND o.created_at >= $1
         GROUP BY p.id, p.title ORDER BY sold DESC, sum(oi.count * oi.price::bigint) DESC, p.id LIMIT 5`,
        [await cairoMidnight(29)],
      );
      return rows.map((r) => [r.title, r.sold]);
    };
    const best = async () =>
      (await get('/api/v1/dashboard', manager))
        .json()
        .data.bestSellers.map((b: { product: { title: string }; sold: number }) => [b.product.title, b.sold]);
    let n = 0;
    const order = async (daysAgo: number) => {
      n++;
      const p = products[(n * 5) % products.length];
      const q = products[(n * 3 + 1) % products.length];
      const at = new Date((await cairoMidnight(daysAgo)).getTime() + 3_600_000);
      return insertOrder({
        at,
        total: 30,
        lines: [
          { productId: p.id, count: 1 + (n % 4), price: 10 },
          { productId: q.id, count: 1 + (n % 3), price: 7 },
        ],
      });
    };
    const cancel = (id: string) =>
      t.db.query('UPDATE orders SET is_cancelled = true, cancelled_at = now() WHERE id = $1', [id]);

    const older = [];
    for (const daysAgo of [1, 3, 12, 29, 30, 45, 2, 7]) older.push(await order(daysAgo));
    expect(await best()).toEqual(await expected());
    // Today's orders count at once, with the sums of the days before kept.
    for (let i = 0; i < 4; i++) await order(0);
    expect(await best()).toEqual(await expected());
    // An earlier day's order cancelled, one placed back-dated (a figure before today changed): exact again.
    await cancel(older[0].id);
    expect(await best()).toEqual(await expected());
    await order(5);
    await cancel(older[3].id);
    expect(await best()).toEqual(await expected());
    // A new day: yesterday's sums are computed again.
    await t.db.query(`UPDATE best_sellers_state SET day = day - 1`);
    await order(0);
    expect(await best()).toEqual(await expected());
    expect((await best()).length).toBe(5);
  });

  it.runIf(onPostgres)(
    'PostgreSQL: an older order cancelled while the day’s sums are being computed is never left out of them',
    async () => {
      const ids: string[] = [];
      for (const title of ['هاتف', 'ساعة', 'حقيبة', 'كتاب', 'قلم', 'كوب', 'مصباح']) {
        ids.push(await createProduct(t, { title, quantity: 500 }));
      }
      const sold = async () => {
        const { data } = (await get('/api/v1/dashboard', manager)).json();
        return data.bestSellers.map((b: { product: { _id: string }; sold: number }) => [b.product._id, b.sold]);
      };
      // What the 30 days' orders say, summed from the orders themselves.
      const expected = async () =>
        (
          await t.db.query<{ id: string; sold: number }>(
            `SELECT oi.product_id AS id, sum(oi.count)::int AS sold FROM orders o JOIN order_items oi ON oi.order_id = o.id
             WHERE NOT o.is_cancelled AND o.created_at >= $1
             GROUP BY oi.product_id ORDER BY sold DESC, sum(oi.count * oi.price::bigint) DESC, oi.product_id LIMIT 5`,
            [await cairoMidnight(29)],
          )
        ).map((r) => [r.id, r.sold]);
      const older = [];
      for (let i = 0; i < 24; i++) {
        const at = new Date((await cairoMidnight(1 + (i % 20))).getTime() + 3_600_000);
        older.push(
          await insertOrder({
            at,
            total: 50,
            lines: [{ productId: ids[i % ids.length], count: 1 + (i % 5), price: 10 }],
          }),
        );
      }
      // The day's computation made slow (after it has read the sums), so that the cancellation lands inside it.
      await t.db.exec(`CREATE FUNCTION slow_sums() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN PERFORM pg_sleep(0.3); RETURN NULL; END $$;
        CREATE TRIGGER slow_sums AFTER INSERT ON best_sellers_before FOR EACH STATEMENT EXECUTE FUNCTION slow_sums()`);
      try {
        expect(await sold()).toEqual(await expected());
        for (const [round, { id }] of older.slice(0, 4).entries()) {
          // The next read computes the sums again: after another older order changed (they are marked stale), or on a
          // new day. Meanwhile staff cancel an older order.
          await t.db.query(
            round % 2 ? 'UPDATE best_sellers_state SET day = day - 1' : 'UPDATE best_sellers_state SET day = NULL',
          );
          const reading = get('/api/v1/dashboard', manager);
          await new Promise((resolve) => setTimeout(resolve, 100));
          await t.db.query('UPDATE orders SET is_cancelled = true, cancelled_at = now() WHERE id = $1', [id]);
          await reading;
          expect(await sold()).toEqual(await expected());
        }
      } finally {
        await t.db.exec('DROP TRIGGER slow_sums ON best_sellers_before; DROP FUNCTION slow_sums()');
      }
    },
  );

  it('follows orders placed and cancelled through the shop: cash orders count at once, a cancelled one goes out again', async () => {
    const [lamp, fan] = [
      await createProduct(t, { title: 'مصباح', price: 120, quantity: 20 }),
      await createProduct(t, { title: 'مروحة', price: 900, quantity: 20 }),
    ];
    const order = async (lines: [string, number][]) => {
      for (const [productId, units] of lines)
        for (let i = 0; i < units; i++)
          await t.app.inject({ method: 'POST', url: '/api/v1/cart', headers: customer.auth, payload: { productId } });
      const cart = (await get('/api/v1/cart', customer)).json().data;
      const placed = await t.app.inject({
        method: 'POST',
        url: `/api/v1/orders/${cart._id}`,
        headers: customer.auth,
        payload: { shippingAddress: { details: 'شارع النيل 5', phone: '01011110000', city: 'الجيزة' } },
      });
      expect(placed.statusCode).toBe(201);
      return placed.json().data._id as string;
    };
    await order([
      [lamp, 3],
      [fan, 1],
    ]);
    const second = await order([[fan, 2]]);

    let { data } = (await get('/api/v1/dashboard', admin)).json();
    expect(data.periods.today).toEqual({ orders: 2, revenue: 120 * 3 + 900 * 3 });
    expect(
      data.bestSellers.map((b: { product: { title: string }; sold: number }) => [b.product.title, b.sold]),
    ).toEqual([
      // As many units each: the one that brought more money first.
      ['مروحة', 3],
      ['مصباح', 3],
    ]);

    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/orders/${second}/cancel`,
      headers: customer.auth,
    });
    expect(cancel.statusCode).toBe(200);
    ({ data } = (await get('/api/v1/dashboard', admin)).json());
    expect(data.periods.today).toEqual({ orders: 1, revenue: 120 * 3 + 900 });
    expect(
      data.bestSellers.map((b: { product: { title: string }; sold: number }) => [b.product.title, b.sold]),
    ).toEqual([
      ['مصباح', 3],
      ['مروحة', 1],
    ]);
  });

  it('answers zeros for a new shop', async () => {
    const { data } = (await get('/api/v1/dashboard', admin)).json();
    expect(data.periods.last30Days).toEqual({ orders: 0, revenue: 0 });
    expect(data.daily.every((d: { orders: number }) => d.orders === 0)).toBe(true);
    expect(data.bestSellers).toEqual([]);
  });
});

describe('GET /api/v1/orders?search= (staff)', () => {
  const numbers = (res: { json: () => { data: { id: number }[] } }) =>
    res
      .json()
      .data.map((o) => o.id)
      .sort((a, b) => a - b);
  beforeEach(async () => {
    const at = new Date();
    await insertOrder({
      at,
      total: 10,
      name: 'أحمد علي',
      email: 'ahmed@example.com',
      phone: '01011112222',
      shippingPhone: '01233334444',
    });
    await insertOrder({
      at,
      total: 20,
      name: 'منى حسن',
      email: 'mona@shop.eg',
      phone: '01155556666',
      shippingPhone: '01555557777',
      paid: true,
      method: 'card',
    });
    await insertOrder({
      at,
      total: 30,
      name: 'Karim',
      email: 'karim_1@example.com',
      phone: '01277778888',
      shippingPhone: '01277778888',
      delivered: true,
    });
  });

  it('finds an order by number, customer phone, delivery phone, e-mail or name (Arabic letters folded)', async () => {
    const search = (s: string) => get(`/api/v1/orders?search=${encodeURIComponent(s)}`, manager);
    expect(numbers(await search('2'))).toEqual([2]);
    expect(numbers(await search('#3'))).toEqual([3]);
    expect(numbers(await search('01155556666'))).toEqual([2]);
    expect(numbers(await search('3333444'))).toEqual([1]);
    expect(numbers(await search('MONA@shop'))).toEqual([2]);
    expect(numbers(await search('احمد'))).toEqual([1]);
    expect(numbers(await search('karim'))).toEqual([3]);
    // LIKE characters are literal: `_` is not a wildcard.
    expect(numbers(await search('karim_'))).toEqual([3]);
    expect(numbers(await search('m_na'))).toEqual([]);
    expect(numbers(await search('example.com'))).toEqual([1, 3]);
    // A whole address finds the orders placed with it, in any letter case, and no other.
    expect(numbers(await search('Ahmed@Example.com'))).toEqual([1]);
    expect(numbers(await search(' karim_1@example.com '))).toEqual([3]);
    expect(numbers(await search('hmed@example.com'))).toEqual([]);
    // Text far longer than any address is searched as text, and answers at once.
    expect(numbers(await search(`a@${'a.'.repeat(5000)}@`))).toEqual([]);
    // Too short to mean anything, or empty: no filter.
    expect(numbers(await search('a'))).toEqual([1, 2, 3]);
    expect(numbers(await search(''))).toEqual([1, 2, 3]);
  });

  it('combines with the filters and the count; a number past int4 is just text', async () => {
    let res = await get('/api/v1/orders?search=example.com&isDelivered=false', admin);
    expect(numbers(res)).toEqual([1]);
    expect(res.json().results).toBe(1);
    res = await get('/api/v1/orders?isPaid=true&paymentMethodType=card', admin);
    expect(numbers(res)).toEqual([2]);
    res = await get('/api/v1/orders?search=99999999999', admin);
    expect(res.statusCode).toBe(200);
    expect(numbers(res)).toEqual([]);
    res = await get('/api/v1/orders?search[x]=1', admin);
    expect(res.statusCode).toBe(200);
  });

  it('is ignored for customers, who only ever see their own orders', async () => {
    const other = await createUser(t);
    expect(numbers(await get('/api/v1/orders?search=mona', customer))).toEqual([1, 2, 3]);
    expect(numbers(await get('/api/v1/orders?search=mona', other))).toEqual([]);
  });
});

describe('GET /api/v1/orders at 1,000 orders and more', () => {
  /** `count` orders of `customer`, newest last, the first `paid` of them paid (one statement, as a shop's history). */
  const insertMany = (count: number, paid: number) =>
    t.db.query(
      `INSERT INTO orders (user_id, user_snapshot, shipping_address, total_order_price, payment_method_type, is_paid, created_at, updated_at)
       SELECT $1, $2, $3, 10000, 'cash', g <= $5, now() - (($4 - g) || ' minutes')::interval, now()
       FROM generate_series(1, $4::int) AS g`,
      [
        customer.id,
        { _id: customer.id, name: 'سارة', email: customer.email, phone: '01099998888' },
        { details: 'شارع النيل 5', phone: '01011110000', city: '', postalCode: '' },
        count,
        paid,
      ],
    );

  it('counts staff lists up to 1,000 and then says "more" (resultsCapped), the newest orders first as always', async () => {
    await insertMany(1_001, 30);
    let res = await get('/api/v1/orders?limit=5', manager);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      results: 1_000,
      resultsCapped: true,
      paginationResult: { currentPage: 1, limit: 5, numberOfPages: 200, nextPage: 2 },
    });
    expect(res.json().data.map((o: { id: number }) => o.id)).toEqual([1_001, 1_000, 999, 998, 997]);
    // A filter that matches fewer is counted exactly, without the flag.
    res = await get('/api/v1/orders?limit=5&isPaid=true', manager);
    expect(res.json().results).toBe(30);
    expect(res.json()).not.toHaveProperty('resultsCapped');
    res = await get('/api/v1/orders?limit=5&isPaid=false&page=2', admin);
    expect(res.json()).toMatchObject({ results: 971 });
    expect(res.json().data.map((o: { id: number }) => o.id)).toEqual([996, 995, 994, 993, 992]);
  });

  it('counts exactly at 1,000', async () => {
    await insertMany(1_000, 0);
    const res = await get('/api/v1/orders?limit=5', manager);
    expect(res.json().results).toBe(1_000);
    expect(res.json()).not.toHaveProperty('resultsCapped');
  });
});

describe('withCounts=1 on catalogue lists', () => {
  it('adds productCount to categories, brands and subcategories from the products that use them', async () => {
    const phones = await createCategory(t, 'هواتف');
    await createCategory(t, 'فارغ');
    const nile = await createBrand(t, 'النيل');
    const smart = await createSubcategory(t, phones, 'ذكية');
    const plain = await createSubcategory(t, phones, 'عادية');
    await createProduct(t, { categoryId: phones, brandId: nile, subcategoryIds: [smart] });
    await createProduct(t, { categoryId: phones, brandId: nile, subcategoryIds: [smart, plain] });
    await createProduct(t, { categoryId: phones });

    const counts = async (url: string) =>
      Object.fromEntries(
        (await get(url)).json().data.map((o: { name: string; productCount: number }) => [o.name, o.productCount]),
      );
    expect(await counts('/api/v1/categories?withCounts=1')).toEqual({ هواتف: 3, فارغ: 0 });
    expect(await counts('/api/v1/brands?withCounts=1')).toEqual({ النيل: 2 });
    expect(await counts('/api/v1/subcategories?withCounts=1')).toEqual({ ذكية: 2, عادية: 1 });
    expect(await counts(`/api/v1/categories/${phones}/subcategories?withCounts=true`)).toEqual({ ذكية: 2, عادية: 1 });
    // Without it the answer is API.md's, unchanged.
    expect((await get('/api/v1/categories')).json().data[0]).not.toHaveProperty('productCount');
  });
});
