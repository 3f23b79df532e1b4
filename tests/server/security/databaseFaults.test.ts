import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { openPostgres, type Db } from '../../../server/db';
import { signToken } from '../../../server/plugins/auth';
import { createProduct, createUser, useTestApp, type TestUser } from '../helpers';

/**
 * The database going away under traffic: a dropped connection (pg_terminate_backend, a restart or a
 * failover) must not end the process; the requests it broke answer 503 and the next ones are served.
 * GET /cart racing the same customer's order or DELETE /cart reads one consistent cart.
 */
const UNAVAILABLE = { status: 'error', message: 'Service temporarily unavailable, please try again' };
const address = { details: 'شارع النيل', phone: '01012345678', city: 'القاهرة' };
const PG_URL = process.env.TEST_DATABASE_URL;

/** Sends the request now (app.inject alone waits until it is awaited). */
const send = (app: FastifyInstance, options: InjectOptions) => Promise.resolve(app.inject(options));

/** Errors nobody handled while a test ran: with one, a real server process would have died. */
const uncaught: unknown[] = [];
const recordUncaught = (err: unknown) => uncaught.push(err);
beforeAll(() => {
  process.on('uncaughtException', recordUncaught);
});
afterAll(() => {
  process.off('uncaughtException', recordUncaught);
});
afterEach(() => {
  expect(uncaught).toEqual([]);
});

describe('a database that cannot be reached', () => {
  it('answers 503 in the API.md shape with Retry-After, never 500 or a hang', async () => {
    // Port 1 on the loopback: nothing listens, so every connection is refused. The shop starts while its database still
    // answers (start-up reads what kind of shop it is; the secrets are given), then the database is gone.
    const down = await openPostgres('postgres://postgres@127.0.0.1:1/shop');
    let started = false;
    const db: Db = {
      ...down,
      query: (text, params) => (started ? down.query(text, params) : Promise.resolve([])),
      one: (text, params) => (started ? down.one(text, params) : Promise.resolve(undefined)),
    };
    const secrets = { jwtSecret: randomBytes(32).toString('hex'), resetCodeSecret: randomBytes(32).toString('hex') };
    const app = await buildApp({
      db,
      config: {
        nodeEnv: 'test',
        logLevel: 'silent',
        rateLimits: false,
        dataDir: '/tmp/shop-unreachable-db',
        ...secrets,
      },
    });
    await app.ready();
    started = true;
    try {
      const token = await signToken(app.ctx, '00000000-0000-4000-8000-000000000000');
      for (const [method, url] of [
        ['GET', '/api/v1/products'],
        ['GET', '/api/v1/cart'],
        ['POST', '/api/v1/auth/login'],
      ] as const) {
        const res = await app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${token}` },
          payload: method === 'POST' ? { email: 'a@b.eg', password: 'Secret123' } : undefined,
        });
        expect([url, res.statusCode, res.json()]).toEqual([url, 503, UNAVAILABLE]);
        expect(res.headers['retry-after']).toBe('5');
      }
    } finally {
      await app.close();
      await db.close();
    }
  });
});

describe.skipIf(!PG_URL)(
  'PostgreSQL connections dropped under traffic (PostgreSQL only: set TEST_DATABASE_URL to run)',
  () => {
    const t = useTestApp();
    const poolSize = Number(process.env.PG_POOL_MAX) || 20;

    /** A connection of the test's own to the same database, outside the server's pool. */
    async function adminClient() {
      const name = (await t.db.one<{ name: string }>('SELECT current_database() AS name'))!.name;
      const url = new URL(PG_URL!);
      url.pathname = `/${name}`;
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      return { client, name };
    }

    it('pg_terminate_backend while cash orders (transactions) and reads are in flight: the process lives, broken requests get 503, and it serves again at once', async () => {
      const product = await createProduct(t, { title: 'قلم', price: 15, quantity: 1000 });
      const customers: { user: TestUser; cartId: string }[] = [];
      for (let i = 0; i < 16; i++) {
        const user = await createUser(t);
        const cart = (await t.db.one<{ id: string }>('INSERT INTO carts (user_id) VALUES ($1) RETURNING id', [
          user.id,
        ]))!;
        await t.db.query('INSERT INTO cart_items (cart_id, product_id, count, price) VALUES ($1, $2, 1, 1500)', [
          cart.id,
          product,
        ]);
        customers.push({ user, cartId: cart.id });
      }
      const { client: admin, name } = await adminClient();
      // pg_stat_activity is read once per transaction, so the lock holder cannot watch the others wait.
      const { client: observer } = await adminClient();
      try {
        // Hold every reader and writer of products: orders block inside their transaction, reads on a plain pool query.
        await admin.query('BEGIN');
        await admin.query('LOCK TABLE products IN ACCESS EXCLUSIVE MODE');
        const orders = customers.map(({ user, cartId }) =>
          send(t.app, {
            method: 'POST',
            url: `/api/v1/orders/${cartId}`,
            headers: user.auth,
            payload: { shippingAddress: address },
          }),
        );
        const reads = Array.from({ length: 8 }, () => send(t.app, { method: 'GET', url: '/api/v1/products' }));
        const carts = customers
          .slice(0, 8)
          .map(({ user }) => send(t.app, { method: 'GET', url: '/api/v1/cart', headers: user.auth }));

        // Every pooled connection is now waiting for the lock, most of them inside a transaction.
        const waiting = async () =>
          (
            await observer.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'`,
              [name],
            )
          ).rows[0].n;
        const deadline = Date.now() + 20_000;
        while ((await waiting()) < poolSize && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 50));
        expect(await waiting()).toBe(poolSize);

        const killed = await observer.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid NOT IN (pg_backend_pid(), $2)`,
          [name, (admin as unknown as { processID: number }).processID],
        );
        expect(killed.rowCount).toBeGreaterThanOrEqual(poolSize);
        await admin.query('COMMIT');

        const answers = await Promise.all([...orders, ...reads, ...carts]);
        const failed = answers.filter((res) => res.statusCode === 503);
        // The requests whose connection was cut, and only those, failed: with 503, never 500 or a hang.
        expect(failed.length).toBeGreaterThanOrEqual(poolSize);
        for (const res of failed) expect(res.json()).toEqual(UNAVAILABLE);
        for (const res of answers) expect([503, 200, 201]).toContain(res.statusCode);
      } finally {
        await admin.end();
        await observer.end();
      }

      // Served again at once, and a broken order left nothing half-written: the customer still has the cart and can order.
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/products' })).statusCode).toBe(200);
      const orderCount = (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM orders'))!.n;
      const product2 = (await t.db.one<{ sold: number; quantity: number }>(
        'SELECT sold, quantity FROM products WHERE id = $1',
        [product],
      ))!;
      expect([product2.sold, product2.quantity]).toEqual([orderCount, 1000 - orderCount]);
      const left = [];
      for (const { user, cartId } of customers) {
        const order = await t.db.one('SELECT id FROM orders WHERE user_id = $1', [user.id]);
        const cart = await t.db.one('SELECT id FROM carts WHERE id = $1', [cartId]);
        expect(Boolean(order) !== Boolean(cart)).toBe(true); // an order and no cart, or the cart and no order
        if (cart) left.push({ user, cartId });
      }
      expect(left.length).toBeGreaterThan(0);
      for (const { user, cartId } of left) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/v1/orders/${cartId}`,
          headers: user.auth,
          payload: { shippingAddress: address },
        });
        expect(res.statusCode).toBe(201);
      }
    }, 60_000);
  },
);

describe("GET /cart racing the same customer's order and DELETE /cart", () => {
  const t = useTestApp();

  it('never answers 5xx: each read shows the whole cart or no cart', async () => {
    const product = await createProduct(t, { title: 'قلم', price: 15, quantity: 100_000 });
    const user = await createUser(t);
    const fill = async () => {
      const add = await t.app.inject({
        method: 'POST',
        url: '/api/v1/cart',
        headers: user.auth,
        payload: { productId: product },
      });
      expect(add.statusCode).toBe(200);
      return add.json().data._id as string;
    };
    const statuses = new Map<number, number>();
    for (let round = 0; round < 12; round++) {
      const cartId = await fill();
      const change =
        round % 2
          ? send(t.app, { method: 'DELETE', url: '/api/v1/cart', headers: user.auth })
          : send(t.app, {
              method: 'POST',
              url: `/api/v1/orders/${cartId}`,
              headers: user.auth,
              payload: { shippingAddress: address },
            });
      const reads = await Promise.all(
        Array.from({ length: 15 }, () => send(t.app, { method: 'GET', url: '/api/v1/cart', headers: user.auth })),
      );
      expect((await change).statusCode).toBe(round % 2 ? 204 : 201);
      for (const res of reads) {
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const body = res.json();
        // Either the cart as it was (one line, its total) or the empty answer of a customer without a cart.
        if (body.numOfCartItems) expect([body.data.products.length, body.data.totalCartPrice]).toEqual([1, 15]);
        else expect(body.data).toEqual({ products: [], totalCartPrice: 0 });
      }
    }
    expect([...statuses.keys()]).toEqual([200]);
  }, 60_000);
});
