import { describe, expect, it } from 'vitest';
import { createProduct, createUser, useTestApp } from './helpers';

const t = useTestApp();

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('wishlist', () => {
  it('adds, lists and removes products of the caller only', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const p1 = await createProduct(t, { title: 'سماعة' });
    const p2 = await createProduct(t, { title: 'شاحن' });

    let res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wishlist',
      headers: user.auth,
      payload: { productId: p1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      message: 'Product added successfully to your wishlist',
      data: [p1],
    });
    await t.app.inject({ method: 'POST', url: '/api/v1/wishlist', headers: user.auth, payload: { productId: p2 } });
    res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wishlist',
      headers: user.auth,
      payload: { productId: p1 },
    });
    expect(res.json().data).toEqual([p1, p2]); // adding twice changes nothing

    res = await t.app.inject({ method: 'GET', url: '/api/v1/wishlist', headers: user.auth });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(body.results).toBe(2);
    expect(body.data.map((p: { _id: string }) => p._id)).toEqual([p1, p2]);
    expect(body.data[0]).toMatchObject({
      _id: p1,
      id: p1,
      title: 'سماعة',
      price: 100,
      imageCover: 'http://shop.test/products/cover.webp',
    });
    expect(typeof body.data[0].category).toBe('string');

    res = await t.app.inject({ method: 'GET', url: '/api/v1/wishlist', headers: other.auth });
    expect(res.json()).toEqual({ status: 'success', results: 0, data: [] });

    res = await t.app.inject({ method: 'DELETE', url: `/api/v1/wishlist/${p1}`, headers: user.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      message: 'Product removed successfully to your wishlist',
      data: [p2],
    });
    res = await t.app.inject({ method: 'DELETE', url: `/api/v1/wishlist/${p1}`, headers: user.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([p2]);
  });

  it('validates productId and refuses unknown products', async () => {
    const user = await createUser(t);
    let res = await t.app.inject({ method: 'POST', url: '/api/v1/wishlist', headers: user.auth, payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ msg: 'productId is required', path: 'productId', location: 'body' });
    res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wishlist',
      headers: user.auth,
      payload: { productId: 'abc' },
    });
    expect(res.json().errors[0].msg).toBe('Invalid ID formate');
    res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wishlist',
      headers: user.auth,
      payload: { productId: { $ne: null } },
    });
    expect(res.statusCode).toBe(400);
    res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wishlist',
      headers: user.auth,
      payload: { productId: MISSING },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'fail', message: `No document for this id ${MISSING}` });
    res = await t.app.inject({ method: 'DELETE', url: '/api/v1/wishlist/not-an-id', headers: user.auth });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ msg: 'Invalid ID formate', location: 'params', path: 'productId' });
    expect((await t.db.query('SELECT * FROM wishlist_items')).length).toBe(0);
  });

  it('needs a login, and any role may keep a wishlist', async () => {
    const product = await createProduct(t);
    for (const req of [
      { method: 'GET' as const, url: '/api/v1/wishlist' },
      { method: 'POST' as const, url: '/api/v1/wishlist', payload: { productId: product } },
      { method: 'DELETE' as const, url: `/api/v1/wishlist/${product}` },
    ]) {
      const res = await t.app.inject({ ...req, headers: { authorization: 'Bearer null' } });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('You are not logged in. Please login to get access');
    }
    const admin = await createUser(t, { role: 'admin' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wishlist',
      headers: admin.auth,
      payload: { productId: product },
    });
    expect(res.statusCode).toBe(200);
  });
});
