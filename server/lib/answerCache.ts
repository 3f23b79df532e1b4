import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { AppContext } from '../context';
import type { Db } from '../db';

export interface AnswerCacheOptions {
  /**
   * How long an answer is kept (ms; 0: nothing is kept). A write this process makes drops every answer at once
   * (Db.watchWrites); the time bounds how long a write made elsewhere (another process, psql) can go unseen.
   */
  ttlMs: number;
  /** The most rows all kept answers hold together (each answer's size is `sizeOf` of it). */
  maxRows: number;
}

export interface AnswerCache {
  /**
   * The answer of `key`: a kept one when no write to the watched tables began or ended since it was read, else
   * `load()`'s (one load at a time per key: requests asking the same meanwhile share it).
   */
  get<T extends object>(key: string, load: () => Promise<T>, sizeOf: (answer: T) => number): Promise<T>;
  /** Stops watching the database (the app closes). */
  close(): void;
}

interface Kept {
  /** The count of changes (see below) when the read began. */
  changes: number;
  answer: Promise<object>;
}

/**
 * Answers of public reads that many visitors ask alike (the storefront's catalogue lists, search and product pages),
 * kept so that the same question costs the database nothing until something it reads changes. Exact for this
 * process's own writes: every write statement and transaction that names one of `tables` counts a change before it
 * starts and after it ends (Db.watchWrites), and a kept answer is given only while the count is the one it was read at,
 * so no answer read before a change, or while one was under way, outlives it. A kept answer is shared: callers only
 * read it.
 */
export function answerCache(db: Db, tables: RegExp, options: AnswerCacheOptions): AnswerCache {
  if (options.ttlMs <= 0) return { get: (_key, load) => load(), close: () => undefined };
  let changes = 0;
  const stopWatching = db.watchWrites(tables, () => {
    changes += 1;
  });
  const kept = new LRUCache<string, Kept>({ max: 10_000, maxSize: options.maxRows, ttl: options.ttlMs });
  /** Answers being read: kept only once read, and only when nothing changed meanwhile. */
  const reading = new Map<string, Kept>();

  return {
    get<T extends object>(key: string, load: () => Promise<T>, sizeOf: (answer: T) => number): Promise<T> {
      const found = [kept.get(key), reading.get(key)].find((entry) => entry?.changes === changes);
      if (found) return found.answer as Promise<T>;
      const entry: Kept = { changes, answer: load() };
      reading.set(key, entry);
      const settled = () => {
        if (reading.get(key) === entry) reading.delete(key);
      };
      entry.answer.then((answer) => {
        settled();
        if (entry.changes === changes) kept.set(key, entry, { size: Math.max(1, sizeOf(answer as T)) });
      }, settled);
      return entry.answer as Promise<T>;
    },
    close: stopWatching,
  };
}

/** An answer cache of the app's database for reads of `tables`, kept for CATALOGUE_CACHE_MS, closed with the app. */
export function appAnswerCache(app: FastifyInstance, tables: RegExp, maxRows: number): AnswerCache {
  const { db, config } = app.ctx;
  const cache = answerCache(db, tables, { ttlMs: config.catalogueCacheMs, maxRows });
  app.addHook('onClose', async () => cache.close());
  return cache;
}

/** The kept reads of each app (its context), by the tables they watch (keptRead). */
const keptReads = new WeakMap<object, Map<string, AnswerCache>>();

/** Statements that write `table` (not those that only read it beside another's write, such as an order's insert). */
export const writesTo = (table: string) =>
  new RegExp(`\\b(?:INSERT\\s+INTO|UPDATE|DELETE\\s+FROM)\\s+${table}\\b`, 'i');

/** The most answers kept of one kept read (keptRead): one per key, such as each signed-in account. */
const KEPT_READS_PER_TABLE = 10_000;

/**
 * A small read that many requests make alike and that rarely changes (the governorates, the shop's settings, the
 * account a token names), kept like the catalogue's answers: until this process runs a statement `writes` matches
 * (writesTo), and at most CATALOGUE_CACHE_MS (0 with several processes, README). `key` tells apart reads of the same
 * table (an account's id). For reads outside a transaction: one inside reads its own snapshot instead.
 */
export function keptRead<T extends object>(
  ctx: Pick<AppContext, 'db' | 'config'>,
  writes: RegExp,
  load: () => Promise<T>,
  key = '',
): Promise<T> {
  let caches = keptReads.get(ctx);
  if (!caches) keptReads.set(ctx, (caches = new Map()));
  let cache = caches.get(writes.source);
  if (!cache) {
    cache = answerCache(ctx.db, writes, { ttlMs: ctx.config.catalogueCacheMs, maxRows: KEPT_READS_PER_TABLE });
    caches.set(writes.source, cache);
  }
  return cache.get(key, load, () => 1);
}

/** Stops an app's kept reads watching its database (the app closes; a test's next app may use the same handle). */
export function closeKeptReads(ctx: object) {
  for (const cache of keptReads.get(ctx)?.values() ?? []) cache.close();
  keptReads.delete(ctx);
}
