import { beforeEach, describe, expect, it } from 'vitest';
import { createCoupon, createProduct, createUser, useTestApp, type TestUser } from './helpers';

let manager: TestUser;
const t = useTestApp();
beforeEach(async () => {
  manager = await createUser(t, { role: 'manager' });
});

const MISSING = '00000000-0000-4000-8000-000000000000';
const nextYear = new Date().getUTCFullYear() + 1;
const post = (payload: Record<string, unknown>, user = manager) =>
  t.app.inject({ method: 'POST', url: '/api/v1/coupons', headers: user.auth, payload });

describe('coupons', () => {
  it('creates a coupon (201) from the web app’s strings', async () => {
    const res = await post({ name: ' SALE10 ', expire: `${nextYear}-03-15`, discount: '10' });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject({ name: 'SALE10', discount: 10, expire: `${nextYear}-03-15T21:59:59.999Z` });
    expect(data._id).toEqual(expect.any(String));
    expect(data.createdAt).toEqual(expect.any(String));
  });

  it('validates each field with API.md messages and stores nothing', async () => {
    const ok = { name: 'SALE', expire: `${nextYear}-01-01`, discount: 10 };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...ok, name: '' }, 'name', 'coupon name required'],
      [{ ...ok, name: { a: 1 } }, 'name', 'coupon name required'],
      [{ ...ok, name: 'N'.repeat(33) }, 'name', 'Too long coupon name'],
      [{ ...ok, expire: undefined }, 'expire', 'coupon expire time required'],
      [{ ...ok, expire: '15/3/2030' }, 'expire', 'Invalid expire date'],
      [{ ...ok, expire: '2099-01-01T00:00:00+99:99' }, 'expire', 'Invalid expire date'],
      [{ ...ok, expire: '2099-01-01T00:00:00+24:00' }, 'expire', 'Invalid expire date'],
      [{ ...ok, expire: ['2030-01-01'] }, 'expire', 'Invalid expire date'],
      [{ ...ok, expire: '2020-01-01' }, 'expire', 'Coupon expire date must be in the future'],
      [{ ...ok, discount: '' }, 'discount', 'coupon discount required'],
      [{ ...ok, discount: 'abc' }, 'discount', 'coupon discount must be a number'],
      [{ ...ok, discount: 0 }, 'discount', 'Discount must be greater than 0 and at most 100'],
      [{ ...ok, discount: 0.001 }, 'discount', 'Discount must be greater than 0 and at most 100'],
      [{ ...ok, discount: 101 }, 'discount', 'Discount must be greater than 0 and at most 100'],
    ];
    for (const [payload, path, msg] of cases) {
      const res = await post(payload);
      expect(res.statusCode, msg).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ path, msg, location: 'body' });
    }
    expect((await t.db.query('SELECT id FROM coupons')).length).toBe(0);
  });

  it('refuses duplicate names case-insensitively with 400', async () => {
    await post({ name: 'Sale', expire: `${nextYear}-01-01`, discount: 5 });
    const res = await post({ name: 'SALE', expire: `${nextYear}-01-01`, discount: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'fail', message: 'Duplicate field value: "SALE". Please use another value!' });
  });

  it('lists with keyword, filters and pagination; gets one', async () => {
    const a = await createCoupon(t, { name: 'SUMMER', discount: 20 });
    await createCoupon(t, { name: 'WINTER', discount: 5 });
    let res = await t.app.inject({ method: 'GET', url: '/api/v1/coupons?keyword=umm', headers: manager.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      results: 1,
      paginationResult: { currentPage: 1, limit: 50, numberOfPages: 1 },
      data: [{ _id: a, name: 'SUMMER', discount: 20 }],
    });
    res = await t.app.inject({ method: 'GET', url: '/api/v1/coupons?discount[lt]=10&limit=1', headers: manager.auth });
    expect(res.json().data.map((c: { name: string }) => c.name)).toEqual(['WINTER']);
    res = await t.app.inject({ method: 'GET', url: '/api/v1/coupons?sort=name', headers: manager.auth });
    expect(res.json().data.map((c: { name: string }) => c.name)).toEqual(['SUMMER', 'WINTER']);
    res = await t.app.inject({ method: 'GET', url: `/api/v1/coupons/${a}`, headers: manager.auth });
    expect(res.json().data).toMatchObject({ _id: a, name: 'SUMMER' });
    res = await t.app.inject({ method: 'GET', url: `/api/v1/coupons/${MISSING}`, headers: manager.auth });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(`No document for this id ${MISSING}`);
  });

  it('the edit takes the date as an Arabic browser prints it (٣١‏/١٢‏/٢٠٣٠) and refuses an impossible offset, changing nothing', async () => {
    const id = await createCoupon(t, { name: 'EID', discount: 10 });
    const put = (expire: string) =>
      t.app.inject({ method: 'PUT', url: `/api/v1/coupons/${id}`, headers: manager.auth, payload: { expire } });
    let res = await put('٣١\u200f/١٢\u200f/٢٠٣٠');
    expect([res.statusCode, res.json().data?.expire]).toEqual([200, '2030-12-31T21:59:59.999Z']);
    for (const impossible of ['2099-01-01T00:00:00+99:99', '2099-01-01T00:00:00+24:00']) {
      res = await put(impossible);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ msg: 'Invalid expire date', path: 'expire', location: 'body' });
    }
    const stored = await t.app.inject({ method: 'GET', url: `/api/v1/coupons/${id}`, headers: manager.auth });
    expect(stored.json().data.expire).toBe('2030-12-31T21:59:59.999Z');
  });

  it('updates partially with PUT and PATCH, past dates allowed, M/D/YYYY accepted', async () => {
    const id = await createCoupon(t, { name: 'OLD', discount: 10 });
    let res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/coupons/${id}`,
      headers: manager.auth,
      payload: { name: 'NEW', expire: '3/15/2020', discount: '15' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: id, name: 'NEW', discount: 15, expire: '2020-03-15T21:59:59.999Z' });
    res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/coupons/${id}`,
      headers: manager.auth,
      payload: { discount: 50 },
    });
    expect(res.json().data).toMatchObject({ name: 'NEW', discount: 50 });
    res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/coupons/${id}`,
      headers: manager.auth,
      payload: { discount: 500 },
    });
    expect(res.statusCode).toBe(400);
    await createCoupon(t, { name: 'TAKEN' });
    res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/coupons/${id}`,
      headers: manager.auth,
      payload: { name: 'taken' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Duplicate field value: "taken". Please use another value!');
    res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/coupons/${MISSING}`,
      headers: manager.auth,
      payload: { discount: 5 },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(`No document found for this id: ${MISSING}`);
    expect(await t.db.one('SELECT name, discount::float8 AS discount FROM coupons WHERE id = $1', [id])).toEqual({
      name: 'NEW',
      discount: 50,
    });
  });

  it('deletes with 204 and removes the coupon from carts', async () => {
    const user = await createUser(t);
    const product = await createProduct(t, { price: 100 });
    const id = await createCoupon(t, { name: 'GONE', discount: 10 });
    await t.app.inject({ method: 'POST', url: '/api/v1/cart', headers: user.auth, payload: { productId: product } });
    let res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/cart/applyCoupon',
      headers: user.auth,
      payload: { couponName: 'GONE' },
    });
    expect(res.json().data.totalAfterDiscount).toBe(90);

    res = await t.app.inject({ method: 'DELETE', url: `/api/v1/coupons/${id}`, headers: manager.auth });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    res = await t.app.inject({ method: 'GET', url: '/api/v1/cart', headers: user.auth });
    expect(res.json().data.totalCartPrice).toBe(100);
    expect(res.json().data).not.toHaveProperty('coupon');
    expect(res.json().data).not.toHaveProperty('totalAfterDiscount');
    // The cart's next answer says which coupon left it, once.
    expect(res.json().data.couponRemoved).toBe('GONE');
    res = await t.app.inject({ method: 'GET', url: '/api/v1/cart', headers: user.auth });
    expect(res.json().data).not.toHaveProperty('couponRemoved');
    res = await t.app.inject({ method: 'DELETE', url: `/api/v1/coupons/${id}`, headers: manager.auth });
    expect(res.statusCode).toBe(404);
  });

  it('is for managers and admins only', async () => {
    const user = await createUser(t);
    const admin = await createUser(t, { role: 'admin' });
    let res = await post({ name: 'X', expire: `${nextYear}-01-01`, discount: 5 }, user);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You are not allowed to perform this action');
    res = await t.app.inject({ method: 'GET', url: '/api/v1/coupons' });
    expect(res.statusCode).toBe(401);
    res = await post({ name: 'X', expire: `${nextYear}-01-01`, discount: 5 }, admin);
    expect(res.statusCode).toBe(201);
  });
});
