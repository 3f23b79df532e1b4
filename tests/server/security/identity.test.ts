import path from 'node:path';
import { SignJWT } from 'jose';
import { beforeEach, describe, expect, it, vi } from 'vitest';
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
  it('guessing reset codes from one address is cut off after 100 tries (429), and then even the right code is refused, changing nothing', async () => {
    expect((await api('POST', '/auth/forgotPasswords', { payload: { email: w.user.email } })).statusCode).toBe(200);
    const code = await outboxCode(w.user.email);
    const wrong = code === '000000' ? '000001' : '000000';
    // With an e-mail (of nobody), so neither the shop-wide cap on codes sent alone nor the account's own lock decides.
    for (let i = 0; i < 100; i++) {
      const res = await api('POST', '/auth/verifyResetCode', {
        payload: { resetCode: wrong, email: 'nobody@example.com' },
      });
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

describe('reset codes without an e-mail (API.md §6.8, the original web app)', () => {
  /** Codes that are neither of `codes`, in a row from 000000. */
  const wrongCodes = (count: number, codes: string[]) =>
    Array.from({ length: count + codes.length }, (_, i) => String(i).padStart(6, '0'))
      .filter((c) => !codes.includes(c))
      .slice(0, count);
  const verify = (payload: Record<string, unknown>, from: string) =>
    raw('POST', '/auth/verifyResetCode', { remoteAddress: from, payload });
  const aloneMisses = async (id: string) => (await userRow(id)).reset_code_alone_misses as number;
  /** A new account (the per-e-mail limit of forgotPasswords lasts an hour) with a code pending, as mailed to it. */
  const pendingCode = async () => {
    const user = await createUser(t);
    expect((await api('POST', '/auth/forgotPasswords', { payload: { email: user.email } })).statusCode).toBe(200);
    return { user, code: await outboxCode(user.email) };
  };
  /**
   * The shop-wide cap counts per minute of the clock: each test moves the clock on to a minute of its own (only
   * Date is faked; timers, the database and its now() run as usual).
   */
  let minutes = 0;
  const nextMinute = () => vi.setSystemTime(Date.now() + 61_000);
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + ++minutes * 10 * 61_000 });
    return () => vi.useRealTimers();
  });

  it('the code the customer received works alone, as the original web app sends it, and once only', async () => {
    const { code } = await pendingCode();
    const res = await verify({ resetCode: code }, '10.20.0.1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'Success', resetToken: expect.any(String) });
    expect((await verify({ resetCode: code }, '10.20.0.1')).statusCode).toBe(400);
  });

  it('300 wrong codes at once from 30 addresses: 30 a minute reach the codes, the rest 429; each pending code is then locked for the code alone and works with its e-mail only; a new code works alone again', async () => {
    const first = await pendingCode();
    const second = await pendingCode();
    const guesses = wrongCodes(300, [first.code, second.code]);
    const answers = await Promise.all(
      guesses.map((resetCode, i) => verify({ resetCode }, `10.30.${Math.floor(i / 10)}.1`)),
    );
    // 10 guesses from each address stay within its own limit: only the shop-wide cap stops them.
    const capped = answers.filter((r) => r.statusCode === 429);
    expect(answers.filter((r) => r.statusCode === 400)).toHaveLength(30);
    expect(capped).toHaveLength(270);
    for (const res of capped) {
      expect(res.json()).toEqual({ status: 'fail', message: 'Too many requests, please try again later' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    // The 30 that reached the database each counted against both pending codes.
    expect(await aloneMisses(first.user.id)).toBe(30);
    expect(await aloneMisses(second.user.id)).toBe(30);

    // Within the minute even the right code alone meets the cap; after it, the code's own lock.
    expect((await verify({ resetCode: first.code }, '10.31.0.1')).statusCode).toBe(429);
    nextMinute();
    for (const { user, code } of [first, second]) {
      const res = await verify({ resetCode: code }, '10.31.0.2');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 'fail', message: 'Reset code is invalid or has expired' });
      expect(await userRow(user.id)).toMatchObject({ reset_verified_until: null, reset_token_hash: null });
    }
    // The customer who sends the e-mail with the code (this shop's web app does) is not locked out by the guessers.
    const withEmail = await verify({ resetCode: first.code, email: first.user.email }, '10.31.0.3');
    expect(withEmail.statusCode).toBe(200);
    const reset = await api('PUT', '/auth/resetPassword', {
      payload: { email: first.user.email, newPassword: 'after-guess1', resetToken: withEmail.json().resetToken },
    });
    expect(reset.statusCode).toBe(200);
    // A new code starts with no misses against it and works alone, as the original web app sends it.
    await api('POST', '/auth/forgotPasswords', { payload: { email: second.user.email } });
    const fresh = await outboxCode(second.user.email);
    expect(fresh).not.toBe(second.code);
    expect(await aloneMisses(second.user.id)).toBe(0);
    expect((await verify({ resetCode: fresh }, '10.31.0.4')).statusCode).toBe(200);
  });

  it('5 wrong codes without an e-mail, from anyone, lock every pending code for the code alone: the right one is then refused alone and accepted with its e-mail', async () => {
    const { user, code } = await pendingCode();
    for (const [i, resetCode] of wrongCodes(5, [code]).entries()) {
      expect((await verify({ resetCode }, `10.40.0.${i + 1}`)).statusCode).toBe(400);
      expect(await aloneMisses(user.id)).toBe(i + 1);
    }
    const res = await verify({ resetCode: code }, '10.40.1.1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'fail', message: 'Reset code is invalid or has expired' });
    expect(await userRow(user.id)).toMatchObject({ reset_verified_until: null, reset_token_hash: null });
    expect((await verify({ resetCode: code, email: user.email }, '10.40.1.1')).statusCode).toBe(200);
  });

  it('4 wrong codes without an e-mail leave the right code working alone', async () => {
    const { code } = await pendingCode();
    for (const [i, resetCode] of wrongCodes(4, [code]).entries())
      expect((await verify({ resetCode }, `10.41.0.${i + 1}`)).statusCode).toBe(400);
    expect((await verify({ resetCode: code }, '10.41.1.1')).statusCode).toBe(200);
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
