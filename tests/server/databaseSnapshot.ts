import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { TestProject } from 'vitest/node';
import { migrate, openPglite, openPostgres } from '../../server/db';
import { scriptJob, type BackgroundJob } from '../backgroundJobs';
import { buildServerOnce } from '../processes';

/**
 * Global set-up of the server tests: builds the server (for the tests that start its processes) and migrates one
 * database for the run, so that each file starts from a copy of it instead of creating an empty database and running
 * every migration (creating an in-memory PGlite costs seconds of CPU; copying a migrated one a fraction).
 *
 * - PGlite: a dump of the migrated data directory, kept under node_modules/.cache between runs (never committed)
 *   and named by a hash of the migrations and the PGlite version, so a changed migration makes a new one; made in
 *   the background (tests/backgroundJobs.ts) while the web and end-to-end tests run.
 * - PostgreSQL (TEST_DATABASE_URL): a migrated template database for this run; each file's scratch database is
 *   `CREATE DATABASE … TEMPLATE` of it. Dropped again at the end.
 *
 * helpers.ts still runs `migrate` on every database it opens: a no-op on a current copy, and the whole set of
 * migrations when a file is run without this set-up.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of the job making the migrated PGlite (PgliteSnapshot, by jobResult), or '' for none. */
    pgliteSnapshot: string;
    /** Name of the migrated template database on TEST_DATABASE_URL's server, or '' for none. */
    postgresTemplate: string;
  }
}

/** The migrated PGlite of a run, as the job pgliteSnapshotJob leaves it. */
export interface PgliteSnapshot {
  /** Path of the dumped data directory (tar), which an in-memory PGlite loads. */
  dump: string;
  /** A migrated data directory as `openDatabase({ dataDir })` keeps it, to copy for a server process. */
  dataDir: string;
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MIGRATIONS_DIR = path.join(ROOT, 'server/db/migrations');
/** Where the PGlite snapshots are kept between runs (SHOP_TEST_CACHE_DIR to keep them elsewhere). */
const CACHE_DIR = process.env.SHOP_TEST_CACHE_DIR || path.join(ROOT, 'node_modules/.cache/shop-tests');

async function migrationsHash(): Promise<string> {
  const hash = crypto.createHash('sha256');
  const pglite = JSON.parse(
    await fs.readFile(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version: string };
  hash.update(`pglite ${pglite.version}\n`);
  for (const file of (await fs.readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort()) {
    hash
      .update(`${file}\n`)
      .update(await fs.readFile(path.join(MIGRATIONS_DIR, file)))
      .update('\n');
  }
  return hash.digest('hex').slice(0, 16);
}

/** Makes `target` (a cache path) by `make(partial)` into a directory beside it, renamed when done: never half made. */
async function cached(target: string, make: (partial: string) => Promise<void>): Promise<string> {
  try {
    await fs.access(target);
    return target;
  } catch {
    // made below
  }
  await fs.mkdir(CACHE_DIR, { recursive: true });
  const partial = `${target}.${process.pid}.partial`;
  await fs.rm(partial, { recursive: true, force: true });
  try {
    await make(partial);
    await fs.rename(partial, target).catch(async (err) => {
      // Another run made it meanwhile.
      if ((await fs.stat(target).catch(() => undefined)) === undefined) throw err;
    });
  } finally {
    await fs.rm(partial, { recursive: true, force: true });
  }
  return target;
}

/**
 * A migrated PGlite data directory as `openPglite(dir)` keeps it (in `dir/pglite`), for the end-to-end tests' shops
 * to copy into their DATA_DIR. Older ones (of other migrations) are removed.
 */
export async function migratedPgliteDir(): Promise<string> {
  const hash = await migrationsHash();
  const dir = await cached(path.join(CACHE_DIR, `pglite-migrated-${hash}`), async (partial) => {
    const db = await openPglite(partial);
    await migrate(db);
    await db.close();
  });
  await removeOlder(path.basename(dir));
  return dir;
}

/** The dump (tar) of the migrated data directory, which an in-memory PGlite loads (loadDataDir). */
export async function pgliteSnapshot(): Promise<string> {
  const dir = await migratedPgliteDir();
  return cached(`${dir}.tar`, async (partial) => {
    // Dumped from a copy: opening a data directory writes to it, and the cached one stays as made.
    const copy = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-snapshot-'));
    try {
      await fs.cp(path.join(dir, 'pglite'), copy, { recursive: true });
      await dumpPgliteDir(copy, partial);
    } finally {
      await fs.rm(copy, { recursive: true, force: true });
    }
  });
}

/** Writes the dump (tar) of PGlite's data directory `dir` to `file`, for an in-memory PGlite to load (loadDataDir). */
export async function dumpPgliteDir(dir: string, file: string) {
  const raw = await PGlite.create(dir, { extensions: { pg_trgm } });
  const dump = await raw.dumpDataDir('none');
  await raw.close();
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
}

async function removeOlder(current: string) {
  for (const entry of await fs.readdir(CACHE_DIR)) {
    if (entry.startsWith('pglite-migrated-') && !entry.startsWith(current) && !entry.includes('.partial')) {
      await fs.rm(path.join(CACHE_DIR, entry), { recursive: true, force: true });
    }
  }
}

async function run(serverUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A migrated template database on the server of `serverUrl`, and how to drop it. */
async function postgresTemplate(serverUrl: string, hash: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `shop_test_template_${hash}_${crypto.randomUUID().replace(/-/g, '').slice(0, 8)}`;
  await run(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString());
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  return { name, drop: () => run(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * The job making the run's migrated PGlite (makePgliteSnapshot.ts): once per run, for whichever global set-up (server
 * or end-to-end project) asks first; they run in vitest's main process, which it lasts for.
 */
export function pgliteSnapshotJob(): BackgroundJob {
  const run = globalThis as { pgliteSnapshotJob?: BackgroundJob };
  return (run.pgliteSnapshotJob ??= scriptJob('pglite-snapshot', 'tests/server/makePgliteSnapshot.ts'));
}

export default async function setup(project: TestProject) {
  // The built server, for the tests that start server processes and commands (tests/processes.ts).
  await buildServerOnce();
  // The project's own `env` (vitest.config.ts: 'server' runs on PGlite, 'server-postgres' on PostgreSQL) reaches its test
  // workers but not this set-up, which runs in the main process.
  const serverUrl = (project.config.env?.TEST_DATABASE_URL ?? process.env.TEST_DATABASE_URL) || undefined;
  if (serverUrl) {
    const template = await postgresTemplate(serverUrl, await migrationsHash());
    project.provide('pgliteSnapshot', '');
    project.provide('postgresTemplate', template.name);
    return () => template.drop();
  }
  // Made in the background: the server tests come last (tests/sequencer.ts), and their files wait for it.
  const job = pgliteSnapshotJob();
  project.provide('pgliteSnapshot', job.dir);
  project.provide('postgresTemplate', '');
  return job.stop;
}
