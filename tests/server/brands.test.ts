import { beforeEach, describe, expect, it } from 'vitest';
import { createBrand, createProduct, createUser, multipart, pngImage, useTestApp, type TestUser } from './helpers';

let admin: TestUser;
let manager: TestUser;
const t = useTestApp();
beforeEach(async () => {
  admin = await createUser(t, { role: 'admin' });
  manager = await createUser(t, { role: 'manager' });
});

const api = '/api/v1/brands';

describe('brands', () => {
  it('creates from multipart (201) with an absolute WebP image URL', async () => {
    const form = multipart({ name: 'سامسونج' }, { image: await pngImage() });
    const res = await t.app.inject({
      method: 'POST',
      url: api,
      headers: { ...form.headers, ...manager.auth },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'سامسونج', slug: 'سامسونج' });
    expect(res.json().data.image).toMatch(/^http:\/\/shop\.test\/brands\/brands-.*\.webp$/);
    expect((await t.app.inject({ url: new URL(res.json().data.image).pathname })).statusCode).toBe(200);
  });

  it('uses the brand texts and the duplicate rule', async () => {
    const short = await t.app.inject({ method: 'POST', url: api, headers: admin.auth, payload: { name: 'ab' } });
    expect(short.json().errors[0]).toMatchObject({ msg: 'must be at least 3 chars', path: 'name' });
    const long = await t.app.inject({
      method: 'POST',
      url: api,
      headers: admin.auth,
      payload: { name: 'b'.repeat(33) },
    });
    expect(long.json().errors[0].msg).toBe('Too long brand name');
    await createBrand(t, 'Apple');
    const dup = await t.app.inject({ method: 'POST', url: api, headers: admin.auth, payload: { name: 'APPLE' } });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toBe('Duplicate field value: "APPLE". Please use another value!');
    expect((await t.db.query('SELECT 1 FROM brands')).length).toBe(1);
  });

  it('lists, gets and updates', async () => {
    const id = await createBrand(t, 'ديل');
    await createBrand(t, 'لينوفو');
    const list = await t.app.inject({ url: `${api}?limit=4&page=1&sort=-name` });
    expect(list.json().data.map((b: { name: string }) => b.name)).toEqual(['لينوفو', 'ديل']);
    expect((await t.app.inject({ url: `${api}/${id}` })).json().data.name).toBe('ديل');
    const upd = await t.app.inject({
      method: 'PATCH',
      url: `${api}/${id}`,
      headers: manager.auth,
      payload: { name: 'Dell' },
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data).toMatchObject({ _id: id, name: 'Dell', slug: 'dell' });
  });

  it('delete (admin only) clears the brand on its products', async () => {
    const id = await createBrand(t);
    const product = await createProduct(t, { brandId: id });
    expect((await t.app.inject({ method: 'DELETE', url: `${api}/${id}`, headers: manager.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `${api}/${id}` })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'DELETE', url: `${api}/${id}`, headers: admin.auth });
    expect(res.statusCode).toBe(204);
    const got = (await t.app.inject({ url: `/api/v1/products/${product}` })).json().data;
    expect(got).not.toHaveProperty('brand');
    expect((await t.app.inject({ url: `${api}/${id}` })).statusCode).toBe(404);
  });
});
