import { beforeEach, describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from 'vitest';
import {
  createCoupon,
  createProduct,
  createTestApp,
  createUser,
  useTestApp,
  type TestContext,
  type TestUser,
} from './helpers';

let user: TestUser;
const t = useTestApp();
beforeEach(async () => {
  user = await createUser(t, { name: 'علي', phone: '01011112222' });
});

const MISSING = '00000000-0000-4000-8000-000000000000';
const address = { details: 'المنزل', phone: '01012345678', city: '', postalCode: '' };
const addToCart = async (productId: string, who = user) =>
  (await t.app.inject({ method: 'POST', url: '/api/v1/cart', headers: who.auth, payload: { productId } })).json().data;
const cashOrder = (cartId: string, payload: Record<string, unknown> = { shippingAddress: address }, who = user) =>
  t.app.inject({ method: 'POST', url: `/api/v1/orders/${cartId}`, headers: who.auth, payload });
const stock = async (id: string) =>
  t.db.one<{ quantity: number; sold: number }>('SELECT quantity, sold FROM products WHERE id = $1', [id]);

describe('cash orders', () => {
  it('creates the order in one go: populated answer, stock moved, cart gone, numbers increment', async () => {
    const product = await createProduct(t, { title: 'هاتف', price: 100, priceAfterDiscount: 90, quantity: 5 });
    await createCoupon(t, { name: 'TEN', discount: 10 });
    await addToCart(product);
    const cart = await addToCart(product);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/cart/applyCoupon',
      headers: user.auth,
      payload: { couponName: 'ten' },
    });

    const res = await cashOrder(cart._id, { shippingAddress: address, totalOrderPrice: 1, isPaid: true });
    expect(res.statusCode).toBe(201);
    const { status, data } = res.json();
    expect(status).toBe('success');
    expect(data).toMatchObject({
      id: 1,
      paymentMethodType: 'cash',
      isPaid: false,
      isDelivered: false,
      user: { _id: user.id, name: 'علي', email: user.email, phone: '01011112222' },
      shippingAddress: address,
      // Prices include VAT (14 % by default): 162 × 14 / 114 = 19.894… of the 162 EGP is VAT.
      taxPrice: 19.89,
      shippingPrice: 0,
      cashFee: 0,
      totalOrderPrice: 162,
      coupon: 'TEN',
    });
    expect(data).not.toHaveProperty('paidAt');
    expect(data.cartItems).toEqual([
      {
        _id: expect.any(String),
        count: 2,
        color: '',
        price: 90,
        product: expect.objectContaining({
          _id: product,
          title: 'هاتف',
          imageCover: 'http://shop.test/products/cover.webp',
          category: expect.any(Object),
        }),
      },
    ]);
    expect(await stock(product)).toEqual({ quantity: 3, sold: 2 });
    expect(await t.db.query('SELECT id FROM carts')).toHaveLength(0);

    const again = await addToCart(product);
    const second = await cashOrder(again._id);
    expect(second.json().data.id).toBe(2);
  });

  it('validates the shipping address and cart ownership', async () => {
    const product = await createProduct(t);
    const cart = await addToCart(product);
    let res = await cashOrder(cart._id, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        type: 'field',
        msg: 'shippingAddress is required',
        path: 'shippingAddress',
        param: 'shippingAddress',
        location: 'body',
      },
    ]);
    res = await cashOrder(cart._id, { shippingAddress: { phone: '01012345678' } });
    expect(res.json().errors[0]).toMatchObject({
      path: 'shippingAddress.details',
      msg: 'shippingAddress.details is required',
    });
    res = await cashOrder(cart._id, { shippingAddress: { details: 'x' } });
    expect(res.json().errors[0]).toMatchObject({
      path: 'shippingAddress.phone',
      msg: 'shippingAddress.phone is required',
    });
    res = await cashOrder(cart._id, { shippingAddress: { details: 'x', phone: '999' } });
    expect(res.json().errors[0].msg).toBe('accept only egypt phone numbers');
    res = await cashOrder('0');
    expect(res.json().errors[0]).toMatchObject({ msg: 'Invalid ID formate', location: 'params', path: 'cartId' });

    const other = await createUser(t);
    res = await cashOrder(cart._id, { shippingAddress: address }, other);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(`There is no cart for this user :${other.id}`);
    res = await cashOrder(MISSING);
    expect(res.statusCode).toBe(404);
    const staff = await createUser(t, { role: 'admin' });
    expect((await cashOrder(cart._id, { shippingAddress: address }, staff)).statusCode).toBe(403);
    expect(await t.db.query('SELECT id FROM orders')).toHaveLength(0);
    expect(await stock(product)).toEqual({ quantity: 10, sold: 0 });
  });

  it('refuses an empty cart', async () => {
    const product = await createProduct(t);
    const cart = await addToCart(product);
    await t.app.inject({ method: 'DELETE', url: `/api/v1/cart/${cart.products[0]._id}`, headers: user.auth });
    const res = await cashOrder(cart._id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'fail', message: 'Cart is empty' });
  });

  it('refuses when stock ran out, changing nothing', async () => {
    const product = await createProduct(t, { title: 'كتاب', quantity: 2 });
    await addToCart(product);
    const cart = await addToCart(product);
    await t.db.query('UPDATE products SET quantity = 1 WHERE id = $1', [product]);
    const res = await cashOrder(cart._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Not enough stock for product: كتاب');
    expect(await stock(product)).toEqual({ quantity: 1, sold: 0 });
    expect(await t.db.query('SELECT id FROM orders')).toHaveLength(0);
    expect(await t.db.query('SELECT count FROM cart_items')).toEqual([{ count: 2 }]);
  });

  it('refreshes a cart whose prices changed and answers 409 without an order', async () => {
    const product = await createProduct(t, { price: 100 });
    await createCoupon(t, { name: 'HALF', discount: 50 });
    const cart = await addToCart(product);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/cart/applyCoupon',
      headers: user.auth,
      payload: { couponName: 'HALF' },
    });
    await t.db.query('UPDATE products SET price_after_discount = 8000 WHERE id = $1', [product]);

    const res = await cashOrder(cart._id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 'fail', message: 'Cart prices have changed, please review your cart' });
    const refreshed = (await t.app.inject({ method: 'GET', url: '/api/v1/cart', headers: user.auth })).json().data;
    expect(refreshed).toMatchObject({ totalCartPrice: 80, totalAfterDiscount: 40, coupon: 'HALF' });
    expect(refreshed.products[0].price).toBe(80);
    expect(await t.db.query('SELECT id FROM orders')).toHaveLength(0);
    expect(await stock(product)).toEqual({ quantity: 10, sold: 0 });

    // The refreshed cart now orders at the new price.
    const ok = await cashOrder(cart._id);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.totalOrderPrice).toBe(40);
  });

  it('drops an expired coupon at checkout with 409', async () => {
    const product = await createProduct(t, { price: 100 });
    const coupon = await createCoupon(t, { name: 'SOON', discount: 10 });
    const cart = await addToCart(product);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/cart/applyCoupon',
      headers: user.auth,
      payload: { couponName: 'SOON' },
    });
    await t.db.query("UPDATE coupons SET expire = now() - interval '1 second' WHERE id = $1", [coupon]);
    const res = await cashOrder(cart._id);
    expect(res.statusCode).toBe(409);
    const refreshed = (await t.app.inject({ method: 'GET', url: '/api/v1/cart', headers: user.auth })).json().data;
    expect(refreshed).not.toHaveProperty('coupon');
    expect((await cashOrder(cart._id)).json().data.totalOrderPrice).toBe(100);
  });

  it('sells the last item once when two customers order at the same time', async () => {
    const product = await createProduct(t, { quantity: 1 });
    const other = await createUser(t);
    const cartA = await addToCart(product);
    const cartB = await addToCart(product, other);
    const results = await Promise.all([
      cashOrder(cartA._id),
      cashOrder(cartB._id, { shippingAddress: address }, other),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await stock(product)).toEqual({ quantity: 0, sold: 1 });
    expect(await t.db.query('SELECT id FROM orders')).toHaveLength(1);
  });
});

describe('reading and updating orders', () => {
  async function placeOrder(who: TestUser) {
    const product = await createProduct(t, { price: 10 });
    const cart = await addToCart(product, who);
    return (await cashOrder(cart._id, { shippingAddress: address }, who)).json().data;
  }

  it('lists own orders for users and all for staff, with pagination and filters', async () => {
    const other = await createUser(t);
    const admin = await createUser(t, { role: 'admin' });
    const mine = await placeOrder(user);
    // PGlite's clock ticks in milliseconds: make "newest first" independent of how fast the two orders were placed.
    await t.db.query(`UPDATE orders SET created_at = created_at - interval '1 minute' WHERE id = $1`, [mine._id]);
    const theirs = await placeOrder(other);

    let res = await t.app.inject({ method: 'GET', url: '/api/v1/orders?limit=5&page=', headers: user.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ results: 1, paginationResult: { currentPage: 1, limit: 5, numberOfPages: 1 } });
    expect(res.json().data.map((o: { _id: string }) => o._id)).toEqual([mine._id]);
    // `user` is not a filter for customers
    res = await t.app.inject({ method: 'GET', url: `/api/v1/orders?user=${other.id}`, headers: user.auth });
    expect(res.json().data.map((o: { _id: string }) => o._id)).toEqual([mine._id]);

    res = await t.app.inject({ method: 'GET', url: '/api/v1/orders?limit=1', headers: admin.auth });
    expect(res.json()).toMatchObject({ results: 2, paginationResult: { numberOfPages: 2, nextPage: 2 } });
    expect(res.json().data[0]._id).toBe(theirs._id); // newest first
    res = await t.app.inject({ method: 'GET', url: `/api/v1/orders?user=${user.id}`, headers: admin.auth });
    expect(res.json().data.map((o: { _id: string }) => o._id)).toEqual([mine._id]);
    res = await t.app.inject({ method: 'GET', url: '/api/v1/orders?isPaid=maybe', headers: admin.auth });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].location).toBe('query');
  });

  it('shows an order to its owner and staff only', async () => {
    const other = await createUser(t);
    const manager = await createUser(t, { role: 'manager' });
    const order = await placeOrder(user);
    let res = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${order._id}`, headers: user.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(order);
    res = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${order._id}`, headers: manager.auth });
    expect(res.json().data._id).toBe(order._id);
    for (const id of [order._id, MISSING]) {
      res = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${id}`, headers: other.auth });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(`No document for this id ${id}`);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/orders' })).statusCode).toBe(401);
  });

  it('keeps snapshots when the user and product are deleted', async () => {
    const order = await placeOrder(user);
    await t.db.query('DELETE FROM products');
    await t.db.query('DELETE FROM users WHERE id = $1', [user.id]);
    const admin = await createUser(t, { role: 'admin' });
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${order._id}`, headers: admin.auth });
    expect(res.json().data.user).toEqual(order.user);
    expect(res.json().data.cartItems[0].product).toEqual(order.cartItems[0].product);
  });

  it('marks orders paid and delivered (staff only, once, no body)', async () => {
    const order = await placeOrder(user);
    const manager = await createUser(t, { role: 'manager' });
    let res = await t.app.inject({ method: 'PUT', url: `/api/v1/orders/${order._id}/pay`, headers: user.auth });
    expect(res.statusCode).toBe(403);
    res = await t.app.inject({ method: 'PUT', url: `/api/v1/orders/${order._id}/pay`, headers: manager.auth });
    expect(res.statusCode).toBe(200);
    const paid = res.json();
    expect(paid.status).toBe('Success');
    expect(paid.data).toMatchObject({ isPaid: true, isDelivered: false, paidAt: expect.any(String) });
    res = await t.app.inject({ method: 'PATCH', url: `/api/v1/orders/${order._id}/pay`, headers: manager.auth });
    expect(res.json().data.paidAt).toBe(paid.data.paidAt);

    res = await t.app.inject({ method: 'PUT', url: `/api/v1/orders/${order._id}/deliver`, headers: manager.auth });
    expect(res.json().data).toMatchObject({ isPaid: true, isDelivered: true, deliveredAt: expect.any(String) });

    res = await t.app.inject({ method: 'PUT', url: `/api/v1/orders/${MISSING}/deliver`, headers: manager.auth });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(`There is no order for this id: ${MISSING}`);
  });
});

describe('totals past the int range (two of a 12,000,000 EGP product)', () => {
  let big: TestContext;
  let buyer: TestUser;
  beforeAll(async () => {
    big = await createTestApp({ paymentsTestMode: true });
    buyer = await createUser(big);
  });
  afterAll(() => big.close());

  it('apply-coupon, the cash order and the card session answer with exact totals (no overflow)', async () => {
    const product = await createProduct(big, { price: 12_000_000, quantity: 10 });
    await createCoupon(big, { name: 'BIG5', discount: 5 });
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
      big.app.inject({ method, url: `/api/v1${url}`, headers: buyer.auth, payload });
    await call('POST', '/cart', { productId: product });
    const cart = (await call('POST', '/cart', { productId: product })).json().data;
    expect(cart.totalCartPrice).toBe(24_000_000);

    let res = await call('PUT', '/cart/applyCoupon', { couponName: 'BIG5' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.totalAfterDiscount).toBe(22_800_000);

    res = await call('GET', `/orders/checkout-session/${cart._id}`);
    expect(res.statusCode).toBe(200);
    expect((await big.db.one('SELECT total FROM payment_sessions'))!.total).toBe(2_280_000_000);

    res = await call('POST', `/orders/${cart._id}`, { shippingAddress: address });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.totalOrderPrice).toBe(22_800_000);
    res = await call('GET', '/orders?totalOrderPrice[gte]=22800000');
    expect(res.json().results).toBe(1);
  });
});
