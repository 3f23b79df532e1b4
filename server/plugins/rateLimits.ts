import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import { HttpError } from '../lib/errors';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The limits of API.md §4.4 (everything else has the plugin's global 600 per minute). */
export const LIMITS = {
  login: { max: 100, timeWindow: 15 * MINUTE },
  loginFailures: { max: 10, timeWindow: 15 * MINUTE },
  signup: { max: 20, timeWindow: HOUR },
  forgotPerIp: { max: 5, timeWindow: HOUR },
  forgotPerEmail: { max: 3, timeWindow: HOUR },
  verifyResetCode: { max: 10, timeWindow: 15 * MINUTE },
  resetPassword: { max: 10, timeWindow: 15 * MINUTE },
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
  return app.ctx.config.rateLimits ? { rateLimit: options } : {};
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
