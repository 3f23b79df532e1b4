import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile, serveSeededShop } from './seededChild';
import pg from 'pg';

/**
 * `npx tsx bench/catalogueImport.ts`: the catalogue sheet at 10,000 rows (README, API notes). A demo shop in its own
 * process, on a fresh PostgreSQL database (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres) or
 * on PGlite (BENCH_BACKEND=pglite). The owner previews and applies a sheet of 10,000 new products (Arabic text, commas
 * and line breaks in fields, new categories and brands created), previews it again unchanged, exports the catalogue,
 * re-imports the export unchanged, and applies 10,000 price changes; meanwhile a visitor reads the product list over
 * and over. Prints each step's time and the visitor's p50/p99 alone and during the writes. Reported, never asserted.
 */

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROWS = Number(process.env.BENCH_IMPORT_ROWS) || 10_000;
const LIST = '/api/v1/products?limit=20&page=1';
const backend = process.env.BENCH_BACKEND === 'pglite' ? 'pglite' : 'postgres';
const adminUrl = process.env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** The child: the seeded demo shop, on the database the parent made (or a temporary PGlite folder). */
const serve = () =>
  serveSeededShop('import', { ...(process.env.BENCH_DATABASE_URL && { databaseUrl: process.env.BENCH_DATABASE_URL }) });

const summary = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return `p50 ${Math.round(percentile(sorted, 0.5))} ms  p99 ${Math.round(percentile(sorted, 0.99))} ms  max ${Math.round(sorted.at(-1) ?? 0)} ms  (${sorted.length} requests)`;
};

/** A sheet of `ROWS` new products, as an owner's spreadsheet holds them. */
function newSheet(): string {
  const lines = ['sku,title,description,price,priceAfterDiscount,quantity,category,subcategories,brand,colors,images'];
  for (let i = 0; i < ROWS; i++)
    lines.push(
      `BENCH-${i},"منتج تجريبي ${i}، مقاس كبير","وصف المنتج ${i}, بفاصلة\nوسطر ثان",` +
        `"${(1000 + i).toLocaleString('en-US')}.50",,${i % 40},تصنيف ${i % 10},فرعي ${i % 4},ماركة ${i % 25},أسود | #1e56e0,` +
        `https://cdn.example.com/bench/${i}.jpg`,
    );
  return lines.join('\r\n');
}

async function main() {
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (backend === 'postgres') {
    const name = `shop_import_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }
  const child = fork(fileURLToPath(import.meta.url), {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      BENCH_IMPORT_CHILD: '1',
      NODE_ENV: 'development',
      ...(databaseUrl && { BENCH_DATABASE_URL: databaseUrl }),
    },
    cwd: path.join(HERE, '..'),
  });
  try {
    const { port } = await new Promise<{ port: number }>((resolve, reject) => {
      child.once('message', resolve as (m: unknown) => void);
      child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    });
    const base = `http://127.0.0.1:${port}/api/v1`;
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@shop.local', password: 'Admin1234' }),
    });
    const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const visit = async () => {
      const started = performance.now();
      const res = await fetch(`${base}${LIST.replace('/api/v1', '')}`);
      await res.arrayBuffer();
      return performance.now() - started;
    };
    for (let i = 0; i < 30; i++) await visit(); // warm-up
    const alone: number[] = [];
    for (let i = 0; i < 200; i++) alone.push(await visit());

    const during: number[] = [];
    /** Runs a step while the visitor reads the list; answers its time and status. */
    const step = async (name: string, run: () => Promise<Response>) => {
      let running = true;
      const visitor = (async () => {
        while (running) during.push(await visit());
      })();
      const started = performance.now();
      const res = await run();
      const body = await res.text();
      const ms = performance.now() - started;
      running = false;
      await visitor;
      const counts = res.headers.get('content-type')?.includes('json')
        ? JSON.stringify((JSON.parse(body) as { data?: { counts?: unknown } }).data?.counts)
        : `${body.length} characters`;
      console.log(`${name.padEnd(34)} ${String(Math.round(ms)).padStart(6)} ms  ${res.status}  ${counts}`);
      return body;
    };
    const send =
      (kind: 'preview' | 'apply', sheet: string, createMissing = false) =>
      () => {
        const form = new FormData();
        form.append('createMissing', String(createMissing));
        form.append('file', new Blob([sheet], { type: 'text/csv' }), 'products.csv');
        return fetch(`${base}/products/import/${kind}`, { method: 'POST', headers: auth, body: form });
      };

    console.log(`machine: ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}; ${backend}; ${ROWS} rows`);
    const sheet = newSheet();
    await step('preview (all new)', send('preview', sheet, true));
    await step('apply (all new, names created)', send('apply', sheet, true));
    await step('preview again (all unchanged)', send('preview', sheet, true));
    const exported = await step('export (whole catalogue)', () =>
      fetch(`${base}/products/export.csv`, { headers: auth }),
    );
    await step('apply the export (round trip)', send('apply', exported));
    const repriced = exported.replace(/^(BENCH-\d+,[^,]*,[^,"\r\n]*,"[^"]*",)(\d+(?:\.\d+)?)/gm, (_m, head, price) => {
      return `${head}${Number(price) + 1}`;
    });
    await step('apply (new prices)', send('apply', repriced));
    console.log(`product list alone:                ${summary(alone)}`);
    console.log(`product list during the steps:     ${summary(during)}`);
  } finally {
    child.send('stop');
    await new Promise((resolve) => child.once('exit', resolve));
    await dropDatabase();
  }
}

if (process.env.BENCH_IMPORT_CHILD === '1') await serve();
else await main();
