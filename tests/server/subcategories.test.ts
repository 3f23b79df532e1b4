import { beforeEach, describe, expect, it } from 'vitest';
import { createCategory, createProduct, createSubcategory, createUser, useTestApp, type TestUser } from './helpers';

let admin: TestUser;
let manager: TestUser;
let user: TestUser;
const t = useTestApp();
beforeEach(async () => {
  admin = await createUser(t, { role: 'admin' });
  manager = await createUser(t, { role: 'manager' });
  user = await createUser(t);
});

const api = '/api/v1/subcategories';
const missing = '00000000-0000-4000-8000-000000000000';

describe('subcategories', () => {
  it('creates (201) with the category as an id', async () => {
    const category = await createCategory(t);
    const res = await t.app.inject({
      method: 'POST',
      url: api,
      headers: manager.auth,
      payload: { name: 'قمصان', category },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'قمصان', slug: 'قمصان', category });
    expect(Object.keys(res.json().data).sort()).toEqual([
      '_id',
      'aliases',
      'category',
      'createdAt',
      'name',
      'slug',
      'updatedAt',
    ]);
  });

  it('validates name then category in order, with exact messages', async () => {
    const category = await createCategory(t);
    const cases: [object, string, string][] = [
      [{ name: 'a', category }, 'name', 'must be at least 2 chars'],
      [{ name: 'x'.repeat(33), category }, 'name', 'Too long category name'],
      [{ name: 'ok' }, 'category', 'Invalid ID formate'],
      [{ name: 'ok', category: '' }, 'category', 'Invalid ID formate'],
      [{ name: 'ok', category: 'abc' }, 'category', 'Invalid ID formate'],
      [{ name: 'ok', category: missing }, 'category', `No category exist for this id: ${missing}`],
    ];
    for (const [payload, field, msg] of cases) {
      const res = await t.app.inject({ method: 'POST', url: api, headers: admin.auth, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ path: field, msg, location: 'body' });
    }
    const both = await t.app.inject({ method: 'POST', url: api, headers: admin.auth, payload: { name: 'a' } });
    expect(both.json().errors.map((e: { path: string }) => e.path)).toEqual(['name', 'category']);
    expect((await t.db.query('SELECT 1 FROM subcategories')).length).toBe(0);
  });

  it('names are unique within a category only (duplicate → 400)', async () => {
    const a = await createCategory(t);
    const b = await createCategory(t);
    await createSubcategory(t, a, 'Shoes');
    const dup = await t.app.inject({
      method: 'POST',
      url: api,
      headers: admin.auth,
      payload: { name: 'shoes', category: a },
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({
      status: 'fail',
      message: 'Duplicate field value: "shoes". Please use another value!',
    });
    const other = await t.app.inject({
      method: 'POST',
      url: api,
      headers: admin.auth,
      payload: { name: 'shoes', category: b },
    });
    expect(other.statusCode).toBe(201);
  });

  it('lists with category filter (also in[]), keyword and rejects a malformed category filter', async () => {
    const a = await createCategory(t);
    const b = await createCategory(t);
    await createSubcategory(t, a, 'هواتف ذكية');
    await createSubcategory(t, a, 'شواحن');
    await createSubcategory(t, b, 'هواتف أرضية');
    expect((await t.app.inject({ url: `${api}?category=${a}` })).json().results).toBe(2);
    expect((await t.app.inject({ url: `${api}?category[in][]=${a}&category[in][]=${b}` })).json().results).toBe(3);
    expect((await t.app.inject({ url: `${api}?keyword=${encodeURIComponent('هواتف')}` })).json().results).toBe(2);
    const bad = await t.app.inject({ url: `${api}?category=nope` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ location: 'query', path: 'category', msg: 'Invalid ID formate' });
  });

  it('gets, updates (PUT/PATCH) and 404s', async () => {
    const category = await createCategory(t);
    const id = await createSubcategory(t, category, 'قديم');
    expect((await t.app.inject({ url: `${api}/${id}` })).json().data).toMatchObject({
      _id: id,
      name: 'قديم',
      category,
    });
    const upd = await t.app.inject({
      method: 'PUT',
      url: `${api}/${id}`,
      headers: manager.auth,
      payload: { name: 'جديد' },
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data).toMatchObject({ name: 'جديد', category });
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `${api}/${id}`,
      headers: manager.auth,
      payload: { category: missing },
    });
    expect(patch.json().errors[0].msg).toBe(`No category exist for this id: ${missing}`);
    expect((await t.app.inject({ url: `${api}/${missing}` })).json().message).toBe(
      `No document for this id ${missing}`,
    );
    expect(
      (await t.app.inject({ method: 'PUT', url: `${api}/${missing}`, headers: admin.auth, payload: { name: 'abc' } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'PUT', url: `${api}/${id}`, headers: user.auth, payload: { name: 'abc' } }))
        .statusCode,
    ).toBe(403);
  });

  it('delete (admin only) removes it from products', async () => {
    const category = await createCategory(t);
    const keep = await createSubcategory(t, category);
    const gone = await createSubcategory(t, category);
    const product = await createProduct(t, { categoryId: category, subcategoryIds: [keep, gone] });
    expect((await t.app.inject({ method: 'DELETE', url: `${api}/${gone}`, headers: manager.auth })).statusCode).toBe(
      403,
    );
    const res = await t.app.inject({ method: 'DELETE', url: `${api}/${gone}`, headers: admin.auth });
    expect(res.statusCode).toBe(204);
    expect((await t.app.inject({ url: `/api/v1/products/${product}` })).json().data.subcategory).toEqual([keep]);
    expect((await t.app.inject({ method: 'DELETE', url: `${api}/${gone}`, headers: admin.auth })).statusCode).toBe(404);
  });
});
