import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { createTestApp, createUser, type TestContext } from '../helpers';

/**
 * No install signs tokens with a secret written anywhere public (SECURITY.md G12). Without JWT_SECRET and
 * RESET_CODE_SECRET the shop makes its own at first start and keeps them in its database, where every
 * process of the shop finds the same ones. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
/** The development default that earlier versions signed with whenever JWT_SECRET was unset. */
const OLD_DEFAULT = 'dev-only-secret-change-me-in-production-0123456789';

/** Every quoted string of 12+ characters without spaces, and every `NAME=value`, in the repository's text files. */
function secretsWrittenInTheRepository(): string[] {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(
      (file) =>
        file &&
        !/package-lock\.json$|\.(png|jpe?g|webp|gif|ico|woff2?)$/.test(file) &&
        fs.existsSync(path.join(ROOT, file)),
    );
  const found = new Set<string>();
  for (const file of files) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    for (const match of text.matchAll(/(['"`])([^'"`\s\\]{12,200})\1/g)) found.add(match[2]);
    for (const match of text.matchAll(/^[A-Z_]+=(\S+)\s*$/gm)) found.add(match[1]);
  }
  return [...found];
}

const sign = (secret: string, id: string) =>
  new SignJWT({ id })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(secret));

const getMe = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/v1/users/getMe', headers: { authorization: `Bearer ${token}` } });

describe('a shop started without JWT_SECRET', () => {
  let t: TestContext;
  beforeAll(async () => {
    // The test helper passes no secret, like `npm start` with no settings.
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses an admin token signed with any secret written in the repository, and accepts its own', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const res = await getMe(t.app, admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.role).toBe('admin');

    const candidates = secretsWrittenInTheRepository();
    // The scan finds what it must: this file holds the old default, and .env.example its settings.
    expect(candidates).toContain(OLD_DEFAULT);
    expect(candidates).not.toContain(t.app.ctx.config.jwtSecret);
    expect(t.app.ctx.config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    const accepted: string[] = [];
    for (let i = 0; i < candidates.length; i += 50) {
      await Promise.all(
        candidates.slice(i, i + 50).map(async (secret) => {
          const answer = await getMe(t.app, await sign(secret, admin.id));
          if (answer.statusCode !== 401 || answer.json().message !== 'Invalid Token. please login again')
            accepted.push(secret);
        }),
      );
    }
    expect(accepted).toEqual([]);
  });

  it('has a reset-code secret of its own, neither the token secret nor anything in the repository', () => {
    const { jwtSecret, resetCodeSecret } = t.app.ctx.config;
    expect(resetCodeSecret.length).toBeGreaterThanOrEqual(32);
    expect(resetCodeSecret).not.toBe(jwtSecret);
    expect(secretsWrittenInTheRepository()).not.toContain(resetCodeSecret);
  });
});

describe('several processes of one shop', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("agree on the generated secrets even when they all start at once on a fresh database, and accept each other's tokens", async () => {
    await t.db.exec('DELETE FROM shop_secrets');
    const apps = await Promise.all(
      Array.from({ length: 4 }, () =>
        buildApp({ db: t.db, config: { nodeEnv: 'test', logLevel: 'silent', dataDir: t.dataDir, rateLimits: false } }),
      ),
    );
    try {
      const secrets = apps.map((app) => [app.ctx.config.jwtSecret, app.ctx.config.resetCodeSecret]);
      expect(new Set(secrets.map((s) => s.join(' '))).size).toBe(1);
      expect(await t.db.query('SELECT name FROM shop_secrets ORDER BY name')).toEqual([
        { name: 'jwt' },
        { name: 'reset_code' },
      ]);

      const user = await createUser({ ...t, app: apps[0] });
      for (const app of apps) expect((await getMe(app, user.token)).statusCode).toBe(200);
      // A later start (a restart, one more process) finds the same secrets.
      const later = await buildApp({ db: t.db, config: { nodeEnv: 'test', logLevel: 'silent', dataDir: t.dataDir } });
      expect([later.ctx.config.jwtSecret, later.ctx.config.resetCodeSecret]).toEqual(secrets[0]);
      await later.close();
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
  });

  it('an explicit JWT_SECRET and RESET_CODE_SECRET are used as given', async () => {
    const app = await buildApp({
      db: t.db,
      config: {
        nodeEnv: 'test',
        logLevel: 'silent',
        dataDir: t.dataDir,
        jwtSecret: 'x'.repeat(40),
        resetCodeSecret: 'y'.repeat(40),
      },
    });
    try {
      expect([app.ctx.config.jwtSecret, app.ctx.config.resetCodeSecret]).toEqual(['x'.repeat(40), 'y'.repeat(40)]);
      const user = await createUser({ ...t, app });
      expect((await getMe(app, user.token)).statusCode).toBe(200);
      expect((await getMe(t.app, user.token)).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});
