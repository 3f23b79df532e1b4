import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { openDatabase, type Db } from '../../../server/db';
import {
  createCategory,
  createProduct,
  createScratchDatabase,
  createUser,
  migratedPgliteDataDir,
  type TestContext,
} from '../helpers';
import { freePort, ServerProcess, type LogLine } from '../../processes';

/**
 * A catalogue import (README, API notes) is one transaction: the real server process killed while it applies a
 * 10,000-row sheet leaves the catalogue as it was before, and the restarted shop serves it. On PostgreSQL the kill
 * comes once the import's transaction has inserted products it has not committed; on PGlite once the request arrived.
 */
const JWT_SECRET = 'import-crash-secret-0123456789-abcdefghijklmnop';

let server: ServerProcess | undefined;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await server?.kill('SIGKILL');
  await Promise.all(cleanups.splice(0).map((remove) => remove()));
});

async function createStore(): Promise<{ env: Record<string, string>; open: () => Promise<Db>; url?: string }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-import-crash-'));
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    await fs.cp(await migratedPgliteDataDir(), dataDir, { recursive: true });
    return { env: { DATA_DIR: dataDir }, open: () => openDatabase({ dataDir }) };
  }
  const scratch = await createScratchDatabase(adminUrl);
  cleanups.unshift(scratch.drop);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: scratch.url },
    open: () => openDatabase({ databaseUrl: scratch.url }),
    url: scratch.url,
  };
}

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  server = new ServerProcess({
    PORT: String(port),
    HOST: '127.0.0.1',
    RATE_LIMITS: '0',
    SEED_DEMO: '0',
    BCRYPT_ROUNDS: '4',
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    JWT_SECRET,
    PUBLIC_BASE_URL: 'http://shop.test',
    ...env,
  });
  await server.waitForLog((line: LogLine) => line.msg?.startsWith('Server listening at') ?? false);
  return `http://127.0.0.1:${port}/api/v1`;
}

/** Everything stored about the catalogue. */
const catalogue = async (db: Db) => ({
  products: await db.query('SELECT * FROM products ORDER BY id'),
  categories: await db.query('SELECT * FROM categories ORDER BY id'),
  brands: await db.query('SELECT * FROM brands ORDER BY id'),
  count: await db.query('SELECT n FROM product_count'),
});

/** Resolves once another connection of the shop's database is inside a transaction that inserted products. */
async function importWriting(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (;;) {
      const { rows } = await client.query(
        `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
           AND backend_xid IS NOT NULL AND query LIKE 'INSERT INTO products%'`,
      );
      if (rows.length) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    await client.end();
  }
}

describe('a crash during a catalogue import', () => {
  it('SIGKILL while a 10,000-row sheet is applied leaves the catalogue as it was; the restarted shop serves it', async () => {
    const store = await createStore();
    const db = await store.open();
    let before: Awaited<ReturnType<typeof catalogue>>;
    let token: string;
    let existing: string;
    try {
      const t = {
        db,
        app: { ctx: { config: loadConfig({ NODE_ENV: 'test', JWT_SECRET }) } },
      } as unknown as TestContext;
      const categoryId = await createCategory(t, 'ملابس');
      existing = await createProduct(t, { categoryId, title: 'قميص قديم', price: 100 });
      token = (await createUser(t, { role: 'admin' })).token;
      before = await catalogue(db);
    } finally {
      await db.close();
    }
    const lines = ['sku,id,title,description,price,quantity,category,brand,images'];
    lines.push(`OLD-1,${existing},قميص قديم,وصف جديد,555,3,ملابس,,`);
    for (let i = 0; i < 10_000; i++)
      lines.push(
        `S-${i},,"منتج ${i}, جديد","وصف\nبسطرين",${100 + i},5,أحذية ${i % 5},ماركة ${i % 7},https://cdn.example.com/${i}.jpg`,
      );
    const form = new FormData();
    form.append('createMissing', 'true');
    form.append('file', new Blob([lines.join('\r\n')], { type: 'text/csv' }), 'products.csv');

    let url = await startServer(store.env);
    // Cut by the kill: the client sees the connection close, never an answer.
    const outcome = fetch(`${url}/products/import/apply`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    }).then(
      (res) => res.status,
      (err: unknown) => err,
    );
    if (store.url) await importWriting(store.url);
    else
      await server!.waitForLog(
        (line) => line.msg === 'incoming request' && (line.req?.url?.includes('/import/apply') ?? false),
      );
    expect(await server!.kill('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    expect(await outcome).toBeInstanceOf(TypeError);

    // The restarted shop recovers the database: the catalogue as it was, the old product as it was.
    url = await startServer(store.env);
    const res = await fetch(`${url}/products/${existing}`);
    expect(res.status).toBe(200);
    const product = (await res.json()).data;
    expect(product).toMatchObject({ title: 'قميص قديم', price: 100 });
    expect(product).not.toHaveProperty('sku');
    expect(await server!.kill('SIGTERM')).toEqual({ code: 0, signal: null });
    const after = await store.open();
    try {
      expect(await catalogue(after)).toEqual(before);
    } finally {
      await after.close();
    }
  }, 120_000);
});
