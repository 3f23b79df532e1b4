import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestContext, type TestUser } from '../helpers';
import { apiClient, buildWorld, snapshot, type World } from './world';

/**
 * SQL and operator injection through query strings, path ids and bodies (API.md §2, §3.3, §4.5 items 8
 * and 12). The attacks are reads or refused writes, so the world is built once and each test proves
 * that no row anywhere changed (the one test that writes on purpose comes last).
 */
let t: TestContext;
let w: World;
let api: ReturnType<typeof apiClient>;
let before: Awaited<ReturnType<typeof snapshot>>;
const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  api = apiClient(t);
  before = await snapshot(t);
});
afterAll(() => t?.close());

/** Every list answer of the API, with the actor who may read it. */
const lists = (): [string, TestUser | undefined][] => [
  ['/products', undefined],
  ['/categories', undefined],
  ['/subcategories', undefined],
  ['/brands', undefined],
  ['/reviews', undefined],
  [`/products/${w.productId}/reviews`, undefined],
  [`/categories/${w.categoryId}/subcategories`, undefined],
  ['/coupons', w.manager],
  ['/users', w.admin],
  ['/orders', w.user],
  ['/orders', w.admin],
  ['/addresses', w.user],
  ['/wishlist', w.user],
];

const NO_MATCH = 'keyword=qqzzqq';
const SECRETS = /\$2[aby]\$|password|reset_?code|resetCode/i;

/**
 * [hostile query, the harmless query it must answer exactly like, lists where it is instead a 400 query error].
 * Unknown names and operators are ignored (API.md §2), so most attacks equal the plain list.
 */
const ATTACKS: [string, string, string[]?][] = [
  // SQL in sort: only allow-listed names reach ORDER BY.
  ['sort=1;drop table users', ''],
  ['sort=price;--', ''],
  ['sort=(select password_hash from users limit 1)', ''],
  // Projection: secrets can never be selected; unknown names select nothing but _id.
  ['fields=*,password_hash', 'fields=_id'],
  ['fields=(select 1)', 'fields=_id'],
  ['fields=name,title,password_hash,password,resetCode', 'fields=name,title'],
  // keyword is literal text: these match nothing, exactly like any other unmatched word.
  ["keyword=' OR 1=1 --", NO_MATCH],
  ["keyword=%' ", NO_MATCH],
  ['keyword=__', NO_MATCH],
  ['keyword=.*', NO_MATCH],
  ['keyword=(a+)+$', NO_MATCH],
  // Operators other than gte, gt, lte, lt and in are ignored; a nested object is a wrong type (400 where the field exists).
  ['price[$ne]=0', ''],
  ['price[$gt]=', ''],
  ['price[gte][$ne]=1', '', ['/products']],
  ['category[$in]=x&category[$where]=1', ''],
  ['name[$regex]=.*', ''],
  // Names that are not filterable are ignored.
  ['password_hash[gte]=a', ''],
  ['$where=1&email[$ne]=x', ''],
  // Paging: anything that is not an integer ≥ 1 falls back; limit is capped at 100.
  ['limit=-1', ''],
  ['limit=1000000000', 'limit=100'],
  // Numbers only in decimal digits: an exponent or another base is non-numeric, so the default applies.
  ['limit=1e9', ''],
  ['limit=0x10', ''],
  ['page=-5', ''],
  ['page=abc', ''],
  ['limit=1;drop', ''],
  // Prototype pollution keys are dropped by the query parser.
  ['__proto__[x]=1', ''],
  ['constructor[prototype][x]=1', ''],
  ['price[__proto__][gt]=1&toString=1&hasOwnProperty[gt]=1', ''],
];

/** `a=b&c=d` with every value URL-encoded, so the attack reaches the server exactly as written. */
const encode = (query: string) =>
  query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      return `${pair.slice(0, at)}=${encodeURIComponent(pair.slice(at + 1))}`;
    })
    .join('&');

const get = (url: string, who: TestUser | undefined, query: string) =>
  api('GET', query ? `${url}?${encode(query)}` : url, { as: who });

function expectNoSecrets(res: LightMyRequestResponse, shown: string) {
  expect(res.body, shown).not.toMatch(SECRETS);
}

describe('query-string injection on every list', () => {
  it('SQL, operators, projections, paging and prototype keys answer exactly like the harmless query (or 400 query), never 500', async () => {
    for (const [url, who] of lists()) {
      const answers = new Map<string, LightMyRequestResponse>();
      const harmless = async (query: string) => {
        if (!answers.has(query)) answers.set(query, await get(url, who, query));
        return answers.get(query)!;
      };
      for (const [attack, equivalent, invalidOn = []] of ATTACKS) {
        const shown = `${url}?${attack} as ${who?.email ?? 'visitor'}`;
        const res = await get(url, who, attack);
        expectNoSecrets(res, shown);
        if (invalidOn.includes(url)) {
          expect(res.statusCode, `${shown}: ${res.body}`).toBe(400);
          expect(res.json().errors[0].location, shown).toBe('query');
          continue;
        }
        const expected = await harmless(equivalent);
        expect(expected.statusCode, `${url}?${equivalent}: ${expected.body}`).toBe(200);
        expect(res.statusCode, `${shown}: ${res.body.slice(0, 300)}`).toBe(200);
        expect(res.json(), shown).toEqual(expected.json());
      }
    }
    expect(await snapshot(t)).toEqual(before);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('a customer cannot widen /orders, /addresses or /wishlist to other customers (own rows only, same answer)', async () => {
    const widen = [
      `user=${w.other.id}`,
      `user[in][]=${w.other.id}&user[in][]=${w.user.id}`,
      `user[$ne]=${w.user.id}`,
      `user_id=${w.other.id}`,
      `cartOwner=${w.other.id}`,
      `id[gte]=0`,
      `isPaid[$ne]=true`,
      `__proto__[user]=${w.other.id}`,
    ];
    for (const url of ['/orders', '/addresses', '/wishlist']) {
      const own = await get(url, w.user, '');
      expect(own.statusCode).toBe(200);
      for (const query of widen) {
        const res = await get(url, w.user, query);
        expect(res.statusCode, `${url}?${query}: ${res.body}`).toBe(200);
        expect(res.json(), `${url}?${query}`).toEqual(own.json());
      }
    }
    const orders = (await get('/orders', w.user, `user=${w.other.id}`)).json();
    expect(orders.data.map((o: { user: { _id: string } }) => o.user._id)).toEqual([w.user.id]);
    expect(JSON.stringify(orders)).not.toContain(w.otherOrderId);
    expect(await snapshot(t)).toEqual(before);
  });

  it('role=admin on a list that has no role field is ignored; on /users it only filters (never leaks hashes)', async () => {
    for (const [url, who] of lists().filter(([url]) => url !== '/users')) {
      const plain = await get(url, who, '');
      const res = await get(url, who, 'role=admin&isAdmin=true');
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual(plain.json());
    }
    const admins = await get('/users', w.admin, 'role=admin');
    expect(admins.statusCode).toBe(200);
    expect(admins.json().data.map((u: { _id: string }) => u._id)).toEqual([w.admin.id]);
    expectNoSecrets(admins, '/users?role=admin');
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('path-id injection', () => {
  const HOSTILE = [
    '1 OR 1=1',
    "'; DROP TABLE users; --",
    '../../etc/passwd',
    '..\\..\\etc\\passwd',
    "x' UNION SELECT password_hash FROM users --",
  ];

  it('SQL and traversal ids in every path parameter of every route answer 400 Invalid ID formate (or 404), nothing changed', async () => {
    const routes = t.app.routeList.filter((r) => r.includes('/:'));
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      const [method, pattern] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];
      for (const id of HOSTILE) {
        const url = pattern.replace(/:\w+/g, encodeURIComponent(id));
        // Role checks come first: try admin, and the customer where admin is refused (cart, checkout, reviews).
        for (const who of [w.admin, w.user]) {
          const res = await t.app.inject({
            method,
            url,
            headers: who.auth,
            payload: method === 'GET' || method === 'DELETE' ? undefined : {},
          });
          const shown = `${method} ${url} as ${who === w.user ? 'user' : 'admin'}: ${res.statusCode} ${res.body.slice(0, 200)}`;
          if (res.statusCode === 403 && who === w.admin) continue;
          expect([400, 404], shown).toContain(res.statusCode);
          if (res.statusCode === 400)
            expect(res.json().errors[0], shown).toMatchObject({
              // Governorates are keyed by their ISO code, every other path parameter by an id.
              msg: pattern.includes(':code') ? 'Invalid governorate code' : 'Invalid ID formate',
              location: 'params',
            });
          break;
        }
      }
    }
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('operator injection in bodies (§4.5 item 8)', () => {
  const OPERATOR = { $ne: null };

  it.each([
    [
      'login with {$ne: null} e-mail and password',
      'POST',
      '/auth/login',
      { email: OPERATOR, password: OPERATOR },
      'email',
      'Invalid email formate',
    ],
    [
      'login with a real e-mail and a {$ne} password',
      'POST',
      '/auth/login',
      () => ({ email: w.user.email, password: OPERATOR }),
      'password',
      'Password required',
    ],
    [
      'login with {$gt: ""} e-mail',
      'POST',
      '/auth/login',
      { email: { $gt: '' }, password: 'x' },
      'email',
      'Invalid email formate',
    ],
    [
      'login with an e-mail array',
      'POST',
      '/auth/login',
      () => ({ email: [w.user.email], password: w.user.password }),
      'email',
      'Invalid email formate',
    ],
    [
      'forgotPasswords with {$ne: null}',
      'POST',
      '/auth/forgotPasswords',
      { email: OPERATOR },
      'email',
      'Invalid email formate',
    ],
    [
      'forgotPassword with {$regex}',
      'POST',
      '/auth/forgotPassword',
      { email: { $regex: '.*' } },
      'email',
      'Invalid email formate',
    ],
    [
      'resetPassword with {$ne: null} e-mail',
      'PUT',
      '/auth/resetPassword',
      { email: OPERATOR, newPassword: 'secret123' },
      'email',
      'Invalid email formate',
    ],
    [
      'signup with {$ne: null} e-mail',
      'POST',
      '/auth/signup',
      { name: 'مهاجم', email: OPERATOR, password: 'secret1', passwordConfirm: 'secret1' },
      'email',
      'Invalid email formate',
    ],
  ] as const)('%s → 400 validation error, nothing changed', async (_title, method, url, payload, path, msg) => {
    const res = await api(method, url, { payload: typeof payload === 'function' ? payload() : payload });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ path, msg, location: 'body' });
    expect(await snapshot(t)).toEqual(before);
  });

  it('verifyResetCode with {$ne: null} or {$gt: ""} codes → 400 Reset code is invalid or has expired, nothing changed', async () => {
    for (const payload of [
      { resetCode: OPERATOR },
      { resetCode: { $gt: '' } },
      { resetCode: ['123456'] },
      { resetCode: '123456', email: OPERATOR },
    ]) {
      const res = await api('POST', '/auth/verifyResetCode', { payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ status: 'fail', message: 'Reset code is invalid or has expired' });
    }
    expect(await snapshot(t)).toEqual(before);
  });

  // The one test here that writes (two sign-ups, a profile update), so it comes last.
  it('prototype keys in JSON and urlencoded bodies neither grant a role nor pollute Object.prototype', async () => {
    const json = `{"name":"عميل جديد","email":"proto1@example.com","password":"secret1","passwordConfirm":"secret1",
      "__proto__":{"role":"admin","isAdmin":true},"constructor":{"prototype":{"role":"admin"}},"role":"admin"}`;
    const signup = await api('POST', '/auth/signup', {
      headers: { 'content-type': 'application/json' },
      payload: json,
    });
    expect(signup.statusCode, signup.body).toBe(201);
    expect(signup.json().data.role).toBe('user');
    const form =
      'name=%D8%B9%D9%85%D9%8A%D9%84&email=proto2%40example.com&password=secret1&passwordConfirm=secret1&__proto__[role]=admin&constructor[prototype][role]=admin';
    const signup2 = await api('POST', '/auth/signup', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form,
    });
    expect(signup2.statusCode, signup2.body).toBe(201);
    expect(signup2.json().data.role).toBe('user');
    const update = await api('PUT', '/users/updateMe', {
      as: w.other,
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"role":"admin"},"constructor":{"prototype":{"role":"admin"}}}',
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json().data.user.role).toBe('user');
    const roles = await t.db.query<{ role: string }>(
      "SELECT role FROM users WHERE email IN ('proto1@example.com', 'proto2@example.com') OR id = $1",
      [w.other.id],
    );
    expect(roles.map((r) => r.role)).toEqual(['user', 'user', 'user']);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
    expect(({} as Record<string, unknown>).role).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});
