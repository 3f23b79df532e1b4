import path from 'node:path';
import { SignJWT } from 'jose';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { latestOutboxMessage } from '../../../server/mail';
import { createUser, useTestApp, type TestUser } from '../helpers';
import { apiClient, buildWorld, expectRefusedAndUnchanged, snapshot, type Method, type World } from './world';

/**
 * Who you are cannot be faked or taken over (API.md §4.1, §4.2, §4.5 holes 7, 8, 10, 15; §6.8):
 * no role from a body, no forged or stale token, no guessing or replaying reset codes, and no
 * password, hash or reset code in any answer. Rate limits are on, as in production; each test
 * sends from its own client address so the limits of one test do not leak into another.
 */
let w: World;
let ipCounter = 0;
let ip = '';
const t = useTestApp({ rateLimits: true });
const raw = apiClient(t);
beforeEach(async () => {
  w = await buildWorld(t);
  ip = `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
});

type Options = Parameters<ReturnType<typeof apiClient>>[2];
const api = (method: Method, url: string, options: Options = {}) => raw(method, url, { remoteAddress: ip, ...options });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const outboxCode = async (email: string) =>
  (await latestOutboxMessage(path.join(t.dataDir, 'outbox'), email))!.text.match(/\b\d{6}\b/)![0];
const userRow = async (id: string) =>
  (await t.db.one<Record<string, unknown>>('SELECT * FROM users WHERE id = $1', [id]))!;

describe('roles and account fields come from the server', () => {
  it('role, active, password and passwordChangedAt sent to sign-up or updateMe are ignored: a customer stays a customer', async () => {
    const smuggled = {
      role: 'admin',
      active: false,
      passwordChangedAt: '2099-01-01T00:00:00.000Z',
      password_hash: '$2b$04$forgedforgedforgedforgedforgedforgedforgedforgedforged',
      passwordResetCode: '123456',
      resetCodeVerified: true,
      _id: w.admin.id,
      id: w.admin.id,
      wishlist: [w.productId],
    };
    const signup = await api('POST', '/auth/signup', {
      payload: {
        ...smuggled,
        name: 'عميل جديد',
        email: 'new@example.com',
        password: 'secret12',
        passwordConfirm: 'secret12',
      },
    });
    expect(signup.statusCode).toBe(201);
    expect(signup.json().data).toMatchObject({ role: 'user', active: true, wishlist: [] });
    expect(signup.json().data._id).not.toBe(w.admin.id);
    const created = await userRow(signup.json().data._id);
    expect(created).toMatchObject({
      role: 'user',
      active: true,
      password_changed_at: null,
      reset_code_hash: null,
      reset_verified_until: null,
    });
    expect((await api('GET', '/users', { headers: bearer(signup.json().token) })).statusCode).toBe(403);

    const before = await userRow(w.user.id);
    const res = await api('PATCH', '/users/updateMe', {
      as: w.user,
      payload: { ...smuggled, password: 'hacked12', passwordConfirm: 'hacked12', name: 'اسم جديد' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ _id: w.user.id, role: 'user', active: true, name: 'اسم جديد' });
    // Only the name (and its slug and timestamp) changed.
    const after = await userRow(w.user.id);
    expect({ ...after, name: before.name, slug: before.slug, updated_at: before.updated_at }).toEqual(before);
    expect((await api('GET', '/users/getMe', { as: w.user })).statusCode).toBe(200); // the token still works
    expect(
      (await api('POST', '/auth/login', { payload: { email: w.user.email, password: 'hacked12' } })).statusCode,
    ).toBe(401);
    expect(
      (await api('POST', '/auth/login', { payload: { email: w.user.email, password: w.user.password } })).statusCode,
    ).toBe(200);
  });
});

describe('tokens (API.md §4.1)', () => {
  const secret = () => new TextEncoder().encode(t.app.ctx.config.jwtSecret);
  const now = () => Math.floor(Date.now() / 1000);
  const sign = (
    payload: Record<string, unknown>,
    options: { alg?: string; key?: Uint8Array; iat?: number; exp?: number | string } = {},
  ) =>
    new SignJWT(payload)
      .setProtectedHeader({ alg: options.alg ?? 'HS256' })
      .setIssuedAt(options.iat)
      .setExpirationTime(options.exp ?? '1h')
      .sign(options.key ?? secret());
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('forged, unsigned, tampered, expired, malformed and stale tokens are refused on protected routes with the exact 401 message, changing nothing', async () => {
    const INVALID = 'Invalid Token. please login again';
    const GONE = 'The user that belong to this token does no longer exist';
    const claims = { id: w.user.id, iat: now(), exp: now() + 3600 };
    const [header, , signature] = w.user.token.split('.');

    // Accounts whose own tokens must stop working: deleted by an admin, deactivated, and one whose password changed.
    const deleted = await createUser(t);
    expect((await api('DELETE', `/users/${deleted.id}`, { as: w.admin })).statusCode).toBe(204);
    const deactivated = await createUser(t);
    expect((await api('DELETE', '/users/deleteMe', { as: deactivated })).statusCode).toBe(204);
    const changed: TestUser = await createUser(t);
    const change = await api('PUT', '/users/changeMyPassword', {
      as: changed,
      payload: { currentPassword: changed.password, password: 'newpass1', passwordConfirm: 'newpass1' },
    });
    expect(change.statusCode).toBe(200);

    // A token made the same way as the forged ones but properly works: the refusals below are about the flaw alone.
    expect((await api('GET', '/users/getMe', { headers: bearer(await sign({ id: w.user.id })) })).statusCode).toBe(200);

    const cases: [string, string, string][] = [
      [
        'signed with another secret',
        await sign({ id: w.user.id }, { key: new TextEncoder().encode('not-the-shop-secret-not-the-shop-secret') }),
        INVALID,
      ],
      ['unsigned, alg none', `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`, INVALID],
      ['alg none with the real signature', `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.${signature}`, INVALID],
      ['a real token with its signature cut off', `${w.user.token.split('.').slice(0, 2).join('.')}.`, INVALID],
      [
        'a real signature over a payload claiming the admin',
        `${header}.${b64({ ...claims, id: w.admin.id })}.${signature}`,
        INVALID,
      ],
      ['signed with the right secret but HS512', await sign({ id: w.user.id }, { alg: 'HS512' }), INVALID],
      ['an id that is a number', await sign({ id: 1 }), INVALID],
      ['an id that is an object', await sign({ id: { $ne: null } }), INVALID],
      ['an id that is SQL', await sign({ id: "' OR '1'='1" }), INVALID],
      ['no id', await sign({ sub: w.user.id }), INVALID],
      [
        'no issue time, so it would escape the password-change check',
        await new SignJWT({ id: w.user.id })
          .setProtectedHeader({ alg: 'HS256' })
          .setExpirationTime('1h')
          .sign(secret()),
        INVALID,
      ],
      [
        'no expiry, so it would work forever',
        await new SignJWT({ id: w.user.id }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().sign(secret()),
        INVALID,
      ],
      ['garbage', 'garbage', INVALID],
      ['three dotted parts of garbage', 'abc.def.ghi', INVALID],
      [
        'a header and payload that are not JSON',
        `${Buffer.from('{').toString('base64url')}.${Buffer.from('x').toString('base64url')}.sig`,
        INVALID,
      ],
      [
        'expired',
        await sign({ id: w.user.id }, { iat: now() - 7200, exp: now() - 10 }),
        'Expired Token. please login again',
      ],
      ['of a deleted user', deleted.token, GONE],
      ['of a user who does not exist', await sign({ id: '00000000-0000-4000-8000-000000000000' }), GONE],
      ['of a deactivated user', deactivated.token, GONE],
      ['made before the password was changed', changed.token, 'User recently changed password! Please login again..'],
    ];
    const attacks: [Method, string, Record<string, unknown>?][] = [
      ['GET', '/users/getMe'],
      ['PATCH', '/users/updateMe', { name: 'اسم مزور' }],
      ['DELETE', `/addresses/${w.addressId}`],
      ['POST', `/orders/${w.cartId}`, { shippingAddress: { details: 'شارع', phone: '01012345678' } }],
      ['GET', '/users'],
    ];
    // One snapshot around all 90 attacks: any change by any of them would show.
    const before = await snapshot(t);
    for (const [label, token, message] of cases) {
      for (const [method, url, payload] of attacks) {
        const res = await api(method, url, { headers: bearer(token), payload });
        expect([res.statusCode, res.json()], `${label}: ${method} ${url}`).toEqual([401, { status: 'fail', message }]);
      }
    }
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('password reset codes (API.md §6.8)', () => {
  it('guessing reset codes from one address is cut off after 10 tries (429), and then even the right code is refused, changing nothing', async () => {
    expect((await api('POST', '/auth/forgotPasswords', { payload: { email: w.user.email } })).statusCode).toBe(200);
    const code = await outboxCode(w.user.email);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 10; i++) {
      const res = await api('POST', '/auth/verifyResetCode', { payload: { resetCode: wrong } });
      expect(res.json()).toEqual({ status: 'fail', message: 'Reset code is invalid or has expired' });
    }
    for (const payload of [{ resetCode: code }, { resetCode: code, email: w.user.email }]) {
      const res = await expectRefusedAndUnchanged(t, () => api('POST', '/auth/verifyResetCode', { payload }), 429);
      expect(res.json()).toEqual({ status: 'fail', message: 'Too many requests, please try again later' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await userRow(w.user.id)).reset_verified_until).toBeNull();
  });

  it('a reset code cannot be used again after a successful reset, nor after its 10 minutes (400, nothing changed)', async () => {
    const email = w.user.email;
    await api('POST', '/auth/forgotPasswords', { payload: { email } });
    const used = await outboxCode(email);
    const verified = await api('POST', '/auth/verifyResetCode', { payload: { resetCode: used } });
    expect(verified.statusCode).toBe(200);
    const { resetToken } = verified.json();
    expect(
      (await api('PUT', '/auth/resetPassword', { payload: { email, newPassword: 'firstnew1', resetToken } }))
        .statusCode,
    ).toBe(200);

    /** Verifying `code` (alone, then with the e-mail) and resetting the password must all fail and change nothing. */
    const expectDead = async (code: string) => {
      const attempts: [Method, string, Record<string, unknown>, string][] = [
        ['POST', '/auth/verifyResetCode', { resetCode: code }, 'Reset code is invalid or has expired'],
        ['POST', '/auth/verifyResetCode', { resetCode: code, email }, 'Reset code is invalid or has expired'],
        ['PUT', '/auth/resetPassword', { email, newPassword: 'hijacked1' }, 'reset code not verified'],
        ['PUT', '/auth/resetPassword', { email, newPassword: 'hijacked1', resetToken }, 'reset code not verified'],
      ];
      for (const [method, url, payload, message] of attempts) {
        const res = await expectRefusedAndUnchanged(t, () => api(method, url, { payload }), 400);
        expect(res.json(), `${url} ${JSON.stringify(payload)}`).toEqual({ status: 'fail', message });
      }
    };
    await expectDead(used);

    // A fresh code, left unused until its expiry has passed (moved into the past rather than waited for).
    await api('POST', '/auth/forgotPasswords', { payload: { email } });
    const late = await outboxCode(email);
    await t.db.query(`UPDATE users SET reset_code_expires = now() - interval '1 second' WHERE id = $1`, [w.user.id]);
    await expectDead(late);
    expect((await api('POST', '/auth/login', { payload: { email, password: 'firstnew1' } })).statusCode).toBe(200);
  });
});

describe('secrets never leave the server', () => {
  it('no answer contains a plaintext password, a password hash, a reset code or its hash, including validation errors', async () => {
    const responses: [string, LightMyRequestResponse][] = [];
    const send = async (label: string, method: Method, url: string, options: Options = {}) => {
      const res = await api(method, url, options);
      responses.push([`${label}: ${method} ${url} → ${res.statusCode}`, res]);
      return res;
    };
    const email = 'secret.keeper@example.com';
    const passwords = {
      signup: 'Pw-Signup-7731',
      reset: 'Pw-Reset-4410',
      changed: 'Pw-Changed-9902',
      wrong: 'Pw-Wrong-5567',
      mismatch: 'Pw-Mismatch-2288',
      short: 'Qz9-k',
      confirm: 'Pw-Confirm-3375',
    };
    const hashes = new Set<string>();
    const keepHash = async (id: string) => hashes.add((await userRow(id)).password_hash as string);

    const signup = await send('sign-up', 'POST', '/auth/signup', {
      payload: { name: 'حافظ الأسرار', email, password: passwords.signup, passwordConfirm: passwords.signup },
    });
    expect(signup.statusCode).toBe(201);
    const id = signup.json().data._id;
    const me = { auth: bearer(signup.json().token) };
    await keepHash(id);
    await send('login', 'POST', '/auth/login', { payload: { email, password: passwords.signup } });
    await send('wrong login', 'POST', '/auth/login', { payload: { email, password: passwords.wrong } });
    await send('getMe', 'GET', '/users/getMe', { headers: me.auth });
    await send('updateMe', 'PUT', '/users/updateMe', {
      headers: me.auth,
      payload: { name: 'حافظ آخر', password: passwords.wrong },
    });
    await send('admin list', 'GET', '/users', { as: w.admin });
    await send(
      'admin list with secret fields',
      'GET',
      '/users?fields=password,password_hash,reset_code_hash,passwordResetCode',
      { as: w.admin },
    );
    await send('admin update', 'PUT', `/users/${id}`, {
      as: w.admin,
      payload: { name: 'حافظ ثالث', password: passwords.wrong },
    });

    // While a reset code is live, and through the reset itself.
    await send('forgot', 'POST', '/auth/forgotPasswords', { payload: { email } });
    const code = await outboxCode(email);
    const codeHash = (await userRow(id)).reset_code_hash as string;
    expect(codeHash).toMatch(/^[0-9a-f]{64}$/);
    await send('getMe with a live code', 'GET', '/users/getMe', { headers: me.auth });
    await send('admin get with a live code', 'GET', `/users/${id}`, { as: w.admin });
    const verified = await send('verify', 'POST', '/auth/verifyResetCode', { payload: { resetCode: code, email } });
    const tokenHash = (await userRow(id)).reset_token_hash as string;
    expect(tokenHash).toMatch(/^[0-9a-f]{64}$/);
    await send('admin get while verified', 'GET', `/users/${id}`, { as: w.admin });
    const reset = await send('reset', 'PUT', '/auth/resetPassword', {
      payload: { email, newPassword: passwords.reset, resetToken: verified.json().resetToken },
    });
    expect(reset.statusCode).toBe(200);
    await keepHash(id);
    const fresh = bearer(reset.json().token);
    const changed = await send('change password', 'PUT', '/users/changeMyPassword', {
      headers: fresh,
      payload: { currentPassword: passwords.reset, password: passwords.changed, passwordConfirm: passwords.changed },
    });
    expect(changed.statusCode).toBe(200);
    await keepHash(id);
    const latest = bearer(changed.json().token);

    // Validation errors about a password field, with the password sent in every shape.
    const refused: [string, Method, string, Options][] = [
      [
        'sign-up mismatch',
        'POST',
        '/auth/signup',
        {
          payload: {
            name: 'اسم كامل',
            email: 'a1@example.com',
            password: passwords.mismatch,
            passwordConfirm: passwords.confirm,
          },
        },
      ],
      [
        'sign-up short',
        'POST',
        '/auth/signup',
        {
          payload: {
            name: 'اسم كامل',
            email: 'a2@example.com',
            password: passwords.short,
            passwordConfirm: passwords.short,
          },
        },
      ],
      [
        'sign-up as an array',
        'POST',
        '/auth/signup',
        {
          payload: {
            name: 'اسم كامل',
            email: 'a3@example.com',
            password: [passwords.mismatch],
            passwordConfirm: passwords.mismatch,
          },
        },
      ],
      [
        'sign-up bad e-mail',
        'POST',
        '/auth/signup',
        {
          payload: {
            name: 'اسم كامل',
            email: 'bad',
            password: passwords.mismatch,
            passwordConfirm: passwords.mismatch,
          },
        },
      ],
      ['login bad e-mail', 'POST', '/auth/login', { payload: { email: 'bad', password: passwords.changed } }],
      [
        'login password as an object',
        'POST',
        '/auth/login',
        { payload: { email, password: { value: passwords.changed } } },
      ],
      [
        'change with a wrong current password',
        'PUT',
        '/users/changeMyPassword',
        {
          headers: latest,
          payload: {
            currentPassword: passwords.wrong,
            password: passwords.mismatch,
            passwordConfirm: passwords.mismatch,
          },
        },
      ],
      [
        'change mismatch',
        'PUT',
        '/users/changeMyPassword',
        {
          headers: latest,
          payload: {
            currentPassword: passwords.changed,
            password: passwords.mismatch,
            passwordConfirm: passwords.confirm,
          },
        },
      ],
      [
        'change short',
        'PUT',
        '/users/changeMyPassword',
        {
          headers: latest,
          payload: { currentPassword: passwords.changed, password: passwords.short, passwordConfirm: passwords.short },
        },
      ],
      [
        'admin change mismatch',
        'PUT',
        `/users/change-password/${id}`,
        { as: w.admin, payload: { password: passwords.mismatch, passwordConfirm: passwords.confirm } },
      ],
      ['reset short', 'PUT', '/auth/resetPassword', { payload: { email, newPassword: passwords.short } }],
      ['verify a used code', 'POST', '/auth/verifyResetCode', { payload: { resetCode: code, email } }],
    ];
    for (const [label, method, url, options] of refused)
      expect((await send(label, method, url, options)).statusCode, label).toBe(400);

    for (const row of await t.db.query<{ password_hash: string }>('SELECT password_hash FROM users'))
      hashes.add(row.password_hash);
    // A code counts as leaked only as a whole token (ids and phone numbers contain digit runs of their own).
    const codePattern = new RegExp(`(?<![0-9a-f])${code}(?![0-9a-f])`, 'i');
    for (const [label, res] of responses) {
      for (const secret of [...Object.values(passwords), ...hashes, codeHash, tokenHash])
        expect(res.body, label).not.toContain(secret);
      expect(res.body, label).not.toMatch(/\$2[aby]\$/);
      expect(res.body, label).not.toMatch(codePattern);
    }
    expect(responses.length).toBeGreaterThan(25);
  });
});
