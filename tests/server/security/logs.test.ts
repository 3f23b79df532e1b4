import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { latestOutboxMessage } from '../../../server/mail';
import { createTestApp, type TestContext } from '../helpers';

/**
 * The most talkative log level over a whole account life (sign-up, failed and good logins, password
 * reset, password change) writes no password, hash, reset code, token or server secret.
 */
let t: TestContext;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  app = await buildApp({
    db: t.db,
    logStream: { write: (line) => void lines.push(line) },
    config: { nodeEnv: 'test', logLevel: 'trace', dataDir: t.dataDir, rateLimits: false, bcryptRounds: 4 },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const post = (method: 'POST' | 'PUT', url: string, payload: object, token?: string) =>
  app.inject({ method, url: `/api/v1${url}`, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });

it('no password, hash, reset code, token or secret reaches the logs', async () => {
  const email = 'logs@example.com';
  const secrets: string[] = [];
  const keep = <T extends string>(value: T) => (secrets.push(value), value);

  const first = keep('First-Pass-123');
  const signup = await post('POST', '/auth/signup', {
    name: 'سجل الدخول',
    email,
    password: first,
    passwordConfirm: first,
  });
  expect(signup.statusCode).toBe(201);
  keep(signup.json().token);
  // A failed check must not echo the password either.
  expect(
    (
      await post('POST', '/auth/signup', {
        name: 'ab',
        email,
        password: keep('Echo-Me-456'),
        passwordConfirm: 'Other-789',
      })
    ).statusCode,
  ).toBe(400);
  expect((await post('POST', '/auth/login', { email, password: keep('Wrong-Pass-000') })).statusCode).toBe(401);
  const login = await post('POST', '/auth/login', { email, password: first });
  expect(login.statusCode).toBe(200);
  const token = keep(login.json().token);
  expect(
    (await app.inject({ method: 'GET', url: '/api/v1/users/getMe', headers: { authorization: `Bearer ${token}` } }))
      .statusCode,
  ).toBe(200);
  expect(
    (
      await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: `{"email":"${email}","password":"${keep('Broken-Json-111')}"`,
      })
    ).statusCode,
  ).toBe(400);

  expect((await post('POST', '/auth/forgotPasswords', { email })).statusCode).toBe(200);
  const code = keep((await latestOutboxMessage(path.join(t.dataDir, 'outbox'), email))!.text.match(/\b\d{6}\b/)![0]);
  const verified = await post('POST', '/auth/verifyResetCode', { resetCode: code });
  expect(verified.statusCode).toBe(200);
  const resetToken = keep(verified.json().resetToken);
  const second = keep('Second-Pass-222');
  const reset = await post('PUT', '/auth/resetPassword', { email, newPassword: second, resetToken });
  expect(reset.statusCode).toBe(200);
  const third = keep('Third-Pass-333');
  const changed = await post(
    'PUT',
    '/users/changeMyPassword',
    { currentPassword: second, password: third, passwordConfirm: third },
    keep(reset.json().token),
  );
  expect(changed.statusCode).toBe(200);
  keep(changed.json().token);

  secrets.push(
    (await t.db.one<{ hash: string }>('SELECT password_hash AS hash FROM users WHERE email = $1', [email]))!.hash,
  );
  secrets.push(app.ctx.config.jwtSecret, app.ctx.config.resetCodeSecret);

  const log = lines.join('');
  // The log really was written at trace level: requests and the reset mail are in it.
  expect(log).toContain('incoming request');
  expect(log).toContain('/api/v1/auth/resetPassword');
  expect(log).toContain('mail written to outbox');
  for (const secret of secrets) expect(log, `log holds ${secret.slice(0, 12)}…`).not.toContain(secret);
  expect(log).not.toMatch(/\$2[aby]\$\d\d\$/);
  expect(log).not.toMatch(/Bearer\s+ey/);
});
