import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { createStorage, s3Storage, StorageError, type Storage } from '../../server/storage';
import {
  createCategory,
  createTestApp,
  createUser,
  multipart,
  pngImage,
  type TestContext,
  type TestUser,
} from './helpers';
import { startObjectStore, type ObjectStore } from './objectStore';

/**
 * Images in S3-compatible object storage (S3_BUCKET…), against a real S3-protocol server on loopback: uploads land in
 * the bucket with their type and a long immutable cache header, answers point at IMAGES_PUBLIC_URL, replace and delete
 * remove the old objects, and a store that fails answers 503 with nothing saved, neither row nor object.
 */
let store: ObjectStore;
let t: TestContext;
let admin: TestUser;
let category: string;

beforeAll(async () => {
  store = await startObjectStore();
  t = await createTestApp({ s3: store.settings, imagesPublicUrl: store.publicUrl });
});
afterAll(async () => {
  await t?.close();
  await store?.close();
});
beforeEach(async () => {
  admin = await createUser(t, { role: 'admin' });
  category = await createCategory(t);
});

const send = (app: TestContext['app'], method: 'POST' | 'PUT', url: string, form: ReturnType<typeof multipart>) =>
  app.inject({ method, url, headers: { ...form.headers, ...admin.auth }, payload: form.payload });
const productFields = () => ({ title: 'منتج في السحابة', description: 'وصف', quantity: '3', price: '120', category });
/** `<kind>/<file>` of a public image URL, which must lie under IMAGES_PUBLIC_URL. */
const keyOf = (url: string) => {
  expect(url.startsWith(`${store.publicUrl}/`)).toBe(true);
  return url.slice(store.publicUrl.length + 1);
};
const withVariants = (key: string) => [key, key.replace('.webp', '-w320.webp'), key.replace('.webp', '-w640.webp')];

describe('object storage', () => {
  it('stores uploads in the bucket (WebP, immutable) and answers with URLs under IMAGES_PUBLIC_URL', async () => {
    const res = await send(
      t.app,
      'POST',
      '/api/v1/products',
      multipart(productFields(), { imageCover: await pngImage(800, 600), images: [await pngImage(300, 200)] }),
    );
    expect(res.statusCode).toBe(201);
    const { imageCover, images } = res.json().data;
    const cover = keyOf(imageCover);
    expect(cover).toMatch(/^products\/products-[\w-]+-cover\.webp$/);
    for (const key of [...withVariants(cover), ...withVariants(keyOf(images[0]))]) {
      const object = await store.get(key);
      expect(object, key).toMatchObject({
        status: 200,
        type: 'image/webp',
        cacheControl: 'public, max-age=31536000, immutable',
      });
      expect(object.size).toBeGreaterThan(100);
    }
    // Read back by any process: the URL comes from the stored name, not from this request.
    const read = await t.app.inject({ url: `/api/v1/products/${res.json().data._id}` });
    expect(read.json().data.imageCover).toBe(imageCover);
    // Nothing on this server's disk, and the server does not serve the file itself.
    expect(await fs.readdir(path.join(t.dataDir, 'uploads')).catch(() => [])).toEqual([]);
    expect((await t.app.inject({ url: `/${cover}` })).statusCode).toBe(404);
  });

  it('replacing an image removes the old objects; deleting the product removes the rest', async () => {
    const created = await send(
      t.app,
      'POST',
      '/api/v1/products',
      multipart(productFields(), { imageCover: await pngImage(400, 300) }),
    );
    const { _id: id, imageCover: oldCover } = created.json().data;
    const updated = await send(
      t.app,
      'PUT',
      `/api/v1/products/${id}`,
      multipart({}, { imageCover: await pngImage(500, 300) }),
    );
    expect(updated.statusCode).toBe(200);
    const newCover = keyOf(updated.json().data.imageCover);
    for (const key of withVariants(keyOf(oldCover))) expect((await store.get(key)).status, key).toBe(404);
    for (const key of withVariants(newCover)) expect((await store.get(key)).status, key).toBe(200);

    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/products/${id}`, headers: admin.auth })).statusCode,
    ).toBe(204);
    for (const key of withVariants(newCover)) expect((await store.get(key)).status, key).toBe(404);
  });

  it('categories and brands: upload, replace and delete the same way', async () => {
    const created = await send(
      t.app,
      'POST',
      '/api/v1/brands',
      multipart({ name: 'ماركة سحابية' }, { image: await pngImage(200, 200) }),
    );
    expect(created.statusCode).toBe(201);
    const first = keyOf(created.json().data.image);
    expect(first).toMatch(/^brands\//);
    expect((await store.get(first)).status).toBe(200);
    const replaced = await send(
      t.app,
      'PUT',
      `/api/v1/brands/${created.json().data._id}`,
      multipart({}, { image: await pngImage(210, 210) }),
    );
    const second = keyOf(replaced.json().data.image);
    expect((await store.get(first)).status).toBe(404);
    expect((await store.get(second)).status).toBe(200);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/brands/${created.json().data._id}`, headers: admin.auth }))
        .statusCode,
    ).toBe(204);
    expect((await store.get(second)).status).toBe(404);
  });

  it('the Content-Security-Policy lets pages load images from the store', async () => {
    const res = await t.app.inject({ url: '/api/v1/products' });
    const imgSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((d) => d.trim().startsWith('img-src'));
    expect(imgSrc).toContain(new URL(store.endpoint).origin);
  });
});

describe('share previews with object storage', () => {
  it('a product URL still gets its filled index.html, its og:image under IMAGES_PUBLIC_URL', async () => {
    const webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-s3-web-'));
    await fs.copyFile(path.resolve('index.html'), path.join(webDist, 'index.html'));
    const web = await createTestApp({ s3: store.settings, imagesPublicUrl: store.publicUrl }, { webDist });
    try {
      const owner = await createUser(web, { role: 'admin' });
      const form = multipart(
        { ...productFields(), category: await createCategory(web) },
        { imageCover: await pngImage(800, 600) },
      );
      const created = await web.app.inject({
        method: 'POST',
        url: '/api/v1/products',
        headers: { ...form.headers, ...owner.auth },
        payload: form.payload,
      });
      expect(created.statusCode).toBe(201);
      const { _id, imageCover } = created.json().data;
      keyOf(imageCover);
      const page = await web.app.inject({ url: `/products/${_id}` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('<title>منتج في السحابة | متجر</title>');
      expect(page.body).toContain(`<meta property="og:image" content="${imageCover}"`);
    } finally {
      await web.close();
      await fs.rm(webDist, { recursive: true, force: true });
    }
  });
});

describe('a store that fails', () => {
  /** The app with another storage; the same database. */
  async function appWith(storage: Storage) {
    const app = await buildApp({
      db: t.db,
      storage,
      config: { nodeEnv: 'test', logLevel: 'silent', dataDir: t.dataDir, rateLimits: false, bcryptRounds: 4 },
    });
    await app.ready();
    return app;
  }
  const counts = async () => ({
    products: (await t.db.query('SELECT 1 FROM products')).length,
    categories: (await t.db.query('SELECT 1 FROM categories')).length,
  });

  it('an unknown bucket or an unreachable store answers 503 and saves no row', async () => {
    const log = { warn: () => undefined };
    const noBucket = await appWith(await s3Storage({ ...store.settings, bucket: 'no-such-bucket' }, undefined, log));
    const closedPort = await appWith(
      await s3Storage({ ...store.settings, endpoint: 'http://127.0.0.1:9' }, undefined, log),
    );
    try {
      const before = await counts();
      for (const app of [noBucket, closedPort]) {
        const product = await send(
          app,
          'POST',
          '/api/v1/products',
          multipart(productFields(), { imageCover: await pngImage(300, 200) }),
        );
        expect(product.statusCode).toBe(503);
        expect(product.json()).toEqual({
          status: 'error',
          message: 'Service temporarily unavailable, please try again',
        });
        const cat = await send(
          app,
          'POST',
          '/api/v1/categories',
          multipart({ name: 'تصنيف بلا صورة' }, { image: await pngImage(200, 200) }),
        );
        expect(cat.statusCode).toBe(503);
      }
      expect(await counts()).toEqual(before);
    } finally {
      await noBucket.close();
      await closedPort.close();
    }
  });

  it('a write that fails half-way (after some objects were stored) leaves no object and no row', async () => {
    const real = await createStorage(
      { ...t.app.ctx.config, s3: store.settings, imagesPublicUrl: store.publicUrl },
      { warn: () => undefined },
    );
    let saves = 0;
    // The cover and its first variant are stored, then the store gives out.
    const flaky: Storage = {
      ...real,
      save: async (kind, name, data) => {
        if (++saves > 2) throw new StorageError('the store went away');
        await real.save(kind, name, data);
      },
    };
    const app = await appWith(flaky);
    try {
      const keysBefore = await store.keys();
      const before = await counts();
      const res = await send(
        app,
        'POST',
        '/api/v1/products',
        multipart(productFields(), { imageCover: await pngImage(300, 200), images: [await pngImage(300, 200)] }),
      );
      expect(res.statusCode).toBe(503);
      expect(saves).toBeGreaterThan(2);
      expect(await counts()).toEqual(before);
      expect(await store.keys()).toEqual(keysBefore);
    } finally {
      await app.close();
      await real.close?.();
    }
  });
});
