import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { createProduct, createTestApp, createUser, type TestContext } from '../helpers';

/**
 * Response headers every answer carries (helmet), the Content-Security-Policy the built web app
 * runs under (the end-to-end tests fail on any violation of it in Chromium), CORS and the
 * production secret check.
 */
let t: TestContext;
let webDist: string;

beforeAll(async () => {
  // A minimal built app, so the SPA's own HTML answer is checked too.
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-web-'));
  await fs.writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><html lang="ar" dir="rtl"><body><div id="root"></div></body></html>',
  );
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

/** A second app on the same database with other settings. */
async function withApp(
  config: Parameters<typeof buildApp>[0],
  check: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<void>,
) {
  const app = await buildApp({
    db: t.db,
    ...config,
    config: { nodeEnv: 'test', logLevel: 'silent', dataDir: t.dataDir, ...config?.config },
  });
  try {
    await check(app);
  } finally {
    await app.close();
  }
}

const csp = (header: string | string[] | number | undefined) =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );

describe('security headers', () => {
  it.each(['/api/v1/products', '/api/v1/nothing-here', '/api/v1/users/getMe'])(
    '%s carries helmet headers and the CSP',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['content-security-policy']).toBeDefined();
    },
  );

  it('the CSP allows no inline or foreign script, no plugins, no framing and no foreign form targets', async () => {
    const policy = csp(
      (await t.app.inject({ method: 'GET', url: '/api/v1/products' })).headers['content-security-policy'],
    );
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['script-src-attr']).toEqual(["'none'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['form-action']).toEqual(["'self'"]);
    expect(policy['base-uri']).toEqual(["'self'"]);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(Object.values(policy).flat()).not.toContain("'unsafe-eval'");
  });

  it('images may come from PUBLIC_BASE_URL when it names another host', async () => {
    await withApp({ config: { publicBaseUrl: 'https://img.shop.example/base' } }, async (cdn) => {
      const policy = csp(
        (await cdn.inject({ method: 'GET', url: '/api/v1/products' })).headers['content-security-policy'],
      );
      expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://img.shop.example']);
      expect(policy['script-src']).toEqual(["'self'"]);
    });
  });

  it('the test-payment page works under the same policy: no script, its form posts to this origin', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/payments/test/00000000-0000-4000-8000-000000000000' });
    expect(page.headers['content-security-policy']).toBeDefined();
    expect(page.body).not.toMatch(/<script/i);
    expect(page.body).not.toMatch(/\son\w+=/i);
  });
});

describe('the built web app under the policy', () => {
  it('index.html is served with the CSP, has no inline script, and is never cached', async () => {
    await withApp({ webDist }, async (app) => {
      const res = await app.inject({ method: 'GET', url: '/products/some-id' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(csp(res.headers['content-security-policy'])['script-src']).toEqual(["'self'"]);
      expect(res.headers['cache-control']).toBe('no-cache');
    });
  });
});

describe('CORS', () => {
  it('by default any origin may call the API (API.md §0), with only the headers it needs and no cookies', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/cart',
      headers: {
        origin: 'https://anywhere.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('https://anywhere.example');
    expect(res.headers['access-control-allow-headers']).toBe('Authorization, Content-Type');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('an OPTIONS request that is not a preflight gets the same empty answer, no plain-text error', async () => {
    const res = await t.app.inject({ method: 'OPTIONS', url: '/api/v1/products' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
  });

  it('ALLOWED_ORIGINS limits the API to the configured origins', async () => {
    await withApp({ config: { allowedOrigins: ['https://shop.example'] } }, async (limited) => {
      const ask = (origin: string, method: 'GET' | 'OPTIONS' = 'GET') =>
        limited.inject({
          method,
          url: '/api/v1/products',
          headers: { origin, 'access-control-request-method': 'GET' },
        });
      expect((await ask('https://shop.example')).headers['access-control-allow-origin']).toBe('https://shop.example');
      for (const origin of ['https://evil.example', 'https://shop.example.evil.example', 'null']) {
        expect((await ask(origin)).headers['access-control-allow-origin'], origin).toBeUndefined();
        expect((await ask(origin, 'OPTIONS')).headers['access-control-allow-origin'], origin).toBeUndefined();
      }
    });
  });

  it('product images stay readable from any origin (the original web app fetches them in cors mode)', async () => {
    await createProduct(t);
    const dir = t.app.ctx.storage.localDir('products')!;
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, 'cors-check.webp'), Buffer.from('RIFF0000WEBP'));
    const res = await t.app.inject({
      method: 'GET',
      url: '/products/cors-check.webp',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('caching of personal answers (API.md §0 Caching)', () => {
  it('every answer to a request with a token, and every answer that returns a token, is Cache-Control: no-store', async () => {
    const user = await createUser(t, { password: 'Secret123' });
    const admin = await createUser(t, { role: 'admin' });
    const productId = await createProduct(t);
    const withToken: [string, string, typeof user, Record<string, unknown>?][] = [
      ['GET', '/api/v1/users/getMe', user],
      ['GET', '/api/v1/cart', user],
      ['POST', '/api/v1/cart', user, { productId }],
      ['GET', '/api/v1/orders', user],
      ['GET', '/api/v1/addresses', user],
      ['GET', '/api/v1/wishlist', user],
      ['GET', '/api/v1/users', admin],
      ['GET', '/api/v1/coupons', admin],
      // A public list asked with a token, and a refused or failed request with one, are not stored either.
      ['GET', '/api/v1/products', user],
      ['GET', '/api/v1/coupons', user],
      ['GET', '/api/v1/orders/not-an-id', user],
    ];
    for (const [method, url, who, payload] of withToken) {
      const res = await t.app.inject({ method: method as 'GET', url, headers: who.auth, payload });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500);
      expect(res.headers['cache-control'], `${method} ${url}`).toBe('no-store');
    }
    const tokenAnswers = [
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: user.email, password: 'Secret123' },
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup',
        payload: { name: 'عميل جديد', email: 'cache@example.com', password: 'Secret123', passwordConfirm: 'Secret123' },
      }),
    ];
    for (const res of tokenAnswers) {
      expect(res.json().token).toEqual(expect.any(String));
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // Public answers to visitors may still be cached (`Bearer null` from the original web app counts as no token).
    for (const headers of [{}, { authorization: 'Bearer null' }]) {
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/v1/products', headers })).headers['cache-control'],
      ).toBeUndefined();
    }
  });
});

describe('secrets', () => {
  it('production accepts an explicit JWT_SECRET of 32+ characters and refuses a short one; unset, the shop makes its own', () => {
    const message = 'JWT_SECRET must be at least 32 characters long (or unset: the shop then makes its own)';
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short-secret' })).toThrow(message);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'a'.repeat(32) }).jwtSecret).toBe('a'.repeat(32));
    // Unset (or empty): nothing from the code, the secret is generated at start and kept in the database (secrets.test.ts).
    expect(loadConfig({ NODE_ENV: 'production' }).jwtSecret).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: '' }).jwtSecret).toBeUndefined();
    expect(loadConfig({}).jwtSecret).toBeUndefined();
    expect(loadConfig({}).resetCodeSecret).toBeUndefined();
  });

  it('a setting that is set but cannot be read is refused with one line naming it, never replaced by its default', () => {
    for (const [env, message] of [
      [{ PORT: '80o0' }, 'PORT="80o0" is not a whole number from 1 to 65535'],
      [{ PORT: '70000' }, 'PORT="70000" is not a whole number from 1 to 65535'],
      [{ BCRYPT_ROUNDS: 'ten' }, 'BCRYPT_ROUNDS="ten" is not a whole number from 4 to 15'],
      [{ UPLOAD_MAX_BYTES: '5MB' }, 'UPLOAD_MAX_BYTES="5MB" is not a whole number from 1024 to 104857600'],
      [{ RATE_LIMITS: 'ture' }, 'RATE_LIMITS="ture" is not true or false'],
      [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO="maybe" is not true or false'],
      [{ PAYMENTS_TEST_MODE: 'demo' }, 'PAYMENTS_TEST_MODE="demo" is not true or false'],
      [{ PUBLIC_BASE_URL: 'shop.example.eg' }, 'PUBLIC_BASE_URL="shop.example.eg" is not an http:// or https:// URL'],
      [
        { S3_BUCKET: 'images', S3_ENDPOINT: 'ftp://r2.example' },
        'S3_ENDPOINT="ftp://r2.example" is not an http:// or https:// URL',
      ],
      [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL="verbose" is not one of fatal, error, warn, info, debug, trace, silent'],
      // Its password must not reach the console.
      [{ DATABASE_URL: 'mysql://root:hunter2@db/shop' }, 'DATABASE_URL is not a postgres:// URL'],
    ] as const) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(new Error(message));
    }
    expect(
      loadConfig({ PORT: ' 8080 ', RATE_LIMITS: 'off', PUBLIC_BASE_URL: 'https://shop.example.eg/' }),
    ).toMatchObject({
      port: 8080,
      rateLimits: false,
      publicBaseUrl: 'https://shop.example.eg',
    });
  });

  it('production has no demo data and no test payments unless asked for (SEED_DEMO, PAYMENTS_TEST_MODE)', () => {
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({ seedDemo: false, paymentsTestMode: undefined });
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true', PAYMENTS_TEST_MODE: 'true' })).toMatchObject({
      seedDemo: true,
      paymentsTestMode: true,
    });
    expect(loadConfig({})).toMatchObject({ seedDemo: true, paymentsTestMode: undefined });
    expect(loadConfig({ PAYMENTS_TEST_MODE: 'false' }).paymentsTestMode).toBe(false);
  });

  it('TRUST_PROXY is off unless set: only named proxies (or, explicitly, anyone) may forward a client address', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toEqual(['loopback', '10.0.0.0/8']);
  });
});
