import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createCategory,
  createProduct,
  createSubcategory,
  createUser,
  multipart,
  pngImage,
  useTestApp,
  type TestUser,
} from './helpers';

let admin: TestUser;
let manager: TestUser;
let user: TestUser;
const t = useTestApp();
beforeEach(async () => {
  admin = await createUser(t, { role: 'admin' });
  manager = await createUser(t, { role: 'manager' });
  user = await createUser(t, { role: 'user' });
});

const api = '/api/v1/categories';
const count = async () => (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM categories'))!.n;
const uploadsDir = () => path.join(t.dataDir, 'uploads', 'categories');

describe('categories', () => {
  it('creates from JSON with an absolute image URL (manager) and answers 201 with the category', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: api,
      headers: manager.auth,
      payload: { name: '  إلكترونيات ', image: 'https://cdn.example.com/a.png' },
    });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject({ name: 'إلكترونيات', slug: 'إلكترونيات', image: 'https://cdn.example.com/a.png' });
    expect(data._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(data).not.toHaveProperty('__v');
  });

  it('creates from multipart with an uploaded image stored as WebP with variants, served at its URL', async () => {
    const form = multipart({ name: 'موبايلات' }, { image: await pngImage() });
    const res = await t.app.inject({
      method: 'POST',
      url: api,
      headers: { ...form.headers, ...admin.auth },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(201);
    const image: string = res.json().data.image;
    expect(image).toMatch(/^http:\/\/shop\.test\/categories\/categories-[0-9a-f-]{36}-\d+\.webp$/);
    const file = image.split('/').pop()!;
    expect(fs.existsSync(path.join(uploadsDir(), file))).toBe(true);
    expect(fs.existsSync(path.join(uploadsDir(), file.replace('.webp', '-w320.webp')))).toBe(true);
    const served = await t.app.inject({ url: `/categories/${file}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['access-control-allow-origin']).toBe('*');
    expect(served.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
  });

  it('validates name and image in order with exact messages and changes nothing', async () => {
    const cases: [unknown, string][] = [
      [{}, 'must be at least 3 chars'],
      [{ name: '' }, 'must be at least 3 chars'],
      [{ name: 'ab' }, 'must be at least 3 chars'],
      [{ name: { $ne: 1 } }, 'must be at least 3 chars'],
      [{ name: 'x'.repeat(33) }, 'Too long category name'],
      [{ name: 'x'.repeat(100_000).slice(0, 90_000) }, 'Too long category name'],
    ];
    for (const [payload, msg] of cases) {
      const res = await t.app.inject({ method: 'POST', url: api, headers: admin.auth, payload: payload as object });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ msg, path: 'name', param: 'name', location: 'body' });
    }
    const bad = await t.app.inject({
      method: 'POST',
      url: api,
      headers: admin.auth,
      payload: { name: 'سليم', image: 'not-a-url' },
    });
    expect(bad.json().errors[0]).toMatchObject({ path: 'image', msg: 'image must be an absolute http(s) URL' });
    expect(await count()).toBe(0);
  });

  it('answers duplicate names (case-insensitive) with 400 Duplicate and keeps no uploaded file', async () => {
    await t.app.inject({ method: 'POST', url: api, headers: admin.auth, payload: { name: 'Fashion' } });
    const files = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()).sort() : []);
    const before = files();
    const form = multipart({ name: 'fashion' }, { image: await pngImage() });
    const res = await t.app.inject({
      method: 'POST',
      url: api,
      headers: { ...form.headers, ...admin.auth },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 'fail',
      message: 'Duplicate field value: "fashion". Please use another value!',
    });
    expect(files()).toEqual(before);
    expect(await count()).toBe(1);
  });

  it('enforces permissions: 401 without token, 403 for users, delete for admins only', async () => {
    expect((await t.app.inject({ method: 'POST', url: api, payload: { name: 'abcd' } })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: api,
          headers: { authorization: 'Bearer null' },
          payload: { name: 'abcd' },
        })
      ).statusCode,
    ).toBe(401);
    const forbidden = await t.app.inject({ method: 'POST', url: api, headers: user.auth, payload: { name: 'abcd' } });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe('You are not allowed to perform this action');
    const id = await createCategory(t);
    expect((await t.app.inject({ method: 'DELETE', url: `${api}/${id}`, headers: manager.auth })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'PUT', url: `${api}/${id}`, headers: user.auth, payload: { name: 'abcd' } }))
        .statusCode,
    ).toBe(403);
    expect(await count()).toBe(1);
  });

  it('gets one (public, ignoring a bad token), 404 for unknown, 400 for malformed ids', async () => {
    const id = await createCategory(t, 'أجهزة');
    const res = await t.app.inject({ url: `${api}/${id}`, headers: { authorization: 'Bearer garbage' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: id, name: 'أجهزة', image: 'http://shop.test/categories/cat.webp' });
    const missing = '00000000-0000-4000-8000-000000000000';
    const nf = await t.app.inject({ url: `${api}/${missing}` });
    expect(nf.statusCode).toBe(404);
    expect(nf.json()).toEqual({ status: 'fail', message: `No document for this id ${missing}` });
    const bad = await t.app.inject({ url: `${api}/abc` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({
      msg: 'Invalid ID formate',
      location: 'params',
      path: 'id',
      value: 'abc',
    });
    const put404 = await t.app.inject({
      method: 'PATCH',
      url: `${api}/${missing}`,
      headers: admin.auth,
      payload: { name: 'abcd' },
    });
    expect(put404.statusCode).toBe(404);
    expect(put404.json().message).toBe(`No document found for this id: ${missing}`);
  });

  it('lists with pagination, keyword on name (literal), sort and fields', async () => {
    for (const name of ['ألعاب', 'أزياء رجالي', 'أزياء حريمي', '100% قطن']) await createCategory(t, name);
    const all = await t.app.inject({ url: `${api}?limit=undefined&page=` });
    expect(all.json()).toMatchObject({ results: 4, paginationResult: { currentPage: 1, limit: 50, numberOfPages: 1 } });
    const page = await t.app.inject({ url: `${api}?limit=2&page=2&sort=name` });
    expect(page.json().paginationResult).toEqual({ currentPage: 2, limit: 2, numberOfPages: 2, prevPage: 1 });
    const kw = await t.app.inject({ url: `${api}?keyword=${encodeURIComponent('أزياء')}` });
    expect(kw.json().results).toBe(2);
    // Two characters, as a one-letter keyword is ignored (API.md §2); '%' is matched literally, not as a wildcard.
    const literal = await t.app.inject({ url: `${api}?keyword=${encodeURIComponent('0%')}` });
    expect(literal.json().data.map((c: { name: string }) => c.name)).toEqual(['100% قطن']);
    const fields = await t.app.inject({ url: `${api}?fields=name&limit=1` });
    expect(Object.keys(fields.json().data[0]).sort()).toEqual(['_id', 'name']);
  });

  it('updates name (PUT and PATCH) and replaces the image, deleting the old file after commit', async () => {
    const form = multipart({ name: 'قديم' }, { image: await pngImage() });
    const created = (
      await t.app.inject({
        method: 'POST',
        url: api,
        headers: { ...form.headers, ...admin.auth },
        payload: form.payload,
      })
    ).json().data;
    const oldFile = created.image.split('/').pop();
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `${api}/${created._id}`,
      headers: manager.auth,
      payload: { name: 'جديد' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'جديد', slug: 'جديد', image: created.image });
    const form2 = multipart({}, { image: await pngImage(200, 200) });
    const replaced = await t.app.inject({
      method: 'PATCH',
      url: `${api}/${created._id}`,
      headers: { ...form2.headers, ...manager.auth },
      payload: form2.payload,
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().data.name).toBe('جديد');
    expect(replaced.json().data.image).not.toBe(created.image);
    expect(fs.existsSync(path.join(uploadsDir(), oldFile))).toBe(false);
    expect(fs.existsSync(path.join(uploadsDir(), oldFile.replace('.webp', '-w640.webp')))).toBe(false);
    const invalid = await t.app.inject({
      method: 'PUT',
      url: `${api}/${created._id}`,
      headers: manager.auth,
      payload: { name: 'ab' },
    });
    expect(invalid.json().errors[0].msg).toBe('must be at least 3 chars');
    const other = await createCategory(t, 'آخر');
    const dup = await t.app.inject({
      method: 'PUT',
      url: `${api}/${other}`,
      headers: manager.auth,
      payload: { name: 'جديد' },
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toBe('Duplicate field value: "جديد". Please use another value!');
  });

  it('refuses to delete a category with products (409), else deletes it with its subcategories (204)', async () => {
    const id = await createCategory(t);
    const sub = await createSubcategory(t, id);
    const product = await createProduct(t, { categoryId: id });
    const refused = await t.app.inject({ method: 'DELETE', url: `${api}/${id}`, headers: admin.auth });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ status: 'fail', message: 'Category still has products' });
    expect(await count()).toBe(1);
    await t.db.query('DELETE FROM products WHERE id = $1', [product]);
    const res = await t.app.inject({ method: 'DELETE', url: `${api}/${id}`, headers: admin.auth });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await count()).toBe(0);
    expect(await t.db.one('SELECT 1 FROM subcategories WHERE id = $1', [sub])).toBeUndefined();
    expect((await t.app.inject({ method: 'DELETE', url: `${api}/${id}`, headers: admin.auth })).statusCode).toBe(404);
  });

  it('lists and creates subcategories of a category; the path wins over the body', async () => {
    const id = await createCategory(t);
    const other = await createCategory(t);
    const created = await t.app.inject({
      method: 'POST',
      url: `${api}/${id}/subcategories`,
      headers: manager.auth,
      payload: { name: 'هواتف', category: other },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ name: 'هواتف', category: id });
    await createSubcategory(t, other, 'غيره');
    const list = await t.app.inject({ url: `${api}/${id}/subcategories` });
    expect(list.json().results).toBe(1);
    expect(list.json().data[0]).toMatchObject({ name: 'هواتف', category: id });
    const unknown = await t.app.inject({ url: `${api}/00000000-0000-4000-8000-000000000000/subcategories` });
    expect(unknown.json()).toMatchObject({ results: 0, data: [] });
    const bad = await t.app.inject({ url: `${api}/xyz/subcategories` });
    expect(bad.json().errors[0]).toMatchObject({ location: 'params', path: 'categoryId', msg: 'Invalid ID formate' });
    const dup = await t.app.inject({
      method: 'POST',
      url: `${api}/${id}/subcategories`,
      headers: manager.auth,
      payload: { name: 'هواتف' },
    });
    expect(dup.statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: `${api}/${id}/subcategories`, payload: { name: 'abc' } })).statusCode,
    ).toBe(401);
  });
});
