import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProduct, createTestApp, createUser, resetDb, type TestContext, type TestUser } from '../helpers';
import { apiClient } from './world';

/**
 * Many requests at once must not oversell stock or make an order twice (API.md §6.4, §6.5). On
 * PostgreSQL the requests really interleave (row locks decide); on PGlite transactions queue.
 */
const address = { details: 'شارع النيل', phone: '01012345678', city: 'القاهرة' };

interface Customer {
  user: TestUser;
  cartId: string;
  count: number;
}

/** `counts.length` customers (new ones, or `existing`), each with a cart holding one line of `productId` with the given count. */
async function customersWithCarts(
  t: TestContext,
  productId: string,
  counts: number[],
  existing?: TestUser,
): Promise<Customer[]> {
  const api = apiClient(t);
  const customers: Customer[] = [];
  for (const count of counts) {
    const user = existing ?? (await createUser(t));
    let res = await api('POST', '/cart', { as: user, payload: { productId } });
    expect(res.statusCode, res.body).toBe(200);
    if (count > 1) {
      res = await api('PUT', `/cart/${res.json().data.products[0]._id}`, { as: user, payload: { count } });
      expect(res.statusCode, res.body).toBe(200);
    }
    customers.push({ user, cartId: res.json().data._id, count });
  }
  return customers;
}

const stockOf = (t: TestContext, id: string) =>
  t.db.one<{ quantity: number; sold: number }>('SELECT quantity, sold FROM products WHERE id = $1', [id]);

/** Cash orders and the built-in test payment page share one app; Stripe's webhook needs its own. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ paymentsTestMode: true, frontendUrl: 'http://front.test' });
});
afterAll(() => t.close());

describe('cash orders racing for the same stock', () => {
  beforeEach(() => resetDb(t.db));

  /** Fires every customer's cash order at once; returns the customers who got 201 and those who got 409. */
  async function orderAllAtOnce(customers: Customer[]) {
    const api = apiClient(t);
    const answers = await Promise.all(
      customers.map((c) => api('POST', `/orders/${c.cartId}`, { as: c.user, payload: { shippingAddress: address } })),
    );
    const winners: Customer[] = [];
    const losers: Customer[] = [];
    answers.forEach((res, i) => {
      if (res.statusCode === 201) winners.push(customers[i]);
      else {
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json()).toEqual({ status: 'fail', message: 'Not enough stock for product: جهاز محدود' });
        losers.push(customers[i]);
      }
    });
    return { winners, losers };
  }

  /** Orders and items in the database are exactly the winners' carts, and every loser's cart is intact. */
  async function expectOnlyWinnersOrdered(productId: string, winners: Customer[], losers: Customer[]) {
    const orders = await t.db.query<{
      user_id: string;
      total_order_price: number;
      items: number;
      units: number;
      item_total: number;
    }>(
      `SELECT o.user_id, o.total_order_price, count(oi.id)::int AS items, sum(oi.count)::int AS units, sum(oi.count * oi.price)::int AS item_total
       FROM orders o JOIN order_items oi ON oi.order_id = o.id GROUP BY o.id`,
    );
    expect(orders.map((o) => o.user_id).sort()).toEqual(winners.map((w) => w.user.id).sort());
    for (const order of orders) {
      const winner = winners.find((w) => w.user.id === order.user_id)!;
      expect(order).toMatchObject({ items: 1, units: winner.count, total_order_price: order.item_total });
    }
    expect(await t.db.one('SELECT count(*)::int AS n FROM order_items')).toEqual({ n: winners.length });
    const carts = await t.db.query<{ user_id: string; product_id: string; count: number }>(
      'SELECT c.user_id, ci.product_id, ci.count FROM carts c JOIN cart_items ci ON ci.cart_id = c.id',
    );
    expect(carts.sort((a, b) => a.user_id.localeCompare(b.user_id))).toEqual(
      losers
        .map((l) => ({ user_id: l.user.id, product_id: productId, count: l.count }))
        .sort((a, b) => a.user_id.localeCompare(b.user_id)),
    );
  }

  it('50 customers order the last 10 units at once: exactly 10 orders, 40 × 409, stock 0, losers keep their carts', async () => {
    const productId = await createProduct(t, { title: 'جهاز محدود', price: 100, quantity: 10 });
    const customers = await customersWithCarts(t, productId, Array(50).fill(1));

    const { winners, losers } = await orderAllAtOnce(customers);
    expect(winners).toHaveLength(10);
    expect(losers).toHaveLength(40);
    expect(await stockOf(t, productId)).toEqual({ quantity: 0, sold: 10 });
    await expectOnlyWinnersOrdered(productId, winners, losers);
  });

  it('30 customers ordering 1–3 units each share 25 units: no unit sold twice, none lost, nobody refused while enough remained', async () => {
    const initial = 25;
    const productId = await createProduct(t, { title: 'جهاز محدود', price: 40, quantity: initial });
    const counts = Array.from({ length: 30 }, (_, i) => (i % 3) + 1); // 1, 2, 3, 1, …: 60 units wanted
    const customers = await customersWithCarts(t, productId, counts);

    const { winners, losers } = await orderAllAtOnce(customers);
    const ordered = winners.reduce((sum, w) => sum + w.count, 0);
    const { quantity, sold } = (await stockOf(t, productId))!;
    expect(ordered).toBeLessThanOrEqual(initial);
    expect(quantity).toBeGreaterThanOrEqual(0);
    expect(quantity + ordered).toBe(initial);
    expect(sold).toBe(ordered);
    // Stock only falls, so a refused customer wanted more than what is left even now.
    for (const loser of losers) expect(loser.count).toBeGreaterThan(quantity);
    await expectOnlyWinnersOrdered(productId, winners, losers);
  });
});

const sessionPath = (url: string) => new URL(url).pathname;
const countRows = async (t: TestContext, table: string) =>
  (await t.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))!.n;

describe('repeated confirmations of one card payment (built-in test provider)', () => {
  let user: TestUser;
  let productId: string;
  beforeEach(async () => {
    await resetDb(t.db);
    productId = await createProduct(t, { price: 50, quantity: 20 });
    [{ user }] = await customersWithCarts(t, productId, [2]);
  });

  const openSession = async () => {
    const cart = (await apiClient(t)('GET', '/cart', { as: user })).json().data;
    const res = await apiClient(t)('POST', `/orders/checkout-session/${cart._id}`, {
      as: user,
      payload: { shippingAddress: address },
    });
    expect(res.statusCode, res.body).toBe(200);
    return sessionPath(res.json().session.url);
  };
  const post = (url: string) => t.app.inject({ method: 'POST', url });

  it('Pay pressed 10 times at once and again afterwards makes one paid order and takes stock once', async () => {
    const page = await openSession();
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(`${page}/pay`)));
    answers.push(await post(`${page}/pay`));
    for (const res of answers) {
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('http://front.test/user/allorders');
    }
    expect(await t.db.query('SELECT payment_method_type, is_paid, total_order_price FROM orders')).toEqual([
      { payment_method_type: 'card', is_paid: true, total_order_price: 10000 },
    ]);
    expect(await countRows(t, 'order_items')).toBe(1);
    expect(await stockOf(t, productId)).toEqual({ quantity: 18, sold: 2 });
    expect(await countRows(t, 'carts')).toBe(0);
  });

  it('Pay racing Cancel on the same page ends either paid once or cancelled with nothing taken, never both', async () => {
    let paid = 0;
    for (let round = 0; round < 4; round++) {
      if (!(await countRows(t, 'carts'))) await customersWithCarts(t, productId, [2], user);
      const page = await openSession();
      const [pay, cancel] = await Promise.all([post(`${page}/pay`), post(`${page}/cancel`)]);
      const { status } = (await t.db.one<{ status: string }>('SELECT status FROM payment_sessions WHERE id = $1', [
        page.split('/').pop(),
      ]))!;
      if (status === 'completed') {
        paid++;
        expect([pay.statusCode, pay.headers.location]).toEqual([303, 'http://front.test/user/allorders']);
        // A Cancel that lost the race never sends the customer back to the cart as if nothing was paid.
        expect([cancel.statusCode, cancel.headers.location]).toEqual(
          cancel.statusCode === 404 ? [404, undefined] : [303, 'http://front.test/user/allorders'],
        );
      } else {
        expect(status).toBe('cancelled');
        expect([pay.statusCode, cancel.statusCode, cancel.headers.location]).toEqual([
          404,
          303,
          'http://front.test/cart',
        ]);
      }
      expect(await countRows(t, 'orders')).toBe(paid);
      expect(await stockOf(t, productId)).toEqual({ quantity: 20 - 2 * paid, sold: 2 * paid });
    }
  });
});

describe('several payment sessions for one cart (built-in test provider)', () => {
  beforeEach(() => resetDb(t.db));

  const openSessions = async (user: TestUser, cartId: string, n: number, atOnce: boolean) => {
    const open = () =>
      apiClient(t)('POST', `/orders/checkout-session/${cartId}`, { as: user, payload: { shippingAddress: address } });
    const answers = atOnce ? await Promise.all(Array.from({ length: n }, open)) : [];
    if (!atOnce) for (let i = 0; i < n; i++) answers.push(await open());
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    return answers.map((res) => sessionPath(res.json().session.url));
  };
  const pay = (page: string) => t.app.inject({ method: 'POST', url: `${page}/pay` });

  it.each([
    ['one after another', false],
    ['all at once', true],
  ])(
    'three sessions opened %s for a cart of the last 8 units, all paid at once: one paid order, 8 sold, never more',
    async (_how, atOnce) => {
      const productId = await createProduct(t, { title: 'جهاز محدود', price: 50, quantity: 8 });
      const [customer] = await customersWithCarts(t, productId, [8]);
      const pages = await openSessions(customer.user, customer.cartId, 3, atOnce);
      // Opening a session closes the ones before it: only one is open, whatever the order they were opened in.
      expect(await t.db.query("SELECT status FROM payment_sessions WHERE status = 'open'")).toHaveLength(1);

      const answers = await Promise.all(pages.map(pay));
      const paid = answers.filter((res) => res.statusCode === 303);
      expect(paid).toHaveLength(1);
      expect(paid[0].headers.location).toBe('http://front.test/user/allorders');
      // The others were closed by the newer session (404) or by the order made from their cart (409).
      for (const res of answers.filter((r) => r !== paid[0])) expect([404, 409]).toContain(res.statusCode);
      // Paying again (a replay of any page) still changes nothing.
      for (const page of pages) await pay(page);
      expect(await t.db.query('SELECT is_paid, total_order_price FROM orders')).toEqual([
        { is_paid: true, total_order_price: 40000 },
      ]);
      expect(await stockOf(t, productId)).toEqual({ quantity: 0, sold: 8 });
    },
  );

  it('stock sold to someone else after the session opened is not sold again: the page refuses (409) and takes nothing', async () => {
    const productId = await createProduct(t, { title: 'جهاز محدود', price: 50, quantity: 8 });
    const [card, cash] = await customersWithCarts(t, productId, [8, 3]);
    const [page] = await openSessions(card.user, card.cartId, 1, false);
    const api = apiClient(t);
    const [order, payment] = await Promise.all([
      api('POST', `/orders/${cash.cartId}`, { as: cash.user, payload: { shippingAddress: address } }),
      pay(page),
    ]);
    // Whichever came first won; the other was refused, and no unit was sold twice.
    if (payment.statusCode === 303) {
      expect(order.statusCode).toBe(409);
      expect(await stockOf(t, productId)).toEqual({ quantity: 0, sold: 8 });
    } else {
      expect([order.statusCode, payment.statusCode]).toEqual([201, 409]);
      expect(payment.body).toContain('لم يتم خصم أي مبلغ');
      expect(await stockOf(t, productId)).toEqual({ quantity: 5, sold: 3 });
      // The refused session is closed; the customer starts again from the cart, which is kept.
      expect((await pay(page)).statusCode).toBe(404);
      expect(await countRows(t, 'carts')).toBe(1);
    }
    expect(await countRows(t, 'orders')).toBe(1);
  });
});

describe('repeated Stripe webhooks for one payment', () => {
  const secret = 'whsec_concurrency_secret';
  let stripeApp: TestContext;
  beforeAll(async () => {
    stripeApp = await createTestApp({ stripeSecretKey: 'sk_test_fake', stripeWebhookSecret: secret });
  });
  afterAll(() => stripeApp.close());
  beforeEach(() => resetDb(stripeApp.db));

  it('the same signed checkout.session.completed delivered 5 times at once makes one order and takes stock once', async () => {
    const productId = await createProduct(stripeApp, { title: 'ساعة', price: 70, quantity: 4 });
    const [{ user, cartId }] = await customersWithCarts(stripeApp, productId, [2]);
    // A session as checkout-session would have stored it (Stripe itself is not reachable from tests).
    const session = (await stripeApp.db.one<{ id: string }>(
      `INSERT INTO payment_sessions (provider, provider_session_id, user_id, cart_id, cart_updated_at, snapshot, total, success_url, cancel_url, expires_at)
       SELECT 'stripe', 'cs_test_race', $1, c.id, c.updated_at, jsonb_build_array(jsonb_build_object('productId', $2::uuid, 'count', 2, 'color', '', 'price', 7000,
                'product', jsonb_build_object('_id', $2::uuid, 'title', 'ساعة', 'imageCover', 'cover.webp'))),
              14000, 'http://x/user/allorders', 'http://x/cart', now() + interval '1 day'
       FROM carts c WHERE c.id = $3 RETURNING id`,
      [user.id, productId, cartId],
    ))!;
    const payload = JSON.stringify({
      id: 'evt_race',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_test_race',
          object: 'checkout.session',
          payment_status: 'paid',
          client_reference_id: session.id,
        },
      },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    const deliver = () =>
      stripeApp.app.inject({
        method: 'POST',
        url: '/webhook-checkout',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });

    const answers = await Promise.all(Array.from({ length: 5 }, deliver));
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ received: true });
    }
    expect(
      await stripeApp.db.query(
        'SELECT user_id, payment_method_type, is_paid, total_order_price, payment_session_id FROM orders',
      ),
    ).toEqual([
      {
        user_id: user.id,
        payment_method_type: 'card',
        is_paid: true,
        total_order_price: 14000,
        payment_session_id: session.id,
      },
    ]);
    expect(await countRows(stripeApp, 'order_items')).toBe(1);
    expect(await stockOf(stripeApp, productId)).toEqual({ quantity: 2, sold: 2 });
    expect(await countRows(stripeApp, 'carts')).toBe(0);
  });
});
