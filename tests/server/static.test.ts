import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { openDatabase, type Db } from '../../server/db';
import { storeImage } from '../../server/lib/images';
import { pngImage } from './helpers';

let app: FastifyInstance;
let db: Db;
let dir: string;
let imageFile: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-static-'));
  const webDist = path.join(dir, 'dist');
  await fs.mkdir(path.join(webDist, 'assets'), { recursive: true });
  await fs.writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><html lang="ar" dir="rtl"><body><div id="root"></div></body></html>',
  );
  await fs.writeFile(
    path.join(webDist, 'assets', 'index-abc123.js'),
    `console.log(${JSON.stringify('x'.repeat(4000))});`,
  );
  // A built asset with the compressed copies the build writes beside it (vite.config.ts).
  const built = `console.log(${JSON.stringify('ي'.repeat(4000))});`;
  await fs.writeFile(path.join(webDist, 'assets', 'app-def456.js'), built);
  await fs.writeFile(path.join(webDist, 'assets', 'app-def456.js.br'), zlib.brotliCompressSync(built));
  await fs.writeFile(path.join(webDist, 'assets', 'app-def456.js.gz'), zlib.gzipSync(built, { level: 9 }));
  db = await openDatabase({});
  app = await buildApp({
    db,
    webDist,
    config: { nodeEnv: 'test', logLevel: 'silent', dataDir: path.join(dir, 'data'), rateLimits: false },
  });
  await app.ready();
  imageFile = await storeImage(app.ctx.storage, 'products', await pngImage());
});
afterAll(async () => {
  await app.close();
  await db.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('static delivery', () => {
  it('serves hashed assets compressed with long-lived immutable caching', async () => {
    const res = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toMatch(/br|gzip/);
  });

  it("sends the build's brotli or gzip copy of an asset as it is, by what the browser accepts, and the plain file otherwise", async () => {
    const dist = path.join(dir, 'dist', 'assets');
    const cases = [
      ['gzip, deflate, br', 'br', 'app-def456.js.br'],
      ['gzip, deflate', 'gzip', 'app-def456.js.gz'],
      ['identity', undefined, 'app-def456.js'],
    ] as const;
    for (const [accepted, encoding, file] of cases) {
      const res = await app.inject({ url: '/assets/app-def456.js', headers: { 'accept-encoding': accepted } });
      expect([res.statusCode, res.headers['content-encoding']], accepted).toEqual([200, encoding]);
      expect(res.rawPayload.equals(await fs.readFile(path.join(dist, file))), accepted).toBe(true);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('still compresses API answers on the fly', async () => {
    const res = await app.inject({ url: '/api/v1/openapi.json', headers: { 'accept-encoding': 'br' } });
    expect([res.statusCode, res.headers['content-encoding']]).toEqual([200, 'br']);
    expect(JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString()).openapi).toMatch(/^3\./);
  });

  it('serves index.html for client routes without caching it', async () => {
    for (const url of ['/', '/products', '/products/some-id', '/user/allorders', '/admin/allproducts']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('dir="rtl"');
    }
  });

  it('serves uploaded images at /<kind>/<file> and /uploads/<kind>/<file> with CORS and immutable caching', async () => {
    for (const url of [
      `/products/${imageFile}`,
      `/uploads/products/${imageFile}`,
      `/products/${imageFile.replace('.webp', '-w320.webp')}`,
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['access-control-allow-origin']).toBe('*');
    }
  });

  it('keeps unknown API routes as JSON 404s', async () => {
    const res = await app.inject({ url: '/api/v1/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Can't find this route: /api/v1/nothing");
  });

  it('does not serve files outside the upload folder', async () => {
    const res = await app.inject({ url: '/uploads/products/..%2F..%2Fpackage.json' });
    expect(res.statusCode).toBe(404);
  });
});
