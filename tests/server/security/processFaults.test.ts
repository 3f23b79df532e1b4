import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { openDatabase, type Db } from '../../../server/db';
import { hashPassword } from '../../../server/lib/passwords';
import {
  createCategory,
  createProduct,
  createScratchDatabase,
  createUser,
  migratedPgliteDataDir,
  onPostgres,
  type TestContext,
  type TestUser,
  FRESH_SHOP,
} from '../helpers';
import { freePort, runServerCommand, ServerProcess, type LogLine } from '../../processes';

/**
 * The real server process (the built server, as `npm start` runs it) over real HTTP: a crash loses no
 * committed order and leaves no half-written one, a stop finishes the requests in flight,
 * production refuses to start with a guessable token secret, and a fresh production shop has no
 * demo data, accounts or payments. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
const JWT_SECRET = 'process-faults-secret-0123456789-abcdefghijklmnop';
const address = { details: 'شارع النيل', phone: '01012345678', city: 'القاهرة' };

/** A fresh database and data directory, for the server and for the test to prepare and inspect. */
interface Store {
  env: Record<string, string>;
  open(): Promise<Db>;
  remove(): Promise<void>;
}

async function createStore(): Promise<Store> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-faults-'));
  const removeDir = () => fs.rm(dataDir, { recursive: true, force: true });
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    // A copy of the migrated data directory of the run's set-up (tests/server/databaseSnapshot.ts): much cheaper
    // than PGlite's initdb and every migration.
    await fs.cp(await migratedPgliteDataDir(), dataDir, { recursive: true });
    return { env: { DATA_DIR: dataDir }, open: () => openDatabase({ dataDir }), remove: removeDir };
  }

  const scratch = await createScratchDatabase(adminUrl);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: scratch.url },
    open: () => openDatabase({ databaseUrl: scratch.url }),
    remove: async () => {
      await scratch.drop();
      await removeDir();
    },
  };
}

/** Opens the store, lets `fill` insert rows with the test factories, and closes it (PGlite allows one process at a time). */
async function prepare<T>(store: Store, fill: (t: TestContext) => Promise<T>): Promise<T> {
  const db = await store.open();
  try {
    // The factories need only the database and, for tokens, the secret the server will use.
    const t = { db, app: { ctx: { config: loadConfig({ NODE_ENV: 'test', JWT_SECRET }) } } } as unknown as TestContext;
    return await fill(t);
  } finally {
    await db.close();
  }
}

const running = new Set<ServerProcess>();
/** Starts the server process; whatever a test leaves running is killed after it. */
function startProcess(env: Record<string, string>) {
  const server = new ServerProcess(env);
  running.add(server);
  void server.exited.then(() => running.delete(server));
  return server;
}
/** Scratch databases and directories to remove after each test. */
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  // Whatever a test left running dies here, even when the test failed.
  await Promise.all([...running].map((server) => server.kill('SIGKILL')));
  await Promise.all(cleanups.splice(0).map((remove) => remove()));
});

const listening = (line: LogLine) => line.msg?.startsWith('Server listening at') ?? false;

/** Starts the server on `store` and resolves with its base URL once it listens. */
async function startServer(store: Store, env: Record<string, string> = {}) {
  const port = await freePort();
  const server = startProcess({
    PORT: String(port),
    HOST: '127.0.0.1',
    RATE_LIMITS: '0',
    SEED_DEMO: '0',
    BCRYPT_ROUNDS: '4',
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    JWT_SECRET,
    PUBLIC_BASE_URL: 'http://shop.test',
    ...store.env,
    ...env,
  });
  await server.waitForLog(listening);
  return { server, url: `http://127.0.0.1:${port}/api/v1` };
}

async function newStore() {
  const store = await createStore();
  cleanups.push(store.remove);
  return store;
}

interface Line {
  productId: string;
  count: number;
  price: number;
}
/** Lines as the SQL below aggregates them: ordered by product id. */
const byProduct = (lines: Line[]) =>
  lines
    .map(({ productId, count, price }) => ({ productId, count, price }))
    .sort((a, b) => (a.productId < b.productId ? -1 : 1));

const bearer = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });

describe('a crash in the middle of an order rush', () => {
  it('SIGKILL amid a rush of cash orders (40 customers, 8 at a time) loses no answered order and leaves none half-written; stock, sold and carts agree', async () => {
    const store = await newStore();
    // Two products; every customer's cart holds 1–3 of the first, every other one also 1 of the second, which runs out.
    const initial = { plenty: 500, scarce: 12 };
    const scene = await prepare(store, async (t) => {
      const categoryId = await createCategory(t);
      const plenty = await createProduct(t, { categoryId, title: 'قلم', price: 15, quantity: initial.plenty });
      const scarce = await createProduct(t, { categoryId, title: 'دفتر', price: 40, quantity: initial.scarce });
      const admin = await createUser(t, { role: 'admin' });
      const customers = [];
      for (let i = 0; i < 40; i++) {
        const user = await createUser(t);
        const lines: Line[] = [{ productId: plenty, count: (i % 3) + 1, price: 1500 }];
        if (i % 2) lines.push({ productId: scarce, count: 1, price: 4000 });
        const cart = (await t.db.one<{ id: string }>('INSERT INTO carts (user_id) VALUES ($1) RETURNING id', [
          user.id,
        ]))!;
        for (const line of lines) {
          await t.db.query('INSERT INTO cart_items (cart_id, product_id, count, price) VALUES ($1, $2, $3, $4)', [
            cart.id,
            line.productId,
            line.count,
            line.price,
          ]);
        }
        customers.push({ user, cartId: cart.id, lines });
      }
      return { plenty, scarce, admin, customers };
    });

    let { server, url } = await startServer(store);
    let created = 0;
    let enoughCreated: () => void;
    const someCreated = new Promise<void>((resolve) => (enoughCreated = resolve));
    const answered = new Map<string, { _id: string; totalOrderPrice: number }>(); // customer id → order of a 201
    const placeOrder = async ({ user, cartId }: (typeof scene.customers)[number]) => {
      const res = await fetch(`${url}/orders/${cartId}`, {
        method: 'POST',
        headers: { ...bearer(user), 'content-type': 'application/json' },
        body: JSON.stringify({ shippingAddress: address }),
      });
      const body = await res.json();
      if (res.status === 201) {
        answered.set(user.id, body.data);
        if (++created === 10) enoughCreated();
      } else expect([res.status, body.message]).toEqual([409, 'Not enough stock for product: دفتر']);
    };
    // Eight orders under way at any moment, each customer's sent as an earlier one is answered, so some are certainly
    // under way when the process is killed: forty sent at once can all be answered before the tenth answer is read,
    // and then the kill cuts nothing. Once it is killed, no more are sent.
    let killed = false;
    const waiting = [...scene.customers];
    const failures: unknown[] = [];
    const lanes = Array.from({ length: 8 }, async () => {
      for (let next = waiting.shift(); next && !killed; next = waiting.shift()) {
        await placeOrder(next).catch((reason: unknown) => failures.push(reason));
      }
    });
    await Promise.race([someCreated, Promise.all(lanes)]);
    killed = true;
    expect(await server.kill('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    await Promise.all(lanes);
    // Requests cut by the crash fail on the client (some must have been cut, or nothing was tested);
    // every answer that did arrive was a 201 or a 409.
    expect(failures.length).toBeGreaterThan(0);
    for (const reason of failures) expect(reason).toBeInstanceOf(TypeError);
    expect(answered.size).toBeGreaterThanOrEqual(10);

    // The restarted server recovers the database and shows every order it had confirmed.
    ({ server, url } = await startServer(store));
    for (const order of answered.values()) {
      const res = await fetch(`${url}/orders/${order._id}`, { headers: bearer(scene.admin) });
      expect(res.status).toBe(200);
      expect((await res.json()).data).toEqual(order);
    }
    expect(await server.kill('SIGTERM')).toEqual({ code: 0, signal: null });

    const db = await store.open();
    try {
      const rows = await db.query<{ user_id: string; total_order_price: number; items: Line[] | null }>(
        `SELECT o.user_id, o.total_order_price,
           (SELECT jsonb_agg(jsonb_build_object('productId', oi.product_id, 'count', oi.count, 'price', oi.price) ORDER BY oi.product_id) FROM order_items oi WHERE oi.order_id = o.id) AS items
         FROM orders o`,
      );
      const ordersByUser = new Map(rows.map((row) => [row.user_id, row]));
      expect(ordersByUser.size).toBe(rows.length); // one order per customer at most
      for (const id of answered.keys()) expect(ordersByUser.has(id)).toBe(true);

      const carts = await db.query<{ user_id: string; items: Line[] }>(
        `SELECT c.user_id, jsonb_agg(jsonb_build_object('productId', ci.product_id, 'count', ci.count, 'price', ci.price) ORDER BY ci.product_id) AS items
         FROM carts c JOIN cart_items ci ON ci.cart_id = c.id GROUP BY c.user_id`,
      );
      const cartsByUser = new Map(carts.map((c) => [c.user_id, c.items]));
      const units = { [scene.plenty]: 0, [scene.scarce]: 0 };
      let customersWithOrder = 0;
      for (const { user, lines } of scene.customers) {
        const order = ordersByUser.get(user.id);
        if (order) {
          customersWithOrder++;
          // Whole: every line of the cart, a total that adds up, and the cart gone.
          expect(order.items).toEqual(byProduct(lines));
          expect(order.total_order_price).toBe(lines.reduce((sum, l) => sum + l.count * l.price, 0));
          expect(cartsByUser.has(user.id)).toBe(false);
          for (const line of lines) units[line.productId] += line.count;
        } else {
          expect(cartsByUser.get(user.id)).toEqual(byProduct(lines));
        }
      }
      for (const [productId, start] of [
        [scene.plenty, initial.plenty],
        [scene.scarce, initial.scarce],
      ] as const) {
        const product = (await db.one<{ quantity: number; sold: number }>(
          'SELECT quantity, sold FROM products WHERE id = $1',
          [productId],
        ))!;
        expect(start - product.quantity).toBe(units[productId]);
        expect(product.sold).toBe(units[productId]);
      }
      expect(customersWithOrder).toBe(rows.length); // and no order from anywhere else
    } finally {
      await db.close();
    }
  }, 240_000);
});

describe('stopping the server', () => {
  it('SIGTERM (then SIGINT) lets logins in flight finish with their normal answer, exits 0, then refuses connections (production, JWT_SECRET set)', async () => {
    const store = await newStore();
    const password = 'Secret123';
    const emails = await prepare(store, async (t) => {
      // A costly hash keeps each login in flight long enough to stop the server under it (cost 11: about a second for
      // the four on a quiet machine, so that even a busy one finishes them well inside the 8 s grace period).
      const slowHash = await hashPassword(password, 11);
      const users = [];
      for (let i = 0; i < 4; i++) users.push(await createUser(t, { password }));
      await t.db.query('UPDATE users SET password_hash = $1', [slowHash]);
      return users.map((u) => u.email);
    });
    const { server, url } = await startServer(store, { NODE_ENV: 'production' });

    const logins = emails.map((email) =>
      fetch(`${url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      }),
    );
    const isLogin = (line: LogLine) => line.msg === 'incoming request' && line.req?.url === '/api/v1/auth/login';
    await server.waitForLog(isLogin, emails.length);
    // On a busy machine the first login may finish before the last one arrives; the rest are still in flight.
    expect(server.count((line) => line.msg === 'request completed')).toBeLessThan(emails.length);
    server.child.kill('SIGTERM');
    // Ctrl-C under `npm start` arrives twice (terminal and scripts/start.mjs); the second must not cut the stop short.
    server.child.kill('SIGINT');

    for (const [i, res] of (await Promise.all(logins)).entries()) {
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.data.email).toBe(emails[i]);
      expect(body.token).toEqual(expect.any(String));
    }
    expect(await server.exited).toEqual({ code: 0, signal: null });
    await expect(fetch(`${url}/products`)).rejects.toMatchObject({ cause: { code: 'ECONNREFUSED' } });
  });
});

/** Runs `npm run create-admin` (its script) with these arguments on `store`; resolves with its exit code and output. */
function createAdmin(store: Store, args: string[], env: Record<string, string> = {}) {
  return runServerCommand('createAdmin', args, { BCRYPT_ROUNDS: '4', ...store.env, ...env });
}

describe('production start-up', () => {
  // Refused before any database is opened: once is enough, in the PGlite project.
  it.skipIf(onPostgres)(
    'refuses a JWT_SECRET shorter than 32 characters: exit code 1 and one clear line on stderr',
    async () => {
      const store = await newStore();
      const server = startProcess({
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        PUBLIC_BASE_URL: 'https://shop.example',
        JWT_SECRET: 'short-secret-1234',
        ...store.env,
      });
      // A server that starts anyway is a failure too, not a hang.
      const outcome = await Promise.race([
        server.exited,
        server.waitForLog(listening).then(() => 'listening' as const),
      ]);
      expect(outcome).toEqual({ code: 1, signal: null });
      expect(server.stderr).toMatch(/JWT_SECRET must be at least 32 characters long/);
      expect(server.stderr).not.toMatch(/^\s+at /m);
    },
  );

  // Refused before any database is opened: once is enough, in the PGlite project.
  it.skipIf(onPostgres)(
    'refuses to start in production without PUBLIC_BASE_URL: exit code 1 and one clear line on stderr',
    async () => {
      const store = await newStore();
      const server = startProcess({
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        ...store.env,
      });
      const outcome = await Promise.race([
        server.exited,
        server.waitForLog(listening).then(() => 'listening' as const),
      ]);
      expect(outcome).toEqual({ code: 1, signal: null });
      expect(server.stderr.trim().split('\n')).toEqual([
        "The shop could not start: PUBLIC_BASE_URL must be set in production: the shop's public origin, e.g. https://shop.example (links in mails, the sitemap and payment pages are built from it)",
      ]);
    },
  );

  it('a fresh production shop with no settings but PUBLIC_BASE_URL: no demo data, accounts or test payments, one line on how to make an admin; create-admin makes one', async () => {
    const store = await newStore();
    const port = await freePort();
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      // The one setting production cannot start without.
      PUBLIC_BASE_URL: 'https://shop.example',
      BCRYPT_ROUNDS: '4',
      ...store.env,
    };
    const api = `http://127.0.0.1:${port}/api/v1`;
    const login = (email: string, password: string) =>
      fetch(`${api}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });

    let server = startProcess(env);
    await server.waitForLog(listening);
    const noAdmin = server.lines.filter((line) => /no admin account yet/.test(line.msg ?? ''));
    expect(noAdmin.map((line) => line.msg)).toEqual([
      'no admin account yet: set ADMIN_EMAIL and ADMIN_PASSWORD and restart, or run `npm run create-admin`',
    ]);
    expect((await login('admin@shop.local', 'Admin1234')).status).toBe(401);
    expect((await login('user@shop.local', 'User12345')).status).toBe(401);
    expect((await (await fetch(`${api}/products`)).json()).results).toBe(0);
    expect(await (await fetch(`${api}/shop`)).json()).toEqual({
      data: { paymentProvider: null, demo: false, cardPayment: false, paymentMethods: [], ...FRESH_SHOP },
    });
    expect((await fetch(`http://127.0.0.1:${port}/payments/test/00000000-0000-4000-8000-000000000000`)).status).toBe(
      404,
    );
    expect(await server.kill('SIGTERM')).toEqual({ code: 0, signal: null });

    // The command applies the sign-up rules and refuses a taken e-mail.
    let run = await createAdmin(store, ['--email', 'not-an-email', '--password', '123']);
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/e-mail: Invalid email formate\npassword: must be at least 6 chars/);
    run = await createAdmin(store, ['--email', 'Owner@Shop.eg', '--password', 'Owner-pass-1']);
    expect([run.code, run.out]).toEqual([0, 'Created the admin account owner@shop.eg.\n']);
    run = await createAdmin(store, [], { ADMIN_EMAIL: 'owner@shop.eg', ADMIN_PASSWORD: 'Owner-pass-1' });
    expect([run.code, run.out]).toEqual([1, 'e-mail: E-mail already in use\n']);

    server = startProcess(env);
    await server.waitForLog(listening);
    const res = await login('owner@shop.eg', 'Owner-pass-1');
    expect(res.status).toBe(200);
    expect((await res.json()).data.role).toBe('admin');
    expect(server.count((line) => /no admin account yet/.test(line.msg ?? ''))).toBe(0);
  }, 120_000);
});

describe('a database that keeps dropping connections (PostgreSQL only)', () => {
  const UNAVAILABLE = { status: 'error', message: 'Service temporarily unavailable, please try again' };

  it.skipIf(!onPostgres)(
    'every backend of the shop terminated every 100–300 ms for 8 s under 40 customers ordering and reading: the process lives, every broken request answers 503 with Retry-After, and every answered order is kept',
    async () => {
      const store = await newStore();
      const scene = await prepare(store, async (t) => {
        const categoryId = await createCategory(t);
        const pen = await createProduct(t, { categoryId, title: 'قلم', price: 15, quantity: 1_000_000 });
        const customers = [];
        for (let i = 0; i < 40; i++) customers.push(await createUser(t));
        return { pen, customers };
      });
      const { server, url } = await startServer(store);

      // The test's own connection to the shop's database, outside the server's pool: it survives its own terminations.
      const admin = new pg.Client({ connectionString: store.env.DATABASE_URL });
      await admin.connect();
      const database = (await admin.query<{ name: string }>('SELECT current_database() AS name')).rows[0].name;
      // Long enough for dozens of rounds of terminations (hundreds of backends) across every kind of request.
      const HAMMER_MS = 8_000;
      const end = Date.now() + HAMMER_MS;
      // On a loaded machine a whole round (cart, order) can miss every gap between cuts for 8 s: the cuts then go on
      // until one order has been answered, for at most 30 s, so the test always sees an order made through them.
      const lastEnd = Date.now() + 30_000;
      const ordered: { _id: string; totalOrderPrice: number }[] = [];
      const hammering = () => Date.now() < end || (ordered.length === 0 && Date.now() < lastEnd);
      let terminated = 0;
      const terminator = (async () => {
        while (hammering()) {
          await delay(100 + Math.random() * 200);
          const killed = await admin.query(
            'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
            [database],
          );
          terminated += killed.rowCount ?? 0;
        }
      })();

      interface Answer {
        request: string;
        status: number;
        retryAfter: string | null;
        body: { status?: string; message?: string; data?: { _id: string; totalOrderPrice: number } };
      }
      const answers: Answer[] = [];
      const unanswered: unknown[] = [];
      const call = async (user: TestUser, method: string, path: string, body?: unknown) => {
        try {
          const res = await fetch(`${url}${path}`, {
            method,
            headers: { ...bearer(user), ...(body ? { 'content-type': 'application/json' } : {}) },
            body: body ? JSON.stringify(body) : undefined,
          });
          const answer = {
            request: `${method} ${path.replace(/[0-9a-f-]{36}/g, ':id')}`,
            status: res.status,
            retryAfter: res.headers.get('retry-after'),
            body: (res.status === 204 ? {} : await res.json()) as Answer['body'],
          };
          answers.push(answer);
          return answer;
        } catch (err) {
          unanswered.push(err); // no answer at all: the process died or dropped the connection
          return undefined;
        }
      };
      // Each customer, until the time is up: puts a pen in the cart, orders it cash, and browses (list, product, cart).
      const customers = scene.customers.map(async (user) => {
        while (hammering()) {
          const added = await call(user, 'POST', '/cart', { productId: scene.pen });
          if (added?.status === 200) {
            const order = await call(user, 'POST', `/orders/${added.body.data!._id}`, { shippingAddress: address });
            if (order?.status === 201) ordered.push(order.body.data!);
            // A cart whose order failed is emptied, so the next round orders one pen again (never over the per-product limit).
            else await call(user, 'DELETE', '/cart');
          }
          await call(user, 'GET', '/products?limit=10');
          await call(user, 'GET', `/products/${scene.pen}`);
          await call(user, 'GET', '/cart');
        }
      });
      try {
        await Promise.all([terminator, ...customers]);
      } finally {
        await admin.end();
      }

      // Alive, with nothing on stderr (an unhandled error would have printed its stack there and ended the process).
      expect([server.running, server.stderr]).toEqual([true, '']);
      expect(unanswered.length).toBe(0);
      const failed = answers.filter((a) => a.status === 503);
      // The fault bit (connections were cut, requests broken) and the shop kept working through it. How much got
      // through depends on the machine: on a loaded one, most transactions outlive the 100–300 ms between cuts.
      expect(terminated).toBeGreaterThan(50);
      expect(failed.length).toBeGreaterThan(0);
      expect(ordered.length).toBeGreaterThan(0);
      // Every answer is the normal one or the 503 of API.md's shape with Retry-After: never a 500, 404 or 409.
      const unexpected = answers.filter((a) => ![200, 201, 204, 503].includes(a.status));
      expect(unexpected.map((a) => [a.request, a.status, a.body.message])).toEqual([]);
      for (const answer of failed) expect([answer.body, answer.retryAfter]).toEqual([UNAVAILABLE, '5']);

      // Served again at once, and every order answered 201 is there with its total.
      expect((await fetch(`${url}/products`)).status).toBe(200);
      const db = await store.open();
      try {
        const rows = await db.query<{ id: string; total_order_price: number }>(
          'SELECT id, total_order_price FROM orders WHERE id = ANY($1::uuid[])',
          [ordered.map((order) => order._id)],
        );
        expect(new Map(rows.map((row) => [row.id, row.total_order_price]))).toEqual(
          new Map(ordered.map((order) => [order._id, order.totalOrderPrice * 100])),
        );
      } finally {
        await db.close();
      }
    },
    120_000,
  );
});
