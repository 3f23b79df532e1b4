import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import {
  normalizeIP,
  type FastifyRateLimitOptions,
  type FastifyRateLimitStoreCtor,
  type RateLimitOptions,
} from '@fastify/rate-limit';
import LocalStore, { type CounterStore, type StoreCallback } from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Config } from '../config';
import { signedAccountId } from './auth';
import { HttpError } from '../lib/errors';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The limits of API.md §4.4, sized for addresses that many shoppers share (README, API notes): on Egyptian mobile
 * networks a whole neighbourhood can reach the shop from one address (carrier-grade NAT), so what counts per address
 * is generous enough for their normal shopping, and guessing is stopped by the counts that are precise: failed
 * logins per (address, e-mail), reset codes per e-mail and per code (resetCodes.ts), password changes per account.
 */
export const LIMITS = {
  /** Every other request of a signed-in shopper (a token whose signature verifies), whatever their address. */
  perAccount: { max: 600, timeWindow: MINUTE },
  /** Every other request without such a token, per address: the visitors behind it together. */
  perAddress: { max: 3000, timeWindow: MINUTE },
  login: { max: 1000, timeWindow: 15 * MINUTE },
  loginFailures: { max: 10, timeWindow: 15 * MINUTE },
  signup: { max: 200, timeWindow: HOUR },
  forgotPerIp: { max: 50, timeWindow: HOUR },
  forgotPerEmail: { max: 3, timeWindow: HOUR },
  verifyResetCode: { max: 100, timeWindow: 15 * MINUTE },
  /**
   * Reset codes sent without an e-mail, from all addresses together: counted when they arrive, so a burst cannot pass
   * the cap before its misses are counted (the lock of each code after 5 misses is in resetCodes.ts).
   */
  codeAloneAttempts: { max: 30, timeWindow: MINUTE },
  resetPassword: { max: 100, timeWindow: 15 * MINUTE },
  passwordChange: { max: 10, timeWindow: 15 * MINUTE },
} as const;

export const TOO_MANY_REQUESTS = 'Too many requests, please try again later';

/** The client address as the limits count it (an IPv6 client counts per /64, as the plugin does). */
export const clientIp = (request: FastifyRequest) => normalizeIP(request.ip);

/**
 * Route config for one limit enforced by @fastify/rate-limit (per client IP unless `keyGenerator`
 * says otherwise; `hook: 'preHandler'` when the key needs the body or the logged-in user).
 * Nothing when rate limits are off, so the route falls back to the (then disabled) global limit.
 */
export function routeLimit(app: FastifyInstance, options: RateLimitOptions): { rateLimit?: RateLimitOptions } {
  // A route's limit would otherwise inherit the global key (an account for a signed-in request).
  return app.ctx.config.rateLimits ? { rateLimit: { keyGenerator: clientIp, ...options } } : {};
}

/**
 * The global limit's key and size: a request whose token verifies counts for its account (LIMITS.perAccount), so
 * shoppers behind one shared address do not use up each other's; any other counts for its address
 * (LIMITS.perAddress), the visitors behind it together.
 */
export function globalLimit(jwtSecret: string): Pick<RateLimitOptions, 'keyGenerator' | 'max' | 'timeWindow'> {
  return {
    keyGenerator: async (request) => {
      const account = await signedAccountId(jwtSecret, request);
      return account ? `account:${account}` : clientIp(request);
    },
    max: (_request, key) => (key.startsWith('account:') ? LIMITS.perAccount.max : LIMITS.perAddress.max),
    timeWindow: MINUTE,
  };
}

export interface Counter {
  /** Counts one request; 429 when that goes over the limit. */
  hit(request: FastifyRequest): Promise<void>;
  /** 429 when the limit is already used up, without counting (for limits that count failures only). */
  check(request: FastifyRequest): Promise<void>;
}

/**
 * A limit the plugin's route config cannot express: a second limit on a route (the plugin runs one
 * per request), a count of failures only, or one count shared by several routes. It uses the
 * plugin's store, so counts live in Redis when REDIS_URL is set. `key` returns undefined for a
 * request that is not counted (e.g. a body without a usable e-mail, which validation refuses).
 */
export function createCounter(
  app: FastifyInstance,
  name: string,
  limit: { max: number; timeWindow: number },
  key: (request: FastifyRequest) => string | undefined,
): Counter {
  if (!app.ctx.config.rateLimits) return { hit: async () => undefined, check: async () => undefined };
  // Limiters made by createRateLimit share one key space in Redis, hence the name prefix.
  const limiter = app.createRateLimit({ ...limit, keyGenerator: (request) => `${name}:${key(request)}` });
  const run = async (request: FastifyRequest, increment: boolean) => {
    if (key(request) === undefined) return;
    const result = await limiter(request, { increment });
    if (result.isAllowed) return;
    const over = increment ? result.isExceeded : result.remaining === 0;
    if (over) throw new HttpError(429, TOO_MANY_REQUESTS, { 'Retry-After': String(Math.max(1, result.ttlInSeconds)) });
  };
  return { hit: (request) => run(request, true), check: (request) => run(request, false) };
}

const REDIS_ERROR_LOG_INTERVAL = MINUTE;

/**
 * With REDIS_URL: a store for @fastify/rate-limit that counts in Redis, so every process of the shop shares its
 * counts, and counts in this process's memory while Redis does not answer (the shop keeps serving; one error line
 * a minute at most says so). `close` ends the connection when the app closes.
 */
export async function sharedCounters(
  config: Config,
  log: FastifyBaseLogger,
): Promise<{ Store: FastifyRateLimitStoreCtor; close: () => Promise<void> } | undefined> {
  if (!config.redisUrl) return undefined;
  // Loaded only with REDIS_URL: a shop of one process never pays for the client.
  const { Redis } = await import('ioredis');
  // No offline queue: while disconnected a count fails at once (and is kept locally) instead of waiting for Redis.
  const redis = new Redis(config.redisUrl, {
    connectTimeout: 1000,
    commandTimeout: 1000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  let lastError = 0;
  const failed = (err: Error) => {
    if (Date.now() - lastError < REDIS_ERROR_LOG_INTERVAL) return;
    lastError = Date.now();
    log.error(
      { err: { message: err.message, code: (err as { code?: string }).code } },
      'Redis unreachable: rate limits count per process until it answers',
    );
  };
  // ioredis reports every failed (re)connection here; without a listener it would print each one.
  redis.on('error', failed);
  redis.on('ready', () => {
    if (lastError) log.info('Redis answers again: rate limits are shared again');
  });
  const prefix = config.redisKeyPrefix ?? 'fastify-rate-limit-';
  // The first requests count in Redis too: wait for the connection, at most its timeout (then the fallback counts).
  await new Promise<void>((resolve) => {
    const done = () => {
      redis.off('ready', done).off('error', done);
      resolve();
    };
    redis.once('ready', done).once('error', done);
  });

  class FallbackStore implements CounterStore {
    constructor(
      private readonly shared: CounterStore,
      private readonly local: CounterStore,
    ) {}
    private run(method: 'incr' | 'read', key: string, cb: StoreCallback, timeWindow: number, max: number) {
      if (redis.status !== 'ready') return this.local[method](key, cb, timeWindow, max);
      this.shared[method](
        key,
        (err, result) => {
          if (!err) return cb(null, result);
          failed(err);
          this.local[method](key, cb, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }
    incr(key: string, cb: StoreCallback, timeWindow: number, max: number) {
      this.run('incr', key, cb, timeWindow, max);
    }
    read(key: string, cb: StoreCallback, timeWindow: number, max: number) {
      this.run('read', key, cb, timeWindow, max);
    }
    child(routeOptions: object): CounterStore {
      return new FallbackStore(this.shared.child(routeOptions), this.local.child(routeOptions));
    }
  }

  return {
    // The plugin makes its store with `new Store(globalParams)`.
    Store: class extends FallbackStore {
      constructor(params: FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
        const { continueExceeding = false, exponentialBackoff = false } = params;
        super(
          new RedisStore(continueExceeding, exponentialBackoff, redis, prefix),
          new LocalStore(continueExceeding, exponentialBackoff),
        );
      }
    },
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
