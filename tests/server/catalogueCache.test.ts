import pg from 'pg';
import { loadConfig } from '../../server/config';
import { DatabaseUnreachableError } from '../../server/db';
import { orderMailsSettled } from '../../server/mail/orderMail';
import { CATALOGUE_TABLES, PRODUCT_PAGE_TABLES } from '../../server/modules/catalogue/products/repository';
import { createBrand, createCategory, createProduct, createUser, onPostgres, useTestApp } from './helpers';

/**
 * The answers of the product list, its search and the suggestions are kept (server/lib/answerCache.ts) until a write
 * names a table they read: the same question asked again costs the database nothing, and no shopper sees a list older
 * than the shop's last change made through it.
 */
const KEPT_MS = 2_000;
const t = useTestApp({ catalogueCacheMs: KEPT_MS });

/** The statements the database ran while `fn` ran (the app's handle is the test's `t.db`). */
async function statementsDuring(fn: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const { query, one } = t.db;
  t.db.query = ((text: string, params?: unknown[]) => (seen.push(text), query(text, params))) as typeof query;
  t.db.one = ((text: string, params?: unknown[]) => (seen.push(text), one(text, params))) as typeof one;
  try {
    await fn();
  } finally {
    Object.assign(t.db, { query, one });
  }
  return seen;
}

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const pricesOf = (list: { data: { title: string; price: number }[] }) =>
  Object.fromEntries(list.data.map((p) => [p.title, p.price]));

const LIST = `/api/v1/products?keyword=${encodeURIComponent('قميص')}`;
const SUGGEST = `/api/v1/products/suggestions?keyword=${encodeURIComponent('قمي')}`;

async function shirts() {
  const categoryId = await createCategory(t, 'ملابس رجالي');
  const brandId = await createBrand(t, 'كوتون');
  const first = await createProduct(t, { title: 'قميص قطن أبيض', price: 300, categoryId, brandId });
  const second = await createProduct(t, { title: 'قميص كتان أزرق', price: 450, categoryId, brandId });
  return { categoryId, brandId, first, second };
}

describe('the product, category and brand lists and the suggestions keep their answers', () => {
  it('the same list, search and suggestions asked again are answered without asking the database', async () => {
    await shirts();
    const plain = '/api/v1/products?sort=-price&limit=8';
    for (const url of [LIST, SUGGEST, plain]) {
      const first = await get(url);
      const statements = await statementsDuring(async () => expect(await get(url)).toEqual(first));
      expect(statements, url).toEqual([]);
    }
    // Another question is read from the database.
    expect(await statementsDuring(() => get(`${plain}&page=2`))).not.toEqual([]);
  });

  it('a change made through the shop shows on the very next list: an owner’s new price, a sale, a new product', async () => {
    const { first } = await shirts();
    expect(pricesOf(await get(LIST))).toEqual({ 'قميص قطن أبيض': 300, 'قميص كتان أزرق': 450 });

    const admin = await createUser(t, { role: 'admin' });
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/products/${first}`,
      headers: { ...admin.auth, 'content-type': 'application/json' },
      payload: { price: 280 },
    });
    expect(changed.statusCode).toBe(200);
    expect(pricesOf(await get(LIST))).toEqual({ 'قميص قطن أبيض': 280, 'قميص كتان أزرق': 450 });

    // Written by other code of this process (an order taking stock, a job), straight to the database.
    await t.db.query('UPDATE products SET quantity = 0 WHERE id = $1', [first]);
    const outOfStock = await get(LIST);
    expect(outOfStock.data.find((p: { _id: string }) => p._id === first).quantity).toBe(0);

    await createProduct(t, { title: 'قميص جينز' });
    expect(Object.keys(pricesOf(await get(LIST))).sort()).toEqual(['قميص جينز', 'قميص قطن أبيض', 'قميص كتان أزرق']);
    const suggested = await get(SUGGEST);
    expect(suggested.data.products.map((p: { title: string }) => p.title)).toContain('قميص جينز');
  });

  it('a renamed brand and a deleted category change the suggestions at once', async () => {
    const { brandId } = await shirts();
    const categoryId = await createCategory(t, 'ملابس أطفال');
    const brands = `/api/v1/products/suggestions?keyword=${encodeURIComponent('كوت')}`;
    expect((await get(brands)).data.brands).toEqual([{ _id: brandId, name: 'كوتون' }]);
    await t.db.query("UPDATE brands SET name = 'قطنية' WHERE id = $1", [brandId]);
    expect((await get(brands)).data.brands).toEqual([]);

    const categories = `/api/v1/products/suggestions?keyword=${encodeURIComponent('أطفال')}`;
    expect((await get(categories)).data.categories).toEqual([{ _id: categoryId, name: 'ملابس أطفال' }]);
    await t.db.query('DELETE FROM categories WHERE id = $1', [categoryId]);
    expect(await get(categories)).toEqual({ data: { products: [], categories: [], brands: [] } });
  });

  it('the category and brand lists keep theirs too; a new one shows at once; the counted lists of the admin are read each time', async () => {
    await shirts();
    for (const kind of ['categories', 'brands'] as const) {
      const url = `/api/v1/${kind}?limit=50`;
      const first = await get(url);
      expect(await statementsDuring(async () => expect(await get(url)).toEqual(first))).toEqual([]);
      const counted = `${url}&withCounts=1`;
      await get(counted);
      expect(await statementsDuring(() => get(counted))).not.toEqual([]);
    }
    await createCategory(t, 'أحذية');
    await createBrand(t, 'نايكي');
    expect((await get('/api/v1/categories?limit=50')).data.map((c: { name: string }) => c.name)).toContain('أحذية');
    expect((await get('/api/v1/brands?limit=50')).data.map((b: { name: string }) => b.name)).toContain('نايكي');
  });

  it('a product’s page keeps its answer; a new review, its rating and its author’s new name show at once', async () => {
    const { first } = await shirts();
    const page = `/api/v1/products/${first}`;
    const before = await get(page);
    expect(await statementsDuring(async () => expect(await get(page)).toEqual(before))).toEqual([]);

    const shopper = await createUser(t, { name: 'منى' });
    const reviewed = await t.app.inject({
      method: 'POST',
      url: `${page}/reviews`,
      headers: shopper.auth,
      payload: { review: 'قماش ممتاز', rating: 4 },
    });
    expect(reviewed.statusCode).toBe(201);
    const after = (await get(page)).data;
    expect([after.ratingsAverage, after.ratingsQuantity]).toEqual([4, 1]);
    expect(after.reviews.map((r: { review: string; user: { name: string } }) => [r.review, r.user.name])).toEqual([
      ['قماش ممتاز', 'منى'],
    ]);

    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/updateMe',
      headers: shopper.auth,
      payload: { name: 'منى أحمد' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await get(page)).data.reviews[0].user.name).toBe('منى أحمد');
  });

  it('the same question asked by many at once is read once', async () => {
    await shirts();
    const many = await statementsDuring(() => Promise.all(Array.from({ length: 6 }, () => get(LIST))));
    // A change drops the kept answer, so the same question is read again, alone.
    await t.db.query('UPDATE products SET quantity = quantity + 1');
    const one = await statementsDuring(() => get(LIST));
    expect(one.length).toBeGreaterThan(0);
    expect(many).toEqual(one);
  });

  it('a failed read is not kept: the next request asks again', async () => {
    await shirts();
    const realQuery = t.db.query;
    const dropped = Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' });
    t.db.query = (() => Promise.reject(new DatabaseUnreachableError(dropped))) as typeof t.db.query;
    const failed = await t.app.inject({ method: 'GET', url: LIST });
    t.db.query = realQuery;
    expect(failed.statusCode).toBe(503);
    expect(Object.keys(pricesOf(await get(LIST)))).toHaveLength(2);
  });

  it('every table the cached reads read is watched, and no trigger writes one from a table that is not', async () => {
    const { first, categoryId, brandId } = await shirts();
    const shopper = await createUser(t);
    const review = { review: 'جيد', rating: 5 };
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/products/${first}/reviews`,
      headers: shopper.auth,
      payload: review,
    });
    const reads: [RegExp, string[]][] = [
      [
        CATALOGUE_TABLES,
        [
          '/api/v1/products',
          `/api/v1/products?category=${categoryId}&brand[in][]=${brandId}&price[gt]=100&sort=-sold`,
          LIST,
          `/api/v1/products?keyword=${encodeURIComponent('قميص ابيض')}&sort=price`,
          // A typo: the similar words of the shop's vocabulary are read too.
          `/api/v1/products?keyword=${encodeURIComponent('قمبص')}`,
          SUGGEST,
          `/api/v1/products/suggestions?keyword=${encodeURIComponent('كوتون')}`,
          '/api/v1/categories',
          '/api/v1/brands?sort=name',
        ],
      ],
      [PRODUCT_PAGE_TABLES, [`/api/v1/products/${first}`]],
    ];
    const tables = new Set(
      (
        await t.db.query<{ name: string }>(
          'SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()',
        )
      ).map((r) => r.name),
    );
    const triggers = await t.db.query<{ tablename: string; source: string }>(
      `SELECT c.relname AS tablename, p.prosrc AS source FROM pg_trigger tr
       JOIN pg_class c ON c.oid = tr.tgrelid JOIN pg_proc p ON p.oid = tr.tgfoid WHERE NOT tr.tgisinternal`,
    );
    expect(triggers.length).toBeGreaterThan(0);
    for (const [watched, urls] of reads) {
      const statements = await statementsDuring(async () => {
        for (const url of urls) await get(url);
      });
      const read = statements.flatMap((sql) =>
        [...sql.matchAll(/\b(?:FROM|JOIN)\s+([a-z_]+)\b(?!\s*\()/gi)].map((m) => m[1]),
      );
      const readTables = [...new Set(read)].filter((name) => tables.has(name));
      expect(readTables).toEqual(expect.arrayContaining(['products']));
      expect(readTables.filter((name) => !watched.test(name))).toEqual([]);
      // A trigger on a table that is not watched must not write one that is.
      const writes = new RegExp(`\\b(INSERT\\s+INTO|UPDATE|DELETE\\s+FROM)\\s+${watched.source}`, 'i');
      const fromElsewhere = triggers.filter((tr) => !watched.test(tr.tablename) && writes.test(tr.source));
      expect(fromElsewhere).toEqual([]);
    }
  });
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, auth?: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: auth, payload });
const readsOf = (statements: string[], table: string) =>
  statements.filter((sql) => new RegExp(`\\bFROM\\s+${table}\\b`, 'i').test(sql));

/** A cash order of one `product` by `user` to `shippingAddress`, its mails sent; answers the order. */
async function cashOrder(user: { auth: Record<string, string> }, product: string, shippingAddress: object) {
  const cartId = (await api('POST', '/cart', user.auth, { productId: product })).json().data._id;
  const res = await api('POST', `/orders/${cartId}`, user.auth, { shippingAddress });
  expect(res.statusCode, res.body).toBe(201);
  await orderMailsSettled();
  return res.json().data;
}

describe("the governorates and the shop's settings are kept reads", () => {
  it('a cash order checks and locates its address and mails the owner without reading them again; a change shows at once', async () => {
    const user = await createUser(t);
    const admin = await createUser(t, { role: 'admin' });
    expect((await api('PUT', '/shop/settings', admin.auth, { staffEmail: 'owner@shop.eg' })).statusCode).toBe(200);
    const product = await createProduct(t, { title: 'مج سيراميك', price: 120, quantity: 50 });
    const shippingAddress = { details: 'شارع التحرير 5', phone: '01012345678', city: 'الدقي', governorate: 'EG-GZ' };
    const order = async () => (await cashOrder(user, product, shippingAddress)).shippingAddress.governorateName;
    expect(await order()).toBe('الجيزة');
    // Read once for the first order (and the settings once more in each order's own transaction, for its prices).
    const statements = await statementsDuring(order);
    expect(readsOf(statements, 'governorates')).toEqual([]);
    expect(readsOf(statements, 'shop_settings')).toEqual([]);

    // The owner renames the governorate: the very next order keeps the new name.
    expect((await api('PATCH', '/delivery/governorates/EG-GZ', admin.auth, { name: 'محافظة الجيزة' })).statusCode).toBe(
      200,
    );
    expect(await order()).toBe('محافظة الجيزة');
    // The storefront's shop answer is kept too, and shows the owner's new name at once.
    expect((await api('GET', '/shop')).json().data.shopName).not.toBe('متجر النيل');
    expect(await statementsDuring(() => api('GET', '/shop'))).toEqual([]);
    expect((await api('PUT', '/shop/settings', admin.auth, { shopName: 'متجر النيل' })).statusCode).toBe(200);
    expect((await api('GET', '/shop')).json().data.shopName).toBe('متجر النيل');
  });
});

describe('the account a token names is a kept read', () => {
  const asUser = (who: { auth: Record<string, string> }, url = '/addresses') => api('GET', url, who.auth);

  it('a signed-in request reads the account once; an order does not drop it, a change to the account counts at once', async () => {
    const user = await createUser(t);
    expect((await asUser(user)).statusCode).toBe(200);
    expect(readsOf(await statementsDuring(() => asUser(user)), 'users')).toEqual([]);

    // An order names the users table (its customer's snapshot) without writing it: the account stays kept.
    const product = await createProduct(t, { price: 120, quantity: 5 });
    await cashOrder(user, product, { details: 'شارع التحرير 5', phone: '01012345678', city: 'الدقي' });
    expect(readsOf(await statementsDuring(() => asUser(user)), 'users')).toEqual([]);

    // A manager made a customer again sees only their own orders on the very next request.
    const manager = await createUser(t, { role: 'manager' });
    expect((await asUser(manager, '/orders')).statusCode).toBe(200);
    await t.db.query(`UPDATE users SET role = 'user' WHERE id = $1`, [manager.id]);
    const orders = await asUser(manager, '/orders');
    expect(orders.statusCode).toBe(200);
    expect(orders.json().results).toBe(0); // a customer's own orders: none

    // Deactivated: refused at once.
    await t.db.query('UPDATE users SET active = false WHERE id = $1', [user.id]);
    const refused = await asUser(user);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('The user that belong to this token does no longer exist');
  });
});

describe.runIf(onPostgres)('on PostgreSQL, where other connections write', () => {
  it('a list read while a change is under way is not kept past its commit', async () => {
    const { first } = await shirts();
    expect(pricesOf(await get(LIST))['قميص قطن أبيض']).toBe(300);
    let commit!: () => void;
    const open = new Promise<void>((resolve) => (commit = resolve));
    let changed!: () => void;
    const updated = new Promise<void>((resolve) => (changed = resolve));
    const change = t.db.tx(async (tx) => {
      await tx.query('UPDATE products SET price = 25000 WHERE id = $1', [first]);
      changed();
      await open;
    });
    await updated;
    // Read while the change is not committed: the old price, as PostgreSQL answers.
    expect(pricesOf(await get(LIST))['قميص قطن أبيض']).toBe(300);
    commit();
    await change;
    expect(pricesOf(await get(LIST))['قميص قطن أبيض']).toBe(250);
  });

  it('a change written by another process shows within CATALOGUE_CACHE_MS', async () => {
    const { first } = await shirts();
    expect(pricesOf(await get(LIST))['قميص قطن أبيض']).toBe(300);
    const [{ name }] = await t.db.query<{ name: string }>('SELECT current_database() AS name');
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const elsewhere = new pg.Client({ connectionString: url.toString() });
    await elsewhere.connect();
    try {
      await elsewhere.query('UPDATE products SET price = 19900 WHERE id = $1', [first]);
    } finally {
      await elsewhere.end();
    }
    // Unseen by this process's writes, so it shows once the kept answer is older than KEPT_MS.
    await expect
      .poll(async () => pricesOf(await get(LIST))['قميص قطن أبيض'], { interval: 250, timeout: 15_000 })
      .toBe(199);
  });
});

describe('CATALOGUE_CACHE_MS', () => {
  it('keeps answers 5 s in one process, none with REDIS_URL (several processes), and takes a whole number of ms', () => {
    expect(loadConfig({}).catalogueCacheMs).toBe(5_000);
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).catalogueCacheMs).toBe(0);
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', CATALOGUE_CACHE_MS: '1000' }).catalogueCacheMs).toBe(
      1_000,
    );
    expect(loadConfig({ CATALOGUE_CACHE_MS: '0' }).catalogueCacheMs).toBe(0);
    expect(() => loadConfig({ CATALOGUE_CACHE_MS: 'five' })).toThrow(/CATALOGUE_CACHE_MS/);
  });
});
