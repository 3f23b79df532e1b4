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

export interface Db extends Queryable {
  /** Runs fn in one transaction; rolls back when it throws. */
  tx<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
}

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

/** `dataDir` undefined → an in-memory PGlite (tests). */
export async function openPglite(dataDir?: string): Promise<Db> {
  if (dataDir) await fs.mkdir(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir ? path.join(dataDir, 'pglite') : undefined, { extensions: { pg_trgm } });
  return {
    kind: 'pglite',
    ...wrapPglite(db),
    // PGlite runs one transaction at a time, so concurrent requests queue here instead of interleaving.
    tx: (fn) => db.transaction((tx) => fn(wrapPglite(tx))),
    close: () => db.close(),
  };
}

export async function openPostgres(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: Number(process.env.PG_POOL_MAX) || 20 });
  // An idle connection closed by the server (restart, DROP DATABASE … FORCE) must not crash the process.
  pool.on('error', (err) => console.error('idle PostgreSQL connection failed:', err.message));
  return {
    kind: 'postgres',
    ...wrapPg(pool),
    tx: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrapPg(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export async function openDatabase(options: { databaseUrl?: string; dataDir?: string }): Promise<Db> {
  const db = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(options.dataDir);
  await migrate(db);
  return db;
}

/** Applies the committed SQL migrations in file-name order, each once, each in its own transaction. */
export async function migrate(db: Db): Promise<void> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
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
