import fs from 'node:fs/promises';
import path from 'node:path';
import Stripe from 'stripe';
import { JSDOM } from 'jsdom';
import os from 'node:os';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMailer, latestOutboxMessage, type Mailer, type MailMessage } from '../../server/mail';
import { orderMailsSettled } from '../../server/mail/orderMail';
import { createCoupon, createProduct, createUser, useTestApp, type TestContext, type TestUser } from './helpers';

const address = { details: 'شارع التحرير 5، الدقي', phone: '01012345678', city: 'الجيزة', postalCode: '12611' };
const HOSTILE_TITLE = 'قميص <b>"رجالي"</b> & بنطلون';

/** The newest mail to an address once every order mail in flight has been written. */
async function mailTo(t: TestContext, email: string) {
  await orderMailsSettled();
  return (await latestOutboxMessage(path.join(t.dataDir, 'outbox'), email)) as
    (MailMessage & { html: string }) | undefined;
}
const mailCount = async (t: TestContext, email: string) => {
  await orderMailsSettled();
  return (await fs.readdir(path.join(t.dataDir, 'outbox')).catch(() => [])).filter((f) => f.endsWith(`-${email}.json`))
    .length;
};
const addToCart = async (t: TestContext, user: TestUser, productId: string, color?: string) =>
  (
    await t.app.inject({ method: 'POST', url: '/api/v1/cart', headers: user.auth, payload: { productId, color } })
  ).json().data;

/** The rows of the mail's lines table as cell texts. */
const lineRows = (html: string) => {
  const doc = new JSDOM(html).window.document;
  const table = doc.querySelector('thead')!.closest('table')!;
  expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
    'المنتج',
    'اللون',
    'الكمية',
    'سعر الوحدة',
    'الإجمالي',
  ]);
  return [...table.querySelectorAll('tbody tr')].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => td.textContent),
  );
};

describe('the outbox (no SMTP_URL)', () => {
  it('keeps two mails to one address sent in the same millisecond, and reads the later one as the newest', async () => {
    const outboxDir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'shop-outbox-')), 'outbox');
    const log = { info: () => undefined } as unknown as Parameters<typeof createMailer>[0]['log'];
    const mailer = createMailer({ from: 'shop@shop.test', outboxDir, log });
    vi.spyOn(Date, 'now').mockReturnValue(1_795_000_000_000);
    for (const subject of ['first', 'second']) await mailer.send({ to: 'same@example.com', subject, text: subject });
    expect(await fs.readdir(outboxDir)).toHaveLength(2);
    expect((await latestOutboxMessage(outboxDir, 'same@example.com'))?.subject).toBe('second');
    await fs.rm(path.dirname(outboxDir), { recursive: true, force: true });
  });
});

describe('order e-mails: cash, test-page card payment and delivery', () => {
  const t = useTestApp({ paymentsTestMode: true, frontendUrl: 'http://front.test' });
  let user: TestUser;
  let admin: TestUser;
  beforeEach(async () => {
    user = await createUser(t, { name: 'سارة' });
    admin = await createUser(t, { role: 'admin' });
  });

  async function placeCashOrder() {
    const shirt = await createProduct(t, {
      title: HOSTILE_TITLE,
      price: 100,
      priceAfterDiscount: 90,
      colors: ['#000000'],
    });
    const cap = await createProduct(t, { title: 'كاب', price: 25 });
    await addToCart(t, user, shirt, '#000000');
    await addToCart(t, user, shirt, '#000000');
    const cart = await addToCart(t, user, cap);
    await createCoupon(t, { name: 'TEN', discount: 10 });
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/cart/applyCoupon',
      headers: user.auth,
      payload: { couponName: 'TEN' },
    });
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${cart._id}`,
      headers: user.auth,
      payload: { shippingAddress: address },
    });
  }

  it('a cash order mails its confirmation: Arabic, right to left, HTML and text, lines, coupon, total and address', async () => {
    const res = await placeCashOrder();
    expect(res.statusCode).toBe(201);
    expect(res.json().data.totalOrderPrice).toBe(184.5);

    const mail = (await mailTo(t, user.email))!;
    expect(mail.subject).toBe('تم استلام طلبك رقم #1');
    expect(mail.html).toMatch(/^<!doctype html>\n<html lang="ar" dir="rtl">/);
    expect(lineRows(mail.html)).toEqual([
      [HOSTILE_TITLE, 'أسود', '2', '90 جنيه', '180 جنيه'],
      ['كاب', '', '1', '25 جنيه', '25 جنيه'],
    ]);
    // The title is text in the HTML part, never markup.
    expect(mail.html).toContain('قميص &lt;b&gt;&quot;رجالي&quot;&lt;/b&gt; &amp; بنطلون');
    expect(mail.html).not.toContain('<b>"رجالي"</b>');
    for (const part of [mail.text, new JSDOM(mail.html).window.document.body.textContent!]) {
      expect(part).toContain('مرحباً «سارة»،');
      expect(part).toContain('#1');
      expect(part).toContain('الدفع عند الاستلام');
      expect(part).toContain('«شارع التحرير 5، الدقي، الجيزة، 12611»');
      expect(part).toContain('01012345678');
      expect(part).toMatch(/المجموع:?\s*205 جنيه/);
      expect(part).toMatch(/الكوبون TEN:?\s*− 20.50 جنيه/);
      expect(part).toMatch(/الإجمالي:?\s*184.50 جنيه/);
    }
    expect(mail.text).toContain(`- ${HOSTILE_TITLE} (اللون: أسود) — 2 × 90 جنيه = 180 جنيه`);
    expect(mail.text).toContain('http://front.test/user/allorders');
  });

  it("a customer's name and address are quoted and never links, whatever the Host: in the HTML and the text part the only link is the shop's", async () => {
    const spammer = await createUser(t, { name: 'فائز claim-prize.example' });
    const product = await createProduct(t, { title: 'كاب', price: 25 });
    const cart = await addToCart(t, spammer, product);
    const details = 'You won 5000 EGP! Claim it at http://claim-prize.example or www.claim-prize.example';
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${cart._id}`,
      headers: { ...spammer.auth, host: 'claim-prize.example' },
      payload: { shippingAddress: { ...address, details } },
    });
    expect(res.statusCode).toBe(201);
    const mail = (await mailTo(t, spammer.email))!;
    const body = new JSDOM(mail.html).window.document.body;
    expect([...body.querySelectorAll('a')].map((a) => a.href)).toEqual(['http://front.test/user/allorders']);
    for (const [part, shopLinks] of [
      [mail.text, ['http://front.test/user/allorders']],
      [body.textContent!, null], // the HTML part's one link is the anchor above, its text is words
    ] as const) {
      expect(part).toContain('مرحباً «فائز claim-prize[.]example»،');
      expect(part).toContain(
        '«You won 5000 EGP! Claim it at http[:]//claim-prize[.]example or www[.]claim-prize[.]example، الجيزة، 12611»',
      );
      // What mail readers turn into links: a scheme, www., or a dotted name. Only the shop's own address is left.
      expect(part.match(/[a-z]+:\/\/\S+|www\.\S+|[\w-]+\.[a-z]{2,}\b/gi)).toEqual(shopLinks);
    }
  });

  it('delivering the order mails the customer once; marking it paid or delivered again sends nothing more', async () => {
    const order = (await placeCashOrder()).json().data;
    expect(await mailCount(t, user.email)).toBe(1);

    const res = await t.app.inject({ method: 'PUT', url: `/api/v1/orders/${order._id}/deliver`, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const mail = (await mailTo(t, user.email))!;
    expect(mail.subject).toBe('تم توصيل طلبك رقم #1');
    expect(mail.text).toContain('تم توصيل طلبك');
    expect(lineRows(mail.html)[0]).toEqual([HOSTILE_TITLE, 'أسود', '2', '90 جنيه', '180 جنيه']);
    expect(mail.text).toMatch(/الإجمالي: 184.50 جنيه/);
    expect(await mailCount(t, user.email)).toBe(2);

    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/v1/orders/${order._id}/deliver`, headers: admin.auth }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/v1/orders/${order._id}/pay`, headers: admin.auth })).statusCode,
    ).toBe(200);
    expect(await mailCount(t, user.email)).toBe(2);
  });

  it('a card payment on the test page mails the paid order', async () => {
    const product = await createProduct(t, { title: 'حقيبة', price: 50, quantity: 3 });
    const cart = await addToCart(t, user, product);
    const query = new URLSearchParams({
      'shippingAddress[details]': address.details,
      'shippingAddress[phone]': address.phone,
      'shippingAddress[city]': address.city,
    });
    const { session } = (
      await t.app.inject({ url: `/api/v1/orders/checkout-session/${cart._id}?${query}`, headers: user.auth })
    ).json();
    expect(await mailCount(t, user.email)).toBe(0);

    const pay = await t.app.inject({
      method: 'POST',
      url: `${new URL(session.url).pathname}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(pay.statusCode).toBe(303);
    const mail = (await mailTo(t, user.email))!;
    expect(mail.subject).toBe('تم الدفع وتأكيد طلبك رقم #1');
    expect(mail.text).toContain('بطاقة ائتمان (تم الدفع)');
    expect(mail.text).toContain('شارع التحرير 5، الدقي، الجيزة');
    expect(lineRows(mail.html)).toEqual([['حقيبة', '', '1', '50 جنيه', '50 جنيه']]);
    expect(mail.text).not.toContain('الكوبون');

    // Paying again (a second click) completes nothing and mails nothing.
    await t.app.inject({
      method: 'POST',
      url: `${new URL(session.url).pathname}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(await mailCount(t, user.email)).toBe(1);
  });

  it("an order's e-mails go out in the order of its events, even when the first one is slow to send", async () => {
    const working = t.app.ctx.mailer;
    const sent: string[] = [];
    let releaseFirst = () => {};
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    t.app.ctx.mailer = {
      send: async (mail) => {
        if (sent.length === 0 && mail.subject.includes('استلام')) await firstHeld;
        sent.push(mail.subject);
      },
    } satisfies Mailer;
    try {
      const order = (await placeCashOrder()).json().data;
      const deliver = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/orders/${order._id}/deliver`,
        headers: admin.auth,
      });
      expect(deliver.statusCode).toBe(200);
      releaseFirst();
      await orderMailsSettled();
      expect(sent).toEqual(['تم استلام طلبك رقم #1', 'تم توصيل طلبك رقم #1']);
    } finally {
      t.app.ctx.mailer = working;
    }
  });

  it('a mailer that fails never fails the order or the delivery', async () => {
    const working = t.app.ctx.mailer;
    const tried: string[] = [];
    t.app.ctx.mailer = {
      send: async (mail) => Promise.reject(new Error(`SMTP down: ${tried.push(mail.subject)}`)),
    } satisfies Mailer;
    try {
      const res = await placeCashOrder();
      expect(res.statusCode).toBe(201);
      const order = res.json().data;
      const deliver = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/orders/${order._id}/deliver`,
        headers: admin.auth,
      });
      expect(deliver.statusCode).toBe(200);
      await orderMailsSettled();
      expect(tried).toEqual(['تم استلام طلبك رقم #1', 'تم توصيل طلبك رقم #1']);
      expect(await t.db.query('SELECT order_number, is_delivered FROM orders')).toEqual([
        { order_number: 1, is_delivered: true },
      ]);
      expect((await t.app.inject({ url: `/api/v1/orders/${order._id}`, headers: user.auth })).statusCode).toBe(200);
    } finally {
      t.app.ctx.mailer = working;
    }
  });
});

describe('order e-mails: Stripe webhook', () => {
  const secret = 'whsec_mail_secret';
  const t = useTestApp({ stripeSecretKey: 'sk_test_fake', stripeWebhookSecret: secret });

  it('the paid order made by a signed checkout.session.completed is mailed once, however often Stripe repeats it', async () => {
    const user = await createUser(t, { name: 'منى' });
    const product = await createProduct(t, { title: 'سماعة', price: 70, quantity: 4 });
    const cart = await addToCart(t, user, product);
    const line = await t.db.one<{ ref: unknown }>(
      `SELECT jsonb_build_object('_id', p.id, 'title', p.title, 'imageCover', p.image_cover) AS ref FROM products p`,
    );
    const session = (await t.db.one<{ id: string }>(
      `INSERT INTO payment_sessions (provider, provider_session_id, user_id, cart_id, cart_updated_at, snapshot, total, shipping_address, success_url, cancel_url, expires_at)
       SELECT 'stripe', 'cs_mail_1', $1, c.id, c.updated_at, $2::jsonb, 7000, $4::jsonb, 'http://x/user/allorders', 'http://x/cart', now() + interval '1 day'
       FROM carts c WHERE c.id = $3 RETURNING id`,
      [
        user.id,
        JSON.stringify([{ productId: product, count: 1, color: '#ff0000', price: 7000, product: line!.ref }]),
        cart._id,
        JSON.stringify(address),
      ],
    ))!;
    const payload = JSON.stringify({
      id: 'evt_mail',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_mail_1',
          object: 'checkout.session',
          payment_status: 'paid',
          client_reference_id: session.id,
        },
      },
    });
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/webhook-checkout',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
        },
        payload,
      });
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);

    const mail = (await mailTo(t, user.email))!;
    expect(mail.subject).toBe('تم الدفع وتأكيد طلبك رقم #1');
    expect(lineRows(mail.html)).toEqual([['سماعة', 'أحمر', '1', '70 جنيه', '70 جنيه']]);
    expect(mail.text).toContain('الإجمالي: 70 جنيه');
    expect(await mailCount(t, user.email)).toBe(1);
  });
});
