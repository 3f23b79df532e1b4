import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { openDatabase, type Db } from '../server/db';
import { signToken } from '../server/plugins/auth';
import { generateCatalogue, generateCustomers, generateOrders, prng, SEARCH_WORDS } from './generate';

/**
 * The API under test, in its own process so the load generator does not share its event loop.
 * Started by bench/api.ts with fork(); it opens a fresh database (a temporary PGlite folder, or the
 * PostgreSQL database named by BENCH_DB_URL), generates the catalogue and the shoppers, captures
 * the query plans of the catalogue reads, listens on a free loopback port and reports a Fixture.
 */

export interface Fixture {
  baseUrl: string;
  generateMs: number;
  categoryIds: string[];
  brandIds: string[];
  productIds: string[];
  searchWords: string[];
  /** Tokens of shoppers with no cart (add to cart). */
  addTokens: string[];
  /** Shoppers who already hold a cart with two lines (apply coupon). */
  couponTokens: string[];
  /** Shoppers with a cart to check out: one cash order each. */
  orders: { token: string; cartId: string }[];
  couponName: string;
  /** A manager's token (the dashboard, the order list). */
  staffToken: string;
  /** Past orders and the customers who placed them. */
  pastOrders: number;
  customers: number;
  /** What staff type in the order search: order numbers, phones, e-mails, whole and first names of real customers. */
  orderSearches: string[];
  /** Customers with past orders (their order list). */
  customerTokens: string[];
  plans: { name: string; url: string; sql: string; plan: string }[];
}

const size = Number(process.env.BENCH_PRODUCTS);
const orderCarts = Number(process.env.BENCH_ORDER_CARTS) || 4000;
/** Past orders (about 2.5 lines each, over three years) and the customers who placed them. */
const pastOrders = Number(process.env.BENCH_PAST_ORDERS) || size;
const customerCount = Number(process.env.BENCH_CUSTOMERS) || Math.max(1000, Math.round(pastOrders / 5));
const COUPON = 'BENCH10';

/** A Db that records the statements it runs while `recording` is on (for EXPLAIN of the real queries). */
function recordingDb(db: Db) {
  const state = { recording: false, seen: [] as { sql: string; params: unknown[] }[] };
  const note = (sql: string, params?: unknown[]) => state.recording && state.seen.push({ sql, params: params ?? [] });
  const wrapped: Db = {
    kind: db.kind,
    query: (sql, params) => (note(sql, params), db.query(sql, params)),
    one: (sql, params) => (note(sql, params), db.one(sql, params)),
    exec: (sql) => db.exec(sql),
    tx: (fn, options) => db.tx(fn, options),
    exclusive: (fn) => db.exclusive(fn),
    watchWrites: (tables, onChange) => db.watchWrites(tables, onChange),
    close: () => db.close(),
  };
  return { db: wrapped, state };
}

async function insertShoppers(db: Db, count: number, prefix: string): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO users (name, slug, email, phone, password_hash, role)
     SELECT 'متسوق ' || g, 'shopper-' || g, $1 || g || '@bench.local', '01012345678', 'x', 'user' FROM generate_series(1, $2::int) g
     RETURNING id`,
    [prefix, count],
  );
  return rows.map((r) => r.id);
}

/** Gives each user a cart with two catalogue lines priced as the server prices them. */
async function fillCarts(db: Db, userIds: string[], productIds: string[], salt: number): Promise<string[]> {
  const carts = await db.query<{ id: string; user_id: string }>(
    'INSERT INTO carts (user_id) SELECT unnest($1::uuid[]) RETURNING id, user_id',
    [userIds],
  );
  const cartByUser = new Map(carts.map((c) => [c.user_id, c.id]));
  const cartIds = userIds.map((u) => cartByUser.get(u)!);
  const lineCart: string[] = [];
  const lineProduct: string[] = [];
  cartIds.forEach((cartId, i) => {
    for (const k of [1, 2]) {
      lineCart.push(cartId);
      lineProduct.push(productIds[(i * 7919 * k + salt * k) % productIds.length]);
    }
  });
  await db.query(
    // Each line of its product's first variant (a product in sizes has no implicit one), at that variant's price.
    `INSERT INTO cart_items (cart_id, product_id, variant_id, count, color, price)
     SELECT l.cart_id, p.id, v.id, 1, '', variant_effective_price(v.price, v.price_after_discount, p.price, p.price_after_discount)
     FROM unnest($1::uuid[], $2::uuid[]) AS l(cart_id, product_id) JOIN products p ON p.id = l.product_id
       CROSS JOIN LATERAL (SELECT id, price, price_after_discount FROM product_variants
                           WHERE product_id = p.id AND archived_at IS NULL ORDER BY position LIMIT 1) v
     ON CONFLICT DO NOTHING`,
    [lineCart, lineProduct],
  );
  return cartIds;
}

/** Stops on the parent's 'stop' message. */
function stopOnMessage(close: () => Promise<void>) {
  process.on('message', async (message: { type: string }) => {
    if (message.type !== 'stop') return;
    await close();
    process.exit(0);
  });
}

/** BENCH_SERVE_ONLY=1: one more process serving the PostgreSQL database another one generated (two-process runs). */
async function serveOnly(dataDir: string, databaseUrl: string) {
  const app = await buildApp({
    config: {
      nodeEnv: 'production',
      publicBaseUrl: process.env.BENCH_PUBLIC_BASE_URL || 'http://127.0.0.1',
      logLevel: 'warn',
      dataDir,
      databaseUrl,
      rateLimits: false,
      seedDemo: false,
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  process.send!({ type: 'ready', fixture: { baseUrl } });
  stopOnMessage(async () => {
    await app.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });
}

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-bench-'));
  const databaseUrl = process.env.BENCH_DB_URL || undefined;
  if (process.env.BENCH_SERVE_ONLY === '1' && databaseUrl) return serveOnly(dataDir, databaseUrl);
  // No statement limit on this connection: it also generates the catalogue (bulk inserts, VACUUM ANALYZE of 100,000
  // products), which takes far longer than any shopper's read may.
  const { db, state } = recordingDb(
    await openDatabase(databaseUrl ? { databaseUrl, statementTimeoutMs: 0 } : { dataDir }),
  );
  const app = await buildApp({
    db,
    config: {
      nodeEnv: 'production',
      // Production needs it to start; the real address replaces it once the server listens.
      publicBaseUrl: 'http://127.0.0.1',
      logLevel: 'warn',
      dataDir,
      rateLimits: false,
      seedDemo: false,
    },
  });

  const started = Date.now();
  const catalogue = await generateCatalogue(db, { products: size, storage: app.ctx.storage });

  const addUsers = await insertShoppers(db, 3000, 'add');
  const couponUsers = await insertShoppers(db, 1000, 'coupon');
  const orderUsers = await insertShoppers(db, orderCarts, 'order');
  const customers = await generateCustomers(db, customerCount);
  await generateOrders(db, { count: pastOrders, customers, productIds: catalogue.productIds, years: 3 });
  const generatedMs = Date.now() - started;
  const sample = prng(11);
  const someCustomers = Array.from({ length: 2000 }, () => customers[Math.floor(sample() * customers.length)]);
  const orderSearches = someCustomers.slice(0, 400).flatMap((c, i) => [
    String(1 + Math.floor(sample() * pastOrders)),
    `#${1 + Math.floor(sample() * pastOrders)}`,
    c.phone,
    c.email,
    c.name,
    // A first name alone: thousands of orders match it.
    ...(i % 4 === 0 ? [c.name.split(' ')[0]] : []),
  ]);
  const [manager] = await db.query<{ id: string }>(
    `INSERT INTO users (name, slug, email, password_hash, role) VALUES ('مدير', 'manager', 'manager@bench.local', 'x', 'manager') RETURNING id`,
  );
  await fillCarts(db, couponUsers, catalogue.productIds, 1);
  const orderCartIds = await fillCarts(db, orderUsers, catalogue.productIds, 2);
  await db.query(`INSERT INTO coupons (name, expire, discount) VALUES ($1, now() + interval '30 days', 10)`, [COUPON]);
  await db.exec('ANALYZE users; ANALYZE carts; ANALYZE cart_items');
  // The generated rows written out now, as a settled database would have them: otherwise the checkpoint after a
  // million orders flushes gigabytes while the scenarios run, and every figure pays for it.
  if (db.kind === 'postgres') await db.exec('CHECKPOINT');
  const tokens = async (ids: string[]) => Promise.all(ids.map((id) => signToken(app.ctx, id)));

  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  app.ctx.config.publicBaseUrl = baseUrl;

  // The plans of the statements the catalogue reads really run, with their real parameters.
  const category = catalogue.categories[3];
  const planned = [
    { name: 'product list (newest, page 3)', url: '/api/v1/products?limit=8&page=3' },
    { name: 'product list sorted by price', url: '/api/v1/products?limit=8&page=2&sort=%2Bprice' },
    { name: 'keyword search', url: `/api/v1/products?sort=&limit=8&keyword=${encodeURIComponent(SEARCH_WORDS[0])}` },
    {
      name: 'filtered search',
      url: `/api/v1/products?sort=-sold&limit=8&category[in][]=${category.id}&brand[in][]=${catalogue.brands[2]}&price[gt]=100&price[lte]=5000`,
    },
    {
      name: 'search suggestions (2 letters)',
      url: `/api/v1/products/suggestions?keyword=${encodeURIComponent(SEARCH_WORDS[0].slice(0, 2))}`,
    },
    {
      name: 'search suggestions (a word)',
      url: `/api/v1/products/suggestions?keyword=${encodeURIComponent(SEARCH_WORDS[1])}`,
    },
    { name: 'product detail', url: `/api/v1/products/${catalogue.productIds[1234 % catalogue.productIds.length]}` },
    { name: 'category list', url: '/api/v1/categories' },
    { name: 'dashboard', url: '/api/v1/dashboard' },
    { name: 'order search (a phone)', url: `/api/v1/orders?page=1&limit=5&search=${customers[7].phone}` },
    {
      name: 'order search (a first name)',
      url: `/api/v1/orders?page=1&limit=5&search=${encodeURIComponent(customers[7].name.split(' ')[0])}`,
    },
    {
      name: 'order list (not delivered, cash)',
      url: '/api/v1/orders?page=2&limit=5&isDelivered=false&paymentMethodType=cash',
    },
    { name: "a customer's orders", url: '/api/v1/orders?page=1&limit=5', as: customers[7].id },
  ];
  const plans: Fixture['plans'] = [];
  for (const { name, url, as } of planned as { name: string; url: string; as?: string }[]) {
    state.seen = [];
    state.recording = true;
    const res = await app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${await signToken(app.ctx, as ?? manager.id)}` },
    });
    state.recording = false;
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    for (const { sql, params } of state.seen) {
      const rows = await db.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`, params);
      plans.push({
        name,
        url,
        sql: sql.replace(/\s+/g, ' ').trim(),
        plan: rows.map((r) => Object.values(r)[0]).join('\n'),
      });
    }
  }

  const fixture: Fixture = {
    baseUrl,
    generateMs: generatedMs,
    categoryIds: catalogue.categories.map((c) => c.id),
    brandIds: catalogue.brands,
    productIds: catalogue.productIds.filter(
      (_, i) => i % Math.max(1, Math.floor(catalogue.productIds.length / 5000)) === 0,
    ),
    searchWords: [...SEARCH_WORDS],
    addTokens: await tokens(addUsers),
    couponTokens: await tokens(couponUsers),
    orders: (await tokens(orderUsers)).map((token, i) => ({ token, cartId: orderCartIds[i] })),
    couponName: COUPON,
    staffToken: await signToken(app.ctx, manager.id),
    pastOrders,
    customers: customers.length,
    orderSearches,
    customerTokens: await tokens(someCustomers.map((c) => c.id)),
    plans,
  };
  process.send!({ type: 'ready', fixture });

  stopOnMessage(async () => {
    await app.close();
    await db.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
