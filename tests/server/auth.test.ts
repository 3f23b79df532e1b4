import path from 'node:path';
import { SignJWT } from 'jose';
import bcrypt from 'bcryptjs';
import { describe, expect, it, vi } from 'vitest';
import { performance } from 'node:perf_hooks';
import { bcryptWorkers, hashPassword, verifyPassword } from '../../server/lib/passwords';
import { latestOutboxMessage, type Mailer } from '../../server/mail';
import { resetCodeSource } from '../../server/modules/auth/resetCodes';
import { createUser, useTestApp } from './helpers';

/** Makes the next reset codes these numbers; after them the real CSPRNG draws again. */
const nextCodes = (...codes: number[]) => {
  const draw = vi.spyOn(resetCodeSource, 'draw');
  for (const code of codes) draw.mockReturnValueOnce(code);
};

const t = useTestApp();

const SECRET_KEYS = [
  'password',
  'passwordHash',
  'password_hash',
  'passwordChangedAt',
  'passwordResetCode',
  'passwordResetExpires',
  'resetCodeVerified',
  '__v',
];

/** Fails when any secret field appears anywhere in an answer. */
function expectNoSecrets(body: unknown) {
  const text = JSON.stringify(body);
  for (const key of SECRET_KEYS) expect(text).not.toContain(`"${key}"`);
  expect(text).not.toMatch(/reset_|\$2[aby]\$/);
}

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1/auth/${url}`, payload: payload as object, headers });
const put = (url: string, payload?: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/auth/${url}`, payload: payload as object });
const getMe = (authorization?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/users/getMe',
    headers: authorization === undefined ? {} : { authorization },
  });
const userCount = async () => (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM users'))!.n;

const signupBody = (over: Record<string, unknown> = {}) => ({
  name: 'علي أحمد',
  email: 'ali@example.com',
  password: 'secret12',
  passwordConfirm: 'secret12',
  phone: '01012345678',
  ...over,
});

describe('POST /auth/signup', () => {
  it('creates a customer and answers {data: User, token}', async () => {
    const res = await post(
      'signup',
      signupBody({ email: '  Ali@Example.COM ', role: 'admin', profileImg: 'http://evil/x.png', active: false }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'token']);
    expect(body.data).toEqual({
      _id: expect.any(String),
      name: 'علي أحمد',
      slug: 'علي-أحمد',
      email: 'ali@example.com',
      phone: '01012345678',
      role: 'user',
      active: true,
      wishlist: [],
      addresses: [],
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updatedAt: expect.any(String),
    });
    expectNoSecrets(body);
    const me = await getMe(`Bearer ${body.token}`);
    expect(me.statusCode).toBe(200);
    expect(me.json().data._id).toBe(body.data._id);
    const row = await t.db.one('SELECT role, password_hash, profile_img FROM users WHERE id = $1', [body.data._id]);
    expect(row!.role).toBe('user');
    expect(row!.profile_img).toBeNull();
    expect(row!.password_hash).not.toBe('secret12');
  });

  it('accepts a sign-up without a phone', async () => {
    const res = await post('signup', signupBody({ phone: undefined }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.phone).toBeUndefined();
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    ['empty name', { name: '' }, 'name', 'must be at least 3 chars'],
    ['short name', { name: 'ab' }, 'name', 'must be at least 3 chars'],
    ['long name', { name: 'a'.repeat(51) }, 'name', 'must be at most 50 chars'],
    ['missing email', { email: undefined }, 'email', 'Email required field'],
    ['bad email', { email: 'not-an-email' }, 'email', 'Invalid email formate'],
    ['object email', { email: { $ne: null } }, 'email', 'Invalid email formate'],
    ['missing password', { password: undefined }, 'password', 'Password required'],
    ['object password', { password: { $gt: '' }, passwordConfirm: 'x' }, 'password', 'Password required'],
    ['short password', { password: '12345', passwordConfirm: '12345' }, 'password', 'must be at least 6 chars'],
    [
      'long password',
      { password: 'a'.repeat(73), passwordConfirm: 'a'.repeat(73) },
      'password',
      'must be at most 72 chars',
    ],
    ['mismatch', { passwordConfirm: 'other123' }, 'password', 'Password confirmation is incorrect'],
    ['missing confirm', { passwordConfirm: undefined }, 'passwordConfirm', 'passwordConfirm is required field'],
    ['empty phone', { phone: '' }, 'phone', 'accept only egypt phone numbers'],
    ['bad phone', { phone: '0101234' }, 'phone', 'accept only egypt phone numbers'],
    ['object phone', { phone: { a: 1 } }, 'phone', 'accept only egypt phone numbers'],
  ];
  it.each(cases)('refuses %s', async (_label, over, path, msg) => {
    const res = await post('signup', signupBody(over));
    expect(res.statusCode).toBe(400);
    const error = res.json().errors.find((e: { path: string }) => e.path === path);
    expect(error).toMatchObject({ type: 'field', msg, path, param: path, location: 'body' });
    if (path.startsWith('password')) expect(error).not.toHaveProperty('value');
    expect(await userCount()).toBe(0);
  });

  it('lists one error per field, in field order, and never echoes passwords', async () => {
    const res = await post('signup', { name: 'a', email: 'bad', password: '1', passwordConfirm: '2', phone: '5' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { type: 'field', value: 'a', msg: 'must be at least 3 chars', path: 'name', param: 'name', location: 'body' },
      { type: 'field', value: 'bad', msg: 'Invalid email formate', path: 'email', param: 'email', location: 'body' },
      { type: 'field', msg: 'must be at least 6 chars', path: 'password', param: 'password', location: 'body' },
      {
        type: 'field',
        value: '5',
        msg: 'accept only egypt phone numbers',
        path: 'phone',
        param: 'phone',
        location: 'body',
      },
    ]);
  });

  it('refuses an e-mail already in use, whatever its case', async () => {
    await createUser(t, { email: 'taken@example.com' });
    const res = await post('signup', signupBody({ email: 'TAKEN@example.com ' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ msg: 'E-mail already in use', path: 'email' });
    expect(await userCount()).toBe(1);
  });

  it('limits passwords by bytes, as bcrypt reads them: 36 Arabic letters fit, and with anything after them sign-up is refused', async () => {
    const arabic = 'س'.repeat(30) + 'كلمةسر'; // 36 letters, 72 UTF-8 bytes
    expect([arabic.length, Buffer.byteLength(arabic)]).toEqual([36, 72]);
    const long = await post('signup', signupBody({ password: `${arabic}1`, passwordConfirm: `${arabic}1` }));
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual([
      { type: 'field', msg: 'must be at most 72 chars', path: 'password', param: 'password', location: 'body' },
    ]);
    expect(await userCount()).toBe(0);

    expect((await post('signup', signupBody({ password: arabic, passwordConfirm: arabic }))).statusCode).toBe(201);
    expect((await post('login', { email: 'ali@example.com', password: arabic })).statusCode).toBe(200);
    // Every letter of a stored password counts, the last one too.
    expect((await post('login', { email: 'ali@example.com', password: `${arabic.slice(0, -1)}ب` })).statusCode).toBe(
      401,
    );
  });

  it('accepts urlencoded bodies', async () => {
    const res = await post(
      'signup',
      'name=Sara+Ali&email=sara%40example.com&password=secret12&passwordConfirm=secret12&phone=%2B201012345678',
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'Sara Ali', phone: '+201012345678' });
  });
});

describe('POST /auth/login', () => {
  it('logs in with any e-mail case and answers {data: User, token}', async () => {
    const user = await createUser(t, { email: 'mona@example.com', password: 'pass1234' });
    const res = await post('login', { email: ' MONA@example.com', password: 'pass1234' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'token']);
    expect(body.data).toMatchObject({
      _id: user.id,
      email: 'mona@example.com',
      role: 'user',
      active: true,
      phone: '01012345678',
    });
    expectNoSecrets(body);
    expect((await getMe(`Bearer ${body.token}`)).statusCode).toBe(200);
  });

  it('answers 401 Incorrect email or password for a wrong password, an unknown e-mail and a deactivated account', async () => {
    await createUser(t, { email: 'mona@example.com', password: 'pass1234' });
    const off = await createUser(t, { email: 'off@example.com', password: 'pass1234' });
    await t.db.query('UPDATE users SET active = false WHERE id = $1', [off.id]);
    for (const body of [
      { email: 'mona@example.com', password: 'wrong-pass' },
      { email: 'nobody@example.com', password: 'pass1234' },
      { email: 'off@example.com', password: 'pass1234' },
    ]) {
      const res = await post('login', body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 'fail', message: 'Incorrect email or password' });
    }
  });

  it('compares a password against a hash for unknown e-mails and deactivated accounts too, so the answer time does not tell who is registered', async () => {
    await createUser(t, { email: 'mona@example.com', password: 'pass1234' });
    const off = await createUser(t, { email: 'off@example.com', password: 'pass1234' });
    await t.db.query('UPDATE users SET active = false WHERE id = $1', [off.id]);
    const compare = vi.spyOn(bcryptWorkers, 'compare');
    try {
      for (const email of ['mona@example.com', 'nobody@example.com', 'off@example.com']) {
        compare.mockClear();
        const res = await post('login', { email, password: 'wrong-pass' });
        expect(res.statusCode).toBe(401);
        // One bcrypt comparison each, at the cost every stored hash has.
        expect(compare).toHaveBeenCalledTimes(1);
        const hash = compare.mock.calls[0][1] as string;
        expect(bcrypt.getRounds(hash)).toBe(t.app.ctx.config.bcryptRounds);
        expect(await compare.mock.results[0].value).toBe(false);
      }
    } finally {
      compare.mockRestore();
    }
  });

  it.each([
    [{ password: 'x' }, 'email', 'Email required field'],
    [{ email: 'bad', password: 'x' }, 'email', 'Invalid email formate'],
    [{ email: { $ne: null }, password: { $ne: null } }, 'email', 'Invalid email formate'],
    [{ email: 'a@example.com' }, 'password', 'Password required'],
    [{ email: 'a@example.com', password: { $ne: null } }, 'password', 'Password required'],
    [{ email: 'a@example.com', password: ['a'] }, 'password', 'Password required'],
  ])('validates %j', async (body, path, msg) => {
    const res = await post('login', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ path, msg, location: 'body' });
  });
});

describe('password hashing', () => {
  it('hashes and compares on worker threads: while 4 comparisons at cost 10 run, the event loop stays free for other visitors', async () => {
    const hash = await hashPassword('pass1234', 10);
    const before = performance.eventLoopUtilization();
    const results = await Promise.all(
      ['pass1234', 'wrong-1', 'wrong-2', 'wrong-3'].map((password) => verifyPassword(password, hash)),
    );
    const busy = performance.eventLoopUtilization(before);
    expect(results).toEqual([true, false, false, false]);
    // bcryptjs on this thread keeps it busy nearly all the time (utilization close to 1); here it only waits.
    expect(busy.utilization).toBeLessThan(0.25);
  });

  it('keeps the hashes made before valid: $2a$ and $2b$ hashes of bcryptjs log in with their password only', async () => {
    const made = bcrypt.hashSync('pass1234', 4);
    for (const hash of [made, made.replace(/^\$2b\$/, '$2a$')]) {
      expect(await verifyPassword('pass1234', hash)).toBe(true);
      expect(await verifyPassword('pass12345', hash)).toBe(false);
    }
    const user = await createUser(t, { email: 'old-hash@example.com', password: 'unused1' });
    await t.db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [user.id, made.replace(/^\$2b\$/, '$2a$')]);
    expect((await post('login', { email: 'old-hash@example.com', password: 'pass1234' })).statusCode).toBe(200);
    // And what the workers make, bcryptjs on any thread reads.
    expect(bcrypt.compareSync('pass1234', await hashPassword('pass1234', 4))).toBe(true);
  });
});

describe('token checks (API.md §4.1)', () => {
  const sign = (payload: Record<string, unknown>, secret: string, exp: number | string = '1h', iat?: number) =>
    new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode(secret));

  it('treats a missing, empty, null or undefined token as not logged in', async () => {
    for (const header of [undefined, 'Bearer null', 'Bearer undefined', 'Bearer ', 'Basic abc']) {
      const res = await getMe(header);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 'fail', message: 'You are not logged in. Please login to get access' });
    }
  });

  it('refuses a bad signature or a malformed token', async () => {
    const user = await createUser(t);
    for (const token of [
      await sign({ id: user.id }, 'another-secret-another-secret-000000'),
      'abc.def.ghi',
      'garbage',
    ]) {
      const res = await getMe(`Bearer ${token}`);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Invalid Token. please login again');
    }
  });

  it('refuses an expired token', async () => {
    const user = await createUser(t);
    const now = Math.floor(Date.now() / 1000);
    const res = await getMe(`Bearer ${await sign({ id: user.id }, t.app.ctx.config.jwtSecret, now - 10, now - 100)}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Expired Token. please login again');
  });

  it('refuses the token of a deleted or deactivated user', async () => {
    const gone = await createUser(t);
    const off = await createUser(t);
    await t.db.query('DELETE FROM users WHERE id = $1', [gone.id]);
    await t.db.query('UPDATE users SET active = false WHERE id = $1', [off.id]);
    for (const user of [gone, off]) {
      const res = await getMe(user.auth.authorization);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('The user that belong to this token does no longer exist');
    }
  });

  it('refuses a token made before the password changed', async () => {
    const user = await createUser(t);
    await t.db.query(`UPDATE users SET password_changed_at = now() + interval '2 seconds' WHERE id = $1`, [user.id]);
    const res = await getMe(user.auth.authorization);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('User recently changed password! Please login again..');
  });

  it('lets public endpoints ignore a bad token', async () => {
    const res = await post(
      'login',
      { email: 'x@example.com', password: 'whatever' },
      { authorization: 'Bearer garbage' },
    );
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Incorrect email or password');
  });
});

describe('password reset (API.md §6.8)', () => {
  const outbox = () => path.join(t.dataDir, 'outbox');
  async function requestCode(email: string) {
    const res = await post('forgotPasswords', { email });
    expect(res.statusCode).toBe(200);
    const mail = await latestOutboxMessage(outbox(), email);
    const code = mail!.text.match(/\b\d{6}\b/)![0];
    return { code, mail: mail! };
  }
  const resetRow = async (id: string) =>
    (await t.db.one(
      'SELECT reset_code_hash, reset_code_expires, reset_attempts, reset_verified_until, password_hash, password_changed_at FROM users WHERE id = $1',
      [id],
    ))!;

  it('sends a 6-digit code in an Arabic e-mail and stores only its HMAC', async () => {
    const user = await createUser(t, { email: 'reset@example.com' });
    const res = await post('forgotPasswords', { email: ' Reset@Example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'Success', message: 'Reset code sent to your email' });
    const mail = (await latestOutboxMessage(outbox(), 'reset@example.com'))!;
    expect(mail.to).toBe('reset@example.com');
    expect(mail.subject).toMatch(/[\u0600-\u06FF]/);
    expect(mail.text).toMatch(/[\u0600-\u06FF]/);
    const code = mail.text.match(/\b\d{6}\b/)![0];
    const row = await resetRow(user.id);
    expect(row.reset_code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.reset_code_hash).not.toContain(code);
    const minutes = (new Date(row.reset_code_expires).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10.1);
  });

  it('answers 404 fail for an unknown e-mail, also on the /forgotPassword spelling', async () => {
    for (const url of ['forgotPasswords', 'forgotPassword']) {
      const res = await post(url, { email: 'Nobody@example.com' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        status: 'fail',
        message: 'There is no user with this email address nobody@example.com',
      });
    }
  });

  it('gives the uniform 200 answer when AUTH_UNIFORM_FORGOT_RESPONSE is on', async () => {
    t.app.ctx.config.authUniformForgotResponse = true;
    try {
      await createUser(t, { email: 'known@example.com' });
      const unknown = await post('forgotPasswords', { email: 'nobody@example.com' });
      const known = await post('forgotPassword', { email: 'known@example.com' });
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual(known.json());
      expect(await latestOutboxMessage(outbox(), 'nobody@example.com')).toBeUndefined();
    } finally {
      t.app.ctx.config.authUniformForgotResponse = false;
    }
  });

  it.each([
    [{}, 'Email required field'],
    [{ email: '' }, 'Email required field'],
    [{ email: 'bad' }, 'Invalid email formate'],
    [{ email: { $ne: null } }, 'Invalid email formate'],
  ])('validates forgotPasswords %j', async (body, msg) => {
    const res = await post('forgotPasswords', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ path: 'email', msg });
  });

  it('discards the code and answers 500 when the e-mail cannot be sent', async () => {
    const user = await createUser(t, { email: 'nomail@example.com' });
    const mailer = t.app.ctx.mailer;
    t.app.ctx.mailer = { send: async () => Promise.reject(new Error('SMTP down')) } satisfies Mailer;
    try {
      const res = await post('forgotPasswords', { email: 'nomail@example.com' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        status: 'error',
        message: 'There was an error sending the email. Try again later!',
      });
    } finally {
      t.app.ctx.mailer = mailer;
    }
    expect((await resetRow(user.id)).reset_code_hash).toBeNull();
  });

  it('runs the whole flow: code, verify, reset; the reset is single use and older tokens stop working', async () => {
    const user = await createUser(t, { email: 'flow@example.com', password: 'oldpass1' });
    const { code } = await requestCode('flow@example.com');

    const early = await put('resetPassword', { email: 'flow@example.com', newPassword: 'newpass1' });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ status: 'fail', message: 'reset code not verified' });

    const verify = await post('verifyResetCode', { resetCode: code });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ status: 'Success', resetToken: expect.stringMatching(/^[\w-]{40,}$/) });
    const { resetToken } = verify.json();
    // Only a hash of it is kept.
    const stored = (await t.db.one<{ reset_token_hash: string }>('SELECT reset_token_hash FROM users WHERE id = $1', [
      user.id,
    ]))!.reset_token_hash;
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toContain(resetToken);
    const again = await post('verifyResetCode', { resetCode: code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ status: 'fail', message: 'Reset code is invalid or has expired' });

    const res = await put('resetPassword', { email: 'FLOW@example.com', newPassword: 'newpass1', resetToken });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['status', 'token']);
    expect(res.json().status).toBe('Success');
    expectNoSecrets(res.json());

    expect((await getMe(`Bearer ${res.json().token}`)).statusCode).toBe(200);
    const old = await getMe(user.auth.authorization);
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toBe('User recently changed password! Please login again..');

    expect((await post('login', { email: 'flow@example.com', password: 'oldpass1' })).statusCode).toBe(401);
    const login = await post('login', { email: 'flow@example.com', password: 'newpass1' });
    expect(login.statusCode).toBe(200);
    expect((await getMe(`Bearer ${login.json().token}`)).statusCode).toBe(200);

    const second = await put('resetPassword', { email: 'flow@example.com', newPassword: 'hacked12', resetToken });
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe('reset code not verified');
    expect((await post('login', { email: 'flow@example.com', password: 'newpass1' })).statusCode).toBe(200);
  });

  it('accepts the code as a number and checks it belongs to the e-mail when one is sent', async () => {
    const a = await createUser(t, { email: 'a@example.com' });
    await createUser(t, { email: 'b@example.com' });
    const { code } = await requestCode('a@example.com');
    const wrongAccount = await post('verifyResetCode', { resetCode: code, email: 'b@example.com' });
    expect(wrongAccount.statusCode).toBe(400);
    const res = await post('verifyResetCode', { resetCode: Number(code), email: 'A@example.com' });
    expect(res.statusCode).toBe(200);
    expect((await resetRow(a.id)).reset_verified_until).not.toBeNull();
  });

  it.each([
    [{}],
    [{ resetCode: '' }],
    [{ resetCode: '12345' }],
    [{ resetCode: 'abcdef' }],
    [{ resetCode: { $ne: null } }],
    [{ resetCode: ['123456'] }],
  ])('refuses a missing or malformed code %j with 400', async (body) => {
    const res = await post('verifyResetCode', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'fail', message: 'Reset code is invalid or has expired' });
  });

  it('locks the code after 5 wrong attempts for the account', async () => {
    const user = await createUser(t, { email: 'lock@example.com' });
    const { code } = await requestCode('lock@example.com');
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) {
      expect((await post('verifyResetCode', { resetCode: wrong, email: 'lock@example.com' })).statusCode).toBe(400);
    }
    expect((await resetRow(user.id)).reset_attempts).toBe(5);
    expect((await post('verifyResetCode', { resetCode: code, email: 'lock@example.com' })).statusCode).toBe(400);
    expect((await post('verifyResetCode', { resetCode: code })).statusCode).toBe(400);
    // A new request gives a fresh code with a fresh count.
    const fresh = await requestCode('lock@example.com');
    expect((await post('verifyResetCode', { resetCode: fresh.code, email: 'lock@example.com' })).statusCode).toBe(200);
  });

  it('refuses an expired code and a closed verification window', async () => {
    const user = await createUser(t, { email: 'late@example.com' });
    const { code } = await requestCode('late@example.com');
    await t.db.query(`UPDATE users SET reset_code_expires = now() - interval '1 second' WHERE id = $1`, [user.id]);
    expect((await post('verifyResetCode', { resetCode: code })).statusCode).toBe(400);

    const second = await requestCode('late@example.com');
    const verify = await post('verifyResetCode', { resetCode: second.code });
    expect(verify.statusCode).toBe(200);
    const window = (await resetRow(user.id)).reset_verified_until;
    const minutes = (new Date(window).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10.1);
    await t.db.query(`UPDATE users SET reset_verified_until = now() - interval '1 second' WHERE id = $1`, [user.id]);
    const res = await put('resetPassword', {
      email: 'late@example.com',
      newPassword: 'newpass1',
      resetToken: verify.json().resetToken,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('reset code not verified');
  });

  it('replaces an earlier code and its verification with a new request', async () => {
    await createUser(t, { email: 'twice@example.com' });
    const first = await requestCode('twice@example.com');
    const second = await requestCode('twice@example.com');
    if (first.code !== second.code)
      expect((await post('verifyResetCode', { resetCode: first.code })).statusCode).toBe(400);
    const verify = await post('verifyResetCode', { resetCode: second.code });
    expect(verify.statusCode).toBe(200);
    await requestCode('twice@example.com');
    const res = await put('resetPassword', {
      email: 'twice@example.com',
      newPassword: 'newpass1',
      resetToken: verify.json().resetToken,
    });
    expect(res.json().message).toBe('reset code not verified');
  });

  it('draws again when the code is live for another account, and reuses an expired one', async () => {
    const a = await createUser(t, { email: 'one@example.com' });
    const b = await createUser(t, { email: 'two@example.com' });
    nextCodes(123456);
    expect((await requestCode('one@example.com')).code).toBe('123456');
    nextCodes(123456, 654321);
    expect((await requestCode('two@example.com')).code).toBe('654321');
    expect((await resetRow(a.id)).reset_code_hash).not.toBe((await resetRow(b.id)).reset_code_hash);

    await t.db.query(`UPDATE users SET reset_code_expires = now() - interval '1 second' WHERE id = $1`, [a.id]);
    nextCodes(123456);
    expect((await requestCode('two@example.com')).code).toBe('123456');
    expect((await post('verifyResetCode', { resetCode: '123456' })).statusCode).toBe(200);
    expect((await resetRow(b.id)).reset_verified_until).not.toBeNull();
    expect((await resetRow(a.id)).reset_verified_until).toBeNull();
  });

  it('binds the reset to whoever verified: without the resetToken, or with a wrong one, 400 reset code not verified and the password stays', async () => {
    const user = await createUser(t, { email: 'owner@example.com', password: 'oldpass1' });
    const other = await createUser(t, { email: 'other@example.com', password: 'oldpass1' });
    const { code } = await requestCode('owner@example.com');
    const { resetToken } = (await post('verifyResetCode', { resetCode: code, email: 'owner@example.com' })).json();
    const otherCode = await requestCode('other@example.com');
    const otherToken = (await post('verifyResetCode', { resetCode: otherCode.code })).json().resetToken as string;
    const before = await resetRow(user.id);
    for (const token of [
      undefined,
      '',
      null,
      'made-up-token',
      resetToken.slice(0, -1),
      otherToken,
      { $ne: null },
      [resetToken],
    ]) {
      const res = await put('resetPassword', {
        email: 'owner@example.com',
        newPassword: 'hijacked1',
        ...(token === undefined ? {} : { resetToken: token }),
      });
      expect([JSON.stringify(token), res.statusCode, res.json()]).toEqual([
        JSON.stringify(token),
        400,
        { status: 'fail', message: 'reset code not verified' },
      ]);
    }
    expect(await resetRow(user.id)).toEqual(before);
    const res = await put('resetPassword', { email: 'owner@example.com', newPassword: 'newpass1', resetToken });
    expect(res.statusCode).toBe(200);
    expect((await post('login', { email: 'owner@example.com', password: 'newpass1' })).statusCode).toBe(200);
    expect((await resetRow(other.id)).reset_verified_until).not.toBeNull(); // the other verification is untouched
  });

  it('LEGACY_RESET_FLOW accepts the old body without a resetToken, still only after a verification, and still checks a token that is sent', async () => {
    await createUser(t, { email: 'legacy@example.com', password: 'oldpass1' });
    const { config } = t.app.ctx;
    config.legacyResetFlow = true;
    try {
      expect(
        (await put('resetPassword', { email: 'legacy@example.com', newPassword: 'newpass1' })).json().message,
      ).toBe('reset code not verified');
      const { code } = await requestCode('legacy@example.com');
      expect((await post('verifyResetCode', { resetCode: code })).statusCode).toBe(200);
      expect(
        (await put('resetPassword', { email: 'legacy@example.com', newPassword: 'newpass1', resetToken: 'wrong' }))
          .statusCode,
      ).toBe(400);
      const res = await put('resetPassword', { email: 'legacy@example.com', newPassword: 'newpass1' });
      expect([res.statusCode, res.json().status]).toEqual([200, 'Success']);
    } finally {
      config.legacyResetFlow = false;
    }
    expect((await post('login', { email: 'legacy@example.com', password: 'newpass1' })).statusCode).toBe(200);
  });

  it('200 simultaneous guesses for the account, the right code at #199: all refused, the code locked after 5 misses, and refused afterwards too', async () => {
    const user = await createUser(t, { email: 'rush@example.com' });
    const { code } = await requestCode('rush@example.com');
    const guesses = Array.from({ length: 200 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    guesses[198] = code;
    const answers = await Promise.all(
      guesses.map((resetCode) => Promise.resolve(post('verifyResetCode', { resetCode, email: 'rush@example.com' }))),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(guesses.map(() => 400));
    expect((await resetRow(user.id)).reset_attempts).toBe(5);
    const right = await post('verifyResetCode', { resetCode: code, email: 'rush@example.com' });
    expect(right.json()).toEqual({ status: 'fail', message: 'Reset code is invalid or has expired' });
    expect((await resetRow(user.id)).reset_verified_until).toBeNull();
  });

  it('validates resetPassword and answers 404 for an unknown e-mail', async () => {
    for (const [body, path, msg] of [
      [{ newPassword: 'newpass1' }, 'email', 'Email required field'],
      [{ email: 'bad', newPassword: 'newpass1' }, 'email', 'Invalid email formate'],
      [{ email: { $ne: null }, newPassword: 'newpass1' }, 'email', 'Invalid email formate'],
      [{ email: 'a@example.com' }, 'newPassword', 'Password required'],
      [{ email: 'a@example.com', newPassword: { $ne: 1 } }, 'newPassword', 'Password required'],
      [{ email: 'a@example.com', newPassword: '123' }, 'newPassword', 'must be at least 6 chars'],
      [{ email: 'a@example.com', newPassword: 'x'.repeat(73) }, 'newPassword', 'must be at most 72 chars'],
      [{ email: 'a@example.com', newPassword: 'س'.repeat(37) }, 'newPassword', 'must be at most 72 chars'],
    ] as const) {
      const res = await put('resetPassword', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ path, msg });
      if (path === 'newPassword') expect(res.json().errors[0]).not.toHaveProperty('value');
    }
    const res = await put('resetPassword', { email: 'ghost@example.com', newPassword: 'newpass1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      status: 'fail',
      message: 'There is no user with this email address ghost@example.com',
    });
  });
});
