import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../../server/app';
import { migrate, openDatabase, openPglite, type Db } from '../../server/db';
import type { Config } from '../../server/config';
import type { Role } from '../../server/context';
import { signToken } from '../../server/plugins/auth';
import { hashPassword } from '../../server/lib/passwords';
import { orderMailsSettled } from '../../server/mail/orderMail';
import { slugify } from '../../server/lib/arabic';
import { productSearchVector } from '../../server/lib/searchText';
import { jobResult } from '../backgroundJobs';
import { migratedPgliteDir, type PgliteSnapshot } from './databaseSnapshot';
import { noteUncodedErrors } from './errorCodeCheck';

/** This run of the server tests is on the PostgreSQL server named by TEST_DATABASE_URL ('server-postgres'), not PGlite. */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * One app and one database per test file: in-memory PGlite, or a scratch database on the
 * PostgreSQL server named by TEST_DATABASE_URL. Call `resetDb()` in beforeEach.
 */
export interface TestContext {
  app: FastifyInstance;
  db: Db;
  dataDir: string;
  close(): Promise<void>;
}

export async function createTestApp(
  config: Partial<Config> = {},
  options: Omit<BuildOptions, 'db' | 'config'> = {},
): Promise<TestContext> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-test-'));
  const database = await createTestDatabase();
  const db = database.db;
  const app = await buildApp({
    ...options,
    db,
    config: {
      nodeEnv: 'test',
      logLevel: 'silent',
      dataDir,
      rateLimits: false,
      bcryptRounds: 4,
      publicBaseUrl: 'http://shop.test',
      ...config,
    },
  });
  noteUncodedErrors(app);
  await app.ready();
  return {
    app,
    db,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The usual set-up of a server test file: one app and database for the file, closed after it, and an
 * empty database before each test (this hook runs before the file's own beforeEach). The returned
 * context is filled in before the first test runs.
 */
export function useTestApp(
  config: Partial<Config> = {},
  options: Omit<BuildOptions, 'db' | 'config'> = {},
): TestContext {
  const t = {} as TestContext;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(config, options));
  });
  afterAll(() => t.close?.());
  beforeEach(() => resetDb(t.db));
  return t;
}

let snapshot: Promise<Blob> | undefined;

/**
 * A migrated database of its own for a test file, on the run's engine: a copy of the one databaseSnapshot.ts migrated
 * for the run (PGlite: its dumped data directory, read once per worker; PostgreSQL with TEST_DATABASE_URL: its
 * template database). `migrate` then finds nothing to do; without the snapshot (a file run outside the server project)
 * it migrates everything. `createTestApp` builds its app on one; a test of database code alone takes one itself.
 * `close` ends the file's use of it.
 */
export async function createTestDatabase(): Promise<{ db: Db; close(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const migrated = await migratedPgliteFiles();
    const db = migrated ? ((await reusedPglite()) ?? (await loadedPglite(migrated.dump))) : await migratedPglite();
    return { db, close: () => release(db) };
  }
  const scratch = await createScratchDatabase(url, { template: inject('postgresTemplate') || undefined });
  const db = await openDatabase({ databaseUrl: scratch.url });
  return {
    db,
    async close() {
      await db.close();
      await scratch.drop();
    },
  };
}

/**
 * The run's migrated PGlite (databaseSnapshot.ts), once its job has made it: its dump, and a data directory to copy
 * for a server process. Undefined for a file run outside the server project.
 */
export async function migratedPgliteFiles(): Promise<PgliteSnapshot | undefined> {
  const job = inject('pgliteSnapshot');
  return job ? jobResult<PgliteSnapshot>(job) : undefined;
}

/** A migrated PGlite data directory to copy as a server process's DATA_DIR: the run's, else one migrated now. */
export async function migratedPgliteDataDir(): Promise<string> {
  return (await migratedPgliteFiles())?.dataDir ?? (await migratedPgliteDir());
}

async function migratedPglite(): Promise<Db> {
  const db = await openPglite();
  await migrate(db);
  return db;
}

/**
 * PGlite databases a finished test file gave back, and what one loaded from the snapshot holds beyond its data
 * tables (see `keptState`). Loading the snapshot into a new PGlite costs about half a second of CPU per file; the
 * files of a worker run one after another, so the next one takes a given-back database instead, once it is emptied
 * as a new one is and found otherwise as loaded. One that a file changed otherwise (a table added, a kept row
 * written, a governorate left renamed) is closed, and the next file loads a new one.
 */
const givenBack: Db[] = [];
const loaded = new WeakSet<Db>();
let snapshotState: Promise<string> | undefined;

async function loadedPglite(file: string): Promise<Db> {
  snapshot ??= fs.readFile(file).then((data) => new Blob([data]));
  const db = await openPglite(undefined, { loadDataDir: await snapshot });
  await migrate(db);
  loaded.add(db);
  snapshotState ??= keptState(db);
  await snapshotState;
  return db;
}

async function reusedPglite(): Promise<Db | undefined> {
  for (let db = givenBack.pop(); db; db = givenBack.pop()) {
    if (await emptiedAsLoaded(db)) {
      // The file may add a table (resetDb.test.ts does): its list of data tables is read again.
      dataTablesByDb.delete(db);
      return db;
    }
    await db.close();
  }
  return undefined;
}

/** Empties a given-back database as a new one is, and tells whether nothing else changed in it. */
async function emptiedAsLoaded(db: Db): Promise<boolean> {
  try {
    await resetDb(db);
    // The secrets the file's app made on its first start: a new database has none.
    await db.exec('DELETE FROM shop_secrets');
    return (await keptState(db)) === (await snapshotState);
  } catch {
    return false;
  }
}

/** Ends a test file's use of its database: a PGlite loaded from the snapshot is given back, any other closed. */
async function release(db: Db) {
  if (loaded.has(db)) givenBack.push(db);
  else await db.close();
}

/**
 * What resetDb leaves as it is: the schema (tables, columns, constraints, indexes, functions, triggers), the kept
 * tables' rows, the sequences no column owns and the session's settings, as one fingerprint.
 */
export async function keptState(db: Db): Promise<string> {
  const kept = Object.keys(KEPT_TABLES)
    .map((table) => `(SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) FROM ${table} t)`)
    .join(" || ',' || ");
  const row = await db.one<{ state: string }>(
    `SELECT md5(concat_ws('|',
       ${kept},
       (SELECT string_agg(concat_ws(':', c.oid, c.relname, c.relkind), ',' ORDER BY c.oid)
          FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema()),
       (SELECT string_agg(concat_ws(':', a.attrelid, a.attname, a.atttypid, a.attnotnull, a.attisdropped), ','
                          ORDER BY a.attrelid, a.attnum)
          FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = current_schema() AND a.attnum > 0),
       (SELECT string_agg(concat_ws(':', d.adrelid, d.adnum, pg_get_expr(d.adbin, d.adrelid)), ',' ORDER BY d.oid)
          FROM pg_attrdef d),
       (SELECT string_agg(concat_ws(':', oid, conname, pg_get_constraintdef(oid)), ',' ORDER BY oid)
          FROM pg_constraint WHERE connamespace = to_regnamespace(current_schema())),
       (SELECT string_agg(concat_ws(':', p.oid, p.proname, md5(p.prosrc)), ',' ORDER BY p.oid)
          FROM pg_proc p WHERE p.pronamespace = to_regnamespace(current_schema())),
       (SELECT string_agg(concat_ws(':', oid, tgname, tgenabled), ',' ORDER BY oid) FROM pg_trigger),
       (SELECT string_agg(concat_ws(':', s.sequencename, s.last_value), ',' ORDER BY s.sequencename)
          FROM pg_sequences s
         WHERE NOT EXISTS (SELECT 1 FROM pg_depend d
                            WHERE d.objid = to_regclass(quote_ident(s.schemaname) || '.' || quote_ident(s.sequencename))
                              AND d.deptype = 'a')),
       (SELECT string_agg(concat_ws('=', name, setting), ',' ORDER BY name) FROM pg_settings WHERE source = 'session')
     )) AS state`,
  );
  return row!.state;
}

/**
 * A new database on the PostgreSQL server of `serverUrl` (empty, or a copy of the database `template`), and how to
 * drop it again.
 */
export async function createScratchDatabase(
  serverUrl: string,
  options: { template?: string } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `shop_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}${options.template ? ` TEMPLATE ${options.template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * Tables resetDb leaves alone, each for its reason; every other table of the shop's schema is data that one test
 * must not leave to the next, and is emptied without being listed anywhere.
 */
export const KEPT_TABLES: Record<string, string> = {
  schema_migrations: 'migration bookkeeping: emptied, the next start would run every migration again',
  shop_secrets: "the shop's generated secrets, which signed the tokens the file's tests hold",
  seed_runs: 'whether this is a demo shop, which the app read once when it was built (tests set it by hand)',
  product_count: 'one row of the product count, kept by triggers: it goes back to 0 as the products are deleted',
  governorates: "Egypt's governorates, which migration 022 writes (a test that renames or adds one puts it back)",
};

/** Tables of one row of settings that migrations write: emptied like the others, then written again as new. */
export const SETTINGS_TABLES = ['shop_settings'];

/**
 * Tables the database's own triggers fill from other tables (the search vocabulary, the dashboard's daily figures):
 * emptied like the rest, but a saved scene never restores them, since restoring their sources fills them again.
 */
export const DERIVED_TABLES = ['search_words', 'daily_sales', 'daily_product_sales'];

const dataTablesByDb = new WeakMap<Db, Promise<string[]>>();

/**
 * Every table of the shop's data, children before parents (so deleting in this order meets no foreign key), read
 * from the database's own catalogue: a table a new migration adds is emptied between tests without anyone listing
 * it. Read once per database (its schema does not change during a test file).
 */
export function dataTables(db: Db): Promise<string[]> {
  let tables = dataTablesByDb.get(db);
  if (!tables) {
    tables = readDataTables(db);
    dataTablesByDb.set(db, tables);
  }
  return tables;
}

async function readDataTables(db: Db): Promise<string[]> {
  const rows = await db.query<{ name: string; parents: string[] }>(
    // As text: node-postgres reads a text[] as an array, but leaves a name[] (relname's own type) a string.
    `SELECT c.relname::text AS name,
            coalesce(array_agg(DISTINCT p.relname::text) FILTER (WHERE p.oid <> c.oid), '{}') AS parents
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
       LEFT JOIN pg_constraint f ON f.conrelid = c.oid AND f.contype = 'f'
       LEFT JOIN pg_class p ON p.oid = f.confrelid
      WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition
      GROUP BY c.relname`,
  );
  const names = new Set(rows.map((r) => r.name));
  const stale = Object.keys(KEPT_TABLES).filter((name) => !names.has(name));
  if (stale.length) throw new Error(`KEPT_TABLES names tables the database does not have: ${stale.join(', ')}`);
  const data = rows.filter((r) => !(r.name in KEPT_TABLES));
  const odd = data.filter((r) => !/^[a-z_][a-z0-9_]*$/.test(r.name)).map((r) => r.name);
  if (odd.length) throw new Error(`Table names the test helpers cannot use unquoted: ${odd.join(', ')}`);

  // Children first: a table is emptied once every table that references it has been.
  const children = new Map(data.map((r) => [r.name, new Set<string>()]));
  for (const { name, parents } of data) for (const parent of parents) children.get(parent)?.add(name);
  const ordered: string[] = [];
  while (children.size) {
    const ready = [...children].filter(([, refs]) => refs.size === 0).map(([name]) => name);
    if (!ready.length) throw new Error(`Foreign keys form a cycle among: ${[...children.keys()].join(', ')}`);
    for (const name of ready.sort()) {
      ordered.push(name);
      children.delete(name);
      for (const refs of children.values()) refs.delete(name);
    }
  }
  return ordered;
}

/**
 * Empties every data table with DELETE rather than TRUNCATE: on PostgreSQL a TRUNCATE of these tables makes new files
 * and waits for their fsync (about 100 ms), while deleting a test's few rows takes under a millisecond. The
 * triggers fire as they do in the shop (the product count goes back to 0).
 */
export async function emptyTablesSql(db: Db): Promise<string> {
  return (await dataTables(db)).map((table) => `DELETE FROM ${table};`).join(' ');
}

/**
 * Empties every data table. Order e-mails still being written read the order after their answer was sent: they
 * finish first, so none of them reads the next test's rows. In a transaction, which PG_STATEMENT_TIMEOUT_MS does not
 * limit: emptying a test's 30,000 products on a busy machine may take longer than a visitor's read may.
 */
export async function resetDb(db: Db) {
  await orderMailsSettled();
  const settings = SETTINGS_TABLES.map((table) => `INSERT INTO ${table} DEFAULT VALUES;`).join(' ');
  const sql = `${await emptyTablesSql(db)} ${settings} ALTER SEQUENCE order_number_seq RESTART WITH 1;`;
  await db.tx((tx) => tx.exec(sql));
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  token: string;
  auth: { authorization: string };
}

let userCounter = 0;

/** Inserts a user directly and signs a token for it. */
export async function createUser(
  t: TestContext,
  options: { role?: Role; email?: string; password?: string; name?: string; phone?: string } = {},
): Promise<TestUser> {
  const password = options.password ?? 'Secret123';
  const email = options.email ?? `user${++userCounter}-${randomUUID().slice(0, 6)}@example.com`;
  const name = options.name ?? 'مستخدم تجريبي';
  const row = await t.db.one<{ id: string }>(
    `INSERT INTO users (name, slug, email, phone, role, password_hash) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      name,
      slugify(name),
      email,
      options.phone ?? '01012345678',
      options.role ?? 'user',
      await hashPassword(password, 4),
    ],
  );
  const token = await signToken(t.app.ctx, row!.id);
  return { id: row!.id, email, password, token, auth: { authorization: `Bearer ${token}` } };
}

/**
 * A default name's unique part: one word no keyword in the tests starts (a bare hex part such as "50ab12" is matched
 * by a search for "50" as the start of a word).
 */
const uniquePart = () => `zq${randomUUID().slice(0, 6)}`;

export async function createCategory(t: TestContext, name = `تصنيف ${uniquePart()}`) {
  return (await t.db.one<{ id: string }>(
    `INSERT INTO categories (name, slug, image) VALUES ($1, $2, 'cat.webp') RETURNING id`,
    [name, slugify(name)],
  ))!.id;
}

export async function createSubcategory(t: TestContext, categoryId: string, name = `فرعي ${uniquePart()}`) {
  return (await t.db.one<{ id: string }>(
    `INSERT INTO subcategories (name, slug, category_id) VALUES ($1, $2, $3) RETURNING id`,
    [name, slugify(name), categoryId],
  ))!.id;
}

export async function createBrand(t: TestContext, name = `ماركة ${uniquePart()}`) {
  return (await t.db.one<{ id: string }>(
    `INSERT INTO brands (name, slug, image) VALUES ($1, $2, 'brand.webp') RETURNING id`,
    [name, slugify(name)],
  ))!.id;
}

/** Inserts a product; prices in EGP. */
export async function createProduct(
  t: TestContext,
  options: {
    title?: string;
    description?: string;
    price?: number;
    priceAfterDiscount?: number;
    quantity?: number;
    colors?: string[];
    categoryId?: string;
    brandId?: string | null;
    subcategoryIds?: string[];
    sold?: number;
    createdAt?: Date;
  } = {},
) {
  const categoryId = options.categoryId ?? (await createCategory(t));
  const title = options.title ?? `منتج ${uniquePart()}`;
  const description = options.description ?? 'وصف المنتج التجريبي';
  const row = await t.db.one<{ id: string }>(
    `INSERT INTO products (title, slug, description, quantity, sold, price, price_after_discount, available_colors, image_cover, images, category_id, subcategory_ids, brand_id, search_vector, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'cover.webp', '{}', $9, $10, $11, $12, coalesce($13::timestamptz, now())) RETURNING id`,
    [
      title,
      slugify(title),
      description,
      options.quantity ?? 10,
      options.sold ?? 0,
      Math.round((options.price ?? 100) * 100),
      options.priceAfterDiscount === undefined ? null : Math.round(options.priceAfterDiscount * 100),
      options.colors ?? [],
      categoryId,
      options.subcategoryIds ?? [],
      options.brandId ?? null,
      productSearchVector(title, description),
      options.createdAt ?? null,
    ],
  );
  return row!.id;
}

export async function createCoupon(t: TestContext, options: { name?: string; discount?: number; expire?: Date } = {}) {
  return (await t.db.one<{ id: string }>(
    `INSERT INTO coupons (name, expire, discount) VALUES ($1, $2, $3) RETURNING id`,
    [
      options.name ?? `SALE${randomUUID().slice(0, 4)}`,
      options.expire ?? new Date(Date.now() + 7 * 86400_000),
      options.discount ?? 10,
    ],
  ))!.id;
}

/** A small real PNG for upload tests. */
export const pngImage = (width = 400, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

/**
 * A valid PNG of any dimensions that is cheap to make and small to send: 1-bit grey, all black, deflated
 * (16000×16000 is about 31 KB). Decoding it would still cost width × height.
 */
export function largePng(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const frame = Buffer.alloc(12 + data.length);
    frame.writeUInt32BE(data.length, 0);
    body.copy(frame, 4);
    frame.writeUInt32BE(zlib.crc32(body), 4 + body.length);
    return frame;
  };
  const header = Buffer.alloc(13); // bit depth 1, colour type 0 (grey), deflate, filter 0, no interlace
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1;
  const rows = Buffer.alloc((Math.ceil(width / 8) + 1) * height); // each row: filter byte 0, then black pixels
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Builds a multipart/form-data payload for app.inject. */
export function multipart(fields: Record<string, string | string[]>, files: Record<string, Buffer | Buffer[]> = {}) {
  const boundary = `----shop${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const v of [value].flat()) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`));
    }
  }
  for (const [name, value] of Object.entries(files)) {
    [value].flat().forEach((data, i) => {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}-${i}.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
      );
      chunks.push(data, Buffer.from('\r\n'));
    });
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** What GET /shop says of a shop whose owner has not filled in its settings (migration 022's defaults). */
export const FRESH_SHOP = { shopName: '', shopAddress: '', taxNumber: '', vatRate: 14, cashOnDelivery: true };
