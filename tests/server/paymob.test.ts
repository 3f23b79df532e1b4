import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakePaymob, type FakeIntention, type FakePaymob } from '../fakePaymob';
import {
  FRESH_SHOP,
  createProduct,
  createTestApp,
  createUser,
  resetDb,
  type TestContext,
  type TestUser,
} from './helpers';

const address = { details: '12 شارع التحرير، الدقي', phone: '01098765432', city: 'الجيزة', postalCode: '12611' };

/**
 * Paymob against the fake Paymob of tests/fakePaymob.ts, over real HTTP both ways: the shop listens on a loopback
 * port, so the fake's signed callbacks reach it as Paymob's would.
 */
describe('Paymob payments', () => {
  let t: TestContext;
  let fake: FakePaymob;
  let user: TestUser;
  let shopUrl: string;

  beforeAll(async () => {
    fake = await startFakePaymob();
    t = await createTestApp({ paymob: fake.settings, frontendUrl: 'http://front.test' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    shopUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    t.app.ctx.config.publicBaseUrl = shopUrl;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    await resetDb(t.db);
    fake.intentions.length = 0;
    fake.refunds.length = 0;
    fake.held.length = 0;
    fake.callbackAnswers.length = 0;
    fake.callbacks = 'send';
    user = await createUser(t, { name: 'منى عبد الله', phone: '01011112222' });
  });

  /** A cart of `count` units of a 150 EGP product (stock 5); its id. */
  async function cart(count = 2, who = user) {
    const product = await createProduct(t, { title: 'سماعة لاسلكية', price: 150, quantity: 5 });
    let cartId = '';
    for (let i = 0; i < count; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/cart',
        headers: who.auth,
        payload: { productId: product },
      });
      cartId = res.json().data._id;
    }
    return { cartId, product };
  }

  const checkout = (cartId: string, payload: Record<string, unknown> = {}, who = user) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/checkout-session/${cartId}`,
      headers: who.auth,
      payload: { shippingAddress: address, ...payload },
    });

  /** Opens a Paymob payment for a new cart; the intention the fake recorded for it. */
  async function open(method = 'card', extra: Record<string, unknown> = {}) {
    const { cartId, product } = await cart();
    const res = await checkout(cartId, { paymentMethod: method, ...extra });
    expect(res.statusCode, res.body).toBe(200);
    const intention = fake.intentions.at(-1)!;
    return { cartId, product, session: res.json().session, intention };
  }

  const orders = () =>
    t.db.query<{ id: string; is_paid: boolean; payment_method_type: string }>(
      'SELECT id, is_paid, payment_method_type FROM orders',
    );
  const stock = async (product: string) =>
    t.db.one<{ quantity: number; sold: number }>('SELECT quantity, sold FROM products WHERE id = $1', [product]);
  /** The shopper's browser arriving back from the checkout: where the shop sends it. */
  const browserReturns = async (redirect: string) => {
    const res = await fetch(redirect, { redirect: 'manual' });
    await res.arrayBuffer();
    return { status: res.status, location: res.headers.get('location') ?? '' };
  };

  it('opens an intention in piastres and EGP with the items, the customer, our session and our URLs', async () => {
    const { session, intention } = await open('card');
    const body = intention.body as unknown as Record<string, unknown>;
    expect(body).toMatchObject({
      amount: 30000,
      currency: 'EGP',
      payment_methods: [fake.settings.integrations.card],
      items: [{ name: 'سماعة لاسلكية', amount: 15000, quantity: 2 }],
      special_reference: session.id,
      notification_url: `${shopUrl}/payments/paymob/callback`,
      redirection_url: `${shopUrl}/payments/paymob/return`,
      billing_data: expect.objectContaining({
        first_name: 'منى',
        last_name: 'عبد الله',
        email: user.email,
        phone_number: address.phone,
        street: address.details,
        city: address.city,
        postal_code: address.postalCode,
        country: 'EG',
      }),
    });
    const url = new URL(session.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/unifiedcheckout/`);
    expect(url.searchParams.get('publicKey')).toBe(fake.settings.publicKey);
    expect(url.searchParams.get('clientSecret')).toBe(intention.clientSecret);
    const stored = await t.db.one('SELECT provider, payment_method, provider_order_id::text FROM payment_sessions');
    expect(stored).toEqual({
      provider: 'paymob',
      payment_method: 'card',
      provider_order_id: String(intention.paymobOrderId),
    });
    // Nothing is ordered, taken or emptied before Paymob says it was paid.
    expect(await orders()).toEqual([]);
  });

  it('a coupon makes the whole order one item, so the items still add up to the amount', async () => {
    const { cartId } = await cart(2);
    await t.db.query(`INSERT INTO coupons (name, discount, expire) VALUES ('SALE10', 10, now() + interval '1 day')`);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/v1/cart/applyCoupon',
          headers: user.auth,
          payload: { couponName: 'SALE10' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await checkout(cartId, { paymentMethod: 'card' })).statusCode).toBe(200);
    expect(fake.intentions.at(-1)!.body).toMatchObject({ amount: 27000, items: [{ amount: 27000, quantity: 1 }] });
  });

  it('card: the callback before the redirect makes one paid order, and the redirect shows it', async () => {
    const { intention, product, cartId } = await open('card');
    const { redirect } = await fake.pay(intention, 'pay');
    expect(fake.callbackAnswers).toEqual([200]);
    const [order] = await orders();
    expect(order).toMatchObject({ is_paid: true, payment_method_type: 'card' });
    expect(await stock(product)).toEqual({ quantity: 3, sold: 2 });
    expect(await t.db.query('SELECT id FROM carts WHERE id = $1', [cartId])).toEqual([]);
    expect(await t.db.one('SELECT status, provider_payment_id FROM payment_sessions')).toEqual({
      status: 'completed',
      provider_payment_id: String(intention.transactions[0].id),
    });

    expect(await browserReturns(redirect)).toEqual({
      status: 303,
      location: `http://front.test/user/orders/${order.id}?payment=paid`,
    });
    expect(await orders()).toHaveLength(1);
  });

  it('card: the redirect before the callback makes the order itself (its HMAC verified); the late callback adds nothing', async () => {
    fake.callbacks = 'hold';
    const { intention, product } = await open('card');
    const { redirect } = await fake.pay(intention, 'pay');
    const back = await browserReturns(redirect);
    const [order] = await orders();
    expect(back.location).toBe(`http://front.test/user/orders/${order.id}?payment=paid`);
    expect(await fake.deliver(fake.held[0])).toBe(200);
    expect(await orders()).toHaveLength(1);
    expect(await stock(product)).toEqual({ quantity: 3, sold: 2 });
  });

  it('the same callback 5 times at once, with the browser returning meanwhile, makes one order and takes stock once', async () => {
    fake.callbacks = 'hold';
    const { intention, product } = await open('card');
    const { callback, redirect } = await fake.pay(intention, 'pay');
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => fake.deliver(callback)),
      browserReturns(redirect).then((r) => r.status),
    ]);
    expect(answers).toEqual([200, 200, 200, 200, 200, 303]);
    expect(await orders()).toHaveLength(1);
    expect(await stock(product)).toEqual({ quantity: 3, sold: 2 });
  });

  it('a declined payment makes no order, leaves stock and cart, sends the shopper back to choose again, and a retry pays', async () => {
    const { intention, product, cartId } = await open('card');
    const { redirect } = await fake.pay(intention, 'decline');
    expect(fake.callbackAnswers).toEqual([200]);
    expect(await orders()).toEqual([]);
    expect(await stock(product)).toEqual({ quantity: 5, sold: 0 });
    expect(await browserReturns(redirect)).toEqual({
      status: 303,
      location: 'http://front.test/order/paymethoud?payment=declined',
    });

    const again = await checkout(cartId, { paymentMethod: 'card' });
    expect(again.statusCode).toBe(200);
    await fake.pay(fake.intentions.at(-1)!, 'pay');
    expect(await orders()).toHaveLength(1);
    expect(await stock(product)).toEqual({ quantity: 3, sold: 2 });
  });

  it('paid for a cart that was ordered by cash meanwhile: no second order, the payment is refunded in full, once', async () => {
    fake.callbacks = 'hold';
    const { intention, product, cartId } = await open('card');
    const cash = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${cartId}`,
      headers: user.auth,
      payload: { shippingAddress: address },
    });
    expect(cash.statusCode).toBe(201);
    const { callback, redirect } = await fake.pay(intention, 'pay');
    const answers = await Promise.all([fake.deliver(callback), fake.deliver(callback), browserReturns(redirect)]);
    expect(answers.slice(0, 2)).toEqual([200, 200]);
    expect(answers[2]).toEqual({ status: 303, location: 'http://front.test/user/allorders?payment=refunded' });
    expect(await fake.deliver(callback)).toBe(200);
    expect(await orders()).toMatchObject([{ payment_method_type: 'cash' }]);
    expect(await stock(product)).toEqual({ quantity: 3, sold: 2 });
    expect(fake.refunds).toEqual([{ transaction_id: intention.transactions[0].id, amount_cents: 30000 }]);
    expect(await t.db.one('SELECT status FROM payment_sessions')).toEqual({ status: 'refunded' });
  });

  it('wallet: needs the wallet number, which Paymob gets as the billing phone; paid like a card', async () => {
    const { cartId } = await cart();
    const missing = await checkout(cartId, { paymentMethod: 'wallet' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('walletPhone is required for wallet payment');
    const wrong = await checkout(cartId, { paymentMethod: 'wallet', walletPhone: '12345' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0]).toMatchObject({ path: 'walletPhone', msg: 'accept only egypt phone numbers' });
    const unknown = await checkout(cartId, { paymentMethod: 'bitcoin' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toMatchObject({ path: 'paymentMethod', msg: 'Invalid paymentMethod' });
    expect(fake.intentions).toEqual([]);

    const res = await checkout(cartId, { paymentMethod: 'wallet', walletPhone: '01055556666' });
    expect(res.statusCode).toBe(200);
    const intention = fake.intentions.at(-1)!;
    expect(intention.body.payment_methods).toEqual([fake.settings.integrations.wallet]);
    expect(intention.body.billing_data.phone_number).toBe('01055556666');
    await fake.pay(intention, 'pay');
    expect(await orders()).toMatchObject([{ is_paid: true }]);
  });

  it('GET /shop offers the enabled methods; Paymob unreachable is a clear 503 that leaves no session', async () => {
    const shop = (await t.app.inject({ method: 'GET', url: '/api/v1/shop' })).json().data;
    expect(shop).toEqual({
      paymentProvider: 'paymob',
      demo: false,
      cardPayment: true,
      paymentMethods: ['card', 'wallet', 'kiosk', 'valu'],
      ...FRESH_SHOP,
    });

    const { cartId } = await cart();
    const settings = t.app.ctx.config.paymob!;
    const apiUrl = settings.apiUrl;
    settings.apiUrl = 'http://127.0.0.1:9';
    try {
      const res = await checkout(cartId, { paymentMethod: 'card' });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('The payment provider is unavailable, please try again');
    } finally {
      settings.apiUrl = apiUrl;
    }
    expect(await t.db.query('SELECT id FROM payment_sessions')).toEqual([]);
  });

  describe('callbacks that must change nothing', () => {
    let intention: FakeIntention;
    let product: string;
    beforeEach(async () => {
      fake.callbacks = 'hold';
      ({ intention, product } = await open('card'));
    });
    const nothingChanged = async () => {
      expect(await orders()).toEqual([]);
      expect(await stock(product)).toEqual({ quantity: 5, sold: 0 });
      expect(await t.db.one('SELECT status FROM payment_sessions')).toEqual({ status: 'open' });
    };
    const paidTransaction = async () => {
      await fake.pay(intention, 'pay');
      return fake.held.pop()!;
    };

    it('forged (wrong secret), tampered after signing, or unsigned: 400 Invalid signature', async () => {
      const real = await paidTransaction();
      const forged = fake.callbackFor(real.body.obj, 'not-the-shops-secret');
      expect(await fake.deliver(forged)).toBe(400);
      const tampered = structuredClone(real);
      tampered.body.obj.amount_cents = 100;
      expect(await fake.deliver(tampered)).toBe(400);
      const unsigned = { ...real, url: real.url.replace(/\?hmac=.*/, '') };
      expect(await fake.deliver(unsigned)).toBe(400);
      for (const body of ['null', '[]', '"x"', '{"type":"TRANSACTION"}', '{"type":"TRANSACTION","obj":[1]}']) {
        const res = await fetch(real.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        expect(res.status, body).toBe(400);
      }
      await nothingChanged();
    });

    it('signed, but for another amount or currency, pending, voided, refunded, or a refund: acknowledged, no order', async () => {
      const real = (await paidTransaction()).body.obj;
      for (const change of [
        { amount_cents: real.amount_cents - 1 },
        { amount_cents: real.amount_cents * 100 },
        { currency: 'USD' },
        { pending: true },
        { is_voided: true },
        { is_refunded: true },
        { has_parent_transaction: true },
      ]) {
        expect(await fake.deliver(fake.callbackFor({ ...real, ...change })), JSON.stringify(change)).toBe(200);
      }
      // A signed payment for an order id that is not ours.
      expect(await fake.deliver(fake.callbackFor({ ...real, order: { ...real.order, id: 1 } }))).toBe(200);
      await nothingChanged();
    });

    it('a signed value moved into its neighbour no longer verifies: "true" of has_parent_transaction into error_occured', async () => {
      const real = (await paidTransaction()).body.obj;
      // A refund of the payment, signed by Paymob: `false` + `true` in the signed string…
      const refund = fake.callbackFor({ ...real, error_occured: false, has_parent_transaction: true });
      expect(await fake.deliver(refund)).toBe(200);
      // …read as `falsetrue` + nothing: the same signed string, no longer a follow-up. Never a payment.
      const moved = structuredClone(refund);
      moved.body.obj.error_occured = 'falsetrue';
      delete moved.body.obj.has_parent_transaction;
      expect(await fake.deliver(moved)).toBe(400);
      // Booleans and numbers only in the form Paymob sends them.
      for (const change of [{ success: 'true' }, { amount_cents: String(real.amount_cents) }, { pending: 0 }]) {
        // Signed with the shop's secret, yet not in Paymob's form: not Paymob's.
        const other = fake.callbackFor({ ...real, ...change } as unknown as typeof real);
        expect(await fake.deliver(other), JSON.stringify(change)).toBe(400);
      }
      // The redirect: the same move in its query.
      const url = new URL(fake.redirectFor({ ...real, error_occured: false, has_parent_transaction: true }));
      url.searchParams.set('error_occured', 'falsetrue');
      url.searchParams.delete('has_parent_transaction');
      expect((await browserReturns(url.toString())).location).toBe('http://front.test/user/allorders?payment=pending');
      await nothingChanged();
    });

    it("error_occured with success, or a payment through an integration that is not the shop's, makes no order", async () => {
      const real = (await paidTransaction()).body.obj;
      expect(await fake.deliver(fake.callbackFor({ ...real, error_occured: true }))).toBe(200);
      expect(
        await fake.deliver(fake.callbackFor({ ...real, integration_id: (real.integration_id as number) + 1 })),
      ).toBe(200);
      const redirect = await browserReturns(fake.redirectFor({ ...real, error_occured: true }));
      expect(redirect.location).toBe('http://front.test/order/paymethoud?payment=declined');
      await nothingChanged();
    });

    it('a redirect claiming success without a valid HMAC makes no order and shows the payment as pending', async () => {
      await fake.pay(intention, 'pay');
      const obj = fake.held.pop()!.body.obj;
      const forged = new URL(fake.redirectFor(obj, 'not-the-shops-secret'));
      expect(await browserReturns(forged.toString())).toEqual({
        status: 303,
        location: 'http://front.test/user/allorders?payment=pending',
      });
      const real = new URL(fake.redirectFor(obj));
      real.searchParams.set('amount_cents', '100');
      expect((await browserReturns(real.toString())).location).toBe('http://front.test/user/allorders?payment=pending');
      const doubled = new URL(fake.redirectFor(obj));
      doubled.searchParams.append('success', 'true');
      expect((await browserReturns(doubled.toString())).location).toBe(
        'http://front.test/user/allorders?payment=pending',
      );
      expect((await browserReturns(`${shopUrl}/payments/paymob/return`)).location).toBe(
        'http://front.test/user/allorders?payment=pending',
      );
      await nothingChanged();
    });

    it('a replayed callback after the order was made changes nothing', async () => {
      const real = await paidTransaction();
      expect(await fake.deliver(real)).toBe(200);
      const [order] = await orders();
      const before = await t.db.one('SELECT updated_at FROM orders');
      for (let i = 0; i < 3; i++) expect(await fake.deliver(real)).toBe(200);
      expect(await orders()).toEqual([order]);
      expect(await t.db.one('SELECT updated_at FROM orders')).toEqual(before);
      expect(await stock(product)).toEqual({ quantity: 3, sold: 2 });
    });
  });
});
