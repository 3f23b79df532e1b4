import { beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createCoupon, createProduct, useTestApp } from '../helpers';
import { apiClient, buildWorld, shippingAddress, snapshot, type World } from './world';

/**
 * The shop's money and stock rules cannot be bent by a shopper (API.md §6.2–§6.4, §4.5 hole 13):
 * prices, totals, payment state and stock come from the server only; counts must be sane; coupons
 * discount once, from the current total, and never outlive a change to the cart or to a price.
 */
let w: World;
const t = useTestApp({ paymentsTestMode: true });
const api = apiClient(t);
beforeEach(async () => {
  w = await buildWorld(t);
});

const product = async (id: string) =>
  (await t.db.one<{ title: string; price: number; quantity: number; sold: number }>(
    'SELECT title, price, quantity, sold FROM products WHERE id = $1',
    [id],
  ))!;
const cartOf = async () => (await api('GET', '/cart', { as: w.user })).json().data;

/** Sends each value through `attack` and checks its answer; together they must change nothing anywhere. */
async function expectEachRefused<T>(
  values: T[],
  attack: (value: T) => Promise<LightMyRequestResponse>,
  status: number,
  body: (value: T) => unknown,
) {
  const before = await snapshot(t);
  for (const value of values) {
    const res = await attack(value);
    expect([res.statusCode, res.json()], JSON.stringify(value)).toEqual([status, body(value)]);
  }
  expect(await snapshot(t)).toEqual(before);
}

/** Everything a shopper might try to set that only the server may decide. */
const FORGED = {
  price: 0.01,
  priceAfterDiscount: 0.01,
  totalCartPrice: 0.01,
  totalOrderPrice: 0.01,
  totalAfterDiscount: 0.01,
  taxPrice: -500,
  shippingPrice: -500,
  isPaid: true,
  paidAt: '2020-01-01T00:00:00.000Z',
  isDelivered: true,
  deliveredAt: '2020-01-01T00:00:00.000Z',
  user: 'x',
  sold: 0,
  quantity: 1_000_000,
  coupon: 'WORLD10',
  discount: 100,
  paymentMethodType: 'card',
  oversold: true,
  id: 999,
  cartItems: [{ product: 'x', count: 1, price: 0.01 }],
};

describe('the server sets every price, total and state', () => {
  it('prices, totals, payment and delivery state, owner and stock sent in cart and order bodies are ignored: the order costs price × count', async () => {
    const forged = { ...FORGED, user: w.other.id, cartItems: [{ product: w.productId, count: 1, price: 0.01 }] };
    const { price } = await product(w.productId);

    let res = await api('POST', '/cart', {
      as: w.user,
      payload: { ...forged, productId: w.productId, color: '#000000', count: 40 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.products[0]).toMatchObject({ count: 2, price: price / 100 });
    res = await api('PUT', `/cart/${w.cartItemId}`, { as: w.user, payload: { ...forged, count: 3 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ cartOwner: w.user.id, totalCartPrice: (price * 3) / 100 });
    expect(res.json().data).not.toHaveProperty('coupon');
    expect(res.json().data).not.toHaveProperty('totalAfterDiscount');

    res = await api('POST', `/orders/${w.cartId}`, { as: w.user, payload: { ...forged, shippingAddress } });
    expect(res.statusCode).toBe(201);
    const order = res.json().data;
    expect(order).toMatchObject({
      id: 3,
      user: { _id: w.user.id },
      paymentMethodType: 'cash',
      isPaid: false,
      isDelivered: false,
      // The VAT included in the total (14 %): total × 14 / 114, to the piastre.
      taxPrice: Math.round((price * 3 * 14) / 114) / 100,
      shippingPrice: 0,
      totalOrderPrice: (price * 3) / 100,
    });
    for (const key of ['paidAt', 'deliveredAt', 'coupon', 'oversold']) expect(order).not.toHaveProperty(key);
    expect(order.cartItems.map((i: { count: number; price: number }) => [i.count, i.price])).toEqual([
      [3, price / 100],
    ]);
    expect(
      await t.db.one(
        'SELECT total_order_price, is_paid, is_delivered, paid_at, delivered_at FROM orders WHERE id = $1',
        [order._id],
      ),
    ).toEqual({
      total_order_price: price * 3,
      is_paid: false,
      is_delivered: false,
      paid_at: null,
      delivered_at: null,
    });
    expect(await product(w.productId)).toMatchObject({ price, quantity: 50 - 3, sold: 3 });

    // Card checkout: the payment session asks for the server's total too.
    const cart = (
      await api('POST', '/cart', { as: w.user, payload: { productId: w.productId, color: '#000000' } })
    ).json().data;
    res = await api('POST', `/orders/checkout-session/${cart._id}`, {
      as: w.user,
      payload: { ...forged, shippingAddress },
    });
    expect(res.statusCode).toBe(200);
    expect(await t.db.query('SELECT total, coupon FROM payment_sessions')).toEqual([{ total: price, coupon: null }]);
  });
});

describe('counts', () => {
  it('a cart count that is negative, zero, fractional, not a finite number or not in decimal digits is refused (400, nothing changed)', async () => {
    await expectEachRefused(
      [
        -1,
        -3,
        0,
        1.5,
        '2.5',
        '2.0',
        '-3',
        '0',
        'Infinity',
        '-Infinity',
        'NaN',
        '1e-3',
        '1e3',
        '0x10',
        '0b11',
        '0o7',
        '1,000',
        '٢٫٥',
        ' ',
        null,
        true,
        [3],
        { $gt: 1 },
      ],
      (count) => api('PUT', `/cart/${w.cartItemId}`, { as: w.user, payload: { count } }),
      400,
      () => ({
        errors: [
          expect.objectContaining({ path: 'count', msg: 'count must be an integer of at least 1', location: 'body' }),
        ],
      }),
    );
  });

  it('a review rating or a product stock written in another base (0x4, 0b11, 0o4) is refused, not read as a number (400, nothing changed)', async () => {
    const writes = ['0x4', '0b11', '0o4'].flatMap((value) => [
      {
        value,
        path: 'rating',
        send: () => api('PUT', `/reviews/${w.reviewId}`, { as: w.user, payload: { rating: value } }),
      },
      {
        value,
        path: 'quantity',
        send: () => api('PUT', `/products/${w.productId}`, { as: w.admin, payload: { quantity: value } }),
      },
    ]);
    await expectEachRefused(
      writes,
      (write) => write.send(),
      400,
      ({ path }) => ({
        errors: [expect.objectContaining({ path, location: 'body' })],
      }),
    );
  });

  it('a huge cart count (1e9, 2^53, "9007199254740993", 1e21) or one over stock is refused (409, nothing changed)', async () => {
    const { title, quantity, price } = await product(w.productId);
    await expectEachRefused(
      [quantity + 1, 1e9, 2 ** 31, 2 ** 53, '9007199254740993', 1e21],
      (count) => api('PUT', `/cart/${w.cartItemId}`, { as: w.user, payload: { count } }),
      409,
      () => ({ status: 'fail', message: `Not enough stock for product: ${title}` }),
    );
    // The whole stock is still allowed, up to the shop's limit of 10 units of one product per order.
    const most = Math.min(quantity, 10);
    expect(
      (await api('PUT', `/cart/${w.cartItemId}`, { as: w.user, payload: { count: most } })).json().data.totalCartPrice,
    ).toBe((most * price) / 100);
  });

  it('a cart count in Arabic-Indic digits is read as the same decimal number', async () => {
    const { price } = await product(w.productId);
    for (const [count, n] of [
      ['١٠', 10],
      ['۳', 3],
      [' 4 ', 4],
      ['+2', 2],
    ] as const) {
      const res = await api('PUT', `/cart/${w.cartItemId}`, { as: w.user, payload: { count } });
      expect(res.statusCode, count).toBe(200);
      expect(res.json().data.products[0].count, count).toBe(n);
      expect(res.json().data.totalCartPrice, count).toBe((n * price) / 100);
    }
  });
});

describe('coupons', () => {
  it("an unknown or expired coupon is refused with API.md's message and changes nothing", async () => {
    await createCoupon(t, { name: 'OLD', discount: 90, expire: new Date(Date.now() - 1000) });
    await expectEachRefused(
      ['OLD', 'old', 'NOPE', '', ' ', 'WORLD1', 'WORLD10X', '%', "WORLD10' OR '1'='1", { $ne: null }, ['WORLD10']],
      (couponName) => api('PUT', '/cart/applyCoupon', { as: w.user, payload: { couponName } }),
      400,
      () => ({ status: 'fail', message: 'Coupon is invalid or has expired' }),
    );
  });

  it('applying a coupon twice, or another one after it, never stacks discounts; a discount in the body is ignored', async () => {
    await createCoupon(t, { name: 'HALF', discount: 50 });
    const apply = async (couponName: string) => {
      const res = await api('PUT', '/cart/applyCoupon', { as: w.user, payload: { ...FORGED, couponName } });
      expect(res.statusCode).toBe(200);
      return res.json().data;
    };
    expect(await apply('WORLD10')).toMatchObject({ totalCartPrice: 100, totalAfterDiscount: 90, coupon: 'WORLD10' });
    expect(await apply('world10')).toMatchObject({ totalCartPrice: 100, totalAfterDiscount: 90 });
    expect(await apply('HALF')).toMatchObject({ totalCartPrice: 100, totalAfterDiscount: 50, coupon: 'HALF' });
    expect(await apply('WORLD10')).toMatchObject({ totalCartPrice: 100, totalAfterDiscount: 90, coupon: 'WORLD10' });
    expect(await apply('HALF')).toMatchObject({ totalCartPrice: 100, totalAfterDiscount: 50, coupon: 'HALF' });
    // The body names another coupon and a 100 % discount; the cart's coupon is what counts.
    const order = (
      await api('POST', `/orders/${w.cartId}`, { as: w.user, payload: { ...FORGED, shippingAddress } })
    ).json().data;
    expect(order).toMatchObject({ totalOrderPrice: 50, coupon: 'HALF' });
  });

  it('any change to the cart keeps its coupon and recomputes the discount, so an order never carries a stale one', async () => {
    const extra = await createProduct(t, { categoryId: w.categoryId, price: 40 });
    const apply = async () =>
      expect(
        (await api('PUT', '/cart/applyCoupon', { as: w.user, payload: { couponName: 'WORLD10' } })).statusCode,
      ).toBe(200);
    const changes: [string, () => Promise<unknown>][] = [
      ['adding a product', () => api('POST', '/cart', { as: w.user, payload: { productId: extra } })],
      [
        'adding the same line again',
        () => api('POST', '/cart', { as: w.user, payload: { productId: w.productId, color: '#000000' } }),
      ],
      ['changing a count', () => api('PUT', `/cart/${w.cartItemId}`, { as: w.user, payload: { count: 3 } })],
      [
        'removing a line',
        async () => {
          const line = (await cartOf()).products.find((l: { product: { _id: string } }) => l.product._id === extra);
          return api('DELETE', `/cart/${line._id}`, { as: w.user });
        },
      ],
    ];
    await apply();
    for (const [label, change] of changes) {
      await change();
      const cart = await cartOf();
      expect(cart.coupon, label).toBe('WORLD10');
      // WORLD10 is 10 % off whatever the lines now add up to.
      expect(cart.totalAfterDiscount, label).toBeCloseTo(cart.totalCartPrice * 0.9, 2);
    }
    const res = await api('POST', `/orders/${w.cartId}`, { as: w.user, payload: { shippingAddress } });
    expect(res.statusCode).toBe(201);
    // Three of the 100 EGP product, 10 % off.
    expect(res.json().data).toMatchObject({ totalOrderPrice: 270, coupon: 'WORLD10' });
  });

  it('a coupon discount outside 0–100 or not a number is refused on create and update (400, nothing changed)', async () => {
    const RANGE = 'Discount must be greater than 0 and at most 100';
    const NOT_A_NUMBER = 'coupon discount must be a number';
    const cases: [unknown, string][] = [
      [0, RANGE],
      ['0', RANGE],
      [-5, RANGE],
      ['-5', RANGE],
      [101, RANGE],
      ['101', RANGE],
      [100.01, RANGE],
      [0.004, RANGE],
      [1e308, RANGE],
      ['1e3', NOT_A_NUMBER],
      ['0x10', NOT_A_NUMBER],
      ['0b11', NOT_A_NUMBER],
      ['10abc', NOT_A_NUMBER],
      ['Infinity', NOT_A_NUMBER],
      ['NaN', NOT_A_NUMBER],
      [true, NOT_A_NUMBER],
      [[10], NOT_A_NUMBER],
      [{ $gt: 0 }, NOT_A_NUMBER],
      ['', 'coupon discount required'],
    ];
    const expire = `${new Date().getUTCFullYear() + 1}-01-01`;
    const writes = [
      ['POST', '/coupons'],
      ['PUT', `/coupons/${w.couponId}`],
      ['PATCH', `/coupons/${w.couponId}`],
    ] as const;
    await expectEachRefused(
      cases.flatMap(([discount, msg]) => writes.map(([method, url]) => ({ method, url, discount, msg }))),
      ({ method, url, discount }) =>
        api(method, url, { as: w.admin, payload: { name: 'NEWCOUPON', expire, discount } }),
      400,
      ({ msg }) => ({ errors: [expect.objectContaining({ path: 'discount', msg, location: 'body' })] }),
    );
  });
});

describe('prices that change under a cart (API.md §6.4)', () => {
  it('a price rise after the add and the coupon is caught at checkout: 409, no order or payment, and the next order pays the new price', async () => {
    expect(
      (await api('PUT', '/cart/applyCoupon', { as: w.user, payload: { couponName: 'WORLD10' } })).json().data
        .totalAfterDiscount,
    ).toBe(90);
    const raise = async (price: number) =>
      expect((await api('PUT', `/products/${w.productId}`, { as: w.manager, payload: { price } })).statusCode).toBe(
        200,
      );
    /** Everything but the cart, which the refusal refreshes on purpose. */
    const beyondCart = async () => {
      const { carts: _carts, cart_items: _items, ...rest } = await snapshot(t);
      return rest;
    };

    await raise(150);
    let before = await beyondCart();
    let res = await api('POST', `/orders/${w.cartId}`, { as: w.user, payload: { shippingAddress } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 'fail', message: 'Cart prices have changed, please review your cart' });
    expect(await beyondCart()).toEqual(before);
    // The cart now shows what an order would cost, with the coupon recomputed from the new total.
    let cart = await cartOf();
    expect(cart).toMatchObject({ totalCartPrice: 150, totalAfterDiscount: 135, coupon: 'WORLD10' });
    expect(cart.products[0].price).toBe(150);

    await raise(200);
    before = await beyondCart();
    for (const method of ['GET', 'POST'] as const) {
      res = await api(method, `/orders/checkout-session/${w.cartId}`, { as: w.user });
      expect(res.statusCode, method).toBe(method === 'GET' ? 409 : 200);
      if (method === 'GET') expect(await beyondCart()).toEqual(before);
    }
    cart = await cartOf();
    expect(cart).toMatchObject({ totalCartPrice: 200, totalAfterDiscount: 180 });
    expect(await t.db.query('SELECT total FROM payment_sessions')).toEqual([{ total: 18000 }]);

    res = await api('POST', `/orders/${w.cartId}`, { as: w.user, payload: { shippingAddress } });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ totalOrderPrice: 180, coupon: 'WORLD10' });
    expect(res.json().data.cartItems[0].price).toBe(200);
  });
});
