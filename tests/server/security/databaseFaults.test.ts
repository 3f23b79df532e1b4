import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { isDatabaseUnavailable, isReadOnlyStatement, openPostgres, type Db } from '../../../server/db';
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

/** An ErrorResponse message of the PostgreSQL protocol: severity FATAL, the SQLSTATE `code` and its message. */
function fatal(code: string, message: string): Buffer {
  const fields = Buffer.concat(
    [`SFATAL`, `VFATAL`, `C${code}`, `M${message}`].map((field) => Buffer.from(`${field}\0`)).concat(Buffer.from([0])),
  );
  const head = Buffer.alloc(5);
  head.write('E');
  head.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([head, fields]);
}
const AUTHENTICATION_OK = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0]); // 'R', length 8, 0 = no password needed
const READY_FOR_QUERY = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]); // 'Z', length 5, idle

/**
 * A server that speaks just enough of PostgreSQL's protocol to answer each connection's start-up message with
 * `answer`, written in one packet, and then close it: the ways a real server turns connections away or drops them,
 * which a shared test database cannot be made to do on demand (starting up, too many connections, terminated as it
 * starts). Resolves with its URL and how to stop it.
 */
async function fakePostgres(answer: Buffer) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.once('data', () => socket.end(answer));
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `postgres://shop@127.0.0.1:${(server.address() as net.AddressInfo).port}/shop`,
    stop: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

const quiet = { log: { warn: () => undefined } };

describe('which statements a broken connection may ask again', () => {
  it('reads only: SELECT and WITH … SELECT that neither write, lock rows nor have a lasting effect', () => {
    const reads = [
      'SELECT * FROM products WHERE id = $1',
      '  -- the page\n  SELECT p.id, p.updated_at FROM products p ORDER BY p.created_at DESC LIMIT 5',
      '(SELECT 1) UNION (SELECT 2)',
      "WITH recent AS (SELECT id FROM orders WHERE created_at > now() - interval '1 day') SELECT count(*) FROM recent",
    ];
    const notReads = [
      'UPDATE products SET sold = sold + 1 WHERE id = $1',
      'INSERT INTO carts (user_id) VALUES ($1) RETURNING id',
      'DELETE FROM cart_items WHERE cart_id = $1',
      'WITH gone AS (DELETE FROM carts WHERE id = $1 RETURNING id) SELECT count(*) FROM gone',
      'SELECT id FROM products WHERE id = $1 FOR UPDATE',
      'SELECT id FROM carts WHERE id = $1 FOR NO KEY UPDATE',
      'SELECT id FROM carts WHERE id = $1 FOR SHARE',
      "SELECT nextval('order_number_seq')",
      'SELECT pg_advisory_lock($1)',
      "SELECT set_config('statement_timeout', '0', false)",
      'BEGIN',
      'CREATE TABLE t (id int)',
    ];
    expect(reads.filter((sql) => !isReadOnlyStatement(sql))).toEqual([]);
    expect(notReads.filter(isReadOnlyStatement)).toEqual([]);
  });
});

describe('a database that cannot be reached', () => {
  /** The shop on `down`: it starts while its database still answers (start-up reads what kind of shop it is; the secrets are given), then the database is gone. */
  async function shopOn(down: Db) {
    let started = false;
    const db: Db = {
      ...down,
      query: (text, params) => (started ? down.query(text, params) : Promise.resolve([])),
      one: (text, params) => (started ? down.one(text, params) : Promise.resolve(undefined)),
      tx: (work) => (started ? down.tx(work) : work(db)),
      exclusive: (work) => (started ? down.exclusive(work) : work()),
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
    return app;
  }

  /** A read, a read in a transaction (GET /cart) and a write each answer 503 with Retry-After. */
  async function expectUnavailable(app: FastifyInstance) {
    const token = await signToken(app.ctx, '00000000-0000-4000-8000-000000000000');
    const answers = [];
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
      answers.push([url, res.statusCode, res.json(), res.headers['retry-after']]);
    }
    expect(answers).toEqual([
      ['/api/v1/products', 503, UNAVAILABLE, '5'],
      ['/api/v1/cart', 503, UNAVAILABLE, '5'],
      ['/api/v1/auth/login', 503, UNAVAILABLE, '5'],
    ]);
  }

  it('answers 503 in the API.md shape with Retry-After, never 500 or a hang', async () => {
    // Port 1 on the loopback: nothing listens, so every connection is refused.
    const down = await openPostgres('postgres://postgres@127.0.0.1:1/shop', quiet);
    const app = await shopOn(down);
    try {
      await expectUnavailable(app);
    } finally {
      await app.close();
      await down.close();
    }
  });

  it.each([
    ['57P03', 'the database system is starting up'],
    ['53300', 'sorry, too many clients already'],
    ['55000', 'database "shop" is not currently accepting connections'],
  ])('a server that turns connections away with %s (%s) → 503 with Retry-After, never 500', async (code, message) => {
    const server = await fakePostgres(fatal(code, message));
    const down = await openPostgres(server.url, quiet);
    const app = await shopOn(down);
    try {
      await expectUnavailable(app);
    } finally {
      await app.close();
      await down.close();
      await server.stop();
    }
  });

  it('a connection terminated as it starts up (its ReadyForQuery and FATAL 57P01 in one packet) fails its transaction or read with 503, and the process lives', async () => {
    // node-postgres hands the new connection to the waiting transaction on ReadyForQuery and emits the FATAL as an
    // 'error' event before the transaction's code runs again: with no listener then, the process would end here.
    const server = await fakePostgres(
      Buffer.concat([
        AUTHENTICATION_OK,
        READY_FOR_QUERY,
        fatal('57P01', 'terminating connection due to administrator command'),
      ]),
    );
    const db = await openPostgres(server.url, quiet);
    try {
      for (const work of [
        () => db.tx((tx) => tx.query('SELECT 1')),
        () => db.tx((tx) => tx.query('SELECT 1'), { snapshot: true }),
        () => db.query('SELECT 1'),
        () => db.query('UPDATE products SET sold = sold'),
        () => db.exclusive(async () => undefined),
      ]) {
        const failure = await work().then(
          () => 'succeeded',
          (err: unknown) => err,
        );
        expect(isDatabaseUnavailable(failure)).toBe(true);
      }
    } finally {
      await db.close();
      await server.stop();
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

    /** Waits until `count` backends of the database wait for a lock (pg_stat_activity is read afresh each time). */
    async function lockWaiters(observer: pg.Client, name: string, count: number) {
      const waiting = async () =>
        (
          await observer.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'`,
            [name],
          )
        ).rows[0].n;
      const deadline = Date.now() + 20_000;
      while ((await waiting()) < count && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await waiting()).toBeGreaterThanOrEqual(count);
    }

    it('a read whose connection is terminated under it is asked again on a live connection and answers 200; a write is not, and answers 503', async () => {
      const product = await createProduct(t, { title: 'قلم رصاص', price: 15, quantity: 10 });
      const admin = await createUser(t, { role: 'admin' });
      // Connections of the pool that sit idle are terminated too: the retry must not take one of them.
      await Promise.all(Array.from({ length: 6 }, () => t.app.inject({ method: 'GET', url: '/api/v1/brands' })));
      const { client: locker, name } = await adminClient();
      const { client: observer } = await adminClient();
      try {
        // The product page's reviews wait for the table lock; the edit's UPDATE waits for the product's row lock.
        await locker.query('BEGIN');
        await locker.query('LOCK TABLE reviews IN ACCESS EXCLUSIVE MODE');
        await locker.query('SELECT id FROM products WHERE id = $1 FOR UPDATE', [product]);
        const read = send(t.app, { method: 'GET', url: `/api/v1/products/${product}` });
        // A single UPDATE outside any transaction (a product's edit): it may have committed when its connection broke.
        const write = send(t.app, {
          method: 'PUT',
          url: `/api/v1/products/${product}`,
          headers: admin.auth,
          payload: { price: 20 },
        });
        await lockWaiters(observer, name, 2);
        await observer.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid NOT IN (pg_backend_pid(), $2)`,
          [name, (locker as unknown as { processID: number }).processID],
        );
        await locker.query('COMMIT');
        const [readRes, writeRes] = await Promise.all([read, write]);
        expect([readRes.statusCode, readRes.json().data?.title]).toEqual([200, 'قلم رصاص']);
        expect([writeRes.statusCode, writeRes.json(), writeRes.headers['retry-after']]).toEqual([
          503,
          UNAVAILABLE,
          '5',
        ]);
      } finally {
        await locker.end();
        await observer.end();
      }
      // The write was not asked again: the price is as it was.
      expect((await t.db.one<{ price: number }>('SELECT price FROM products WHERE id = $1', [product]))!.price).toBe(
        1500,
      );
    });

    it('a database that stops accepting connections (ALTER DATABASE … ALLOW_CONNECTIONS false, 55000) → 503 with Retry-After; served again once it accepts them', async () => {
      await createProduct(t, { title: 'قلم', price: 15, quantity: 10 });
      const name = (await t.db.one<{ name: string }>('SELECT current_database() AS name'))!.name;
      // From the server's maintenance database: the shop's own is about to refuse connections.
      const owner = new pg.Client({ connectionString: PG_URL });
      await owner.connect();
      try {
        await owner.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
        await owner.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, [name]);
        for (const url of ['/api/v1/products', '/api/v1/categories']) {
          const res = await t.app.inject({ method: 'GET', url });
          expect([url, res.statusCode, res.json(), res.headers['retry-after']]).toEqual([url, 503, UNAVAILABLE, '5']);
        }
      } finally {
        await owner.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
        await owner.end();
      }
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/products' });
      expect([res.statusCode, res.json().results]).toEqual([200, 1]);
    });

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
        // Transactions whose connection was cut failed, with 503, never 500 or a hang; reads outside a transaction were
        // asked again on a live connection and answered.
        expect(failed.length).toBeGreaterThan(0);
        for (const res of failed) expect([res.json(), res.headers['retry-after']]).toEqual([UNAVAILABLE, '5']);
        for (const res of answers) expect([503, 200, 201]).toContain(res.statusCode);
        expect(answers.slice(orders.length, orders.length + reads.length).map((res) => res.statusCode)).toEqual(
          reads.map(() => 200),
        );
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
    });
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
  });
});
