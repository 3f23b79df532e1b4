import { expect } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  createBrand,
  createCategory,
  createCoupon,
  createProduct,
  createSubcategory,
  createUser,
  DERIVED_TABLES,
  dataTables,
  emptyTablesSql,
  type TestContext,
  type TestUser,
} from '../helpers';
import { orderMailsSettled } from '../../../server/mail/orderMail';

/**
 * The shared scene of the security tests: one of each actor and, for the two customers, one of
 * each thing a customer owns (cart with a line, address, wishlist entry, review, order). Attacks
 * are made by `other` (or a visitor) against `user`'s things; `snapshot` proves nothing changed.
 */
export interface World {
  user: TestUser;
  other: TestUser;
  manager: TestUser;
  admin: TestUser;
  categoryId: string;
  subcategoryId: string;
  brandId: string;
  productId: string;
  couponId: string;
  /** `user`'s things. */
  cartId: string;
  cartItemId: string;
  addressId: string;
  reviewId: string;
  orderId: string;
  /** `other`'s things. */
  otherCartId: string;
  otherCartItemId: string;
  otherAddressId: string;
  otherReviewId: string;
  otherOrderId: string;
}

/** A valid delivery address for cash orders and card sessions. */
export const shippingAddress = { details: 'شارع النيل', phone: '01012345678', city: 'القاهرة', postalCode: '' };

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Actor = 'visitor' | 'user' | 'other' | 'manager' | 'admin';

export function apiClient(t: TestContext) {
  return (method: Method, url: string, options: Omit<InjectOptions, 'method' | 'url'> & { as?: TestUser } = {}) => {
    const { as, headers, ...rest } = options;
    return t.app.inject({
      method,
      url: `/api/v1${url}`,
      ...rest,
      headers: { ...(as?.auth ?? {}), ...(headers as object) },
    });
  };
}

export async function buildWorld(t: TestContext): Promise<World> {
  const api = apiClient(t);
  const [user, other, manager, admin] = [
    await createUser(t),
    await createUser(t),
    await createUser(t, { role: 'manager' }),
    await createUser(t, { role: 'admin' }),
  ];
  const categoryId = await createCategory(t);
  const subcategoryId = await createSubcategory(t, categoryId);
  const brandId = await createBrand(t);
  const productId = await createProduct(t, { categoryId, brandId, price: 100, quantity: 50, colors: ['#000000'] });
  const orderedProductId = await createProduct(t, { categoryId, brandId, price: 60, quantity: 50 });
  const couponId = await createCoupon(t, { name: 'WORLD10', discount: 10 });

  const ok = (res: LightMyRequestResponse, status = 200) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.body ? res.json() : undefined;
  };
  const owned = async (who: TestUser) => {
    // An order first (it empties the cart), then a cart that stays.
    ok(await api('POST', '/cart', { as: who, payload: { productId: orderedProductId } }));
    const firstCart = (await api('GET', '/cart', { as: who })).json().data;
    const order = ok(
      await api('POST', `/orders/${firstCart._id}`, { as: who, payload: { shippingAddress } }),
      201,
    ).data;
    const cart = ok(await api('POST', '/cart', { as: who, payload: { productId, color: '#000000' } })).data;
    const address = ok(
      await api('POST', '/addresses', {
        as: who,
        payload: {
          alias: 'المنزل',
          details: 'شارع التحرير',
          phone: '01012345678',
          city: 'الجيزة',
          postalCode: '12345',
        },
      }),
    ).data;
    ok(await api('POST', '/wishlist', { as: who, payload: { productId } }));
    const review = ok(
      await api('POST', '/reviews', { as: who, payload: { product: productId, review: 'منتج جيد', rating: 4 } }),
      201,
    ).data;
    return {
      cartId: cart._id as string,
      cartItemId: cart.products[0]._id as string,
      addressId: (address.at(-1) ?? address)._id as string,
      reviewId: review._id as string,
      orderId: order._id as string,
    };
  };
  const mine = await owned(user);
  const theirs = await owned(other);
  return {
    user,
    other,
    manager,
    admin,
    categoryId,
    subcategoryId,
    brandId,
    productId,
    couponId,
    ...mine,
    otherCartId: theirs.cartId,
    otherCartItemId: theirs.cartItemId,
    otherAddressId: theirs.addressId,
    otherReviewId: theirs.reviewId,
    otherOrderId: theirs.orderId,
  };
}

/** Every data table, parents before children, so saved rows go back in without breaking a foreign key. */
const parentsFirst = async (t: TestContext) => [...(await dataTables(t.db))].reverse();

/**
 * A fingerprint of every row of every table, one value per table, in one round trip (cheap enough to
 * take around every request). Equal snapshots before and after a request mean it changed nothing.
 */
export async function snapshot(t: TestContext): Promise<Record<string, string>> {
  // Tables the triggers fill are left out: they follow the tables they are made from, which are compared, and on
  // PostgreSQL their rows depend on the connection that wrote them (daily_sales' slot is its backend's pid).
  const tables = (await parentsFirst(t)).filter((table) => !DERIVED_TABLES.includes(table));
  const columns = tables.map(
    (table) => `(SELECT coalesce(md5(string_agg(x::text, ',' ORDER BY x::text)), '') FROM ${table} x) AS ${table}`,
  );
  return (await t.db.one<Record<string, string>>(`SELECT ${columns.join(', ')}`))!;
}

/**
 * Saves every row of the scene as it is now; the returned function puts exactly that back (ids,
 * tokens and the next order number included), far faster than building the world again.
 */
export async function saveScene(t: TestContext): Promise<() => Promise<void>> {
  const tables = await parentsFirst(t);
  const { last_value: orderNumber } = (await t.db.one<{ last_value: string }>(
    'SELECT last_value FROM order_number_seq',
  ))!;
  await t.db.exec(`DROP SCHEMA IF EXISTS saved_scene CASCADE; CREATE SCHEMA saved_scene;
    ${tables.map((table) => `CREATE TABLE saved_scene.${table} AS SELECT * FROM ${table};`).join('\n')}`);
  // Generated columns (products.effective_price) are computed again, never inserted.
  const columns = new Map(
    (
      await t.db.query<{ table_name: string; list: string }>(
        `SELECT table_name, string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position) AS list FROM information_schema.columns
       WHERE table_schema = current_schema() AND is_generated = 'NEVER' AND table_name = ANY($1) GROUP BY table_name`,
        [tables],
      )
    ).map((r) => [r.table_name, r.list]),
  );
  const restoreSql = `${await emptyTablesSql(t.db)}
    ${tables
      .filter((table) => !DERIVED_TABLES.includes(table))
      .map(
        (table) =>
          // A product inserted gets an implicit variant (migration 034): the saved variants replace those.
          `${table === 'product_variants' ? 'DELETE FROM product_variants;' : ''}
          INSERT INTO ${table} (${columns.get(table)}) SELECT ${columns.get(table)} FROM saved_scene.${table};`,
      )
      .join('\n')}
    SELECT setval('order_number_seq', ${Number(orderNumber)});`;
  return async () => {
    // As in resetDb: background order e-mails finish reading before the tables are truncated under them.
    await orderMailsSettled();
    await t.db.exec(restoreSql);
  };
}

/** Runs `attack` and checks its status and that no row anywhere changed. */
export async function expectRefusedAndUnchanged(
  t: TestContext,
  attack: () => Promise<LightMyRequestResponse>,
  status: number | number[],
) {
  const before = await snapshot(t);
  const res = await attack();
  expect([status].flat(), `${res.statusCode} ${res.body}`).toContain(res.statusCode);
  expect(await snapshot(t)).toEqual(before);
  return res;
}
