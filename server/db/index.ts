import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { DEFAULT_STATEMENT_TIMEOUT_MS } from '../config';

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
  /**
   * Calls `onChange` whenever data `tables` names may change through this handle: before and after every statement
   * that is not read-only (isReadOnlyStatement) and names one of them or changes the schema, and again when a
   * transaction that ran one ends, committed or not. A read begun after the last call sees every such change this
   * handle made. Returns the function that stops the calls.
   */
  watchWrites(tables: RegExp, onChange: () => void): () => void;
  readonly kind: 'pglite' | 'postgres';
}

/** Key of the advisory lock around migrations and seeding (any fixed number of the shop's own). */
export const STARTUP_LOCK_KEY = 7_140_117;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Row = Record<string, any>;

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Statements that change a table's shape or empty it, whatever table they name. */
const SCHEMA_CHANGE = /\b(ALTER|DROP|CREATE|TRUNCATE)\b/i;

interface WriteWatcher {
  tables: RegExp;
  onChange: () => void;
}

/** The watchers of one handle (Db.watchWrites), and the statement runner that tells them. */
function writeWatchers() {
  const watchers = new Set<WriteWatcher>();
  const matching = (text: string): WriteWatcher[] => {
    if (!watchers.size || isReadOnlyStatement(text)) return [];
    const schemaChange = SCHEMA_CHANGE.test(text);
    return [...watchers].filter((w) => schemaChange || w.tables.test(text));
  };
  return {
    watch(tables: RegExp, onChange: () => void) {
      const watcher = { tables, onChange };
      watchers.add(watcher);
      return () => void watchers.delete(watcher);
    },
    /** Runs one statement, telling the watchers it concerns before and after; `touched` gathers them for a transaction's end. */
    async around<T>(text: string, run: () => Promise<T>, touched?: Set<WriteWatcher>): Promise<T> {
      const concerned = matching(text);
      if (!concerned.length) return run();
      for (const w of concerned) {
        w.onChange();
        touched?.add(w);
      }
      try {
        return await run();
      } finally {
        for (const w of concerned) w.onChange();
      }
    },
    /** Runs a transaction whose statements go through `around` with the set it is given; tells those watchers at its end. */
    async transaction<T>(run: (touched: Set<WriteWatcher>) => Promise<T>): Promise<T> {
      const touched = new Set<WriteWatcher>();
      try {
        return await run(touched);
      } finally {
        for (const w of touched) w.onChange();
      }
    },
  };
}
type WriteWatchers = ReturnType<typeof writeWatchers>;

function wrapPglite(
  db: PGlite | Parameters<Parameters<PGlite['transaction']>[0]>[0],
  watchers: WriteWatchers,
  touched?: Set<WriteWatcher>,
): Queryable {
  const query = async <T>(text: string, params?: unknown[]) =>
    watchers.around(text, async () => (await db.query(text, params)).rows as T[], touched);
  return {
    query,
    one: async <T>(text: string, params?: unknown[]) => (await query<T>(text, params))[0],
    exec: (sql) => watchers.around(sql, async () => void (await db.exec(sql)), touched),
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
  const watchers = writeWatchers();
  return {
    kind: 'pglite',
    ...wrapPglite(db, watchers),
    // PGlite runs one transaction at a time, so concurrent requests queue here instead of interleaving
    // (which also makes every transaction a consistent snapshot).
    tx: (fn) => watchers.transaction((touched) => db.transaction((tx) => fn(wrapPglite(tx, watchers, touched)))),
    exclusive: (fn) => fn(),
    watchWrites: watchers.watch,
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

/** Where the database layer tells what the requests do not see (dropped idle connections): the app's logger. */
export interface DbLog {
  warn(details: Record<string, unknown>, message: string): void;
}

const stderrLog: DbLog = { warn: (details, message) => console.error(message, JSON.stringify(details)) };

export interface PostgresOptions {
  log?: DbLog;
  /**
   * Longest a statement outside a transaction may run (ms; 0: no limit). Every storefront read is such a statement,
   * so no request can hold a connection and the database's CPU for longer; one cut off answers 503.
   */
  statementTimeoutMs?: number;
}

/**
 * Connecting to the database failed: nothing listens (ECONNREFUSED), it refuses connections (55000 after
 * `ALTER DATABASE … ALLOW_CONNECTIONS false`), it is starting, stopping or in recovery (57P03), it has too many
 * connections (53300), or the pool waited too long. Whatever the code, the database is not reachable now.
 */
export class DatabaseUnreachableError extends Error {
  readonly code?: string;
  constructor(cause: unknown) {
    super(`database not reachable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    const { code } = (cause ?? {}) as { code?: unknown };
    if (typeof code === 'string') this.code = code;
  }
}

export async function openPostgres(connectionString: string, options: PostgresOptions = {}): Promise<Db> {
  const log = options.log ?? stderrLog;
  const statementTimeoutMs = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  // A request waits at most 15 s for a connection (database down or unreachable), then answers 503 instead of hanging.
  const poolMax = Number(process.env.PG_POOL_MAX) || 20;
  const pool = new pg.Pool({
    connectionString,
    max: poolMax,
    connectionTimeoutMillis: 15_000,
    types: PG_TYPES,
    // Sent with the connection's start-up message, so it costs no round trip; transactions lift it (see tx below).
    ...(statementTimeoutMs > 0 && { statement_timeout: statementTimeoutMs }),
  });

  // pg-pool takes its own 'error' listener off a client as it hands the client out, and a caller of pool.connect() can
  // attach one only when its await resumes, a few microtasks later. A backend terminated while it starts up sends its
  // ReadyForQuery and its FATAL 57P01 in one packet: node-postgres hands the new client out on the first and emits the
  // second as an 'error' event in that gap, with nobody listening, which ends the process. So every client gets a
  // listener of ours the moment it connects ('connect' is emitted before the client is handed out), for its whole life.
  // It keeps the error, so that the client is dropped from the pool rather than handed to the next request.
  const failures = new WeakMap<pg.ClientBase, Error>();
  // When each client last proved alive (connected or answered), on one counter, so that a read retried after a
  // terminated connection never goes to a connection that may have been terminated with it.
  let clock = 0;
  const aliveAt = new WeakMap<pg.ClientBase, number>();
  pool.on('connect', (client) => {
    aliveAt.set(client, ++clock);
    client.on('error', (err) => failures.set(client, err));
  });
  // An idle connection closed by the server (restart, failover, DROP DATABASE … FORCE): the pool drops it.
  pool.on('error', (err) =>
    log.warn({ code: (err as { code?: string }).code, message: err.message }, 'PostgreSQL closed an idle connection'),
  );

  const connect = async (): Promise<pg.PoolClient> => {
    try {
      return await pool.connect();
    } catch (err) {
      throw new DatabaseUnreachableError(err);
    }
  };
  /** Back to the pool, or dropped from it (`drop`, or an error event of its connection) so nobody gets it again. */
  const release = (client: pg.PoolClient, drop?: Error) => client.release(failures.get(client) ?? drop);
  /** One statement on a client, noting that the client answered. */
  const run = async <T>(client: pg.ClientBase, text: string, params?: unknown[]) => {
    const result = await client.query(text, params);
    aliveAt.set(client, ++clock);
    return result.rows as T[];
  };
  const watchers = writeWatchers();
  /** The statements of a transaction on `client`. */
  const onClient = (client: pg.ClientBase, touched: Set<WriteWatcher>): Queryable => {
    const query = <T>(text: string, params?: unknown[]) =>
      watchers.around(text, () => run<T>(client, text, params), touched);
    return {
      query,
      one: async <T>(text: string, params?: unknown[]) => (await query<T>(text, params))[0],
      exec: async (sql) => {
        await query(sql);
      },
    };
  };
  /** One statement on `client`, which then goes back to the pool. */
  const runAlone = async <T>(client: pg.PoolClient, text: string, params?: unknown[]) => {
    try {
      const rows = await run<T>(client, text, params);
      release(client);
      return rows;
    } catch (err) {
      release(client, isBrokenConnection(err) ? (err as Error) : undefined);
      throw err;
    }
  };
  /** A client that connected or answered after `since`; the older ones it meets are dropped, not trusted. */
  const clientAliveSince = async (since: number): Promise<pg.PoolClient> => {
    for (let tries = 0; ; tries++) {
      const client = await connect();
      if ((aliveAt.get(client) ?? 0) > since || tries >= poolMax) return client;
      client.release(new Error('not heard from since a connection of the pool was terminated'));
    }
  };
  /** A statement outside any transaction, on a pooled connection of its own. */
  const statement = <T>(text: string, params?: unknown[]): Promise<T[]> =>
    watchers.around(text, () => statementOnce<T>(text, params));
  const statementOnce = async <T>(text: string, params?: unknown[]): Promise<T[]> => {
    try {
      return await runAlone<T>(await connect(), text, params);
    } catch (err) {
      // A read that failed because its connection was just terminated (a failover, a restart, an operator) is asked
      // once more, on a connection that answered since: it changes nothing, so asking twice is safe. Never a write,
      // whose first attempt may have committed, and never a statement of a transaction, which died with it.
      if (!isBrokenConnection(err) || !isReadOnlyStatement(text)) throw err;
      return runAlone<T>(await clientAliveSince(++clock), text, params);
    }
  };

  /** One transaction on a connection of its own; rolls back when fn throws. */
  const transaction = async <T>(
    fn: (tx: Queryable) => Promise<T>,
    txOptions: TxOptions,
    touched: Set<WriteWatcher>,
  ): Promise<T> => {
    const client = await connect();
    let drop: Error | undefined;
    try {
      // A transaction's statements wait for row locks (an order rush on one product), so the statement timeout does
      // not cut them off; a read-only snapshot (GET /cart) is a storefront read and keeps it.
      await run(
        client,
        txOptions.snapshot
          ? 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY'
          : `BEGIN${statementTimeoutMs > 0 ? '; SET LOCAL statement_timeout = 0' : ''}`,
      );
      const result = await fn(onClient(client, touched));
      await run(client, 'COMMIT');
      return result;
    } catch (err) {
      if (isBrokenConnection(err)) drop = err as Error;
      // A connection that cannot even roll back is not given to anyone else.
      await client.query('ROLLBACK').catch((rollbackErr: Error) => (drop = rollbackErr));
      throw err;
    } finally {
      release(client, drop);
    }
  };

  return {
    kind: 'postgres',
    query: statement,
    one: async <T>(text: string, params?: unknown[]) => (await statement<T>(text, params))[0],
    exec: async (sql) => {
      await statement(sql);
    },
    tx: (fn, txOptions = {}) => watchers.transaction((touched) => transaction(fn, txOptions, touched)),
    exclusive: async (fn) => {
      const client = await connect();
      try {
        // Waits while another process migrates or seeds, however long that takes (no statement timeout for this
        // session, which is therefore closed afterwards rather than pooled); the lock goes with the session should
        // this process die.
        await client.query('SET statement_timeout = 0');
        await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        try {
          return await fn();
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
        }
      } finally {
        client.release(true);
      }
    },
    watchWrites: watchers.watch,
    close: () => pool.end(),
  };
}

/**
 * Whether a statement only reads: a SELECT (or WITH … SELECT) that neither writes, locks rows nor calls a function
 * with a lasting effect. Such a statement may be asked again after its connection broke.
 */
export function isReadOnlyStatement(sql: string): boolean {
  const text = sql.replace(/--[^\n]*/g, ' ').trimStart();
  return (
    /^\(*\s*(SELECT|WITH)\b/i.test(text) &&
    !/\b(INSERT|UPDATE|DELETE|MERGE|TRUNCATE|nextval|setval|set_config|pg_advisory_\w+|pg_notify)\b|\bFOR\s+(NO\s+KEY\s+)?(UPDATE|SHARE)\b|\bFOR\s+KEY\s+SHARE\b/i.test(
      text,
    )
  );
}

/** The connection itself failed while in use (rather than the statement being refused): the server terminated it, the socket closed or broke. */
function isBrokenConnection(err: unknown): boolean {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (BROKEN_CONNECTION_CODES.has(code) || code.startsWith('08'))) return true; // 08xxx: connection exception
  // node-postgres' own messages for a socket that closed under a query, or a client that can no longer be used.
  return typeof message === 'string' && /Connection terminated|not queryable|Client was closed/.test(message);
}

const BROKEN_CONNECTION_CODES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, or a fast shutdown
  '57P02', // crash_shutdown
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
]);

const UNAVAILABLE_CODES = new Set([
  ...BROKEN_CONNECTION_CODES,
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '53300', // too_many_connections
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Whether an error means the database could not be reached or dropped the connection (rather than
 * refused a statement): such requests may succeed when retried, so they answer 503, not 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (err instanceof DatabaseUnreachableError || isBrokenConnection(err)) return true;
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  return typeof message === 'string' && /timeout exceeded when trying to connect/.test(message);
}

/** A statement cut off by the statement timeout (57014 query_canceled: only the timeout cancels the shop's statements). */
export function isStatementTimeout(err: unknown): boolean {
  return (err as { code?: unknown } | undefined)?.code === '57014';
}

export async function openDatabase(options: { databaseUrl?: string; dataDir?: string } & PostgresOptions): Promise<Db> {
  const db = options.databaseUrl ? await openPostgres(options.databaseUrl, options) : await openPglite(options.dataDir);
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
