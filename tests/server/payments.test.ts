import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import {
  createCoupon,
  createProduct,
  createTestApp,
  createUser,
  resetDb,
  type TestContext,
  type TestUser,
  FRESH_SHOP,
} from './helpers';

const address = { details: 'المنزل', phone: '01012345678', city: 'الجيزة', postalCode: '' };

async function cartOf(t: TestContext, user: TestUser, productId: string, times = 1) {
  let data;
  for (let i = 0; i < times; i++)
    data = (
      await t.app.inject({ method: 'POST', url: '/api/v1/cart', headers: user.auth, payload: { productId } })
    ).json().data;
  return data;
}

describe('card payment with the built-in test provider', () => {
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
  const checkout = (
    cartId: string,
    init: { method?: 'GET' | 'POST'; query?: string; payload?: unknown; who?: TestUser } = {},
  ) =>
    t.app.inject({
      method: init.method ?? 'GET',
      url: `/api/v1/orders/checkout-session/${cartId}${init.query ?? ''}`,
      headers: (init.who ?? user).auth,
      payload: init.payload as Record<string, unknown> | undefined,
    });
  const sessionPath = (url: string) => new URL(url).pathname;

  it('opens a session, shows the Arabic page, pays once and creates one paid order', async () => {
    const product = await createProduct(t, { title: 'حقيبة <b>', price: 50, quantity: 3 });
    const cart = await cartOf(t, user, product, 2);
    const query = '?shippingAddress[details]=المنزل&shippingAddress[phone]=01012345678&shippingAddress[city]=الجيزة';

    let res = await checkout(cart._id, { query: encodeURI(query) });
    expect(res.statusCode).toBe(200);
    const { status, session } = res.json();
    expect(status).toBe('success');
    expect(session.url).toBe(`http://shop.test/payments/test/${session.id}`);
    expect(new Date(session.expiresAt).getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    // Nothing is reserved or emptied yet.
    expect(await t.db.one('SELECT quantity, sold FROM products')).toEqual({ quantity: 3, sold: 0 });
    expect(await t.db.query('SELECT id FROM carts')).toHaveLength(1);

    res = await t.app.inject({ method: 'GET', url: sessionPath(session.url) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('dir="rtl"');
    // Amounts read as the shop prints them: whole pounds without piastres.
    expect(res.body).toContain('الإجمالي: 100 جنيه');
    expect(res.body).toContain('× 2 — 100 جنيه');
    expect(res.body).not.toContain('100.00');
    expect(res.body).toContain('ادفع الآن');
    expect(res.body).toContain('إلغاء');
    expect(res.body).toContain('حقيبة &lt;b&gt;');
    expect(res.body).not.toMatch(/<(script|link)\b|src="http/);

    res = await t.app.inject({
      method: 'POST',
      url: `${sessionPath(session.url)}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('http://front.test/user/allorders');

    const orders = (await t.app.inject({ method: 'GET', url: '/api/v1/orders', headers: user.auth })).json();
    expect(orders.results).toBe(1);
    expect(orders.data[0]).toMatchObject({
      paymentMethodType: 'card',
      isPaid: true,
      paidAt: expect.any(String),
      isDelivered: false,
      totalOrderPrice: 100,
      shippingAddress: { details: 'المنزل', phone: '01012345678', city: 'الجيزة', postalCode: '' },
    });
    expect(orders.data[0].cartItems[0]).toMatchObject({ count: 2, price: 50, product: { _id: product } });
    expect(await t.db.one('SELECT quantity, sold FROM products')).toEqual({ quantity: 1, sold: 2 });
    expect(await t.db.query('SELECT id FROM carts')).toHaveLength(0);

    // Paying again (a double click, a replay) changes nothing.
    res = await t.app.inject({ method: 'POST', url: `${sessionPath(session.url)}/pay` });
    expect(res.statusCode).toBe(303);
    expect(await t.db.query('SELECT id FROM orders')).toHaveLength(1);
    expect(await t.db.one('SELECT quantity, sold FROM products')).toEqual({ quantity: 1, sold: 2 });
  });

  it('prints piastres only when an amount has any, with thousands grouped, as the shop does', async () => {
    const product = await createProduct(t, { title: 'مكواة', price: 625.25, quantity: 3 });
    const cart = await cartOf(t, user, product, 2);
    const query = '?shippingAddress[details]=المنزل&shippingAddress[phone]=01012345678&shippingAddress[city]=الجيزة';
    const { session } = (await checkout(cart._id, { query: encodeURI(query) })).json();
    const res = await t.app.inject({ method: 'GET', url: sessionPath(session.url) });
    expect(res.body).toContain('الإجمالي: 1,250.50 جنيه');
    expect(res.body).not.toContain('1250.50');
  });

  it('accepts POST with the address in the JSON body, and no address at all', async () => {
    const product = await createProduct(t, { price: 40 });
    const cart = await cartOf(t, user, product);
    let res = await checkout(cart._id, { method: 'POST', payload: { shippingAddress: address } });
    expect(res.statusCode).toBe(200);
    expect(
      await t.db.one('SELECT shipping_address FROM payment_sessions WHERE id = $1', [res.json().session.id]),
      // Its city names a governorate, which the session keeps with the address.
    ).toEqual({ shipping_address: { ...address, governorate: 'EG-GZ', governorateName: 'الجيزة' } });
    res = await checkout(cart._id, { method: 'POST', payload: { shippingAddress: { details: 'x', phone: '1' } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({
      path: 'shippingAddress.phone',
      msg: 'accept only egypt phone numbers',
      location: 'body',
    });
    res = await checkout(cart._id);
    expect(res.statusCode).toBe(200);
    expect(
      await t.db.one('SELECT shipping_address FROM payment_sessions WHERE id = $1', [res.json().session.id]),
    ).toEqual({ shipping_address: null });
  });

  it('keeps a cart that changed after the session', async () => {
    const product = await createProduct(t, { price: 40, quantity: 5 });
    const cart = await cartOf(t, user, product);
    const { session } = (await checkout(cart._id)).json();
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/cart/${cart.products[0]._id}`,
      headers: user.auth,
      payload: { count: 2 },
    });
    const res = await t.app.inject({ method: 'POST', url: `${sessionPath(session.url)}/pay` });
    expect(res.statusCode).toBe(303);
    expect(await t.db.one('SELECT quantity, sold FROM products')).toEqual({ quantity: 4, sold: 1 });
    expect(await t.db.one('SELECT oversold, is_paid FROM orders')).toEqual({ oversold: false, is_paid: true });
    expect(await t.db.query('SELECT id FROM carts')).toHaveLength(1);
  });

  it('refuses to pay when the stock is no longer there: a 409 page, no order, nothing taken, the session closed', async () => {
    const product = await createProduct(t, { price: 40, quantity: 2 });
    const cart = await cartOf(t, user, product, 2);
    const { session } = (await checkout(cart._id)).json();
    await t.db.query('UPDATE products SET quantity = 1');
    let res = await t.app.inject({ method: 'POST', url: `${sessionPath(session.url)}/pay` });
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('لم يتم خصم أي مبلغ');
    expect(res.body).toContain('href="http://front.test/cart"');
    expect(await t.db.query('SELECT id FROM orders')).toHaveLength(0);
    expect(await t.db.one('SELECT quantity, sold FROM products')).toEqual({ quantity: 1, sold: 0 });
    expect(await t.db.query('SELECT id FROM carts')).toHaveLength(1);
    res = await t.app.inject({ method: 'POST', url: `${sessionPath(session.url)}/pay` });
    expect(res.statusCode).toBe(404);
  });

  it('opening a new session for the cart closes the one before it (API.md §6.5)', async () => {
    const product = await createProduct(t, { price: 40, quantity: 5 });
    const cart = await cartOf(t, user, product);
    const first = (await checkout(cart._id)).json().session;
    const second = (await checkout(cart._id)).json().session;
    const statuses = await t.db.query<{ id: string; status: string }>('SELECT id, status FROM payment_sessions');
    expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual({
      [first.id]: 'expired',
      [second.id]: 'open',
    });
    expect((await t.app.inject({ method: 'GET', url: sessionPath(first.url) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `${sessionPath(first.url)}/pay` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `${sessionPath(second.url)}/pay` })).statusCode).toBe(303);
    expect(await t.db.query('SELECT id FROM orders')).toHaveLength(1);
  });

  it('cancels, and unknown or expired sessions answer a 404 page', async () => {
    const product = await createProduct(t, { price: 40 });
    const cart = await cartOf(t, user, product);
    const { session } = (await checkout(cart._id)).json();
    let res = await t.app.inject({ method: 'POST', url: `${sessionPath(session.url)}/cancel` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('http://front.test/cart');
    res = await t.app.inject({ method: 'POST', url: `${sessionPath(session.url)}/pay` });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(await t.db.query('SELECT id FROM orders')).toHaveLength(0);

    const expired = (await checkout(cart._id)).json().session;
    await t.db.query("UPDATE payment_sessions SET expires_at = now() - interval '1 minute' WHERE id = $1", [
      expired.id,
    ]);
    expect((await t.app.inject({ method: 'GET', url: sessionPath(expired.url) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `${sessionPath(expired.url)}/pay` })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/payments/test/00000000-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/payments/test/nonsense' })).statusCode).toBe(404);
    expect(await t.db.query('SELECT id FROM orders')).toHaveLength(0);
  });

  it('applies the cart checks: ownership, empty cart, minimum total, stock, prices', async () => {
    const other = await createUser(t);
    const cheap = await createProduct(t, { title: 'ممحاة', price: 5, quantity: 1 });
    const cart = await cartOf(t, user, cheap);
    let res = await checkout(cart._id, { who: other });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(`There is no cart for this user :${other.id}`);
    res = await checkout(cart._id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'fail', message: 'Order total is too small for card payment' });

    await createCoupon(t, { name: 'ALL', discount: 100 });
    const pricey = await createProduct(t, { title: 'مكتب', price: 500, quantity: 1 });
    await cartOf(t, user, pricey);
    await t.db.query('UPDATE products SET quantity = 0 WHERE id = $1', [pricey]);
    res = await checkout(cart._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Not enough stock for product: مكتب');
    await t.db.query('UPDATE products SET quantity = 1, price = 60000 WHERE id = $1', [pricey]);
    res = await checkout(cart._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Cart prices have changed, please review your cart');
    expect((await checkout(cart._id)).statusCode).toBe(200);
    expect(await t.db.query('SELECT id FROM payment_sessions')).toHaveLength(1);
    const staff = await createUser(t, { role: 'manager' });
    expect((await checkout(cart._id, { who: staff })).statusCode).toBe(403);
  });

  it('has no Stripe webhook when Stripe is not configured', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/webhook-checkout', payload: {} });
    expect(res.statusCode).toBe(404);
  });
});

describe('where the test page sends the shopper back, and its Content-Security-Policy', () => {
  let t: TestContext;
  let user: TestUser;
  beforeAll(async () => {
    // No FRONTEND_URL: the web app runs on another origin than the API (as with `npm run dev`).
    t = await createTestApp({ paymentsTestMode: true, allowedOrigins: ['http://web.test:5173'] });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await resetDb(t.db);
    user = await createUser(t);
  });
  const openFrom = async (origin?: string) => {
    const product = await createProduct(t, { price: 40 });
    const cart = await cartOf(t, user, product);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/checkout-session/${cart._id}`,
      headers: { ...user.auth, ...(origin && { origin }) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return new URL(res.json().session.url).pathname;
  };
  const formAction = (header: unknown) => /form-action ([^;]*)/.exec(String(header))?.[1].split(' ');

  it('returns to the web app the shopper came from when CORS allows its origin, and its CSP lets Pay and Cancel redirect there', async () => {
    const page = await openFrom('http://web.test:5173');
    const res = await t.app.inject({ method: 'GET', url: page });
    expect(res.statusCode).toBe(200);
    expect(formAction(res.headers['content-security-policy'])).toEqual(["'self'", 'http://web.test:5173']);
    // The rest of the policy is the shop's usual one.
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    expect((await t.app.inject({ method: 'POST', url: `${page}/pay` })).headers.location).toBe(
      'http://web.test:5173/user/allorders',
    );

    const other = await openFrom('http://web.test:5173');
    expect((await t.app.inject({ method: 'POST', url: `${other}/cancel` })).headers.location).toBe(
      'http://web.test:5173/cart',
    );
  });

  it("an origin CORS does not allow, a malformed one or none at all returns to the API origin; other answers keep form-action 'self'", async () => {
    for (const origin of ['https://evil.example', 'null', 'http://web.test:5173/path', undefined]) {
      const page = await openFrom(origin);
      const res = await t.app.inject({ method: 'GET', url: page });
      expect(formAction(res.headers['content-security-policy']), String(origin)).toEqual([
        "'self'",
        'http://shop.test',
      ]);
      expect((await t.app.inject({ method: 'POST', url: `${page}/pay` })).headers.location).toBe(
        'http://shop.test/user/allorders',
      );
      await resetDb(t.db);
      user = await createUser(t);
    }
    expect(
      formAction((await t.app.inject({ method: 'GET', url: '/api/v1/products' })).headers['content-security-policy']),
    ).toEqual(["'self'"]);
  });

  it("FRONTEND_URL wins over the request's origin; without ALLOWED_ORIGINS only PUBLIC_BASE_URL's origin and, outside production, the dev proxy's loopback origin are returned to", async () => {
    const front = await createTestApp({ paymentsTestMode: true, frontendUrl: 'https://shop.example' });
    const open = await createTestApp({ paymentsTestMode: true, publicBaseUrl: 'http://api.test' });
    const production = await createTestApp({
      nodeEnv: 'production',
      paymentsTestMode: true,
      publicBaseUrl: 'https://shop.example',
    });
    try {
      for (const [app, origin, expected] of [
        [front, 'http://localhost:5173', 'https://shop.example'],
        [open, 'http://localhost:5173', 'http://localhost:5173'],
        [open, 'http://127.0.0.1:5173', 'http://127.0.0.1:5173'],
        [open, 'https://evil.example', 'http://api.test'],
        [production, 'https://shop.example', 'https://shop.example'],
        [production, 'http://localhost:5173', 'https://shop.example'],
        [production, 'https://evil.example', 'https://shop.example'],
      ] as const) {
        const shopper = await createUser(app);
        const cart = await cartOf(app, shopper, await createProduct(app, { price: 40 }));
        const res = await app.app.inject({
          method: 'POST',
          url: `/api/v1/orders/checkout-session/${cart._id}`,
          headers: { ...shopper.auth, origin, host: 'claim-prize.example' },
        });
        expect(res.statusCode, res.body).toBe(200);
        const session = await app.db.one('SELECT success_url, cancel_url FROM payment_sessions WHERE id = $1', [
          res.json().session.id,
        ]);
        expect(session, origin).toEqual({ success_url: `${expected}/user/allorders`, cancel_url: `${expected}/cart` });
        // The test page itself is at PUBLIC_BASE_URL too, whatever Host the request named.
        if (app !== front)
          expect(res.json().session.url).toMatch(new RegExp(`^${app.app.ctx.config.publicBaseUrl}/payments/test/`));
      }
    } finally {
      await front.close();
      await open.close();
      await production.close();
    }
  });
});

describe('card payment only where it is real or a demo shop (API.md §6.5)', () => {
  let t: TestContext;
  beforeAll(async () => {
    // No Stripe, no PAYMENTS_TEST_MODE, no demo catalogue: a real shop that has not set up payments yet.
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await resetDb(t.db);
    await t.db.exec('DELETE FROM seed_runs');
    t.app.ctx.shop.demo = false;
  });
  const shop = async (app = t.app) => (await app.inject({ method: 'GET', url: '/api/v1/shop' })).json();

  it('without Stripe or a demo shop: card checkout is a clear 400, no session, no test page, and GET /shop says so', async () => {
    const user = await createUser(t);
    const cart = await cartOf(t, user, await createProduct(t, { price: 40 }));
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/v1/orders/checkout-session/${cart._id}`,
        headers: user.auth,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 'fail', message: 'Card payment is not available' });
    }
    expect(await t.db.query('SELECT id FROM payment_sessions')).toEqual([]);
    expect(await shop()).toEqual({
      data: { paymentProvider: null, demo: false, cardPayment: false, paymentMethods: [], ...FRESH_SHOP },
    });
    const page = await t.app.inject({ method: 'GET', url: '/payments/test/00000000-0000-4000-8000-000000000000' });
    expect([page.statusCode, page.json()]).toEqual([
      404,
      { status: 'fail', message: "Can't find this route: /payments/test/00000000-0000-4000-8000-000000000000" },
    ]);
    expect(
      (await t.app.inject({ method: 'POST', url: '/payments/test/00000000-0000-4000-8000-000000000000/pay' }))
        .statusCode,
    ).toBe(404);
  });

  it('a shop whose database got the demo catalogue is a demo shop: test payments on, in every process', async () => {
    await t.db.exec("INSERT INTO seed_runs (name) VALUES ('demo')");
    // A process started on the seeded database knows it at once; the one that seeded learns it from seedDatabase.
    const other = await buildApp({
      db: t.db,
      config: { nodeEnv: 'test', logLevel: 'silent', dataDir: t.dataDir, publicBaseUrl: 'http://shop.test' },
    });
    try {
      expect(await shop(other)).toEqual({
        data: { paymentProvider: 'test', demo: true, cardPayment: true, paymentMethods: ['card'], ...FRESH_SHOP },
      });
      const user = await createUser(t);
      const cart = await cartOf(t, user, await createProduct(t, { price: 40 }));
      const res = await other.inject({
        method: 'POST',
        url: `/api/v1/orders/checkout-session/${cart._id}`,
        headers: user.auth,
      });
      expect(res.statusCode).toBe(200);
      expect((await other.inject({ method: 'GET', url: new URL(res.json().session.url).pathname })).statusCode).toBe(
        200,
      );
      // PAYMENTS_TEST_MODE=false turns it off even there.
      const off = await buildApp({
        db: t.db,
        config: { nodeEnv: 'test', logLevel: 'silent', dataDir: t.dataDir, paymentsTestMode: false },
      });
      expect(await shop(off)).toEqual({
        data: { paymentProvider: null, demo: false, cardPayment: false, paymentMethods: [], ...FRESH_SHOP },
      });
      await off.close();
    } finally {
      await other.close();
    }
  });

  it('PAYMENTS_TEST_MODE=true turns test payments on in any shop', async () => {
    const on = await buildApp({
      db: t.db,
      config: { nodeEnv: 'test', logLevel: 'silent', dataDir: t.dataDir, paymentsTestMode: true },
    });
    try {
      expect(await shop(on)).toEqual({
        data: { paymentProvider: 'test', demo: true, cardPayment: true, paymentMethods: ['card'], ...FRESH_SHOP },
      });
    } finally {
      await on.close();
    }
  });
});

describe('Stripe webhook', () => {
  const secret = 'whsec_test_secret';
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ stripeSecretKey: 'sk_test_fake', stripeWebhookSecret: secret });
  });
  afterAll(() => t.close());
  beforeEach(() => resetDb(t.db));

  const send = (payload: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: '/webhook-checkout',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });

  it('with Stripe, card payment is real: GET /shop says card, not demo, and there is no test page', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/shop' })).json()).toEqual({
      data: { paymentProvider: 'stripe', demo: false, cardPayment: true, paymentMethods: ['card'], ...FRESH_SHOP },
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/payments/test/00000000-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(404);
  });

  it('refuses a bad signature with 400 plain text', async () => {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: {} },
    });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    const res = await send(payload, forged);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toMatch(/^Webhook error: /);
    expect((await send(payload, '')).statusCode).toBe(400);
  });

  it('creates the paid order once for a signed checkout.session.completed', async () => {
    const user = await createUser(t);
    const product = await createProduct(t, { price: 70, quantity: 4 });
    const cart = await cartOf(t, user, product);
    const line = await t.db.one<{ ref: unknown }>(
      `SELECT jsonb_build_object('_id', p.id, 'title', p.title, 'imageCover', p.image_cover) AS ref FROM products p`,
    );
    const session = (await t.db.one<{ id: string }>(
      `INSERT INTO payment_sessions (provider, provider_session_id, user_id, cart_id, cart_updated_at, snapshot, total, success_url, cancel_url, expires_at)
       SELECT 'stripe', 'cs_test_1', $1, c.id, c.updated_at, $2::jsonb, 7000, 'http://x/user/allorders', 'http://x/cart', now() + interval '1 day'
       FROM carts c WHERE c.id = $3 RETURNING id`,
      [
        user.id,
        JSON.stringify([{ productId: product, count: 1, color: '', price: 7000, product: line!.ref }]),
        cart._id,
      ],
    ))!;
    const payload = JSON.stringify({
      id: 'evt_2',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_test_1',
          object: 'checkout.session',
          payment_status: 'paid',
          client_reference_id: session.id,
        },
      },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    let res = await send(payload, signature);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    res = await send(payload, signature); // replayed event
    expect(res.statusCode).toBe(200);
    expect(await t.db.query('SELECT payment_method_type, is_paid, total_order_price FROM orders')).toEqual([
      { payment_method_type: 'card', is_paid: true, total_order_price: 7000 },
    ]);
    expect(await t.db.one('SELECT quantity, sold FROM products')).toEqual({ quantity: 3, sold: 1 });
    expect(await t.db.query('SELECT id FROM carts')).toHaveLength(0);

    const other = JSON.stringify({ id: 'evt_3', object: 'event', type: 'customer.created', data: { object: {} } });
    res = await send(other, Stripe.webhooks.generateTestHeaderString({ payload: other, secret }));
    expect(res.json()).toEqual({ received: true });
  });
});

describe('Stripe that does not answer or fails on its side', () => {
  /** A local stand-in for Stripe's API that answers every request with a 500, as Stripe does when it fails. */
  let failing: http.Server;
  let failingUrl: string;
  beforeAll(async () => {
    failing = http.createServer((_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred' } }));
    });
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    failingUrl = `http://127.0.0.1:${(failing.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => failing.close(resolve)));

  it.each([
    ['unreachable (connection refused)', () => 'http://127.0.0.1:1'],
    ['answering 500', () => failingUrl],
  ])(
    'Stripe %s: card checkout is a clear 503 with Retry-After, and no payment session is left open',
    async (_case, stripeApiUrl) => {
      const t = await createTestApp({ stripeSecretKey: 'sk_test_fake', stripeApiUrl: stripeApiUrl() });
      try {
        const user = await createUser(t);
        const product = await createProduct(t, { price: 70, quantity: 4 });
        const cart = await cartOf(t, user, product);
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/v1/orders/checkout-session/${cart._id}`,
          headers: user.auth,
          payload: { shippingAddress: address },
        });
        expect([res.statusCode, res.json(), res.headers['retry-after']]).toEqual([
          503,
          { status: 'error', message: 'The payment provider is unavailable, please try again' },
          '5',
        ]);
        expect(await t.db.query('SELECT id FROM payment_sessions')).toEqual([]);
        // The cart is still there to pay later or order by cash.
        expect(
          (await t.app.inject({ method: 'GET', url: '/api/v1/cart', headers: user.auth })).json().numOfCartItems,
        ).toBe(1);
      } finally {
        await t.close();
      }
    },
  );
});
