// Whether the local services some tests need (PostgreSQL, Redis) answer: `npm test` asks to choose its runs, and the
// test files that need one ask to skip themselves, saying so, when it does not.
import pg from 'pg';
import { Redis } from 'ioredis';

/**
 * How long a service gets to answer. A server that is not there refuses the connection at once; one that is there
 * answers in milliseconds, but a machine whose disk stalls can hold it for many seconds (seen: a 2 s limit dropped the
 * whole PostgreSQL run from a CI run, which then passed with 730 tests fewer).
 */
const SERVICE_PATIENCE_MS = 60_000;

/** @param {string} url */
export async function postgresAnswers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: SERVICE_PATIENCE_MS });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** @param {string} url */
export async function redisAnswers(url) {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: SERVICE_PATIENCE_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
