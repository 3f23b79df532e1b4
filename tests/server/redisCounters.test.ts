import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { freePort, redisAnswers } from '../processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import type { Config } from '../../server/config';
import { createTestApp, type TestContext } from './helpers';

/**
 * Rate-limit counters with REDIS_URL: shared by every process of the shop (two apps on one Redis count together),
 * and when Redis cannot be reached the shop keeps serving, counting per process, with one error line a minute.
 * The shared part needs the local Redis (127.0.0.1:6379, or TEST_REDIS_URL) and is skipped without it.
 */
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
let t: TestContext;

const sharedRedis = await redisAnswers(REDIS_URL);
if (!sharedRedis)
  console.warn(
    `No Redis answers at ${REDIS_URL}: the shared-counter tests are skipped (start one, or set TEST_REDIS_URL)`,
  );

interface LogLine {
  level: number;
  msg: string;
}

/** An app on the test database with rate limits on and these settings; its log lines are kept. */
async function appWith(config: Partial<Config>): Promise<{ app: FastifyInstance; lines: LogLine[] }> {
  const lines: LogLine[] = [];
  const app = await buildApp({
    db: t.db,
    config: { nodeEnv: 'test', logLevel: 'info', dataDir: t.dataDir, bcryptRounds: 4, rateLimits: true, ...config },
    logStream: { write: (line) => lines.push(JSON.parse(line) as LogLine) },
  });
  await app.ready();
  return { app, lines };
}

const login = (app: FastifyInstance, email: string, forwardedFor?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password: 'Wrong-password1' },
    remoteAddress: forwardedFor ?? '203.0.113.9',
  });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('Redis unreachable', () => {
  it('requests are still served, limits count per process, and the outage is logged once, not per request', async () => {
    const { app, lines } = await appWith({ redisUrl: `redis://127.0.0.1:${await freePort()}` });
    try {
      // None of these waits for Redis: a request that did would wait out ioredis' connect timeout, again and again.
      for (let i = 0; i < 20; i++) expect((await app.inject({ url: '/api/v1/products' })).statusCode).toBe(200);
      // Ten failed logins are allowed, the eleventh is refused: the limit holds in this process's memory.
      const answers = [];
      for (let i = 0; i < 11; i++) answers.push((await login(app, 'nobody@example.com')).statusCode);
      expect(answers).toEqual([...Array(10).fill(401), 429]);
      // ioredis keeps reconnecting meanwhile; give it a few attempts.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      const errors = lines.filter((l) => l.level >= 50);
      expect(errors.map((l) => l.msg)).toEqual(['Redis unreachable: rate limits count per process until it answers']);
    } finally {
      await app.close();
    }
  });
});

describe.skipIf(!sharedRedis)('Redis shared by two processes', () => {
  it('counts login failures from one address together, whichever process answers; closing the apps closes their connections', async () => {
    const redisKeyPrefix = `shop-test-${randomUUID()}:`;
    const a = await appWith({ redisUrl: REDIS_URL, redisKeyPrefix });
    const b = await appWith({ redisUrl: REDIS_URL, redisKeyPrefix });
    const admin = new Redis(REDIS_URL);
    try {
      const answers = [];
      const remaining = [];
      for (let i = 0; i < 11; i++) {
        const res = await login(i % 2 ? b.app : a.app, 'victim@example.com');
        answers.push(res.statusCode);
        remaining.push(Number(res.headers['x-ratelimit-remaining']));
      }
      expect(answers).toEqual([...Array(10).fill(401), 429]);
      // The per-address login limit (1000 per 15 minutes) is one count across both apps.
      expect(remaining.slice(0, 10)).toEqual(Array.from({ length: 10 }, (_, i) => 999 - i));
      // Another address has its own count.
      expect((await login(b.app, 'victim@example.com', '198.51.100.4')).statusCode).toBe(401);
      expect(await admin.keys(`${redisKeyPrefix}*`)).not.toEqual([]);
    } finally {
      const clients = async () => ((await admin.client('LIST')) as string).split('\n').filter(Boolean).length;
      const before = await clients();
      await a.app.close();
      await b.app.close();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await clients()).toBe(before - 2);
      const keys = await admin.keys(`${redisKeyPrefix}*`);
      if (keys.length) await admin.del(...keys);
      admin.disconnect();
    }
  });
});
