import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The one database interface of the server: parameterised SQL with PostgreSQL semantics, over
 * embedded PGlite (default) or a real PostgreSQL server (DATABASE_URL). Modules write plain SQL
 * against it, so the same code and migrations run on both.
 */
export interface Queryable {
  query<T = Row>(text: string, params?: unknown[]): Promise<T[]>;
  /** First row or undefined. */
  one<T = Row>(text: string, params?: unknown[]): Promise<T | undefined>;
  exec(sql: string): Promise<void>;
}

export interface TxOptions {
  /** A read-only REPEATABLE READ transaction: every statement sees the same snapshot. */
  snapshot?: boolean;
}

export interface Db extends Queryable {
  /** Runs fn in one transaction; rolls back when it throws. */
  tx<T>(fn: (tx: Queryable) => Promise<T>, options?: TxOptions): Promise<T>;
  close(): Promise<void>;
  /**
   * Runs fn while holding the shop's start-up lock, so that processes starting at once migrate and seed one after
   * another (PostgreSQL: a session advisory lock on a connection of its own; PGlite has one process, no lock).
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  readonly kind: 'pglite' | 'postgres';
}

/** Key of the advisory lock around migrations and seeding (any fixed number of the shop's own). */
export const STARTUP_LOCK_KEY = 7_140_117;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Row = Record<string, any>;

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

function wrapPglite(db: PGlite | Parameters<Parameters<PGlite['transaction']>[0]>[0]): Queryable {
  const query = async <T>(text: string, params?: unknown[]) => (await db.query(text, params)).rows as T[];
  return {
    query,
    one: async <T>(text: string, params?: unknown[]) => (await query<T>(text, params))[0],
    exec: async (sql) => {
      await db.exec(sql);
    },
  };
}

function wrapPg(client: pg.Pool | pg.PoolClient): Queryable {
  const query = async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[];
  return {
    query,
    one: async <T>(text: string, params?: unknown[]) => (await query<T>(text, params))[0],
    exec: async (sql) => {
      await client.query(sql);
    },
  };
}

/**
 * `dataDir` undefined → an in-memory PGlite (tests). `loadDataDir`: start from a data directory dumped with
 * `dumpDataDir` instead of creating an empty one (the tests' migrated snapshot; creating one costs seconds).
 */
export async function openPglite(dataDir?: string, options: { loadDataDir?: Blob } = {}): Promise<Db> {
  if (dataDir) await fs.mkdir(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir ? path.join(dataDir, 'pglite') : undefined, {
    extensions: { pg_trgm },
    loadDataDir: options.loadDataDir,
  });
  return {
    kind: 'pglite',
    ...wrapPglite(db),
    // PGlite runs one transaction at a time, so concurrent requests queue here instead of interleaving
    // (which also makes every transaction a consistent snapshot).
    tx: (fn) => db.transaction((tx) => fn(wrapPglite(tx))),
    exclusive: (fn) => fn(),
    close: () => db.close(),
  };
}

/** bigint (the totals of migration 010) as a JS number, as PGlite gives it: the shop keeps totals below 2^53. */
const PG_TYPES: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 && format !== 'binary'
      ? (v: string) => Number(v)
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

export async function openPostgres(connectionString: string): Promise<Db> {
  // A request waits at most 15 s for a connection (database down or unreachable), then answers 503 instead of hanging.
  const pool = new pg.Pool({
    connectionString,
    max: Number(process.env.PG_POOL_MAX) || 20,
    connectionTimeoutMillis: 15_000,
    types: PG_TYPES,
  });
  // An idle connection closed by the server (restart, DROP DATABASE … FORCE) must not crash the process.
  pool.on('error', (err) => console.error('idle PostgreSQL connection failed:', err.message));
  return {
    kind: 'postgres',
    ...wrapPg(pool),
    tx: async (fn, options = {}) => {
      const client = await pool.connect();
      // A checked-out client has no listener of the pool's: without this one, a connection that breaks
      // mid-transaction (pg_terminate_backend, restart, failover) raises an unhandled 'error' and ends
      // the process. The query in flight fails with the same error, which the request answers with 503.
      let broken: Error | undefined;
      const onError = (err: Error) => (broken = err);
      client.on('error', onError);
      try {
        await client.query(options.snapshot ? 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY' : 'BEGIN');
        const result = await fn(wrapPg(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.off('error', onError);
        // A broken connection is dropped from the pool, not handed to the next request.
        client.release(broken);
      }
    },
    exclusive: async (fn) => {
      const client = await pool.connect();
      let broken: Error | undefined;
      const onError = (err: Error) => (broken = err);
      client.on('error', onError);
      try {
        // Waits while another process migrates or seeds; the lock goes with the session should this process die.
        await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        try {
          return await fn();
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
        }
      } finally {
        client.off('error', onError);
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}

const UNAVAILABLE_CODES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, or a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '53300', // too_many_connections
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Whether an error means the database could not be reached or dropped the connection (rather than
 * refused a statement): such requests may succeed when retried, so they answer 503, not 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true; // 08xxx: connection exception
  // node-postgres' own messages for a socket that closed or a client that can no longer be used.
  return (
    typeof message === 'string' &&
    /Connection terminated|not queryable|Client was closed|timeout exceeded when trying to connect/.test(message)
  );
}

export async function openDatabase(options: { databaseUrl?: string; dataDir?: string }): Promise<Db> {
  const db = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(options.dataDir);
  await migrate(db);
  return db;
}

/**
 * Applies the committed SQL migrations in file-name order, each once, each in its own transaction, under the
 * start-up lock: of several processes starting on an empty database one migrates, the others then find it done.
 */
export function migrate(db: Db): Promise<void> {
  return db.exclusive(() => applyMigrations(db));
}

async function applyMigrations(db: Db): Promise<void> {
  await db.exec(
    `CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
  );
  const applied = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
  const files = (await fs.readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  for (const file of files) {
    if (applied.has(file)) continue;
    const sql = await fs.readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
    await db.tx(async (tx) => {
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
    });
  }
}

export {
  pagedList,
  paginationResult,
  type PageQuery,
  type PagedList,
  type PagedListSql,
  type PaginationResult,
} from './pagedList';
export { isUniqueViolation, onUniqueViolation } from './errors';
