import { beforeEach, describe, expect, it } from 'vitest';
import { createProduct, useTestApp, type TestUser } from '../helpers';
import { apiClient, buildWorld, shippingAddress, snapshot, type Method, type World } from './world';

/**
 * Nobody reads or changes what belongs to another customer (API.md §4.3, §4.5 holes 4–6): another
 * customer gets 404 for carts, cart lines, orders and addresses (their existence is not revealed)
 * and 403 for reviews; a visitor gets 401; an owner field sent in a body never moves anything.
 */
let w: World;
const t = useTestApp({ paymentsTestMode: true });
const api = apiClient(t);
beforeEach(async () => {
  w = await buildWorld(t);
});

const FORBIDDEN = 'You are not allowed to perform this action';

type Attack = [Method, string, Record<string, unknown>?];

/** Runs each attack as `who`, checks its status and exact message, and that together they changed nothing anywhere. */
async function expectAllRefused(who: TestUser | undefined, attacks: Attack[], status: number, message: string) {
  const before = await snapshot(t);
  for (const [method, url, payload] of attacks) {
    const res = await api(method, url, { as: who, payload });
    expect([res.statusCode, res.json()], `${method} ${url}`).toEqual([status, { status: 'fail', message }]);
  }
  expect(await snapshot(t)).toEqual(before);
}

/** Every row that belongs to `userId`, for checking that requests made by someone else left them alone. */
async function ownedBy(userId: string) {
  const queries = {
    user: 'SELECT u::text AS r FROM users u WHERE id = $1',
    carts: 'SELECT c::text AS r FROM carts c WHERE user_id = $1',
    cartItems: 'SELECT ci::text AS r FROM cart_items ci JOIN carts c ON c.id = ci.cart_id WHERE c.user_id = $1',
    addresses: 'SELECT a::text AS r FROM addresses a WHERE user_id = $1',
    wishlist: 'SELECT x::text AS r FROM wishlist_items x WHERE user_id = $1',
    reviews: 'SELECT rv::text AS r FROM reviews rv WHERE user_id = $1',
    orders: 'SELECT o::text AS r FROM orders o WHERE user_id = $1',
    orderItems: 'SELECT oi::text AS r FROM order_items oi JOIN orders o ON o.id = oi.order_id WHERE o.user_id = $1',
    paymentSessions: 'SELECT p::text AS r FROM payment_sessions p WHERE user_id = $1',
  };
  const rows: Record<string, string[]> = {};
  for (const [name, sql] of Object.entries(queries))
    rows[name] = (await t.db.query<{ r: string }>(`${sql} ORDER BY 1`, [userId])).map((x) => x.r);
  return rows;
}

describe("another customer's things", () => {
  it('another customer cannot change or remove my cart lines, nor order or pay with my cart (404, nothing changed)', async () => {
    await expectAllRefused(
      w.other,
      [
        ['PUT', `/cart/${w.cartItemId}`, { count: 2 }],
        ['PATCH', `/cart/${w.cartItemId}`, { count: 2 }],
        ['DELETE', `/cart/${w.cartItemId}`],
      ],
      404,
      `No Product Cart item found for this id: ${w.cartItemId}`,
    );
    await expectAllRefused(
      w.other,
      [
        ['POST', `/orders/${w.cartId}`, { shippingAddress }],
        ['GET', `/orders/checkout-session/${w.cartId}`],
        ['POST', `/orders/checkout-session/${w.cartId}`, { shippingAddress }],
      ],
      404,
      `There is no cart for this user :${w.other.id}`,
    );
  });

  it('another customer cannot read my order by id (404) nor find it through list filters', async () => {
    await expectAllRefused(w.other, [['GET', `/orders/${w.orderId}`]], 404, `No document for this id ${w.orderId}`);
    for (const query of ['', `?user=${w.user.id}`, `?_id=${w.orderId}`, `?id=1`, '?limit=100']) {
      const res = await api('GET', `/orders${query}`, { as: w.other });
      expect(res.statusCode, query).toBe(200);
      expect(
        res.json().data.map((o: { _id: string }) => o._id),
        query,
      ).toEqual(query === '?id=1' ? [] : [w.otherOrderId]);
    }
  });

  it('another customer cannot read, change or delete my address (404, nothing changed)', async () => {
    const change = { alias: 'مخترق', details: 'عنوان آخر', phone: '01112345678' };
    await expectAllRefused(
      w.other,
      [
        ['GET', `/addresses/${w.addressId}`],
        ['PUT', `/addresses/${w.addressId}`, change],
        ['PATCH', `/addresses/${w.addressId}`, change],
        ['DELETE', `/addresses/${w.addressId}`],
      ],
      404,
      `There is no address for this id ${w.addressId}`,
    );
  });

  it('another customer cannot edit or delete my review, and staff cannot edit it (403, nothing changed)', async () => {
    const edit = { review: 'رأي مزور', rating: 1 };
    const attacks: Attack[] = [
      ['PUT', `/reviews/${w.reviewId}`, edit],
      ['PATCH', `/reviews/${w.reviewId}`, edit],
      ['PUT', `/products/${w.productId}/reviews/${w.reviewId}`, edit],
      ['PATCH', `/products/${w.productId}/reviews/${w.reviewId}`, edit],
    ];
    await expectAllRefused(
      w.other,
      [...attacks, ['DELETE', `/reviews/${w.reviewId}`], ['DELETE', `/products/${w.productId}/reviews/${w.reviewId}`]],
      403,
      FORBIDDEN,
    );
    // Staff may delete any review (reviews.test.ts), but never put words in a customer's mouth.
    for (const staff of [w.manager, w.admin]) await expectAllRefused(staff, attacks, 403, FORBIDDEN);
  });

  it("a visitor cannot read or change anyone's cart, orders, addresses, wishlist or reviews (401, nothing changed)", async () => {
    await expectAllRefused(
      undefined,
      [
        ['GET', '/cart'],
        ['POST', '/cart', { productId: w.productId }],
        ['PUT', `/cart/${w.cartItemId}`, { count: 2 }],
        ['DELETE', `/cart/${w.cartItemId}`],
        ['DELETE', '/cart'],
        ['PUT', '/cart/applyCoupon', { couponName: 'WORLD10' }],
        ['POST', `/orders/${w.cartId}`, { shippingAddress }],
        ['GET', `/orders/checkout-session/${w.cartId}`],
        ['GET', '/orders'],
        ['GET', `/orders/${w.orderId}`],
        ['GET', '/addresses'],
        ['GET', `/addresses/${w.addressId}`],
        ['PUT', `/addresses/${w.addressId}`, { alias: 'x' }],
        ['DELETE', `/addresses/${w.addressId}`],
        ['GET', '/wishlist'],
        ['DELETE', `/wishlist/${w.productId}`],
        ['POST', '/reviews', { product: w.productId, review: 'r', rating: 5 }],
        ['PUT', `/reviews/${w.reviewId}`, { rating: 1 }],
        ['DELETE', `/reviews/${w.reviewId}`],
      ],
      401,
      'You are not logged in. Please login to get access',
    );
  });
});

describe('per-account endpoints act on the caller only', () => {
  it("another customer's GET /cart, /orders, /addresses and /wishlist show only their own things, whatever the query says", async () => {
    const otherProduct = await createProduct(t, { categoryId: w.categoryId, price: 5 });
    await api('POST', '/wishlist', { as: w.user, payload: { productId: otherProduct } });
    const query = `?user=${w.user.id}&cartOwner=${w.user.id}&userId=${w.user.id}`;

    const cart = (await api('GET', `/cart${query}`, { as: w.other })).json();
    expect(cart.data).toMatchObject({ _id: w.otherCartId, cartOwner: w.other.id });
    expect(cart.data.products.map((l: { _id: string }) => l._id)).toEqual([w.otherCartItemId]);
    const orders = (await api('GET', `/orders${query}`, { as: w.other })).json();
    expect(orders.data.map((o: { _id: string; user: { _id: string } }) => [o._id, o.user._id])).toEqual([
      [w.otherOrderId, w.other.id],
    ]);
    const addresses = (await api('GET', `/addresses${query}`, { as: w.other })).json();
    expect(addresses.data.map((a: { _id: string }) => a._id)).toEqual([w.otherAddressId]);
    const wishlist = (await api('GET', `/wishlist${query}`, { as: w.other })).json();
    expect(wishlist.data.map((p: { _id: string }) => p._id)).toEqual([w.productId]);
  });

  it('another customer clearing their cart, dropping their coupon or removing a product from their wishlist leaves mine as it was', async () => {
    await api('PUT', '/cart/applyCoupon', { as: w.user, payload: { couponName: 'WORLD10' } });
    const mine = await ownedBy(w.user.id);
    expect(mine.wishlist).toHaveLength(1);
    expect(mine.carts[0]).toContain(w.couponId);

    const removed = await api('DELETE', `/wishlist/${w.productId}`, { as: w.other });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toEqual([]);
    expect((await api('PUT', '/cart/applyCoupon', { as: w.other, payload: { couponName: 'NOPE' } })).statusCode).toBe(
      400,
    );
    expect((await api('DELETE', '/cart', { as: w.other })).statusCode).toBe(204);

    expect(await ownedBy(w.user.id)).toEqual(mine);
    expect((await ownedBy(w.other.id)).wishlist).toEqual([]);
    expect((await ownedBy(w.other.id)).carts).toEqual([]);
  });
});

describe('owner fields smuggled into bodies', () => {
  it("a user, owner or cart id sent in a body never makes anything mine another customer's, nor theirs mine", async () => {
    const productId = await createProduct(t, { categoryId: w.categoryId, price: 20 });
    const secondProductId = await createProduct(t, { categoryId: w.categoryId, price: 30 });
    const mine = await ownedBy(w.user.id);
    const owner = {
      user: w.user.id,
      userId: w.user.id,
      user_id: w.user.id,
      owner: w.user.id,
      cartOwner: w.user.id,
      cartId: w.cartId,
      _id: w.cartId,
    };
    const ok = async (method: Method, url: string, payload: Record<string, unknown>, status = 200) => {
      const res = await api(method, url, { as: w.other, payload: { ...owner, ...payload } });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
      return res.json();
    };

    // Each of these acts on the caller's own things, whatever the body says.
    const review = (await ok('POST', '/reviews', { product: productId, review: 'جيد', rating: 5 }, 201)).data;
    expect(review.user._id).toBe(w.other.id);
    expect(
      (await ok('POST', `/products/${secondProductId}/reviews`, { review: 'جيد', rating: 4 }, 201)).data.user._id,
    ).toBe(w.other.id);
    expect((await ok('PUT', `/reviews/${w.otherReviewId}`, { review: 'معدل' })).data.user._id).toBe(w.other.id);
    await ok('POST', '/addresses', { alias: 'العمل', details: 'مكتب', phone: '01012345678' });
    await ok('PUT', `/addresses/${w.otherAddressId}`, { city: 'طنطا' });
    const cart = (await ok('POST', '/cart', { productId })).data;
    expect(cart).toMatchObject({ _id: w.otherCartId, cartOwner: w.other.id });
    await ok('PUT', `/cart/${w.otherCartItemId}`, { count: 2 });
    await ok('POST', '/wishlist', { productId });
    const order = (await ok('POST', `/orders/${w.otherCartId}`, { shippingAddress }, 201)).data;
    expect(order.user._id).toBe(w.other.id);

    expect(await ownedBy(w.user.id)).toEqual(mine);
    const theirs = await ownedBy(w.other.id);
    expect(theirs.reviews).toHaveLength(3);
    expect(theirs.addresses).toHaveLength(2);
    expect(theirs.orders).toHaveLength(2);
    expect(theirs.wishlist).toHaveLength(2);
  });
});
