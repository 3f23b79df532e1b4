import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db';
import { createScratchDatabase, onPostgres } from './helpers';
import { runServerCommand } from '../processes';

/**
 * `npm run migrate` (server/migrate.ts) as a deployment runs it: migrations only by default, the demo seed with
 * --seed-demo, and on PostgreSQL several at once on an empty database without a race (the start-up advisory lock).
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MIGRATIONS = (await fs.readdir(path.join(ROOT, 'server/db/migrations'))).filter((f) => f.endsWith('.sql')).sort();
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

function runMigrate(env: Record<string, string>, args: string[] = []) {
  return runServerCommand('migrate', args, { NODE_ENV: 'test', LOG_LEVEL: 'info', BCRYPT_ROUNDS: '4', ...env });
}

async function tempDir() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-migrate-'));
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

describe('npm run migrate', () => {
  // Each database's test runs in its own project of the server tests (vitest.config.ts): PGlite's in 'server'.
  it.skipIf(onPostgres)('applies every migration and seeds nothing unless asked (PGlite under DATA_DIR)', async () => {
    const dataDir = await tempDir();
    const result = await runMigrate({ DATA_DIR: dataDir });
    expect(result.code, result.out).toBe(0);
    const db = await openDatabase({ dataDir });
    try {
      expect(
        (await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).map((r) => r.name),
      ).toEqual(MIGRATIONS);
      expect(await db.query('SELECT 1 FROM categories')).toEqual([]);
      expect(await db.query('SELECT 1 FROM users')).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it.runIf(onPostgres)(
    'three at once with --seed-demo on an empty PostgreSQL database: all succeed, one seeds',
    async () => {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
      cleanups.push(scratch.drop);
      const dirs = await Promise.all([tempDir(), tempDir(), tempDir()]);
      const results = await Promise.all(
        dirs.map((dir) => runMigrate({ DATA_DIR: dir, DATABASE_URL: scratch.url }, ['--seed-demo'])),
      );
      for (const result of results) expect(result.code, result.out).toBe(0);
      expect(results.filter((r) => r.out.includes('seeded the demo catalogue'))).toHaveLength(1);
      const db = await openDatabase({ databaseUrl: scratch.url });
      try {
        expect(
          (await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).map((r) => r.name),
        ).toEqual(MIGRATIONS);
        expect((await db.query('SELECT 1 FROM categories')).length).toBe(8);
        expect((await db.query(`SELECT 1 FROM users WHERE role = 'admin'`)).length).toBe(1);
        expect((await db.query('SELECT 1 FROM shop_secrets')).length).toBe(2);
      } finally {
        await db.close();
      }
    },
    120_000,
  );
});
