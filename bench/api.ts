import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { prng } from './generate';
import type { Fixture } from './apiServer';

/**
 * API under load: for one backend (PGlite or PostgreSQL) and one catalogue size, starts bench/apiServer.ts
 * in a child process on loopback and drives eight scenarios with autocannon at 32 connections.
 */

export type Backend = 'pglite' | 'postgres';

export interface ScenarioResult {
  scenario: string;
  kind: 'catalogue' | 'search' | 'cart';
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface ApiRun {
  backend: Backend;
  products: number;
  generateMs: number;
  scenarios: ScenarioResult[];
  plans: Fixture['plans'];
}

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const CONNECTIONS = 32;

interface Scenario {
  name: string;
  kind: ScenarioResult['kind'];
  method: 'GET' | 'POST' | 'PUT';
  /** Path, headers and body of request n. */
  next(n: number): { path: string; token?: string; body?: unknown };
  /** A fixed number of requests instead of a duration (each cash order consumes a cart). */
  amount?: number;
}

function scenarios(f: Fixture): Scenario[] {
  const rand = prng(7);
  const r = (n: number) => Math.floor(rand() * n);
  const sorts = ['', '%2Bprice', '-price', '-sold', '-ratingsAverage'];
  return [
    {
      name: 'product list (paged, sorted)',
      kind: 'catalogue',
      method: 'GET',
      next: () => ({ path: `/api/v1/products?limit=8&page=${1 + r(20)}&sort=${sorts[r(sorts.length)]}` }),
    },
    {
      name: 'keyword search',
      kind: 'search',
      method: 'GET',
      next: () => ({ path: `/api/v1/products?sort=&limit=8&page=${1 + r(3)}&keyword=${encodeURIComponent(f.searchWords[r(f.searchWords.length)])}` }),
    },
    {
      name: 'filtered search',
      kind: 'catalogue',
      method: 'GET',
      next: () => ({
        path:
          `/api/v1/products?sort=${sorts[r(sorts.length)]}&limit=8&category[in][]=${f.categoryIds[r(f.categoryIds.length)]}` +
          `&brand[in][]=${f.brandIds[r(f.brandIds.length)]}&brand[in][]=${f.brandIds[r(f.brandIds.length)]}&price[gt]=100&price[lte]=${1000 + r(9000)}`,
      }),
    },
    { name: 'product detail', kind: 'catalogue', method: 'GET', next: () => ({ path: `/api/v1/products/${f.productIds[r(f.productIds.length)]}` }) },
    { name: 'category list', kind: 'catalogue', method: 'GET', next: () => ({ path: '/api/v1/categories' }) },
    {
      name: 'add to cart',
      kind: 'cart',
      method: 'POST',
      next: (n) => ({ path: '/api/v1/cart', token: f.addTokens[n % f.addTokens.length], body: { productId: f.productIds[r(f.productIds.length)] } }),
    },
    {
      name: 'apply coupon',
      kind: 'cart',
      method: 'PUT',
      next: (n) => ({ path: '/api/v1/cart/applyCoupon', token: f.couponTokens[n % f.couponTokens.length], body: { couponName: f.couponName } }),
    },
    {
      name: 'cash order',
      kind: 'cart',
      method: 'POST',
      amount: f.orders.length,
      next: (n) => ({
        path: `/api/v1/orders/${f.orders[n].cartId}`,
        token: f.orders[n].token,
        body: { shippingAddress: { details: 'المنزل', phone: '01012345678', city: '', postalCode: '' } },
      }),
    },
  ];
}

function load(baseUrl: string, scenario: Scenario, durationSec: number, connections = CONNECTIONS): Promise<autocannon.Result> {
  let n = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: baseUrl,
        connections,
        pipelining: 1,
        ...(scenario.amount ? { amount: scenario.amount } : { duration: durationSec }),
        requests: [
          {
            method: scenario.method,
            setupRequest: (req) => {
              const { path: p, token, body } = scenario.next(n++);
              const headers: Record<string, string> = {};
              if (token) headers.authorization = `Bearer ${token}`;
              if (body !== undefined) headers['content-type'] = 'application/json';
              return { ...req, path: p, headers, body: body === undefined ? undefined : JSON.stringify(body) };
            },
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

/** A scratch database on the PostgreSQL server, dropped afterwards. */
async function scratchDatabase(adminUrl: string) {
  const name = `shop_bench_${randomBytes(6).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export async function runApiBench(options: {
  backend: Backend;
  products: number;
  durationSec: number;
  postgresUrl: string;
  log: (line: string) => void;
}): Promise<ApiRun> {
  const { backend, products, durationSec, log } = options;
  const scratch = backend === 'postgres' ? await scratchDatabase(options.postgresUrl) : undefined;
  const child = fork(path.join(HERE, 'apiServer.ts'), {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('hex'),
      BENCH_PRODUCTS: String(products),
      BENCH_DB_URL: scratch?.url ?? '',
      // Enough carts for the longest cash-order run at the rates we see, never more than we need.
      BENCH_ORDER_CARTS: String(Math.max(1000, durationSec * 400)),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    log(`  ${backend}, ${products.toLocaleString('en')} products: generating…`);
    const fixture = await new Promise<Fixture>((resolve, reject) => {
      child.once('message', (m: { type: string; fixture: Fixture }) => resolve(m.fixture));
      child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    });
    log(`  generated in ${(fixture.generateMs / 1000).toFixed(1)} s`);

    const results: ScenarioResult[] = [];
    for (const scenario of scenarios(fixture)) {
      // A short warm-up at low concurrency for reads (JIT, plan and buffer caches); writes start cold.
      if (scenario.method === 'GET') await load(fixture.baseUrl, scenario, 1, 4);
      const result = await load(fixture.baseUrl, scenario, durationSec);
      const row: ScenarioResult = {
        scenario: scenario.name,
        kind: scenario.kind,
        requests: result.requests.total,
        rps: Math.round(result.requests.total / (result.duration || durationSec)),
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
      };
      results.push(row);
      log(`  ${scenario.name.padEnd(30)} ${String(row.rps).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  errors ${row.errors + row.non2xx}`);
    }
    return { backend, products, generateMs: fixture.generateMs, scenarios: results, plans: fixture.plans };
  } finally {
    if (child.exitCode === null) {
      child.send({ type: 'stop' });
      await new Promise((resolve) => child.once('exit', resolve));
    }
    await scratch?.drop();
  }
}
