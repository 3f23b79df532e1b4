import { beforeEach, expect } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  createBrand,
  createCategory,
  createCoupon,
  createProduct,
  createUser,
  useTestApp,
  type TestUser,
} from '../helpers';

/**
 * Shared set-up of the contract tests (tests/server/contract/*.test.ts): the cross-cutting rules of API.md that
 * no single module owns, split by resource.
 */

export const MISSING = '00000000-0000-4000-8000-000000000000';
export const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const TIMESTAMP_KEYS = new Set(['createdAt', 'updatedAt', 'expire', 'paidAt', 'deliveredAt']);
const MONEY_KEYS = new Set([
  'price',
  'priceAfterDiscount',
  'totalCartPrice',
  'totalAfterDiscount',
  'totalOrderPrice',
  'taxPrice',
  'shippingPrice',
]);
const IMAGE_KEYS = new Set(['image', 'imageCover', 'profileImg']);
const SECRET_KEYS = [
  'password',
  'password_hash',
  'passwordHash',
  'passwordChangedAt',
  'passwordResetCode',
  'passwordResetExpires',
  'resetCodeVerified',
  '__v',
];

/**
 * Walks an answer and checks the conventions of §0 on every object in it: no null (absent values
 * are left out), no `__v` or secrets, ids never "0", ISO timestamps with milliseconds, money with at
 * most 2 decimals and absolute image URLs.
 */
export function assertConventions(value: unknown, path = '$') {
  if (value === null) throw new Error(`null at ${path}`);
  if (Array.isArray(value)) {
    value.forEach((v, i) => assertConventions(v, `${path}[${i}]`));
    return;
  }
  if (typeof value !== 'object' || value === undefined) return;
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const at = `${path}.${key}`;
    expect(SECRET_KEYS, at).not.toContain(key);
    if (key === '_id') {
      expect(typeof v, at).toBe('string');
      expect(v, at).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
      expect(v, at).not.toBe('0');
    }
    if (TIMESTAMP_KEYS.has(key)) expect(v, at).toMatch(ISO_MS);
    if (MONEY_KEYS.has(key)) {
      expect(typeof v, at).toBe('number');
      expect(Math.round((v as number) * 100) / 100, at).toBe(v);
    }
    if (IMAGE_KEYS.has(key)) expect(v, at).toMatch(/^https?:\/\//);
    if (key === 'images') for (const img of v as string[]) expect(img, at).toMatch(/^https?:\/\//);
    assertConventions(v, at);
  }
}

export interface ContractPeople {
  user: TestUser;
  other: TestUser;
  manager: TestUser;
  admin: TestUser;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The app and, before each test, two customers, a manager and an admin in `people`. */
export function useContractApp() {
  // Card checkout goes to the built-in test page (in a shop without it, card checkout is refused: payments.test.ts).
  const t = useTestApp({ paymentsTestMode: true });
  const people = {} as ContractPeople;
  beforeEach(async () => {
    people.user = await createUser(t);
    people.other = await createUser(t);
    people.manager = await createUser(t, { role: 'manager' });
    people.admin = await createUser(t, { role: 'admin' });
  });

  const api = (method: Method, url: string, options: Omit<InjectOptions, 'method' | 'url'> = {}) =>
    t.app.inject({ method, url: `/api/v1${url}`, ...options });
  const as = (who: TestUser, options: Omit<InjectOptions, 'method' | 'url'> = {}) => ({
    ...options,
    headers: { ...who.auth, ...(options.headers as object) },
  });

  function expectOk(res: LightMyRequestResponse, status = 200) {
    expect(res.statusCode, res.body).toBe(status);
    if (res.body) assertConventions(res.json());
  }

  /** A customer with one cart line, a coupon applied and an address; returns what the other tests need. */
  async function shopScene() {
    const categoryId = await createCategory(t, 'ملابس');
    const brandId = await createBrand(t, 'ماركة');
    const productId = await createProduct(t, {
      title: 'قميص',
      price: 99.99,
      priceAfterDiscount: 33.33,
      colors: ['#000000'],
      categoryId,
      brandId,
    });
    await createCoupon(t, { name: 'SALE7', discount: 7 });
    const added = await api('POST', '/cart', as(people.user, { payload: { productId, color: '#000000' } }));
    expect(added.statusCode).toBe(200);
    const cart = added.json().data;
    await api('PUT', `/cart/${cart.products[0]._id}`, as(people.user, { payload: { count: '3' } }));
    const applied = await api('PUT', '/cart/applyCoupon', as(people.user, { payload: { couponName: 'sale7' } }));
    expect(applied.statusCode).toBe(200);
    return { categoryId, brandId, productId, cartId: cart._id as string, lineId: cart.products[0]._id as string };
  }

  /** The number of rows of each table, in one round trip (the fuzz sweep takes it after every request). */
  async function rowCounts(): Promise<Record<string, number>> {
    const tables = [
      'users',
      'categories',
      'subcategories',
      'brands',
      'products',
      'reviews',
      'coupons',
      'addresses',
      'wishlist_items',
      'carts',
      'cart_items',
      'orders',
    ];
    const counts = tables.map((table) => `(SELECT count(*)::int FROM ${table}) AS ${table}`);
    return (await t.db.one<Record<string, number>>(`SELECT ${counts.join(', ')}`))!;
  }

  async function cashOrder(who = people.user) {
    const productId = await createProduct(t, { price: 50 });
    const cart = (await api('POST', '/cart', as(who, { payload: { productId } }))).json().data;
    const res = await api(
      'POST',
      `/orders/${cart._id}`,
      as(who, { payload: { shippingAddress: { details: 'البيت', phone: '01012345678' } } }),
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data._id as string;
  }

  return { t, people, api, as, expectOk, shopScene, rowCounts, cashOrder };
}
