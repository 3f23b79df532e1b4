import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { latestOutboxMessage } from '../../server/mail';
import { orderMailsSettled } from '../../server/mail/orderMail';
import { startFakePaymob, type FakePaymob } from '../fakePaymob';
import { createProduct, createTestApp, createUser, resetDb, type TestContext, type TestUser } from './helpers';

const address = { details: '12 شارع التحرير، الدقي', phone: '01098765432', city: 'الجيزة', postalCode: '12611' };

/** What the tests read of an order after a refund, or after one that did not happen. */
const orderState = (t: TestContext, id: string) =>
  t.db.one<{ is_cancelled: boolean; is_refunded: boolean; refund_id: string | null; updated_at: Date }>(
    'SELECT is_cancelled, is_refunded, refund_id, updated_at FROM orders WHERE id = $1',
    [id],
  );
const stock = (t: TestContext, product: string) =>
  t.db.one<{ quantity: number; sold: number }>('SELECT quantity, sold FROM products WHERE id = $1', [product]);
const refund = (t: TestContext, id: string, who?: TestUser) =>
  t.app.inject({ method: 'POST', url: `/api/v1/orders/${id}/refund`, headers: who?.auth ?? {} });

/** A cart of `count` units of a 150 EGP product (stock 5). */
async function cartOf(t: TestContext, who: TestUser, count = 2) {
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

/** A cash order of the customer's cart (stock 5 − 2); its id and product. */
async function cashOrder(t: TestContext, who: TestUser) {
  const { cartId, product } = await cartOf(t, who);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/orders/${cartId}`,
    headers: who.auth,
    payload: { shippingAddress: address },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { orderId: res.json().data._id as string, product };
}

/**
 * Staff refunds through Paymob, against the fake Paymob of tests/fakePaymob.ts over real HTTP (the shop listens on a
 * loopback port, so the fake's refund callback reaches it as Paymob's would).
 */
describe('staff refund of an order paid through Paymob', () => {
  let t: TestContext;
  let fake: FakePaymob;
  let customer: TestUser;
  let staff: TestUser;

  beforeAll(async () => {
    fake = await startFakePaymob();
    t = await createTestApp({ paymob: fake.settings, frontendUrl: 'http://front.test' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const where = t.app.server.address() as AddressInfo;
    t.app.ctx.config.publicBaseUrl = `http://127.0.0.1:${where.port}`;
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
    fake.callbacks = 'hold';
    fake.refuseNextRefund = undefined;
    customer = await createUser(t, { name: 'منى عبد الله', phone: '01011112222' });
    staff = await createUser(t, { role: 'manager' });
  });

  /** A paid Paymob order of the customer (2 × 150 EGP, stock 5 − 2), through the fake checkout; its id. */
  async function paidOrder(method = 'card', extra: Record<string, unknown> = {}) {
    const { cartId, product } = await cartOf(t, customer);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/checkout-session/${cartId}`,
      headers: customer.auth,
      payload: { shippingAddress: address, paymentMethod: method, ...extra },
    });
    expect(res.statusCode, res.body).toBe(200);
    const intention = fake.intentions.at(-1)!;
    await fake.pay(intention, 'pay');
    expect(await fake.deliver(fake.held.pop()!)).toBe(200);
    const order = await t.db.one<{ id: string }>('SELECT id FROM orders WHERE payment_session_id = $1', [
      res.json().session.id,
    ]);
    expect(await stock(t, product)).toEqual({ quantity: 3, sold: 2 });
    return { orderId: order!.id, product, transaction: intention.transactions[0].id };
  }

  it('gives the whole payment back through Paymob once; the order is cancelled and refunded, its stock back, the customer mailed', async () => {
    const { orderId, product, transaction } = await paidOrder();
    const res = await refund(t, orderId, staff);
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().data;
    expect(order).toMatchObject({ _id: orderId, isPaid: true, isCancelled: true, isRefunded: true });
    expect(order.refundedAt).toEqual(order.cancelledAt);
    expect(order.statusHistory.map((s: { status: string }) => s.status)).toEqual([
      'placed',
      'paid',
      'cancelled',
      'refunded',
    ]);
    expect(fake.refunds).toEqual([{ transaction_id: transaction, amount_cents: 30000 }]);
    expect(await stock(t, product)).toEqual({ quantity: 5, sold: 0 });
    const refundTransaction = fake.intentions[0].transactions.at(-1)!;
    expect(await orderState(t, orderId)).toMatchObject({ refund_id: String(refundTransaction.id) });

    // The customer sees it on their order, and gets a mail saying so.
    const own = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${orderId}`, headers: customer.auth });
    expect(own.json().data).toMatchObject({ isRefunded: true, refundedAt: order.refundedAt });
    await orderMailsSettled();
    const mail = await latestOutboxMessage(path.join(t.dataDir, 'outbox'), customer.email);
    expect(mail?.subject).toBe(`تم استرداد مبلغ طلبك رقم #${order.id}`);
    expect(mail?.text).toContain('رددنا المبلغ المدفوع كاملاً (300 جنيه)');

    // Paymob's callback about the refund transaction changes nothing; the order is never refunded again.
    const before = await orderState(t, orderId);
    expect(await fake.deliver(fake.held.pop()!)).toBe(200);
    expect(await orderState(t, orderId)).toEqual(before);
    const again = await refund(t, orderId, staff);
    expect([again.statusCode, again.json().message]).toEqual([409, 'This order has already been refunded']);
    expect(fake.refunds).toHaveLength(1);
  });

  it('two refunds at once: Paymob is asked once, the other answer is 409 already refunded', async () => {
    const { orderId, product } = await paidOrder();
    const answers = await Promise.all([
      refund(t, orderId, staff),
      refund(t, orderId, staff),
      refund(t, orderId, staff),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    for (const a of answers.filter((a) => a.statusCode === 409))
      expect(a.json()).toEqual({ status: 'fail', message: 'This order has already been refunded' });
    expect(fake.refunds).toHaveLength(1);
    // The stock came back once.
    expect(await stock(t, product)).toEqual({ quantity: 5, sold: 0 });
  });

  it('Paymob refusing or unreachable: a clear 502 or 503, the order and its stock exactly as they were; a retry refunds', async () => {
    const { orderId, product } = await paidOrder();
    const before = await orderState(t, orderId);

    fake.refuseNextRefund = 400;
    const refused = await refund(t, orderId, staff);
    expect([refused.statusCode, refused.json()]).toEqual([
      502,
      { status: 'error', message: 'The payment provider refused the refund' },
    ]);
    expect(await orderState(t, orderId)).toEqual(before);
    expect(await stock(t, product)).toEqual({ quantity: 3, sold: 2 });

    const settings = t.app.ctx.config.paymob!;
    const apiUrl = settings.apiUrl;
    settings.apiUrl = 'http://127.0.0.1:9';
    try {
      const down = await refund(t, orderId, staff);
      expect([down.statusCode, down.json().message, down.headers['retry-after']]).toEqual([
        503,
        'The payment provider is unavailable, please try again',
        '5',
      ]);
    } finally {
      settings.apiUrl = apiUrl;
    }
    expect(await orderState(t, orderId)).toEqual(before);
    expect(await stock(t, product)).toEqual({ quantity: 3, sold: 2 });

    expect((await refund(t, orderId, staff)).statusCode).toBe(200);
    expect(await stock(t, product)).toEqual({ quantity: 5, sold: 0 });
  });

  it('an order paid after its stock ran out (oversold) gives back only the units it took, never the ones it did not find', async () => {
    const { cartId, product } = await cartOf(t, customer, 3);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/checkout-session/${cartId}`,
      headers: customer.auth,
      payload: { shippingAddress: address, paymentMethod: 'card' },
    });
    expect(res.statusCode, res.body).toBe(200);
    // While the shopper pays for 3, the shop sells all but 1 elsewhere; the money is taken all the same.
    await t.db.query('UPDATE products SET quantity = 1 WHERE id = $1', [product]);
    const intention = fake.intentions.at(-1)!;
    await fake.pay(intention, 'pay');
    expect(await fake.deliver(fake.held.pop()!)).toBe(200);
    const order = (await t.db.one<{ id: string; oversold: boolean }>(
      'SELECT id, oversold FROM orders WHERE payment_session_id = $1',
      [res.json().session.id],
    ))!;
    expect(order.oversold).toBe(true);
    expect(await stock(t, product)).toEqual({ quantity: 0, sold: 3 });

    const refunded = await refund(t, order.id, staff);
    expect(refunded.statusCode, refunded.body).toBe(200);
    // The 1 unit the order took is back; the 2 it never found were never in stock.
    expect(await stock(t, product)).toEqual({ quantity: 1, sold: 0 });
  });

  it('customers and visitors are refused and change nothing; a cash order, a kiosk payment and an unknown order are clear 4xx', async () => {
    const { orderId } = await paidOrder();
    const before = await orderState(t, orderId);
    const visitor = await refund(t, orderId);
    expect([visitor.statusCode, visitor.json().message]).toEqual([
      401,
      'You are not logged in. Please login to get access',
    ]);
    const own = await refund(t, orderId, customer);
    expect([own.statusCode, own.json().message]).toEqual([403, 'You are not allowed to perform this action']);
    expect(await orderState(t, orderId)).toEqual(before);
    expect(fake.refunds).toEqual([]);

    const cash = await cashOrder(t, customer);
    const cashAnswer = await refund(t, cash.orderId, staff);
    expect([cashAnswer.statusCode, cashAnswer.json().message]).toEqual([
      409,
      'Only an order paid online can be refunded',
    ]);
    // Marked paid by staff on delivery, it is still cash: nothing was taken online.
    await t.app.inject({ method: 'PUT', url: `/api/v1/orders/${cash.orderId}/pay`, headers: staff.auth });
    expect((await refund(t, cash.orderId, staff)).statusCode).toBe(409);
    expect(await stock(t, cash.product)).toEqual({ quantity: 3, sold: 2 });

    const kiosk = await paidOrder('kiosk');
    const kioskAnswer = await refund(t, kiosk.orderId, staff);
    expect([kioskAnswer.statusCode, kioskAnswer.json().message]).toEqual([409, 'Paymob cannot refund a kiosk payment']);

    const missing = '00000000-0000-4000-8000-000000000000';
    const unknown = await refund(t, missing, staff);
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, `There is no order for this id: ${missing}`]);
    expect((await refund(t, 'not-an-id', staff)).statusCode).toBe(400);
    expect(fake.refunds).toEqual([]);
  });

  it('a wallet payment is refunded like a card', async () => {
    const { orderId, transaction } = await paidOrder('wallet', { walletPhone: '01055556666' });
    expect((await refund(t, orderId, staff)).statusCode).toBe(200);
    expect(fake.refunds).toEqual([{ transaction_id: transaction, amount_cents: 30000 }]);
  });
});

describe('staff refund with the test provider and with Stripe', () => {
  let t: TestContext;
  let customer: TestUser;
  let staff: TestUser;
  /** A stand-in for Stripe's refunds API: answers each refund as `stripeAnswer` says, and keeps what it was asked. */
  let stripe: http.Server;
  let stripeUrl: string;
  let stripeAnswer: 'refund' | 'already-refunded' = 'refund';
  const stripeRefunds: string[] = [];

  beforeAll(async () => {
    stripe = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        stripeRefunds.push(`${req.method} ${req.url} ${body}`);
        res.writeHead(stripeAnswer === 'refund' ? 200 : 400, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify(
            stripeAnswer === 'refund'
              ? { id: 're_test_1', object: 'refund', status: 'succeeded', amount: 30000, currency: 'egp' }
              : {
                  error: {
                    type: 'invalid_request_error',
                    code: 'charge_already_refunded',
                    message: 'Charge ch_1 has already been refunded.',
                  },
                },
          ),
        );
      });
    });
    await new Promise<void>((resolve) => stripe.listen(0, '127.0.0.1', resolve));
    stripeUrl = `http://127.0.0.1:${(stripe.address() as AddressInfo).port}`;
    t = await createTestApp({ paymentsTestMode: true });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => stripe.close(resolve));
  });
  beforeEach(async () => {
    await resetDb(t.db);
    customer = await createUser(t);
    staff = await createUser(t, { role: 'admin' });
  });

  /** A card order paid on the built-in test page; its id, product and payment session. */
  async function testPageOrder() {
    const { cartId, product } = await cartOf(t, customer);
    const opened = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/checkout-session/${cartId}`,
      headers: customer.auth,
      payload: { shippingAddress: address },
    });
    const sessionId = opened.json().session.id as string;
    expect((await t.app.inject({ method: 'POST', url: `/payments/test/${sessionId}/pay` })).statusCode).toBe(303);
    const order = await t.db.one<{ id: string }>('SELECT id FROM orders WHERE payment_session_id = $1', [sessionId]);
    return { orderId: order!.id, product, sessionId };
  }

  it('the test provider records the refund under its own id; the order is cancelled and refunded, its stock back', async () => {
    const { orderId, product, sessionId } = await testPageOrder();
    const res = await refund(t, orderId, staff);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ isCancelled: true, isRefunded: true });
    expect(await orderState(t, orderId)).toMatchObject({ refund_id: `test-refund-${sessionId}` });
    expect(await stock(t, product)).toEqual({ quantity: 5, sold: 0 });
  });

  it('a Stripe payment goes back through Stripe (its payment intent, the whole amount); a refusal is a 502 that changes nothing', async () => {
    const { orderId, product, sessionId } = await testPageOrder();
    // As Stripe's webhook leaves a paid session: Stripe's, with the payment intent that took the money.
    await t.db.query(
      "UPDATE payment_sessions SET provider = 'stripe', provider_payment_id = 'pi_test_1' WHERE id = $1",
      [sessionId],
    );
    const config = t.app.ctx.config;
    Object.assign(config, { stripeSecretKey: 'sk_test_fake', stripeApiUrl: stripeUrl });
    try {
      stripeAnswer = 'already-refunded';
      const refused = await refund(t, orderId, staff);
      expect([refused.statusCode, refused.json().message]).toEqual([502, 'The payment provider refused the refund']);
      expect(await orderState(t, orderId)).toMatchObject({ is_cancelled: false, is_refunded: false });
      expect(await stock(t, product)).toEqual({ quantity: 3, sold: 2 });

      stripeAnswer = 'refund';
      expect((await refund(t, orderId, staff)).statusCode).toBe(200);
      expect(stripeRefunds.at(-1)).toBe('POST /v1/refunds payment_intent=pi_test_1&amount=30000');
      expect(await orderState(t, orderId)).toMatchObject({ is_refunded: true, refund_id: 're_test_1' });
    } finally {
      Object.assign(config, { stripeSecretKey: undefined, stripeApiUrl: undefined });
    }
  });
});
