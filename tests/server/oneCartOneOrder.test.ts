import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createProduct,
  createTestApp,
  createUser,
  onPostgres,
  resetDb,
  type TestContext,
  type TestUser,
} from './helpers';

/**
 * One cart makes one order, whichever way it is paid: a cash order closes every payment session of its cart, and a
 * payment whose cart was already ordered makes no second order (SECURITY.md). The race runs on PostgreSQL, where
 * the two requests really run at once.
 */
const address = { details: 'شارع التحرير 5، الدقي', phone: '01012345678', city: 'الجيزة', postalCode: '' };

describe('one cart, one order (test payments)', () => {
  let t: TestContext;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ paymentsTestMode: true, frontendUrl: 'http://front.test' });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await resetDb(t.db);
    user = await createUser(t);
  });

  async function cartWith(productId: string, units: number) {
    let cart;
    for (let i = 0; i < units; i++)
      cart = (
        await t.app.inject({ method: 'POST', url: '/api/v1/cart', headers: user.auth, payload: { productId } })
      ).json().data;
    return cart._id as string;
  }
  const openPayment = async (cartId: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/orders/checkout-session/${cartId}`,
        headers: user.auth,
        payload: { shippingAddress: address },
      })
    ).json().session as { id: string; url: string };
  const payCash = (cartId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${cartId}`,
      headers: user.auth,
      payload: { shippingAddress: address },
    });
  const pressPay = (session: { url: string }) =>
    t.app.inject({ method: 'POST', url: `${new URL(session.url).pathname}/pay` });
  const stock = () => t.db.one<{ quantity: number; sold: number }>('SELECT quantity, sold FROM products');
  const orderCount = async () => (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM orders'))!.n;

  it('a cash order closes the open payment page of its cart: pressing Pay afterwards makes no order and takes nothing', async () => {
    const product = await createProduct(t, { price: 150, quantity: 10 });
    const cartId = await cartWith(product, 2);
    const session = await openPayment(cartId);

    expect((await payCash(cartId)).statusCode).toBe(201);
    const res = await pressPay(session);
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('تم إنشاء طلب من هذه السلة بالفعل');
    expect(await orderCount()).toBe(1);
    expect(await stock()).toEqual({ quantity: 8, sold: 2 });
    expect(await t.db.one('SELECT status FROM payment_sessions')).toEqual({ status: 'superseded' });
  });

  it('a paid card order uses up the cart: a cash order of it afterwards finds no cart', async () => {
    const product = await createProduct(t, { price: 150, quantity: 10 });
    const cartId = await cartWith(product, 2);
    const session = await openPayment(cartId);

    expect((await pressPay(session)).statusCode).toBe(303);
    const res = await payCash(cartId);
    expect(res.statusCode).toBe(404);
    expect(await orderCount()).toBe(1);
    expect(await stock()).toEqual({ quantity: 8, sold: 2 });
  });

  it('an older payment page of the cart cannot make a second order once a newer one was paid', async () => {
    const product = await createProduct(t, { price: 150, quantity: 10 });
    const cartId = await cartWith(product, 1);
    const older = await openPayment(cartId);
    const newer = await openPayment(cartId);

    expect((await pressPay(newer)).statusCode).toBe(303);
    expect((await pressPay(older)).statusCode).not.toBe(303);
    expect(await orderCount()).toBe(1);
    expect(await stock()).toEqual({ quantity: 9, sold: 1 });
  });

  it.runIf(onPostgres)(
    'cash and Pay at the same moment: exactly one order, stock taken once (PostgreSQL, 8 rounds)',
    async () => {
      for (let round = 0; round < 8; round++) {
        await resetDb(t.db);
        user = await createUser(t);
        const product = await createProduct(t, { price: 150, quantity: 10 });
        const cartId = await cartWith(product, 2);
        const session = await openPayment(cartId);

        const [cash, card] = await Promise.all([payCash(cartId), pressPay(session)]);
        const made = [cash.statusCode === 201, card.statusCode === 303].filter(Boolean).length;
        expect({ round, made, orders: await orderCount() }).toEqual({ round, made: 1, orders: 1 });
        expect(await stock()).toEqual({ quantity: 8, sold: 2 });
        for (const res of [cash, card]) expect(res.statusCode).toBeLessThan(500);
      }
    },
  );
});

describe('one cart, one order (Stripe webhook)', () => {
  const secret = 'whsec_one_cart';
  let t: TestContext;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ stripeSecretKey: 'sk_test_fake', stripeWebhookSecret: secret });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await resetDb(t.db);
    user = await createUser(t);
  });

  it('a paid Stripe session whose cart was already ordered by cash makes no second order and takes no stock', async () => {
    const product = await createProduct(t, { price: 150, quantity: 10 });
    const cart = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/cart',
        headers: user.auth,
        payload: { productId: product },
      })
    ).json().data;
    // A Stripe session for the cart, as checkout would have recorded it (nothing reaches Stripe here).
    const snapshot = JSON.stringify([
      { productId: product, count: 1, color: '', price: 15000, product: { _id: product, title: 'منتج' } },
    ]);
    const { id: sessionId } = (await t.db.one<{ id: string }>(
      `INSERT INTO payment_sessions (provider, provider_session_id, user_id, cart_id, cart_updated_at, snapshot, total, success_url, cancel_url, expires_at)
       SELECT 'stripe', 'cs_test_cart', $1, c.id, c.updated_at, $2::jsonb, 15000, 'http://x/user/allorders', 'http://x/cart', now() + interval '1 day'
       FROM carts c WHERE c.id = $3 RETURNING id`,
      [user.id, snapshot, cart._id],
    ))!;

    const cash = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${cart._id}`,
      headers: user.auth,
      payload: { shippingAddress: address },
    });
    expect(cash.statusCode).toBe(201);

    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_test_cart',
          object: 'checkout.session',
          client_reference_id: sessionId,
          payment_status: 'paid',
          payment_intent: 'pi_1',
        },
      },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/webhook-checkout',
      payload,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
      },
    });
    expect(res.statusCode).toBe(200);
    expect(await t.db.one('SELECT count(*)::int AS n FROM orders')).toEqual({ n: 1 });
    expect(await t.db.one('SELECT quantity, sold FROM products')).toEqual({ quantity: 9, sold: 1 });
    expect(await t.db.one('SELECT status FROM payment_sessions')).toEqual({ status: 'superseded' });
  });
});
