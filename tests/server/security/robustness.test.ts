import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import qs from 'qs';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { ListField } from '../../../server/lib/listQuery';
import { createTestApp, multipart, pngImage, type TestContext, type TestUser } from '../helpers';
import { apiClient, buildWorld, expectRefusedAndUnchanged, saveScene, snapshot, type World } from './world';

/**
 * Bad input is refused cleanly (API.md §0, §3): a property-based sweep sends random and malformed
 * requests to every served route, then plain tests cover malformed JSON, wrong content types and
 * oversized bodies, queries and URLs. (contract/fuzz.test.ts fuzzes the fields of create/update bodies.)
 *
 * Replaying a failure: the message names the route and the base seed; run again with
 * `FC_SEED=<seed>` (and optionally `FC_ROUTE='<METHOD /url>'` to fuzz only that route).
 * `FC_RUNS=<n>` sets the requests per route (default 3, about 300 in all).
 */
const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : Math.floor(Math.random() * 2 ** 31);
const RUNS_PER_ROUTE = Number(process.env.FC_RUNS) || 3;

let t: TestContext;
let w: World;
let api: ReturnType<typeof apiClient>;
let png: Buffer;
/** Puts the world back after a request that changed it: the actors' tokens stay valid. */
let restoreWorld: () => Promise<void>;

beforeAll(async () => {
  console.info(`robustness: FC_SEED=${SEED} (set FC_SEED to replay)`);
  t = await createTestApp({ paymentsTestMode: true });
  w = await buildWorld(t);
  api = apiClient(t);
  png = await pngImage(20, 20);
  restoreWorld = await saveScene(t);
});
afterAll(() => t?.close());

/* ---------- what a random request is made of ---------- */

type Actor = 'user' | 'other' | 'manager' | 'admin';
const ACTORS: Actor[] = ['user', 'other', 'manager', 'admin'];

/** Names of the world's ids, resolved when a request is sent (the world may have been restored in between). */
const REFS = {
  productId: () => w.productId,
  categoryId: () => w.categoryId,
  subcategoryId: () => w.subcategoryId,
  brandId: () => w.brandId,
  couponId: () => w.couponId,
  cartId: () => w.cartId,
  cartItemId: () => w.cartItemId,
  addressId: () => w.addressId,
  reviewId: () => w.reviewId,
  orderId: () => w.orderId,
  otherCartId: () => w.otherCartId,
  otherCartItemId: () => w.otherCartItemId,
  otherAddressId: () => w.otherAddressId,
  otherReviewId: () => w.otherReviewId,
  otherOrderId: () => w.otherOrderId,
  userId: () => w.user.id,
  otherId: () => w.other.id,
  adminId: () => w.admin.id,
  managerId: () => w.manager.id,
  userEmail: () => w.user.email,
  otherEmail: () => w.other.email,
  userPassword: () => w.user.password,
};
type Ref = keyof typeof REFS;
const REF_PREFIX = '\u0001ref:';
const refArb = fc.constantFrom(...(Object.keys(REFS) as Ref[]));

/** Replaces `REF_PREFIX<name>` strings (to a bounded depth) by the world's current values. */
function resolve(value: unknown, depth = 0): unknown {
  if (typeof value === 'string')
    return value.startsWith(REF_PREFIX) ? REFS[value.slice(REF_PREFIX.length) as Ref]() : value;
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => resolve(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, depth + 1)]));
}

const HOSTILE = [
  '0',
  'null',
  'undefined',
  '..',
  "' OR 1=1 --",
  '{"$ne":null}',
  '%',
  '\u202e',
  '<script>alert(1)</script>',
  'applyCoupon',
  'getMe',
  '-1',
  '1e400',
];

type PathParam = { ref: Ref } | { text: string } | { encoded: string };
const paramArb: fc.Arbitrary<PathParam> = fc.oneof(
  { weight: 6, arbitrary: refArb.map((ref) => ({ ref })) },
  { weight: 1, arbitrary: fc.uuid().map((text) => ({ text })) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).map((text) => ({ text })) },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE).map((text) => ({ text })) },
  // Sent as written: broken %-escapes, NUL, an over-long segment.
  {
    weight: 1,
    arbitrary: fc.constantFrom('%E0%A4%A', '%00', '%', '%2F..%2F', 'x'.repeat(600)).map((encoded) => ({ encoded })),
  },
);

const QUERY_KEYS = [
  'page',
  'limit',
  'sort',
  'fields',
  'keyword',
  'price',
  'priceAfterDiscount',
  'quantity',
  'sold',
  'ratingsAverage',
  'category',
  'subcategory',
  'brand',
  'availableColors',
  'createdAt',
  'name',
  'rating',
  'user',
  'product',
  'discount',
  'expire',
  'role',
  'email',
  'active',
  'isPaid',
  'isDelivered',
  'paymentMethodType',
  'totalOrderPrice',
  'id',
  'shippingAddress',
  '__proto__',
  'constructor',
  '$where',
];
const queryLeaf = fc.oneof(
  fc.constantFrom(
    '',
    '1',
    '-1',
    '1e9',
    'abc',
    'undefined',
    ' price',
    '-createdAt',
    'title,-price',
    '.*',
    '(a+)+$',
    '#000000',
    '2020-01-01',
    'true',
    ...HOSTILE,
  ),
  refArb.map((ref) => REF_PREFIX + ref),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);
const { queryValue } = fc.letrec((tie) => ({
  queryValue: fc.oneof(
    { depthSize: 'small' },
    queryLeaf,
    fc.array(tie('queryValue'), { maxLength: 3 }),
    fc.dictionary(
      fc.constantFrom('gte', 'gt', 'lte', 'lt', 'in', '$ne', '$gt', '$regex', '__proto__', 'constructor', 'details'),
      tie('queryValue'),
      { maxKeys: 3 },
    ),
  ),
}));
type Query = { object: Record<string, unknown> } | { raw: string } | undefined;
const queryArb: fc.Arbitrary<Query> = fc.oneof(
  { weight: 2, arbitrary: fc.constant(undefined) },
  {
    weight: 5,
    arbitrary: fc
      .dictionary(
        fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ unit: 'grapheme-ascii', maxLength: 8 })),
        queryValue,
        { maxKeys: 5 },
      )
      .map((object) => ({ object })),
  },
  {
    weight: 1,
    arbitrary: fc
      .oneof(
        fc.constantFrom(
          '&&&',
          'a[=1',
          'a]=1',
          '%zz=1',
          'a[b][c][d][e][f]=1',
          '=',
          '&=&',
          'page=%00',
          'a[999999]=1',
          'sort=%2Bprice',
        ),
        fc.string({ unit: 'grapheme-ascii', maxLength: 40 }),
      )
      .map((raw) => ({ raw })),
  },
);

const FIELDS = [
  'name',
  'email',
  'password',
  'passwordConfirm',
  'currentPassword',
  'newPassword',
  'resetCode',
  'phone',
  'role',
  'active',
  'title',
  'description',
  'quantity',
  'price',
  'priceAfterDiscount',
  'category',
  'subcategory',
  'brand',
  'availableColors',
  'imageCover',
  'images',
  'image',
  'review',
  'rating',
  'product',
  'productId',
  'color',
  'count',
  'couponName',
  'shippingAddress',
  'alias',
  'details',
  'city',
  'postalCode',
  'expire',
  'discount',
  'user',
  'sold',
  'slug',
  '__proto__',
  'constructor',
];
/** Values that pass some rules, so requests get past validation and into the handlers. */
const plausible = fc.constantFrom<unknown>(
  'Secret123',
  'secret1',
  '01012345678',
  '#000000',
  'WORLD10',
  'world10',
  '2030-01-01',
  '3/15/2030',
  'اسم جديد',
  'منتج',
  5,
  '5',
  4.5,
  0,
  -1,
  true,
  '',
  'http://img.test/a.png',
  '123456',
  'user',
  'admin',
  { details: 'شارع', phone: '01012345678', city: '', postalCode: '' },
);
const fieldValue = fc.oneof(
  { weight: 3, arbitrary: plausible },
  { weight: 3, arbitrary: refArb.map((ref) => REF_PREFIX + ref) },
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE) },
);

/** A body value (encoded per content type when sent) or raw text sent as is. */
type Body = { value: unknown } | { text: string } | undefined;
const deepArb = (open: string, close: string, max: number) =>
  fc
    .tuple(fc.constantFrom(...FIELDS), fc.integer({ min: 10, max }))
    .map(([field, depth]) => ({ text: `{"${field}":${open.repeat(depth)}1${close.repeat(depth)}}` }));
const bodyArb: fc.Arbitrary<Body> = fc.oneof(
  { weight: 2, arbitrary: fc.constant(undefined) },
  {
    weight: 8,
    arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), fieldValue, { maxKeys: 6 }).map((value) => ({ value })),
  },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => ({ value })) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 3 }).map((value) => ({ value })) },
  { weight: 1, arbitrary: fc.array(fieldValue, { maxLength: 5 }).map((value) => ({ value })) },
  // Deep nesting inside a field (in the 100 KB limit: arrays 40 000 levels, objects 15 000).
  { weight: 1, arbitrary: fc.oneof(deepArb('[', ']', 40_000), deepArb('{"a":', '}', 15_000)) },
  // Long strings, some over the 100 KB limit.
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...FIELDS), fc.integer({ min: 1_000, max: 120_000 }))
      .map(([field, n]) => ({ value: { [field]: 'x'.repeat(n) } })),
  },
  // Malformed JSON: cut short, trailing comma, BOM, or any text.
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.jsonValue({ maxDepth: 2 }), fc.nat())
      .map(([v, cut]) => ({ text: JSON.stringify(v).slice(0, cut % Math.max(1, JSON.stringify(v).length)) })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('{"email":"a@b.cc",}', '\uFEFF{"name":"x"}', "{'a':1}", 'NaN', '{"a":1}{"b":2}')
      .map((text) => ({ text })),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 200 }).map((text) => ({ text })) },
);

const CONTENT_TYPES = [
  undefined,
  'application/json',
  'application/json; charset=utf-8',
  'Application/JSON',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=zzz',
  'text/plain',
  'application/xml',
  'application/octet-stream',
  'image/png',
  '*/*',
  ';;',
  'application/json, text/html',
  'real multipart',
  'real multipart with files',
] as const;
type ContentType = (typeof CONTENT_TYPES)[number];

type Authorization = { actor: Actor } | { header: string } | undefined;
const authorizationArb: fc.Arbitrary<Authorization> = fc.oneof(
  { weight: 2, arbitrary: fc.constant(undefined) },
  { weight: 6, arbitrary: fc.constantFrom(...ACTORS).map((actor) => ({ actor })) },
  {
    weight: 2,
    arbitrary: fc
      .oneof(
        fc.constantFrom(
          'Bearer null',
          'Bearer undefined',
          'Bearer ',
          'Bearer',
          'Basic YWJjOmRlZg==',
          'Bearer a.b.c',
          'bearer x',
          'Bearer eyJhbGciOiJub25lIn0.eyJpZCI6IngifQ.',
        ),
        fc.string({ unit: 'grapheme-ascii', maxLength: 60 }).map((s) => `Bearer ${s}`),
      )
      .map((header) => ({ header })),
  },
);

const extraHeadersArb = fc.record(
  {
    'x-forwarded-for': fc.constantFrom('1.2.3.4', 'garbage', '::1, 10.0.0.1', ''),
    'accept-encoding': fc.constantFrom('gzip', 'br', 'identity;q=0', '*', 'x'),
    accept: fc.constantFrom('application/json', 'text/html', '*/*', ''),
    origin: fc.constantFrom('http://evil.example', 'null'),
  },
  { requiredKeys: [] },
);

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'] as const;
type HttpMethod = (typeof METHODS)[number];

interface FuzzRequest {
  method: HttpMethod;
  params: PathParam[];
  query: Query;
  contentType: ContentType;
  body: Body;
  authorization: Authorization;
  headers: Record<string, string>;
}

const requestArb = (route: string): fc.Arbitrary<FuzzRequest> => {
  const [method, url] = route.split(' ');
  const paramCount = (url.match(/:\w+/g) ?? []).length;
  return fc.record({
    method: fc.oneof(
      { weight: 4, arbitrary: fc.constant(method as HttpMethod) },
      { weight: 1, arbitrary: fc.constantFrom(...METHODS) },
    ),
    params: fc.array(paramArb, { minLength: paramCount, maxLength: paramCount }),
    query: queryArb,
    // Mostly JSON, so that requests get past the body parser and into the handlers.
    contentType: fc.oneof(
      { weight: 12, arbitrary: fc.constant<ContentType>('application/json') },
      {
        weight: 3,
        arbitrary: fc.constantFrom<ContentType>(
          'application/x-www-form-urlencoded',
          'real multipart',
          'real multipart with files',
        ),
      },
      { weight: 3, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
    ),
    body: bodyArb,
    authorization: authorizationArb,
    headers: extraHeadersArb,
  });
};

const actorUser = (actor: Actor): TestUser => w[actor];

/** Turns a generated request into light-my-request options against the current world. */
function materialize(route: string, req: FuzzRequest): InjectOptions & { url: string } {
  let i = 0;
  const pattern = route.split(' ')[1];
  const path =
    pattern === '*'
      ? '/api/v1/products'
      : pattern.replace(/:\w+/g, () => {
          const p = req.params[i++];
          return 'ref' in p ? REFS[p.ref]() : 'text' in p ? encodeURIComponent(p.text) : p.encoded;
        });
  const query =
    req.query === undefined
      ? ''
      : 'raw' in req.query
        ? req.query.raw
        : qs.stringify(resolve(req.query.object), { allowDots: false });
  const headers: Record<string, string> = { ...req.headers };
  if (req.authorization)
    headers.authorization =
      'actor' in req.authorization ? actorUser(req.authorization.actor).auth.authorization : req.authorization.header;

  let payload: string | Buffer | undefined;
  if (req.body && 'text' in req.body) payload = req.body.text;
  else if (req.body) {
    const value = resolve(req.body.value);
    if (req.contentType === 'real multipart' || req.contentType === 'real multipart with files') {
      const fields = Object.fromEntries(
        Object.entries(value && typeof value === 'object' ? value : { value }).map(([k, v]) => [
          k,
          typeof v === 'string' ? v : (JSON.stringify(v) ?? ''),
        ]),
      );
      const files: Record<string, Buffer | Buffer[]> =
        req.contentType === 'real multipart with files' ? { image: png, imageCover: png, images: [png, png] } : {};
      const form = multipart(fields, files);
      Object.assign(headers, form.headers);
      payload = form.payload;
    } else if (req.contentType === 'application/x-www-form-urlencoded') {
      payload = value && typeof value === 'object' ? qs.stringify(value) : String(value);
    } else {
      payload = JSON.stringify(value);
    }
  }
  if (req.contentType !== undefined && !req.contentType.startsWith('real multipart'))
    headers['content-type'] = req.contentType;
  return { method: req.method, url: query ? `${path}?${query}` : path, headers, payload };
}

/**
 * Refusals that legitimately change data (API.md says so); each names the tables it may change.
 * Everything else that answers 4xx must leave every table as it was.
 */
const ALLOWED_CHANGES: { route: RegExp; status: number; tables: string[] }[] = [
  // A wrong reset code sent with an e-mail counts towards locking that account's code (§6.8).
  { route: /^POST \/api\/v1\/auth\/verifyResetCode$/, status: 400, tables: ['users'] },
  // A refused coupon also removes the coupon applied before (§5.11, as the original backend does).
  { route: /^(PUT|PATCH) \/api\/v1\/cart\/applyCoupon$/, status: 400, tables: ['carts'] },
  // Checkout commits the re-priced cart, and drops lines of products that are gone, before answering 409 (§6.4 steps 2 and 4).
  {
    route: /^(POST \/api\/v1\/orders\/:cartId|(GET|POST) \/api\/v1\/orders\/checkout-session\/:cartId)$/,
    status: 409,
    tables: ['carts', 'cart_items'],
  },
];

/** The answer's text, uncompressed (a large answer is compressed when the request accepts it). */
function bodyText(res: LightMyRequestResponse): string {
  const encoding = res.rawPayload.length ? res.headers['content-encoding'] : undefined;
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString();
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'deflate') return zlib.inflateSync(res.rawPayload).toString();
  return res.body;
}

/** API.md §3 shapes for every 4xx of the API (HEAD answers carry no body). */
function expectErrorShape(res: LightMyRequestResponse, shown: string) {
  const body = JSON.parse(bodyText(res));
  if (body.errors) {
    expect(body.errors.length, shown).toBeGreaterThan(0);
    for (const error of body.errors)
      expect(Object.keys(error).sort(), shown).toEqual(
        expect.arrayContaining(['location', 'msg', 'param', 'path', 'type']),
      );
  } else {
    expect(body, shown).toEqual({ status: 'fail', message: expect.any(String) });
  }
}

describe('property: any request to any route', () => {
  it('never answers 5xx, answers 4xx in the API.md shape, and a 4xx changes nothing (except the named cases)', async () => {
    const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
    const routes = t.app.routeList.filter((route) => !process.env.FC_ROUTE || route === process.env.FC_ROUTE);
    expect(routes.length).toBeGreaterThan(0);
    let before = await snapshot(t);
    let dirty = false;

    for (const [index, route] of t.app.routeList.entries()) {
      if (!routes.includes(route)) continue;
      const property = fc.asyncProperty(requestArb(route), async (req) => {
        if (dirty) {
          await restoreWorld();
          before = await snapshot(t);
          dirty = false;
        }
        const options = materialize(route, req);
        const res = await t.app.inject(options);
        const after = await snapshot(t);
        const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
        dirty = changed.length > 0;
        const shown = `${options.method} ${options.url.slice(0, 200)} → ${res.statusCode} ${bodyText(res).slice(0, 300)}`;

        expect(res.statusCode, shown).toBeLessThan(500);
        if (res.statusCode >= 400) {
          const sent = `${options.method} ${route.split(' ')[1]}`;
          const allowed = ALLOWED_CHANGES.find((a) => a.route.test(sent) && a.status === res.statusCode)?.tables ?? [];
          expect(
            changed.filter((table) => !allowed.includes(table)),
            `${shown}\nchanged: ${changed.join(', ')}`,
          ).toEqual([]);
          // HEAD answers have no body.
          if (options.url.startsWith('/api/') && options.method !== 'HEAD') expectErrorShape(res, shown);
        }
      });
      try {
        await fc.assert(property, { seed: SEED + index, numRuns: RUNS_PER_ROUTE });
      } catch (err) {
        throw new Error(
          `Fuzzing ${route} failed; replay with FC_SEED=${SEED} FC_ROUTE='${route}'\n${(err as Error).message}`,
          { cause: err },
        );
      }
    }
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
    await restoreWorld();
  }, 300_000);
});

/* ---------- every filterable field of every list route (API.md §2) ---------- */

/** A filter value and whether its column can hold it (bad → 400 query, good → 200). */
type FilterValue = { value: string; bad: boolean };
const good = (value: string): FilterValue => ({ value, bad: false });
const bad = (value: string): FilterValue => ({ value, bad: true });
const INT4 = 2 ** 31 - 1;
const toArabicIndic = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x660 + Number(d)));
/** Other ways to write a number that are not plain decimal notation. */
const NOT_DECIMAL = ['0x10', '0b11', '0o7', '1e3', '1e300', '1.5e300', '-1e400', 'Infinity', 'NaN', '٢e٣'];
const FAR_DATES = [
  '275760-09-13',
  '99999',
  '+275760-09-13T00:00:00Z',
  '-000001-01-01',
  '0000-12-31',
  '10000-01-01',
  '2020-13-45',
  'tomorrow',
];

/** Values for one field, generated from its column type, so a new field or type is covered without listing it here. */
function filterValueArb(field: ListField): fc.Arbitrary<FilterValue> {
  switch (field.type) {
    case 'int':
    case 'bigint': {
      const max = field.type === 'int' ? INT4 : Number.MAX_SAFE_INTEGER;
      return fc.oneof(
        fc.integer({ min: -INT4, max: INT4 }).map((n) => good(String(n))),
        fc.nat({ max: 9999 }).map((n) => good(toArabicIndic(String(n)))),
        fc.integer({ min: -INT4, max: INT4 }).map((n) => bad(`${n}.5`)),
        fc
          .constantFrom(String(max + 1), `-${max + 2}`, '99999999999999999999', '9'.repeat(400), ...NOT_DECIMAL)
          .map(bad),
      );
    }
    case 'money':
    case 'bigMoney': {
      const max = field.type === 'money' ? INT4 : Number.MAX_SAFE_INTEGER;
      return fc.oneof(
        fc.integer({ min: -(INT4 - 1), max: INT4 - 1 }).map((p) => good((p / 100).toFixed(2))),
        fc.constantFrom(String(Math.ceil(max / 100) + 1), '1e300', '99999999999999999999', ...NOT_DECIMAL).map(bad),
      );
    }
    case 'decimal': {
      const limit = 10 ** field.precision - 1;
      return fc.oneof(
        fc.integer({ min: -limit, max: limit }).map((n) => good((n / 10 ** field.scale).toFixed(field.scale))),
        fc.constantFrom(String(10 ** (field.precision - field.scale)), '1e300', ...NOT_DECIMAL).map(bad),
      );
    }
    case 'date':
      return fc.oneof(
        fc
          .date({
            min: new Date('0001-01-01T00:00:00Z'),
            max: new Date('9999-12-31T23:59:59.999Z'),
            noInvalidDate: true,
          })
          .map((d) => good(d.toISOString())),
        fc.constantFrom('2020-01-01', '2024-02-29T10:00:00+02:00').map(good),
        fc.constantFrom(...FAR_DATES).map(bad),
      );
    case 'id':
      return fc.oneof(
        fc.uuid().map(good),
        fc.constantFrom('abc', '1', "' OR 1=1 --", '00000000-0000-0000-0000-00000000000g').map(bad),
      );
    case 'bool':
      return fc.oneof(fc.constantFrom('true', 'false').map(good), fc.constantFrom('yes', '1', 'TRUE!').map(bad));
    case 'text':
    case 'textArray':
      return fc
        .string({ unit: 'grapheme', minLength: 1, maxLength: 20 })
        .filter((v) => v.trim() !== '' && !v.includes(','))
        .map(good);
  }
}

type FilterForm = 'equals' | 'gte' | 'gt' | 'lte' | 'lt' | 'in[]' | 'in,';
const filterArb = (field: ListField) =>
  fc.record({
    form: fc.constantFrom<FilterForm>(
      ...(field.type === 'textArray'
        ? (['equals', 'in[]', 'in,'] as const)
        : (['equals', 'gte', 'gt', 'lte', 'lt', 'in[]', 'in,'] as const)),
    ),
    values: fc.array(filterValueArb(field), { minLength: 1, maxLength: 3 }),
  });

function filterQuery(name: string, form: FilterForm, values: FilterValue[]): string {
  const enc = encodeURIComponent;
  if (form === 'in[]') return values.map((v) => `${name}[in][]=${enc(v.value)}`).join('&');
  if (form === 'in,') return `${name}[in]=${values.map((v) => enc(v.value)).join(',')}`;
  return form === 'equals' ? `${name}=${enc(values[0].value)}` : `${name}[${form}]=${enc(values[0].value)}`;
}

describe('property: every filter of every list route', () => {
  const listUrl = (route: string) =>
    route.split(' ')[1].replace(':categoryId', w.categoryId).replace(':productId', w.productId);

  it('every served route that answers a List declares its list spec', async () => {
    const declared = Object.keys(t.app.listRoutes);
    expect(declared.length).toBeGreaterThanOrEqual(10);
    for (const route of t.app.routeList.filter((r) => r.startsWith('GET /api/v1/'))) {
      const url = route
        .split(' ')[1]
        .replace(/:(\w+)/g, (_, name: string) =>
          name === 'categoryId' ? w.categoryId : name === 'productId' ? w.productId : 'x',
        );
      const res = await api('GET', url.replace('/api/v1', ''), { as: w.admin });
      // JSON answers only: the CSV exports answer a file.
      const json = String(res.headers['content-type']).startsWith('application/json');
      if (res.statusCode === 200 && json && 'paginationResult' in (JSON.parse(res.body) as object))
        expect(declared, route).toContain(route);
    }
  });

  it('a value its column cannot hold (fractions on integers, huge numbers, other bases, far dates, bad in-list members) → 400 query; others → 200', async () => {
    const before = await snapshot(t);
    let index = 0;
    for (const [route, spec] of Object.entries(t.app.listRoutes)) {
      for (const [name, field] of Object.entries(spec.fields)) {
        if (field.sortOnly) continue;
        const property = fc.asyncProperty(filterArb(field), async ({ form, values }) => {
          const sent = form === 'in[]' || form === 'in,' ? values : values.slice(0, 1);
          const url = `${listUrl(route)}?${filterQuery(name, form, sent)}`;
          const res = await t.app.inject({ url, headers: w.admin.auth });
          const shown = `${url} → ${res.statusCode} ${res.body.slice(0, 300)}`;
          if (sent.some((v) => v.bad)) {
            expect(res.statusCode, shown).toBe(400);
            expect(res.json().errors[0], shown).toMatchObject({ location: 'query', path: name });
          } else {
            expect(res.statusCode, shown).toBe(200);
          }
        });
        try {
          await fc.assert(property, { seed: SEED + 1000 + index++, numRuns: RUNS_PER_ROUTE * 8 });
        } catch (err) {
          throw new Error(
            `Filtering ${route} on ${name} failed; replay with FC_SEED=${SEED}\n${(err as Error).message}`,
            { cause: err },
          );
        }
      }
    }
    expect(index).toBeGreaterThanOrEqual(30);
    expect(await snapshot(t)).toEqual(before);
  }, 300_000);
});

describe('malformed bodies', () => {
  const WRITES = (): [string, 'POST' | 'PUT', string, TestUser | undefined][] => [
    ['sign-up', 'POST', '/auth/signup', undefined],
    ['login', 'POST', '/auth/login', undefined],
    ['add to cart', 'POST', '/cart', w.user],
    ['cash order', 'POST', `/orders/${w.cartId}`, w.user],
    ['product update', 'PUT', `/products/${w.productId}`, w.manager],
    ['new address', 'POST', '/addresses', w.user],
    ['profile update', 'PUT', '/users/updateMe', w.user],
  ];

  it('truncated JSON, a trailing comma, a BOM, single quotes or two documents → 400 Invalid JSON body; nothing changed', async () => {
    for (const text of [
      '{"email":',
      '{"email":"a@b.cc",}',
      '\uFEFF{"email":"a@b.cc"}',
      "{'email':'a@b.cc'}",
      '{"a":1}{"b":2}',
      '[1,2',
      'nul',
    ]) {
      for (const [label, method, url, who] of WRITES()) {
        const res = await expectRefusedAndUnchanged(
          t,
          () => api(method, url, { as: who, headers: { 'content-type': 'application/json' }, payload: text }),
          400,
        );
        expect(res.json(), `${label} ${JSON.stringify(text)}`).toEqual({
          status: 'fail',
          message: 'Invalid JSON body',
        });
      }
    }
  });

  it("JSON 'null', '[]', a string, a number or true count as {}: the same answer as an empty object; nothing changed", async () => {
    for (const [label, method, url, who] of WRITES().filter(
      ([label]) => label !== 'product update' && label !== 'profile update',
    )) {
      const empty = await api(method, url, { as: who, payload: {} });
      expect(empty.statusCode, label).toBe(400);
      for (const text of ['null', '[]', '[1,2]', '"text"', '42', 'true']) {
        const res = await expectRefusedAndUnchanged(
          t,
          () => api(method, url, { as: who, headers: { 'content-type': 'application/json' }, payload: text }),
          400,
        );
        expect(res.json(), `${label} ${text}`).toEqual(empty.json());
      }
    }
  });

  it('10 000 levels of nesting as the whole body, and 40 000 inside a field, → 400 in the API.md shape, never a stack overflow', async () => {
    const deepArray = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;
    const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const cases: [string, 'POST' | 'PUT', string, TestUser | undefined, string][] = [
      ['whole body', 'POST', '/auth/login', undefined, deepArray(10_000)],
      ['whole body', 'POST', '/auth/login', undefined, deepObject(10_000)],
      ['e-mail', 'POST', '/auth/login', undefined, `{"email":${deepArray(40_000)}}`],
      ['e-mail', 'POST', '/auth/signup', undefined, `{"email":${deepObject(15_000)}}`],
      ['colours', 'PUT', `/products/${w.productId}`, w.manager, `{"availableColors":[${deepArray(40_000)}]}`],
      ['gallery', 'PUT', `/products/${w.productId}`, w.manager, `{"images":${deepArray(40_000)}}`],
      ['address', 'POST', `/orders/${w.cartId}`, w.user, `{"shippingAddress":${deepArray(40_000)}}`],
      ['address field', 'POST', `/orders/${w.cartId}`, w.user, `{"shippingAddress":{"phone":${deepArray(40_000)}}}`],
      ['product id', 'POST', '/cart', w.user, `{"productId":${deepObject(15_000)}}`],
      ['coupon name', 'PUT', '/cart/applyCoupon', w.user, `{"couponName":${deepArray(40_000)}}`],
    ];
    for (const [label, method, url, who, text] of cases) {
      const res = await expectRefusedAndUnchanged(
        t,
        () => api(method, url, { as: who, headers: { 'content-type': 'application/json' }, payload: text }),
        400,
      );
      expectErrorShape(res, `${method} ${url} (${label})`);
    }
  });
});

describe('content types and sizes', () => {
  const routes = (): [string, 'POST' | 'PUT', string, TestUser | undefined, Record<string, unknown>][] => [
    [
      '/auth/signup',
      'POST',
      '/auth/signup',
      undefined,
      { name: 'عميل جديد', email: 'new@example.com', password: 'secret1', passwordConfirm: 'secret1' },
    ],
    ['/cart', 'POST', '/cart', w.user, { productId: w.productId, color: '#000000' }],
    [
      '/orders/:cartId',
      'POST',
      `/orders/${w.cartId}`,
      w.user,
      { shippingAddress: { details: 'شارع', phone: '01012345678' } },
    ],
    ['/reviews', 'POST', '/reviews', w.other, { product: w.productId, review: 'جيد', rating: 5 }],
    ['/coupons', 'POST', '/coupons', w.manager, { name: 'NEW5', expire: '2030-01-01', discount: 5 }],
    ['/subcategories', 'POST', '/subcategories', w.manager, { name: 'فرعي جديد', category: w.categoryId }],
  ];

  it('a body sent as text/plain, XML, octet-stream or multipart on a JSON-only route → 415 Unsupported Media Type; nothing changed', async () => {
    for (const [label, method, url, who, body] of routes()) {
      const form = multipart(
        Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])),
      );
      for (const [type, payload] of [
        ['text/plain', JSON.stringify(body)],
        ['application/xml', '<body><name>x</name></body>'],
        ['application/octet-stream', JSON.stringify(body)],
        [form.headers['content-type'], form.payload],
      ] as const) {
        const res = await expectRefusedAndUnchanged(
          t,
          () => api(method, url, { as: who, headers: { 'content-type': type }, payload }),
          415,
        );
        expect(res.json(), `${label} as ${type.slice(0, 30)}`).toEqual({
          status: 'fail',
          message: 'Unsupported Media Type',
        });
      }
    }
  });

  it('a JSON or urlencoded body over 100 KB → 413 Request body is too large; nothing changed', async () => {
    const padding = 'x'.repeat(101 * 1024);
    for (const [label, method, url, who, body] of routes()) {
      for (const [type, payload] of [
        ['application/json', JSON.stringify({ ...body, padding })],
        ['application/x-www-form-urlencoded', qs.stringify({ ...body, padding })],
      ]) {
        const res = await expectRefusedAndUnchanged(
          t,
          () => api(method, url, { as: who, headers: { 'content-type': type }, payload }),
          413,
        );
        expect(res.json(), `${label} as ${type}`).toEqual({ status: 'fail', message: 'Request body is too large' });
      }
    }
  });
});

describe('huge queries and URLs', () => {
  it('thousands of query parameters, or thousands of values in one, → 200 or 400 query, never 500', async () => {
    const many = Array.from({ length: 5_000 }, (_, i) => `p${i}=${i}`).join('&');
    const values = Array.from({ length: 5_000 }, () => `category[in][]=${w.categoryId}`).join('&');
    const before = await snapshot(t);
    for (const [url, who] of [
      [`/products?${many}`],
      [`/products?${values}`],
      [`/products?price[in]=${Array(5_000).fill('1').join(',')}`],
      [`/orders?${many}`, w.admin],
      [`/users?${values}`, w.admin],
    ] as const) {
      const res = await api('GET', url, { as: who });
      expect([200, 400], `${url.slice(0, 60)}: ${res.body.slice(0, 200)}`).toContain(res.statusCode);
      if (res.statusCode === 400) expect(res.json().errors[0].location).toBe('query');
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it('a very long URL is answered, never with 500: 1 MB query values (200), a 100 000-character id (414), 50 000 path segments (404)', async () => {
    const before = await snapshot(t);
    for (const [url, status] of [
      [`/products?keyword=${'a'.repeat(1_000_000)}`, 200],
      [`/products?sort=${'price,'.repeat(100_000)}`, 200],
      [`/products/${'a'.repeat(100_000)}`, 414],
      [`/orders/${'a'.repeat(100_000)}/pay`, 414],
      [`/${'a/'.repeat(50_000)}`, 404],
    ] as const) {
      const res = await api(url.includes('/pay') ? 'PUT' : 'GET', url, { as: w.admin });
      expect(res.statusCode, `${url.slice(0, 60)}: ${res.body.slice(0, 200)}`).toBe(status);
      if (status !== 200) expect(res.json()).toEqual({ status: 'fail', message: expect.any(String) });
    }
    expect(await snapshot(t)).toEqual(before);
  });
});
