import { beforeEach, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { ensureAdmin } from '../../server/modules/users/admin';
import { createProduct, createUser, useTestApp, type TestUser } from './helpers';

const t = useTestApp();

const call = (method: string, url: string, user?: TestUser, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url: `/api/v1/users${url}`,
    headers: user ? user.auth : {},
    payload: payload as object,
  });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });

function expectNoSecrets(body: unknown) {
  expect(JSON.stringify(body)).not.toMatch(
    /"password|passwordChangedAt|passwordReset|resetCode|reset_|password_hash|\$2[aby]\$/,
  );
}
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

describe('GET /users/getMe', () => {
  it('answers the caller with wishlist ids and addresses', async () => {
    const user = await createUser(t, { name: 'Mona Ali', email: 'mona@example.com' });
    const product = await createProduct(t);
    await t.db.query('INSERT INTO wishlist_items (user_id, product_id) VALUES ($1, $2)', [user.id, product]);
    await t.db.query(
      `INSERT INTO addresses (user_id, alias, details, phone) VALUES ($1, 'البيت', 'شارع 1', '01012345678')`,
      [user.id],
    );
    const res = await call('GET', '/getMe', user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        _id: user.id,
        name: 'Mona Ali',
        slug: 'mona-ali',
        email: 'mona@example.com',
        phone: '01012345678',
        role: 'user',
        active: true,
        wishlist: [product],
        addresses: [
          {
            _id: expect.any(String),
            alias: 'البيت',
            details: 'شارع 1',
            phone: '01012345678',
            city: '',
            postalCode: '',
            createdAt: expect.stringMatching(/\.\d{3}Z$/),
            updatedAt: expect.stringMatching(/\.\d{3}Z$/),
          },
        ],
        createdAt: expect.stringMatching(/\.\d{3}Z$/),
        updatedAt: expect.any(String),
      },
    });
    expectNoSecrets(res.json());
  });

  it('needs a token', async () => {
    const res = await call('GET', '/getMe');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('You are not logged in. Please login to get access');
  });
});

describe('PUT /users/updateMe', () => {
  it('changes name, email and phone only, and answers {status, data: {user}}', async () => {
    const user = await createUser(t, { email: 'old@example.com' });
    const res = await call('PUT', '/updateMe', user, {
      name: ' Sara Adel ',
      email: 'NEW@example.com',
      phone: '01112345678',
      role: 'admin',
      active: false,
      password: 'hacked12',
      currentPassword: user.password,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      data: {
        user: expect.objectContaining({
          _id: user.id,
          name: 'Sara Adel',
          slug: 'sara-adel',
          email: 'new@example.com',
          phone: '01112345678',
          role: 'user',
          active: true,
        }),
      },
      token: expect.any(String),
    });
    expectNoSecrets(res.json());
    expect((await login('new@example.com', user.password)).statusCode).toBe(200);
    expect(
      (await call('GET', '/getMe', { auth: { authorization: `Bearer ${res.json().token}` } } as TestUser)).statusCode,
    ).toBe(200);
  });

  it('changing the e-mail needs the current password, and every token issued before the change stops working', async () => {
    const user = await createUser(t, { email: 'owner@example.com' });
    const other = await createUser(t);
    for (const [extra, msg] of [
      [{}, 'currentPassword is required to change the e-mail'],
      [{ currentPassword: '' }, 'currentPassword is required to change the e-mail'],
      [{ currentPassword: 'wrong-pass' }, 'Incorrect current password'],
      [{ currentPassword: other.password + 'x' }, 'Incorrect current password'],
      [{ currentPassword: { $ne: null } }, 'Incorrect current password'],
    ] as const) {
      const res = await call('PUT', '/updateMe', user, { email: 'thief@example.com', ...extra });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        { type: 'field', msg, path: 'currentPassword', param: 'currentPassword', location: 'body' },
      ]);
    }
    expect((await t.db.one('SELECT email FROM users WHERE id = $1', [user.id]))!.email).toBe('owner@example.com');
    // Name and phone (and the own e-mail in another case) still change with the token alone, and it keeps working.
    expect(
      (await call('PUT', '/updateMe', user, { name: 'New Name', email: 'OWNER@example.com' })).json(),
    ).not.toHaveProperty('token');
    expect((await call('GET', '/getMe', user)).statusCode).toBe(200);

    const res = await call('PUT', '/updateMe', user, { email: 'moved@example.com', currentPassword: user.password });
    expect(res.statusCode).toBe(200);
    const stale = await call('GET', '/getMe', user);
    expect([stale.statusCode, stale.json().message]).toEqual([
      401,
      'User recently changed password! Please login again..',
    ]);
    const fresh = await call('GET', '/getMe', { auth: { authorization: `Bearer ${res.json().token}` } } as TestUser);
    expect([fresh.statusCode, fresh.json().data.email]).toEqual([200, 'moved@example.com']);
  });

  it("accepts PATCH, the caller's own e-mail and an empty body", async () => {
    const user = await createUser(t, { email: 'me@example.com', name: 'Nour Ali' });
    expect((await call('PATCH', '/updateMe', user, { email: 'ME@example.com' })).statusCode).toBe(200);
    const res = await call('PUT', '/updateMe', user);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ name: 'Nour Ali', email: 'me@example.com' });
  });

  it.each([
    [{ name: 'ab' }, 'name', 'must be at least 3 chars'],
    [{ name: 'x'.repeat(51) }, 'name', 'must be at most 50 chars'],
    [{ name: { $set: 'x' } }, 'name', 'must be at least 3 chars'],
    [{ email: 'bad' }, 'email', 'Invalid email formate'],
    [{ email: { $ne: null } }, 'email', 'Invalid email formate'],
    [{ email: 'other@example.com' }, 'email', 'E-mail already in use'],
    [{ phone: '123' }, 'phone', 'accept only egypt phone numbers'],
  ])('refuses %j and changes nothing', async (body, path, msg) => {
    await createUser(t, { email: 'other@example.com' });
    const user = await createUser(t, { email: 'me@example.com', name: 'Nour Ali' });
    const res = await call('PUT', '/updateMe', user, { name: 'Changed Name', ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ path, msg, location: 'body' });
    const row = await t.db.one('SELECT name, email, phone FROM users WHERE id = $1', [user.id]);
    expect(row).toEqual({ name: 'Nour Ali', email: 'me@example.com', phone: '01012345678' });
  });
});

describe('PUT /users/changeMyPassword', () => {
  const body = { currentPassword: 'Secret123', password: 'newpass1', passwordConfirm: 'newpass1' };

  it('changes the password and answers {data: User, token}; older tokens stop working', async () => {
    const user = await createUser(t);
    const res = await call('PUT', '/changeMyPassword', user, body);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['data', 'token']);
    expect(res.json().data._id).toBe(user.id);
    expectNoSecrets(res.json());
    const old = await call('GET', '/getMe', user);
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toBe('User recently changed password! Please login again..');
    const fresh = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/getMe',
      headers: { authorization: `Bearer ${res.json().token}` },
    });
    expect(fresh.statusCode).toBe(200);
    expect((await login(user.email, 'Secret123')).statusCode).toBe(401);
    const relogin = await login(user.email, 'newpass1');
    expect(relogin.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/getMe',
      headers: { authorization: `Bearer ${relogin.json().token}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it.each([
    [{ ...body, currentPassword: undefined }, 'currentPassword', 'currentPassword required'],
    [{ ...body, passwordConfirm: undefined }, 'passwordConfirm', 'passwordConfirm required'],
    [{ ...body, password: undefined }, 'password', 'Password Required'],
    [{ ...body, password: { $ne: null } }, 'password', 'Password Required'],
    [{ ...body, password: '12345', passwordConfirm: '12345' }, 'password', 'must be at least 6 chars'],
    [{ ...body, password: 'a'.repeat(73), passwordConfirm: 'a'.repeat(73) }, 'password', 'must be at most 72 chars'],
    // 37 Arabic letters are 74 UTF-8 bytes: bcrypt would ignore the end.
    [{ ...body, password: 'س'.repeat(37), passwordConfirm: 'س'.repeat(37) }, 'password', 'must be at most 72 chars'],
    [{ ...body, currentPassword: 'wrong-one' }, 'password', 'Incorrect current password'],
    [{ ...body, currentPassword: { $ne: null } }, 'password', 'Incorrect current password'],
    [{ ...body, passwordConfirm: 'other123' }, 'password', 'Password confirmation is incorrect'],
  ])('refuses %j and keeps the password', async (payload, path, msg) => {
    const user = await createUser(t);
    const res = await call('PUT', '/changeMyPassword', user, payload);
    expect(res.statusCode).toBe(400);
    const error = res.json().errors[0];
    expect(error).toMatchObject({ path, msg, location: 'body' });
    expect(error).not.toHaveProperty('value');
    expect((await call('GET', '/getMe', user)).statusCode).toBe(200);
    expect((await login(user.email, 'Secret123')).statusCode).toBe(200);
  });
});

describe('DELETE /users/deleteMe', () => {
  it('deactivates the account: 204, login refused, old token refused, e-mail stays taken', async () => {
    const user = await createUser(t, { email: 'bye@example.com' });
    const res = await call('DELETE', '/deleteMe', user);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await t.db.one('SELECT active FROM users WHERE id = $1', [user.id]))!.active).toBe(false);
    const relogin = await login('bye@example.com', user.password);
    expect(relogin.statusCode).toBe(401);
    expect(relogin.json().message).toBe('Incorrect email or password');
    const me = await call('GET', '/getMe', user);
    expect(me.statusCode).toBe(401);
    expect(me.json().message).toBe('The user that belong to this token does no longer exist');
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { name: 'New Person', email: 'bye@example.com', password: 'secret12', passwordConfirm: 'secret12' },
    });
    expect(signup.json().errors[0].msg).toBe('E-mail already in use');
  });
});

describe('admin endpoints', () => {
  let admin: TestUser;
  beforeEach(async () => {
    admin = await createUser(t, { role: 'admin', name: 'Admin One', email: 'admin@example.com' });
  });

  it('are admin only: 401 without a token, 403 for users and managers', async () => {
    const user = await createUser(t);
    const manager = await createUser(t, { role: 'manager' });
    const routes: [string, string][] = [
      ['GET', ''],
      ['POST', ''],
      ['GET', `/${user.id}`],
      ['PUT', `/${user.id}`],
      ['DELETE', `/${user.id}`],
      ['PUT', `/change-password/${user.id}`],
    ];
    for (const [method, url] of routes) {
      expect((await call(method, url)).statusCode).toBe(401);
      for (const who of [user, manager]) {
        const res = await call(method, url, who, {
          name: 'Hacked Name',
          role: 'admin',
          password: 'hacked12',
          passwordConfirm: 'hacked12',
        });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ status: 'fail', message: 'You are not allowed to perform this action' });
      }
    }
    expect(await t.db.one('SELECT role, name FROM users WHERE id = $1', [user.id])).toEqual({
      role: 'user',
      name: 'مستخدم تجريبي',
    });
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('GET /users lists with keyword, filters, sort, paging and fields', async () => {
    await createUser(t, { name: 'Sara Adel', email: 'sara@example.com' });
    await createUser(t, { name: 'Omar Sami', role: 'manager' });
    const off = await createUser(t, { name: 'Sara Off' });
    await t.db.query('UPDATE users SET active = false WHERE id = $1', [off.id]);

    const all = await call('GET', '?limit=2&sort=name', admin);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({
      results: 4,
      paginationResult: { currentPage: 1, limit: 2, numberOfPages: 2, nextPage: 2 },
    });
    expect(all.json().data.map((u: { name: string }) => u.name)).toEqual(['Admin One', 'Omar Sami']);
    expectNoSecrets(all.json());

    const sara = await call('GET', '?keyword=sara&sort=name', admin);
    expect(sara.json().data.map((u: { name: string }) => u.name)).toEqual(['Sara Adel', 'Sara Off']);
    expect((await call('GET', '?keyword=sara&active=true', admin)).json().results).toBe(1);
    expect((await call('GET', '?role=manager', admin)).json().data[0].name).toBe('Omar Sami');
    expect((await call('GET', '?email=sara@example.com', admin)).json().results).toBe(1);
    expect((await call('GET', '?keyword=%25%25', admin)).json().results).toBe(0);
    expect((await call('GET', '?fields=name,email&limit=1', admin)).json().data[0]).toEqual({
      _id: expect.any(String),
      name: expect.any(String),
      email: expect.any(String),
    });
    const bad = await call('GET', '?active=maybe', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ location: 'query', path: 'active' });
  });

  it('POST /users creates an account with a role', async () => {
    const res = await call('POST', '', admin, {
      name: 'New Manager',
      email: 'Mgr@example.com',
      password: 'secret12',
      passwordConfirm: 'secret12',
      role: 'manager',
    });
    expect(res.statusCode).toBe(201);
    expect(Object.keys(res.json())).toEqual(['data']);
    expect(res.json().data).toMatchObject({
      name: 'New Manager',
      email: 'mgr@example.com',
      role: 'manager',
      active: true,
    });
    expectNoSecrets(res.json());
    expect((await login('mgr@example.com', 'secret12')).statusCode).toBe(200);
    const plain = await call('POST', '', admin, {
      name: 'New User',
      email: 'plain@example.com',
      password: 'secret12',
      passwordConfirm: 'secret12',
    });
    expect(plain.json().data.role).toBe('user');
  });

  it.each([
    [{ role: 'root' }, 'role', 'Invalid role'],
    [{ role: { $ne: 'user' } }, 'role', 'Invalid role'],
    [{ email: 'admin@example.com' }, 'email', 'E-mail already in use'],
    [{ name: 'ab' }, 'name', 'must be at least 3 chars'],
    [{ passwordConfirm: undefined }, 'passwordConfirm', 'passwordConfirm is required field'],
    [{ phone: '' }, 'phone', 'accept only egypt phone numbers'],
  ])('POST /users refuses %j', async (over, path, msg) => {
    const res = await call('POST', '', admin, {
      name: 'New User',
      email: 'n@example.com',
      password: 'secret12',
      passwordConfirm: 'secret12',
      ...over,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.find((e: { path: string }) => e.path === path)).toMatchObject({ msg });
    expect((await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM users'))!.n).toBe(1);
  });

  it('GET /users/:id answers one user, 404 for an unknown id and 400 for a malformed one', async () => {
    const user = await createUser(t, { email: 'x@example.com' });
    const res = await call('GET', `/${user.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: user.id, email: 'x@example.com' });
    const missing = await call('GET', `/${MISSING_ID}`, admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: 'fail', message: `No document for this id ${MISSING_ID}` });
    const bad = await call('GET', '/not-an-id', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ msg: 'Invalid ID formate', location: 'params', path: 'id' });
  });

  it('PUT /users/:id changes profile, role and active', async () => {
    const user = await createUser(t, { email: 'x@example.com' });
    const res = await call('PUT', `/${user.id}`, admin, {
      role: 'manager',
      name: 'Renamed User',
      active: 'false',
      password: 'ignored1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: user.id, role: 'manager', name: 'Renamed User', active: false });
    expect((await call('GET', '/getMe', user)).statusCode).toBe(401); // deactivated
    expect((await call('PATCH', `/${user.id}`, admin, { active: true })).json().data.active).toBe(true);
    expect((await login('x@example.com', user.password)).statusCode).toBe(200); // password untouched

    for (const [body, msg] of [
      [{ role: 'boss' }, 'Invalid role'],
      [{ email: 'admin@example.com' }, 'E-mail already in use'],
      [{ active: 'maybe' }, 'active must be true or false'],
      [{ phone: '99' }, 'accept only egypt phone numbers'],
    ] as const) {
      const bad = await call('PUT', `/${user.id}`, admin, body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].msg).toBe(msg);
    }
    expect((await t.db.one('SELECT role FROM users WHERE id = $1', [user.id]))!.role).toBe('manager');
    const missing = await call('PUT', `/${MISSING_ID}`, admin, { name: 'Whoever' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(`No document found for this id: ${MISSING_ID}`);
  });

  it('DELETE /users/:id deletes the account and its reviews, recomputing ratings', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const product = await createProduct(t);
    await t.db.query(
      `INSERT INTO reviews (review, rating, user_id, product_id) VALUES ('جيد', 5, $1, $3), ('مقبول', 2.5, $2, $3)`,
      [user.id, other.id, product],
    );
    await t.db.query(`UPDATE products SET ratings_average = 3.8, ratings_quantity = 2 WHERE id = $1`, [product]);
    await t.db.query(`INSERT INTO addresses (user_id, alias, details, phone) VALUES ($1, 'x', 'y', '01012345678')`, [
      user.id,
    ]);
    await t.db.query('INSERT INTO wishlist_items (user_id, product_id) VALUES ($1, $2)', [user.id, product]);
    const session = await t.db.one<{ id: string }>(
      `INSERT INTO payment_sessions (provider, user_id, snapshot, total, success_url, cancel_url, expires_at, status)
       VALUES ('test', $1, '[]', 10000, 'http://s', 'http://c', now(), 'completed') RETURNING id`,
      [user.id],
    );
    await t.db.query(
      `INSERT INTO orders (user_id, user_snapshot, total_order_price, payment_method_type, is_paid, payment_session_id)
       VALUES ($1, '{"name":"x"}', 10000, 'card', true, $2)`,
      [user.id, session!.id],
    );

    const res = await call('DELETE', `/${user.id}`, admin);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await t.db.one('SELECT id FROM users WHERE id = $1', [user.id])).toBeUndefined();
    expect((await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM addresses'))!.n).toBe(0);
    expect((await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM wishlist_items'))!.n).toBe(0);
    const p = await t.db.one('SELECT ratings_average, ratings_quantity FROM products WHERE id = $1', [product]);
    expect(Number(p!.ratings_average)).toBe(2.5);
    expect(p!.ratings_quantity).toBe(1);
    expect(await t.db.query('SELECT user_id, user_snapshot FROM orders')).toEqual([
      { user_id: null, user_snapshot: { name: 'x' } },
    ]);

    const missing = await call('DELETE', `/${user.id}`, admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(`No document found for this id: ${user.id}`);
  });

  it("PUT /users/change-password/:id sets the password; the user's tokens stop working", async () => {
    const user = await createUser(t);
    const res = await call('PUT', `/change-password/${user.id}`, admin, {
      currentPassword: 'anything',
      password: 'adminset1',
      passwordConfirm: 'adminset1',
    });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['data']);
    expect(res.json().data._id).toBe(user.id);
    expectNoSecrets(res.json());
    expect((await call('GET', '/getMe', user)).json().message).toBe(
      'User recently changed password! Please login again..',
    );
    expect((await login(user.email, 'adminset1')).statusCode).toBe(200);
    expect((await call('GET', '/getMe', admin)).statusCode).toBe(200);

    for (const [body, path, msg] of [
      [{ password: 'abcdef12' }, 'passwordConfirm', 'passwordConfirm required'],
      [{ passwordConfirm: 'abcdef12' }, 'password', 'Password Required'],
      [{ password: 'abc', passwordConfirm: 'abc' }, 'password', 'must be at least 6 chars'],
      [{ password: 'س'.repeat(37), passwordConfirm: 'س'.repeat(37) }, 'password', 'must be at most 72 chars'],
      [{ password: 'abcdef12', passwordConfirm: 'abcdef13' }, 'password', 'Password confirmation is incorrect'],
    ] as const) {
      const bad = await call('PUT', `/change-password/${user.id}`, admin, body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0]).toMatchObject({ path, msg });
    }
    expect((await login(user.email, 'adminset1')).statusCode).toBe(200);
    const missing = await call('PUT', `/change-password/${MISSING_ID}`, admin, {
      password: 'abcdef12',
      passwordConfirm: 'abcdef12',
    });
    expect(missing.statusCode).toBe(404);
    expect((await call('PUT', '/change-password/bad-id', admin, {})).json().errors[0].msg).toBe('Invalid ID formate');
  });
});

describe('ensureAdmin', () => {
  const log = { info: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger;
  const withAdminConfig = async (email: string | undefined, password: string | undefined, fn: () => Promise<void>) => {
    const config = t.app.ctx.config;
    const saved = { adminEmail: config.adminEmail, adminPassword: config.adminPassword };
    Object.assign(config, { adminEmail: email, adminPassword: password });
    try {
      await fn();
    } finally {
      Object.assign(config, saved);
    }
  };

  it('creates the first admin from ADMIN_EMAIL / ADMIN_PASSWORD, once', async () => {
    await withAdminConfig('Boss@Example.com', 'bosspass1', async () => {
      await ensureAdmin(t.app.ctx, log);
      await ensureAdmin(t.app.ctx, log);
    });
    const rows = await t.db.query('SELECT email, role FROM users');
    expect(rows).toEqual([{ email: 'boss@example.com', role: 'admin' }]);
    expect((await login('boss@example.com', 'bosspass1')).statusCode).toBe(200);
  });

  it('does nothing when an admin exists or the e-mail belongs to another account', async () => {
    const user = await createUser(t, { email: 'boss@example.com' });
    await withAdminConfig('boss@example.com', 'bosspass1', () => ensureAdmin(t.app.ctx, log));
    expect((await t.db.one('SELECT role FROM users WHERE id = $1', [user.id]))!.role).toBe('user');
    await createUser(t, { role: 'admin' });
    await withAdminConfig('second@example.com', 'bosspass1', () => ensureAdmin(t.app.ctx, log));
    expect((await t.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM users`))!.n).toBe(2);
  });
});
