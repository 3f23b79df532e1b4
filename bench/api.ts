import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { startRoundRobin } from '../tests/e2e/roundRobin';
import { prng } from './generate';
import type { Fixture } from './apiServer';

/**
 * API under load: for one backend (PGlite or PostgreSQL) and one catalogue size, starts bench/apiServer.ts
 * in a child process on loopback and drives nine scenarios with autocannon at 32 connections.
 */

export type Backend = 'pglite' | 'postgres';

export interface ScenarioResult {
  scenario: string;
  kind: 'catalogue' | 'search' | 'suggest' | 'cart' | 'dashboard' | 'staffOrders' | 'customerOrders';
  /** Connections it ran at (CONNECTIONS unless the scenario names its own). */
  connections: number;
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
  pastOrders: number;
  customers: number;
  generateMs: number;
  scenarios: ScenarioResult[];
  plans: Fixture['plans'];
  /** BENCH_PROCESSES=2 (PostgreSQL): `scenarios` ran through a round-robin in front of one process, these through it in front of two. */
  twoProcesses?: { roundRobin: string; scenarios: ScenarioResult[] };
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
  /** Its own concurrency, for pages a few staff open rather than every shopper. */
  connections?: number;
  /** Names of scenarios that run beside it, at their own concurrency, for as long as it runs. */
  meanwhile?: string[];
}

function scenarios(f: Fixture): Scenario[] {
  const rand = prng(7);
  const r = (n: number) => Math.floor(rand() * n);
  const sorts = ['', '%2Bprice', '-price', '-sold', '-ratingsAverage'];
  const since = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  const orderFilters = [
    '',
    'isDelivered=false',
    'isPaid=false',
    'isDelivered=false&paymentMethodType=cash',
    'unconfirmed=true',
    'isCancelled=true',
    'paymentMethodType=card&isPaid=true',
    `createdAt[gte]=${since}`,
  ];
  const suggestKeywords = [
    ...f.searchWords.flatMap((w) => [w.slice(0, 2), w.slice(0, 3), w.slice(0, 4), w]),
    'اسعار',
    'الاهرام',
    'قهوه عربيه',
    'ظظظ',
    'xq',
  ];
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
      next: () => ({
        path: `/api/v1/products?sort=&limit=8&page=${1 + r(3)}&keyword=${encodeURIComponent(f.searchWords[r(f.searchWords.length)])}`,
      }),
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
    {
      // The listing by option value (migration 034's term index): one size, or two, in stock, in the storefront's sorts.
      name: 'listing filtered by size',
      kind: 'catalogue',
      method: 'GET',
      next: () => ({
        path:
          `/api/v1/products?limit=8&page=${1 + r(5)}&sort=${sorts[r(sorts.length)]}&options=` +
          encodeURIComponent(r(2) ? 'المقاس:XL' : 'المقاس:S,المقاس:XXL'),
      }),
    },
    {
      // What the top bar asks as a shopper types: 2, 3 and 4 letters and whole words, unfolded spellings, misses.
      name: 'search suggestions',
      kind: 'suggest',
      method: 'GET',
      next: () => ({
        path: `/api/v1/products/suggestions?keyword=${encodeURIComponent(suggestKeywords[r(suggestKeywords.length)])}`,
      }),
    },
    {
      name: 'product detail',
      kind: 'catalogue',
      method: 'GET',
      next: () => ({ path: `/api/v1/products/${f.productIds[r(f.productIds.length)]}` }),
    },
    { name: 'category list', kind: 'catalogue', method: 'GET', next: () => ({ path: '/api/v1/categories' }) },
    // The owner's page: a couple of staff at a time, not the shoppers' 32 connections.
    {
      name: 'dashboard',
      kind: 'dashboard',
      method: 'GET',
      connections: 2,
      next: () => ({ path: '/api/v1/dashboard', token: f.staffToken }),
    },
    // The staff's order list as the admin screen asks it (5 a page, newest first): a search, then filters.
    {
      name: 'order search',
      kind: 'staffOrders',
      method: 'GET',
      connections: 2,
      next: () => ({
        path: `/api/v1/orders?page=1&limit=5&search=${encodeURIComponent(f.orderSearches[r(f.orderSearches.length)])}`,
        token: f.staffToken,
      }),
    },
    {
      name: 'order list (filters)',
      kind: 'staffOrders',
      method: 'GET',
      connections: 2,
      next: () => ({
        path: `/api/v1/orders?page=${1 + r(5)}&limit=5&${orderFilters[r(orderFilters.length)]}`,
        token: f.staffToken,
      }),
    },
    {
      name: "a customer's orders",
      kind: 'customerOrders',
      method: 'GET',
      next: () => ({
        path: `/api/v1/orders?page=${1 + r(2)}&limit=5`,
        token: f.customerTokens[r(f.customerTokens.length)],
      }),
    },
    {
      name: 'add to cart',
      kind: 'cart',
      method: 'POST',
      next: (n) => ({
        path: '/api/v1/cart',
        token: f.addTokens[n % f.addTokens.length],
        body: { productId: f.productIds[r(f.productIds.length)] },
      }),
    },
    {
      name: 'apply coupon',
      kind: 'cart',
      method: 'PUT',
      next: (n) => ({
        path: '/api/v1/cart/applyCoupon',
        token: f.couponTokens[n % f.couponTokens.length],
        body: { couponName: f.couponName },
      }),
    },
    {
      // While staff read the dashboard and search the orders, as in a working shop.
      name: 'cash order',
      kind: 'cart',
      method: 'POST',
      amount: f.orders.length,
      meanwhile: ['dashboard', 'order search'],
      next: (n) => ({
        path: `/api/v1/orders/${f.orders[n].cartId}`,
        token: f.orders[n].token,
        body: { shippingAddress: { details: 'المنزل', phone: '01012345678', city: '', postalCode: '' } },
      }),
    },
  ];
}

function load(
  baseUrl: string,
  scenario: Scenario,
  durationSec: number,
  connections = CONNECTIONS,
  started?: (instance: autocannon.Instance) => void,
): Promise<autocannon.Result> {
  let n = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
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
    started?.(instance);
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

async function runScenario(
  baseUrl: string,
  scenario: Scenario,
  durationSec: number,
  all: Scenario[] = [],
): Promise<ScenarioResult> {
  // A short warm-up at low concurrency for reads (JIT, plan and buffer caches); writes start cold.
  if (scenario.method === 'GET') await load(baseUrl, scenario, 1, 4);
  const connections = scenario.connections ?? CONNECTIONS;
  // The scenarios that run beside it, stopped when it ends (their own figures are not reported here).
  const beside: autocannon.Instance[] = [];
  const besideDone = (scenario.meanwhile ?? []).map((name) => {
    const other = all.find((s) => s.name === name);
    if (!other) throw new Error(`no scenario ${name}`);
    return load(baseUrl, other, 3600, other.connections ?? CONNECTIONS, (i) => beside.push(i));
  });
  const result = await load(baseUrl, scenario, durationSec, connections);
  for (const instance of beside) instance.stop();
  await Promise.all(besideDone);
  // Requests of the stopped loads may still be on their way: let them finish before the next scenario (or the end).
  if (beside.length) await new Promise((resolve) => setTimeout(resolve, 500));
  return {
    scenario: scenario.name,
    kind: scenario.kind,
    connections,
    requests: result.requests.total,
    rps: Math.round(result.requests.total / (result.duration || durationSec)),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** BENCH_SCENARIOS=dashboard,… measures only the scenarios whose names contain one of these words. */
const wanted = process.env.BENCH_SCENARIOS?.split(',').filter(Boolean);
const chosen = (list: Scenario[]) => list.filter((s) => !wanted || wanted.some((w) => s.name.includes(w)));

const describeRow = (row: ScenarioResult) =>
  `${String(row.rps).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  errors ${row.errors + row.non2xx}${row.connections === CONNECTIONS ? '' : `  (${row.connections} connections)`}`;

const sizeOf = (f: Fixture) => ({ generateMs: f.generateMs, pastOrders: f.pastOrders, customers: f.customers });

/** Starts bench/apiServer.ts and waits for its fixture. */
async function startApiServer(env: NodeJS.ProcessEnv) {
  const child = fork(path.join(HERE, 'apiServer.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<Fixture>((resolve, reject) => {
    child.once('message', (m: { type: string; fixture: Fixture }) => resolve(m.fixture));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.send({ type: 'stop' });
    await new Promise((resolve) => child.once('exit', resolve));
  };
  return { ready, stop };
}

export async function runApiBench(options: {
  backend: Backend;
  products: number;
  durationSec: number;
  postgresUrl: string;
  /** 2: also through a round-robin in front of two processes on the same database (PostgreSQL only). */
  processes?: number;
  log: (line: string) => void;
}): Promise<ApiRun> {
  const { backend, products, durationSec, log } = options;
  const twoProcesses = options.processes === 2 && backend === 'postgres';
  const scratch = backend === 'postgres' ? await scratchDatabase(options.postgresUrl) : undefined;
  // Both processes sign and check the fixture's tokens with the same secret.
  const shared = { JWT_SECRET: randomBytes(32).toString('hex'), BENCH_DB_URL: scratch?.url ?? '' };
  const stops: (() => Promise<void>)[] = [];
  try {
    const first = await startApiServer({
      ...shared,
      BENCH_PRODUCTS: String(products),
      // A shop open for years on the PostgreSQL run at the target size: a million orders of 200,000 customers.
      BENCH_PAST_ORDERS:
        process.env.BENCH_PAST_ORDERS || String(backend === 'postgres' && products >= 100_000 ? 1_000_000 : products),
      // Enough carts for the longest cash-order run at the rates we see (each run of two gets its own), never more than we need.
      BENCH_ORDER_CARTS: String(Math.max(1000, durationSec * 400) * (twoProcesses ? 2 : 1)),
    });
    stops.push(first.stop);
    log(`  ${backend}, ${products.toLocaleString('en')} products: generating…`);
    const fixture = await first.ready;
    log(`  generated in ${(fixture.generateMs / 1000).toFixed(1)} s`);

    if (!twoProcesses) {
      const results: ScenarioResult[] = [];
      const all = scenarios(fixture);
      for (const scenario of chosen(all)) {
        const row = await runScenario(fixture.baseUrl, scenario, durationSec, all);
        results.push(row);
        log(`  ${scenario.name.padEnd(30)} ${describeRow(row)}`);
      }
      return { backend, products, ...sizeOf(fixture), scenarios: results, plans: fixture.plans };
    }

    // The same round-robin in front of one process, then of two, so that only the number of processes differs.
    const second = await startApiServer({ ...shared, BENCH_SERVE_ONLY: '1' });
    stops.push(second.stop);
    const ports = [fixture.baseUrl, (await second.ready).baseUrl].map((url) => Number(new URL(url).port));
    const one = await startRoundRobin(ports.slice(0, 1));
    stops.push(one.close);
    const two = await startRoundRobin(ports);
    stops.push(two.close);
    log(`  round-robin (${two.kind}) in front of 1 process, then 2 processes on the same database`);
    const half = Math.floor(fixture.orders.length / 2);
    const [oneAll, twoAll] = [fixture.orders.slice(0, half), fixture.orders.slice(half)].map((orders) =>
      scenarios({ ...fixture, orders }),
    );
    const [oneScenarios, twoScenarios] = [chosen(oneAll), chosen(twoAll)];
    const results: ScenarioResult[] = [];
    const doubled: ScenarioResult[] = [];
    for (const [i, scenario] of oneScenarios.entries()) {
      const single = await runScenario(one.url, scenario, durationSec, oneAll);
      const pair = await runScenario(two.url, twoScenarios[i], durationSec, twoAll);
      results.push(single);
      doubled.push(pair);
      log(
        `  ${scenario.name.padEnd(30)} 1 process ${String(single.rps).padStart(6)} req/s | 2 processes ${String(pair.rps).padStart(6)} req/s (×${(pair.rps / Math.max(1, single.rps)).toFixed(2)})  p99 ${single.p99} / ${pair.p99} ms  errors ${single.errors + single.non2xx} / ${pair.errors + pair.non2xx}`,
      );
    }
    return {
      backend,
      products,
      ...sizeOf(fixture),
      scenarios: results,
      plans: fixture.plans,
      twoProcesses: { roundRobin: two.kind, scenarios: doubled },
    };
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await scratch?.drop();
  }
}
