import { describe, expect, it } from 'vitest';
import { createUser, useTestApp, type TestUser } from './helpers';

const t = useTestApp();

const MISSING = '00000000-0000-4000-8000-000000000000';
const add = (user: TestUser, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/addresses', headers: user.auth, payload });
const home = { alias: 'المنزل', details: '12 شارع التحرير', phone: '01012345678', city: '', postalCode: '' };

describe('addresses', () => {
  it('adds with 200 and lists all the caller’s addresses', async () => {
    const user = await createUser(t);
    let res = await add(user, home);
    expect(res.statusCode).toBe(200);
    let body = res.json();
    expect(body.status).toBe('success');
    expect(body.message).toBe('Address added successfully');
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      alias: 'المنزل',
      details: '12 شارع التحرير',
      phone: '01012345678',
      city: '',
      postalCode: '',
    });
    expect(body.data[0]._id).toEqual(expect.any(String));
    expect(body.data[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    res = await add(user, { alias: ' العمل ', details: 'مكتب', phone: '+201112345678' });
    expect(res.json().data.map((a: { alias: string }) => a.alias)).toEqual(['المنزل', 'العمل']);

    res = await t.app.inject({ method: 'GET', url: '/api/v1/addresses', headers: user.auth });
    body = res.json();
    expect(res.statusCode).toBe(200);
    expect(body.results).toBe(2);
    expect(body.status).toBe('success');
    expect(body.data[1]).toMatchObject({ alias: 'العمل', city: '', postalCode: '' });
  });

  it('validates every field with API.md messages and stores nothing on failure', async () => {
    const user = await createUser(t);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...home, alias: '' }, 'alias', 'alias is required'],
      [{ ...home, alias: '   ' }, 'alias', 'alias is required'],
      [{ ...home, alias: 'a'.repeat(51) }, 'alias', 'Too long alias'],
      [{ ...home, details: undefined }, 'details', 'details is required'],
      [{ ...home, details: 'x'.repeat(501) }, 'details', 'Too long details'],
      [{ ...home, phone: undefined }, 'phone', 'phone is required'],
      [{ ...home, phone: '0101' }, 'phone', 'accept only egypt phone numbers'],
      [{ ...home, phone: { a: 1 } }, 'phone', 'accept only egypt phone numbers'],
      [{ ...home, city: 'c'.repeat(51) }, 'city', 'Too long city'],
      [{ ...home, postalCode: '1'.repeat(21) }, 'postalCode', 'Too long postalCode'],
    ];
    for (const [payload, path, msg] of cases) {
      const res = await add(user, payload);
      expect(res.statusCode, msg).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ path, msg, location: 'body' });
    }
    const res = await add(user, {});
    expect(res.json().errors.map((e: { msg: string }) => e.msg)).toEqual([
      'alias is required',
      'details is required',
      'phone is required',
    ]);
    expect((await t.db.query('SELECT * FROM addresses')).length).toBe(0);
  });

  it('gets, updates and deletes own addresses; others’ are 404', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const id = (await add(user, home)).json().data[0]._id;

    let res = await t.app.inject({ method: 'GET', url: `/api/v1/addresses/${id}`, headers: user.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', data: { _id: id, alias: 'المنزل' } });

    res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/addresses/${id}`,
      headers: user.auth,
      payload: { details: 'عنوان جديد', city: 'القاهرة' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'success',
      message: 'Address updated successfully',
      data: { _id: id, alias: 'المنزل', details: 'عنوان جديد', city: 'القاهرة' },
    });
    res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/addresses/${id}`,
      headers: user.auth,
      payload: { city: '' },
    });
    expect(res.json().data.city).toBe('');
    res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/addresses/${id}`,
      headers: user.auth,
      payload: { phone: '123' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].msg).toBe('accept only egypt phone numbers');

    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      for (const target of [id, MISSING]) {
        const r = await t.app.inject({
          method,
          url: `/api/v1/addresses/${target}`,
          headers: other.auth,
          payload: method === 'PUT' ? { alias: 'x' } : undefined,
        });
        expect(r.statusCode).toBe(404);
        expect(r.json()).toEqual({ status: 'fail', message: `There is no address for this id ${target}` });
      }
    }
    res = await t.app.inject({ method: 'GET', url: '/api/v1/addresses/nope', headers: user.auth });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ msg: 'Invalid ID formate', location: 'params' });

    const row = await t.db.one('SELECT alias, details FROM addresses WHERE id = $1', [id]);
    expect(row).toEqual({ alias: 'المنزل', details: 'عنوان جديد' });

    res = await t.app.inject({ method: 'DELETE', url: `/api/v1/addresses/${id}`, headers: user.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: 'Address removed successfully', data: [] });
  });

  it('needs a login', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/addresses' });
    expect(res.statusCode).toBe(401);
  });
});
