import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { createProduct, createTestApp, type TestContext } from '../helpers';

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
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><html lang="ar" dir="rtl"><body><div id="root"></div></body></html>');
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

/** A second app on the same database with other settings. */
async function withApp(config: Parameters<typeof buildApp>[0], check: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<void>) {
  const app = await buildApp({ db: t.db, ...config, config: { nodeEnv: 'test', logLevel: 'silent', dataDir: t.dataDir, ...config?.config } });
  try {
    await check(app);
  } finally {
    await app.close();
  }
}

const csp = (header: string | string[] | number | undefined) =>
  Object.fromEntries(String(header).split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));

describe('security headers', () => {
  it.each(['/api/v1/products', '/api/v1/nothing-here', '/api/v1/users/getMe'])('%s carries helmet headers and the CSP', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['content-security-policy']).toBeDefined();
  });

  it('the CSP allows no inline or foreign script, no plugins, no framing and no foreign form targets', async () => {
    const policy = csp((await t.app.inject({ method: 'GET', url: '/api/v1/products' })).headers['content-security-policy']);
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
      const policy = csp((await cdn.inject({ method: 'GET', url: '/api/v1/products' })).headers['content-security-policy']);
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
      headers: { origin: 'https://anywhere.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
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
        limited.inject({ method, url: '/api/v1/products', headers: { origin, 'access-control-request-method': 'GET' } });
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
    const res = await t.app.inject({ method: 'GET', url: '/products/cors-check.webp', headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('secrets', () => {
  it('production refuses the default JWT secret, a missing one and a short one', () => {
    const message = 'JWT_SECRET must be set in production, at least 32 characters long';
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(message);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: '' })).toThrow(message);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'dev-only-secret-change-me-in-production-0123456789' })).toThrow(message);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short-secret' })).toThrow(message);
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'a'.repeat(32) });
    expect(config.jwtSecret).toBe('a'.repeat(32));
    expect(config.paymentsTestMode).toBe(false);
  });

  it('TRUST_PROXY is off unless set: only named proxies (or, explicitly, anyone) may forward a client address', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toEqual(['loopback', '10.0.0.0/8']);
  });
});
