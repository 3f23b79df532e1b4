import { describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser, useTestApp } from './helpers';

const t = useTestApp({ rateLimits: true });

// Counts persist for the app's lifetime, so each test uses its own client address.
let ipCounter = 0;
const newIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const send = (method: string, url: string, ip: string, payload: unknown = {}, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: method as 'POST',
    url: `/api/v1${url}`,
    remoteAddress: ip,
    payload: payload as object,
    headers,
  });

function expectLimited(res: Awaited<ReturnType<typeof send>>) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ status: 'fail', message: 'Too many requests, please try again later' });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

async function repeat(n: number, fn: () => ReturnType<typeof send>) {
  const codes: number[] = [];
  for (let i = 0; i < n; i++) codes.push((await fn()).statusCode);
  return codes;
}

describe('rate limits (API.md §4.4)', () => {
  it('login: 10 failures per (IP, e-mail), even for the right password afterwards', async () => {
    const user = await createUser(t, { email: 'victim@example.com' });
    const ip = newIp();
    const codes = await repeat(10, () =>
      send('POST', '/auth/login', ip, { email: 'VICTIM@example.com', password: 'wrong-pass' }),
    );
    expect(codes).toEqual(Array(10).fill(401));
    expectLimited(await send('POST', '/auth/login', ip, { email: 'victim@example.com', password: user.password }));
    // Another address, or another e-mail from the same address, is not blocked.
    expect(
      (await send('POST', '/auth/login', newIp(), { email: 'victim@example.com', password: user.password })).statusCode,
    ).toBe(200);
    expect(
      (await send('POST', '/auth/login', ip, { email: 'other@example.com', password: 'wrong-pass' })).statusCode,
    ).toBe(401);
  });

  it('login: successful logins do not count as failures', async () => {
    const user = await createUser(t);
    const ip = newIp();
    const codes = await repeat(12, () =>
      send('POST', '/auth/login', ip, { email: user.email, password: user.password }),
    );
    expect(codes).toEqual(Array(12).fill(200));
  });

  it('login: 1000 requests per 15 minutes per address (shared by many shoppers)', async () => {
    const ip = newIp();
    const codes = await repeat(1000, () => send('POST', '/auth/login', ip, { email: 'bad' }));
    expect(codes).toEqual(Array(1000).fill(400));
    expectLimited(await send('POST', '/auth/login', ip, { email: 'bad' }));
    expect((await send('POST', '/auth/login', newIp(), { email: 'bad' })).statusCode).toBe(400);
  });

  it('signup: 200 per hour per address, so the 21st shopper behind a shared address still signs up', async () => {
    const ip = newIp();
    expect(await repeat(200, () => send('POST', '/auth/signup', ip, {}))).toEqual(Array(200).fill(400));
    expectLimited(await send('POST', '/auth/signup', ip, {}));
  });

  it('forgotPasswords: 50 per hour per address across both spellings, 3 per hour per e-mail', async () => {
    await createUser(t, { email: 'forgot@example.com' });
    const ip = newIp();
    const codes = [];
    for (let i = 0; i < 50; i++)
      codes.push(
        (
          await send('POST', i % 2 ? '/auth/forgotPassword' : '/auth/forgotPasswords', ip, {
            email: `n${i}@example.com`,
          })
        ).statusCode,
      );
    expect(codes).toEqual(Array(50).fill(404));
    expectLimited(await send('POST', '/auth/forgotPassword', ip, { email: 'n99@example.com' }));

    const perEmail = await repeat(3, () =>
      send('POST', '/auth/forgotPasswords', newIp(), { email: 'forgot@example.com' }),
    );
    expect(perEmail).toEqual([200, 200, 200]);
    expectLimited(await send('POST', '/auth/forgotPasswords', newIp(), { email: 'FORGOT@example.com' }));
  });

  it('verifyResetCode and resetPassword: 100 per 15 minutes per address', async () => {
    const ip = newIp();
    // With its e-mail (a code alone also meets the shop-wide cap of 30 a minute).
    const guess = { resetCode: '123456', email: 'x@example.com' };
    expect(await repeat(100, () => send('POST', '/auth/verifyResetCode', ip, guess))).toEqual(Array(100).fill(400));
    expectLimited(await send('POST', '/auth/verifyResetCode', ip, guess));
    expect(
      await repeat(100, () =>
        send('PUT', '/auth/resetPassword', ip, { email: 'x@example.com', newPassword: 'newpass1' }),
      ),
    ).toEqual(Array(100).fill(404));
    expectLimited(await send('PUT', '/auth/resetPassword', ip, { email: 'x@example.com', newPassword: 'newpass1' }));
  });

  it('changeMyPassword: 10 per 15 minutes per user, whatever the address', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const wrong = { currentPassword: 'wrong-one', password: 'newpass1', passwordConfirm: 'newpass1' };
    expect(await repeat(10, () => send('PUT', '/users/changeMyPassword', newIp(), wrong, user.auth))).toEqual(
      Array(10).fill(400),
    );
    expectLimited(await send('PUT', '/users/changeMyPassword', newIp(), wrong, user.auth));
    expect((await send('PUT', '/users/changeMyPassword', newIp(), wrong, other.auth)).statusCode).toBe(400);
    // Not logged in: 401 before any counting.
    expect((await send('PUT', '/users/changeMyPassword', newIp(), wrong)).statusCode).toBe(401);
  });

  it("other endpoints: 600 a minute per signed-in account, so shoppers behind one shared address do not use up each other's", async () => {
    const [first, second] = [await createUser(t), await createUser(t)];
    const ip = newIp();
    const codes = await repeat(600, () => send('GET', '/users/getMe', ip, undefined, first.auth));
    expect(codes).toEqual(Array(600).fill(200));
    const over = await send('GET', '/users/getMe', ip, undefined, first.auth);
    expectLimited(over);
    expect(over.headers['x-ratelimit-limit']).toBe('600');
    // Another shopper at the same address, and the address's visitors, are not held back by the first one.
    expect((await send('GET', '/users/getMe', ip, undefined, second.auth)).statusCode).toBe(200);
    expect((await send('GET', '/categories', ip)).statusCode).toBe(200);
  });

  it("a signed-in request's token is verified once, though the account's limit and the route's guard both read it", async () => {
    const user = await createUser(t);
    const verify = vi.spyOn(crypto.subtle, 'verify');
    try {
      const answer = await send('GET', '/users/getMe', newIp(), undefined, user.auth);
      expect([answer.statusCode, answer.headers['x-ratelimit-limit']]).toEqual([200, '600']);
      expect(verify).toHaveBeenCalledTimes(1);
      // An expired or forged token is still refused by the guard, with its own message.
      const forged = user.auth.authorization.replace(/.{6}$/, 'AAAAAA');
      const refused = await send('GET', '/users/getMe', newIp(), undefined, { authorization: forged });
      expect([refused.statusCode, refused.json().message]).toEqual([401, 'Invalid Token. please login again']);
    } finally {
      verify.mockRestore();
    }
  });

  it('other endpoints: 3000 a minute per address for requests without a verified token (a forged one counts as none)', async () => {
    const ip = newIp();
    const visitor = await send('GET', '/categories', ip);
    expect([visitor.statusCode, visitor.headers['x-ratelimit-limit']]).toEqual([200, '3000']);
    // A token with a forged signature earns no account of its own: it is counted with its address.
    const forged = (await createUser(t)).auth.authorization.replace(/.{6}$/, 'AAAAAA');
    const codes = await repeat(2998, () => send('GET', '/categories', ip, undefined, { Authorization: forged }));
    expect(codes).toEqual(Array(2998).fill(200));
    const last = await send('GET', '/categories', ip, undefined, { Authorization: forged });
    expect([last.statusCode, last.headers['x-ratelimit-remaining']]).toEqual([200, '0']);
    expectLimited(await send('GET', '/categories', ip));
  });

  it('a 429 carries Retry-After, and CORS lets a web app on another origin read it', async () => {
    const ip = newIp();
    const user = await createUser(t);
    const wrong = { currentPassword: 'wrong-one', password: 'newpass1', passwordConfirm: 'newpass1' };
    await repeat(10, () => send('PUT', '/users/changeMyPassword', ip, wrong, user.auth));
    const res = await send('PUT', '/users/changeMyPassword', ip, wrong, {
      ...user.auth,
      Origin: 'https://shop.example',
    });
    expectLimited(res);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(res.headers['access-control-allow-origin']).toBe('https://shop.example');
    expect(
      String(res.headers['access-control-expose-headers'])
        .toLowerCase()
        .split(/\s*,\s*/),
    ).toContain('retry-after');
  });
});

describe('client address behind and without a proxy', () => {
  it('without TRUST_PROXY, a changing X-Forwarded-For does not dodge the login failure limit', async () => {
    const user = await createUser(t, { email: 'spoof@example.com' });
    const ip = newIp();
    const codes = await repeat(10, () =>
      send('POST', '/auth/login', ip, { email: user.email, password: 'wrong-pass' }, { 'x-forwarded-for': newIp() }),
    );
    expect(codes).toEqual(Array(10).fill(401));
    expectLimited(
      await send(
        'POST',
        '/auth/login',
        ip,
        { email: user.email, password: user.password },
        { 'x-forwarded-for': newIp() },
      ),
    );
  });

  it('with TRUST_PROXY naming the proxy, each forwarded client is counted on its own', async () => {
    const proxy = '192.168.7.1';
    const proxied = await createTestApp({ rateLimits: true, trustProxy: [proxy] });
    try {
      const user = await createUser(proxied, { email: 'proxied@example.com' });
      const login = (client: string, password: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          remoteAddress: proxy,
          headers: { 'x-forwarded-for': client },
          payload: { email: user.email, password },
        });
      const attacker = newIp();
      for (let i = 0; i < 10; i++) expect((await login(attacker, 'wrong-pass')).statusCode).toBe(401);
      expect((await login(attacker, user.password)).statusCode).toBe(429);
      expect((await login(newIp(), user.password)).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});
