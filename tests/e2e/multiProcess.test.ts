import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Redis } from 'ioredis';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { workerChromium } from './chromium';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../server/helpers';
import { startObjectStore, type ObjectStore } from '../server/objectStore';
import { cropEachPhoto, DEMO_ADMIN, DEMO_USER, expectSeen, login, MAIN_IMAGES, pngFile, webBuilt } from './harness';
import { freePort, postgresAnswers, redisAnswers, ServerProcess } from '../processes';
import { startRoundRobin, type RoundRobin } from './roundRobin';

/**
 * The shop on several machines, on one: two real server processes (the built server, as `npm start` runs it) started at
 * the same moment on one empty PostgreSQL database, images in a real S3-protocol server (s3rver), rate-limit counters
 * in the local Redis, and a round-robin (nginx, else a small proxy) in front. Chromium runs the whole journey
 * through the round-robin; one process is killed half-way and the journey goes on through the other.
 * Needs PostgreSQL (TEST_DATABASE_URL, else 127.0.0.1:5432) and Redis (TEST_REDIS_URL, else 127.0.0.1:6379): without
 * them the file is skipped, saying so. TEST_ROUND_ROBIN=proxy uses the small proxy even
 * where nginx is installed.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const POSTGRES_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const stamp = Date.now().toString(36);
const PRODUCT = `منتج موزع ${stamp}`;
const ADDRESS = { alias: 'العمل', details: 'الجيزة، الدقي، شارع التحرير، عمارة 5', phone: '01123456789' };

const postgresUp = process.env.TEST_DATABASE_URL !== 'off' && (await postgresAnswers(POSTGRES_URL));
const missing = [
  !postgresUp && `PostgreSQL (${POSTGRES_URL.replace(/\/\/[^@]*@/, '//')})`,
  !(await redisAnswers(REDIS_URL)) && `Redis (${REDIS_URL})`,
].filter(Boolean);
if (missing.length)
  console.warn(
    `multi-process test skipped: ${missing.join(' and ')} not reachable (set TEST_DATABASE_URL / TEST_REDIS_URL)`,
  );

/** A server process of the shop on its own port; `upstream` is how the round-robin names it. */
class ShopProcess extends ServerProcess {
  readonly upstream: string;
  constructor(port: number, env: Record<string, string>) {
    super({ ...env, PORT: String(port) });
    this.upstream = `127.0.0.1:${port}`;
  }
}

let store: ObjectStore;
let scratch: { url: string; drop: () => Promise<void> };
let proxy: RoundRobin;
let servers: ShopProcess[] = [];
let dataDirs: string[] = [];
let browser: Browser;
let db: pg.Client;
const redisKeyPrefix = `shop-e2e-${randomUUID()}:`;
const cspViolations: string[] = [];
let productId: string;

/** A call through the round-robin; `upstream` says which process answered. */
async function api<T>(
  method: string,
  url: string,
  options: { token?: string; body?: unknown; forwardedFor?: string } = {},
) {
  const response = await fetch(`${proxy.url}/api/v1${url}`, {
    method,
    headers: {
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      ...(options.body ? { 'Content-Type': 'application/json' } : {}),
      ...(options.forwardedFor ? { 'X-Forwarded-For': options.forwardedFor } : {}),
    },
    body: options.body ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  return {
    status: response.status,
    upstream: response.headers.get('x-upstream') ?? '',
    headers: response.headers,
    data: (text ? JSON.parse(text) : undefined) as T,
  };
}

/** A browser window as one client of the shop (its own address for the per-address limits). */
async function newPage(clientAddress: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: proxy.url,
    viewport: { width: 1280, height: 900 },
    locale: 'ar-EG',
    extraHTTPHeaders: { 'X-Forwarded-For': clientAddress },
  });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(`${page.url()}: ${message.text()}`);
  });
  return { context, page };
}

const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text).first().waitFor();
const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('token') ?? '');
describe.skipIf(missing.length > 0)('two server processes behind a round-robin', () => {
  let admin: { context: BrowserContext; page: Page };
  let shopper: { context: BrowserContext; page: Page };

  beforeAll(async () => {
    // The processes serve the run's build of the web app (dist/).
    await webBuilt();
    store = await startObjectStore();
    scratch = await createScratchDatabase(POSTGRES_URL);
    db = new pg.Client({ connectionString: scratch.url });
    await db.connect();
    const ports = [await freePort(), await freePort()];
    // TEST_ROUND_ROBIN=proxy tries the fallback used on machines without nginx.
    proxy = await startRoundRobin(ports, { preferNginx: process.env.TEST_ROUND_ROBIN !== 'proxy' });
    console.log(
      `multi-process test: round-robin is ${proxy.kind === 'nginx' ? 'nginx' : 'the test’s own proxy (nginx not found, or TEST_ROUND_ROBIN=proxy)'} at ${proxy.url}`,
    );
    dataDirs = await Promise.all(ports.map(() => fs.mkdtemp(path.join(os.tmpdir(), 'shop-multi-'))));
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      DATABASE_URL: scratch.url,
      PG_POOL_MAX: '6',
      // No JWT_SECRET: both processes must agree on the one the first start keeps in the database.
      SEED_DEMO: 'true',
      BCRYPT_ROUNDS: '4',
      PUBLIC_BASE_URL: proxy.url,
      FRONTEND_URL: proxy.url,
      TRUST_PROXY: 'loopback',
      RATE_LIMITS: 'true',
      REDIS_URL,
      REDIS_KEY_PREFIX: redisKeyPrefix,
      S3_BUCKET: store.bucket,
      S3_REGION: store.settings.region,
      S3_ENDPOINT: store.endpoint,
      S3_ACCESS_KEY_ID: store.settings.accessKeyId!,
      S3_SECRET_ACCESS_KEY: store.settings.secretAccessKey!,
      S3_FORCE_PATH_STYLE: 'true',
      IMAGES_PUBLIC_URL: store.publicUrl,
    };
    // Both at the same moment, on an empty database.
    servers = ports.map((port, i) => new ShopProcess(port, { ...env, DATA_DIR: dataDirs[i] }));
    await Promise.all(servers.map((s) => s.waitForLog((line) => /^shop ready on /.test(line.msg ?? ''))));
    browser = await workerChromium();
    admin = await newPage('198.51.100.10');
    shopper = await newPage('198.51.100.20');
  }, 170_000);

  afterAll(async () => {
    // Everything started here stops, whatever failed.
    await Promise.all([admin, shopper].map((window) => window?.context.close().catch(() => undefined)));
    await Promise.all(servers.map((s) => s.kill('SIGKILL')));
    await proxy?.close().catch(() => undefined);
    await db?.end().catch(() => undefined);
    await scratch?.drop().catch(() => undefined);
    await store?.close().catch(() => undefined);
    await Promise.all(dataDirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${redisKeyPrefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    if (cspViolations.length) throw new Error(`Content-Security-Policy violations:\n${cspViolations.join('\n')}`);
  });

  it('both started at once on the empty database: one migrated and seeded, both serve, requests alternate', async () => {
    expect(servers.every((s) => s.running)).toBe(true);
    expect(
      servers.map((s) => s.count((line) => line.msg === 'seeded the demo catalogue')).reduce((a, b) => a + b),
    ).toBe(1);
    const { rows } = await db.query<{ name: string; n: number }>(
      'SELECT name, count(*)::int AS n FROM schema_migrations GROUP BY name',
    );
    const files = (await fs.readdir(path.join(ROOT, 'server/db/migrations'))).filter((f) => f.endsWith('.sql'));
    expect(rows.map((r) => r.name).sort()).toEqual(files.sort());
    expect((await db.query('SELECT 1 FROM shop_secrets')).rows.length).toBe(2);

    const upstreams = [];
    for (let i = 0; i < 6; i++) {
      const res = await api('GET', '/shop');
      expect(res.status).toBe(200);
      upstreams.push(res.upstream);
    }
    expect(new Set(upstreams)).toEqual(new Set(servers.map((s) => s.upstream)));
    for (let i = 1; i < upstreams.length; i++) expect(upstreams[i], `request ${i + 1}`).not.toBe(upstreams[i - 1]);
  });

  it('the per-address login limit holds across both processes (counters in Redis)', async () => {
    const answers = [];
    for (let i = 0; i < 11; i++)
      answers.push(
        await api('POST', '/auth/login', {
          body: { email: 'guess@example.com', password: `Wrong-${i}` },
          forwardedFor: '203.0.113.50',
        }),
      );
    expect(answers.map((a) => a.status)).toEqual([...Array(10).fill(401), 429]);
    // The ten refusals came from both processes in turn, and each one counted the other's: one count per address.
    expect(new Set(answers.slice(0, 10).map((a) => a.upstream)).size).toBe(2);
    // The global limit's count of the address, as each answer gives it, goes down by one whichever process answers.
    // A new window of that limit may begin during the run on a slow machine: its count starts again at 999, once.
    const remaining = answers.slice(0, 10).map((a) => Number(a.headers.get('x-ratelimit-remaining')));
    expect(remaining[0], `${remaining}`).toBe(999);
    expect(remaining.slice(1).filter((value) => value === 999).length, `${remaining}`).toBeLessThanOrEqual(1);
    remaining.forEach((value, i) => {
      if (i > 0) expect([999, remaining[i - 1] - 1], `${remaining}`).toContain(value);
    });
    // Another address is not affected.
    expect(
      (
        await api('POST', '/auth/login', {
          body: { email: 'guess@example.com', password: 'Wrong-x' },
          forwardedFor: '203.0.113.51',
        })
      ).status,
    ).toBe(401);
  });

  it('an admin adds a product with images; the storefront shows them from the object store', async () => {
    const { page } = admin;
    await login(page, DEMO_ADMIN);
    await page.goto('/admin/addproduct');
    await page
      .getByLabel('اختيار صور للخانة 1')
      .setInputFiles([await pngFile('one.png', 1200, 900, '#3366cc'), await pngFile('two.png', 1000, 800, '#22aa55')]);
    // Each photo goes through the crop dialog in turn.
    await cropEachPhoto(page, 2);
    await page.getByLabel('اسم المنتج').fill(PRODUCT);
    await page.getByLabel('وصف المنتج').fill('منتج أضيف عبر موزع الأحمال');
    await page.getByLabel('السعر قبل الخصم').fill('900');
    await page.getByLabel('الكمية المتاحة').fill('20');
    const category = page.getByLabel('التصنيف الرئيسي');
    await category.locator('option').nth(1).waitFor({ state: 'attached' });
    await category.selectOption({ index: 1 });
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/products') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'حفظ', exact: true }).click();
    const upload = await created;
    expect(upload.status()).toBe(201);
    // The upload landed on one process (or, had it died, went on to the other).
    expect(servers.map((s) => s.upstream)).toContain(upload.headers()['x-upstream']);
    await toast(page, 'تمت الاضافة بنجاح');

    const found = await api<{ data: { _id: string; imageCover: string; images: string[] }[] }>(
      'GET',
      `/products?keyword=${encodeURIComponent(stamp)}`,
    );
    expect(found.data.data).toHaveLength(1);
    const product = found.data.data[0];
    productId = product._id;
    expect(product.images).toHaveLength(2);
    for (const url of [product.imageCover, ...product.images]) {
      expect(url.startsWith(`${store.publicUrl}/products/`)).toBe(true);
      const object = await store.get(url.slice(store.publicUrl.length + 1));
      expect(object).toMatchObject({
        status: 200,
        type: 'image/webp',
        cacheControl: 'public, max-age=31536000, immutable',
      });
    }

    // The shopper's page (served by whichever process) loads the pictures straight from the object store.
    const { page: view } = shopper;
    for (let i = 0; i < 2; i++) {
      await view.goto(`/products/${productId}`);
      await view.getByRole('heading', { level: 1, name: PRODUCT }).waitFor();
      await expectSeen(view, MAIN_IMAGES.productPhoto);
      const src = await view
        .locator(MAIN_IMAGES.productPhoto.selector)
        .first()
        .evaluate((img: HTMLImageElement) => img.currentSrc);
      expect(new URL(src).origin).toBe(new URL(store.endpoint).origin);
    }
    await view.goto('/');
    await expectSeen(view, MAIN_IMAGES.categoryCard);
    const categorySrc = await view
      .locator(MAIN_IMAGES.categoryCard.selector)
      .first()
      .evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(categorySrc.startsWith(`${store.publicUrl}/categories/`)).toBe(true);
  });

  let cashOrder: { _id: string; id: number; totalOrderPrice: number };
  /** The process that took the cash order. */
  let cashOrderUpstream: string;

  it('a shopper adds it to the cart, applies SALE10 and places a cash order', async () => {
    const { page } = shopper;
    await login(page, DEMO_USER);
    await addToCart(page);
    await page.goto('/cart');
    await page.getByRole('listitem', { name: PRODUCT }).waitFor();
    await page.getByLabel('كود الخصم').fill('SALE10');
    await page.getByRole('button', { name: 'تطبيق' }).click();
    await toast(page, 'تم تطبيق الكوبون بنجاح');
    const token = await tokenOf(page);
    const cart = await api<{ data: { coupon?: string; totalCartPrice: number; totalAfterDiscount?: number } }>(
      'GET',
      '/cart',
      { token },
    );
    expect(cart.data.data.coupon).toBe('SALE10');
    expect(cart.data.data.totalAfterDiscount).toBeCloseTo(cart.data.data.totalCartPrice * 0.9, 2);

    await page.goto('/user/add-address');
    await page.getByLabel('تسمية العنوان').fill(ADDRESS.alias);
    await page.getByLabel('المحافظة').selectOption({ label: 'الجيزة' });
    await page.getByLabel('العنوان بالتفصيل').fill(ADDRESS.details);
    await page.getByLabel('رقم الهاتف').fill(ADDRESS.phone);
    await page.getByRole('button', { name: 'اضافة عنوان' }).click();
    await toast(page, 'تم اضافة العنوان بنجاح');

    await chooseAddress(page, 'الدفع عند الاستلام');
    const placed = page.waitForResponse(
      (r) => /^\/api\/v1\/orders\/[\w-]+$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'اتمام الشراء' }).click();
    const answer = await placed;
    expect(answer.status()).toBe(201);
    cashOrderUpstream = answer.headers()['x-upstream'];
    await toast(page, 'تم انشاء طلبك بنجاح');
    await page.waitForURL((url) => url.pathname === '/user/allorders');
    const orders = await api<{
      data: { _id: string; id: number; totalOrderPrice: number; paymentMethodType: string }[];
    }>('GET', '/orders?limit=5', { token });
    expect(orders.data.data).toHaveLength(1);
    cashOrder = orders.data.data[0];
    // The demo shop delivers to Giza for 50 EGP (free from 1,500) and takes a 10 EGP cash fee.
    const items = cart.data.data.totalAfterDiscount!;
    const total = Math.round((items + (items >= 1500 ? 0 : 50) + 10) * 100) / 100;
    expect(cashOrder).toMatchObject({ paymentMethodType: 'cash', totalOrderPrice: total });
  });

  it('the process that took the order is killed: the order is not lost, and the journey goes on through the other', async () => {
    const { page, context } = shopper;
    const token = await tokenOf(page);
    const victim = servers.find((s) => s.upstream === cashOrderUpstream)!;
    const survivor = servers.find((s) => s !== victim)!;
    expect(victim).toBeDefined();
    await victim.kill('SIGKILL');

    // Every request still answers (nginx / the proxy pass the refused ones on), all from the survivor, and the cash
    // order is there whichever process had taken it.
    for (let i = 0; i < 4; i++) {
      const res = await api<{ data: { _id: string }[] }>('GET', '/orders?limit=5', { token });
      expect(res.status).toBe(200);
      expect(res.upstream.split(', ').at(-1)).toBe(survivor.upstream);
      expect(res.data.data.map((o) => o._id)).toEqual([cashOrder._id]);
    }
    const stored = await db.query('SELECT total_order_price FROM orders WHERE id = $1', [cashOrder._id]);
    expect(stored.rows).toHaveLength(1);

    // Card payment on the test page, all through the survivor.
    await addToCart(page);
    await chooseAddress(page, 'الدفع عن طريق البطاقة الائتمانية');
    const opened = Promise.any([context.waitForEvent('page'), page.waitForURL(/\/payments\/test\//).then(() => page)]);
    await page.getByRole('button', { name: 'اتمام الشراء' }).click();
    const payment = await opened;
    await payment.waitForURL(/\/payments\/test\//);
    await payment.getByRole('button', { name: 'ادفع الآن' }).click();
    await payment.waitForURL((url) => url.pathname === '/user/allorders');

    const orders = await api<{ data: { _id: string; paymentMethodType: string; isPaid: boolean }[] }>(
      'GET',
      '/orders?limit=5',
      { token },
    );
    expect(orders.data.data).toHaveLength(2);
    expect(orders.data.data.find((o) => o._id !== cashOrder._id)).toMatchObject({
      paymentMethodType: 'card',
      isPaid: true,
    });
    expect(orders.data.data.map((o) => o._id)).toContain(cashOrder._id);
    expect(survivor.running).toBe(true);
    if (payment !== page) await payment.close();
  });
});

async function addToCart(page: Page) {
  await page.goto(`/products/${productId}`);
  await page.getByRole('heading', { level: 1, name: PRODUCT }).waitFor();
  await page.getByRole('button', { name: 'اضف للعربة' }).click();
  await toast(page, 'تمت اضافة المنتج للعربه بنجاح');
}

async function chooseAddress(page: Page, method: 'الدفع عند الاستلام' | 'الدفع عن طريق البطاقة الائتمانية') {
  await page.goto('/order/paymethoud');
  const select = page.getByLabel('عنوان الشحن');
  await select.locator('option', { hasText: ADDRESS.alias }).waitFor({ state: 'attached' });
  await select.selectOption({ label: ADDRESS.alias });
  await page.getByRole('radio', { name: method }).check();
}
