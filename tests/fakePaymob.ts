import Fastify, { type FastifyInstance } from 'fastify';
import type { PaymobMethod, PaymobSettings } from '../server/paymentSettings';
import { paymobHmac, redirectSignedString, transactionSignedString } from '../server/modules/payments/paymob/hmac';

/**
 * A stand-in for Paymob on a random loopback port, for the server and end-to-end tests (nothing reaches the
 * internet). It implements what the shop calls, in the shapes Paymob documents: create intention
 * (`POST /v1/intention/`, `Authorization: Token <secret key>`), the unified checkout page
 * (`GET /unifiedcheckout/?publicKey=…&clientSecret=…`) with a Pay and a Decline button, and refund
 * (`POST /api/acceptance/void_refund/refund`). Paying or declining sends the transaction processed callback
 * (`POST <notification_url>?hmac=…` with `{ type: 'TRANSACTION', obj }`) to the shop and the signed response
 * callback (`GET <redirection_url>?…&hmac=…`) to the browser, both signed with the HMAC secret as Paymob signs them.
 */
export interface FakePaymob {
  url: string;
  /** Settings for the shop under test: every method enabled, PAYMOB_API_URL pointing here. */
  settings: PaymobSettings;
  /** Each intention as the shop created it (its request body), with what Paymob made of it. */
  intentions: FakeIntention[];
  /** Each refund the shop asked for. */
  refunds: { transaction_id: number; amount_cents: number }[];
  /**
   * 'send' (default): the checkout posts the processed callback to the shop before redirecting the browser.
   * 'hold': it keeps the callback in `held`, for a test to deliver when it chooses (after the redirect, or several times).
   */
  callbacks: 'send' | 'hold';
  held: FakeCallback[];
  /** Answers of the shop to the callbacks sent so far. */
  callbackAnswers: number[];
  /** When set, the next refund is refused with this HTTP status (Paymob's `{ detail }` error). */
  refuseNextRefund?: number;
  /** Pays or declines an intention as the checkout page does; the transaction, and the browser's signed redirect. */
  pay(intention: FakeIntention, outcome: 'pay' | 'decline'): Promise<{ callback: FakeCallback; redirect: string }>;
  /** The processed callback of a transaction, with its `hmac` query (signed with `secret`, by default ours). */
  callbackFor(obj: Transaction, secret?: string): FakeCallback;
  /** Posts a processed callback to the shop as Paymob does; answers the shop's status code. */
  deliver(callback: FakeCallback): Promise<number>;
  /** The response callback (redirect) URL for a transaction, signed with `secret` (by default ours). */
  redirectFor(obj: Transaction, secret?: string): string;
  close(): Promise<void>;
}

export interface FakeIntention {
  id: string;
  clientSecret: string;
  paymobOrderId: number;
  method: PaymobMethod;
  body: IntentionBody;
  transactions: Transaction[];
}

export interface FakeCallback {
  /** `notification_url?hmac=…` */
  url: string;
  body: { type: 'TRANSACTION'; obj: Transaction; issuer_bank: null; transaction_processed_callback_responses: '' };
}

type Transaction = Record<string, unknown> & {
  id: number;
  amount_cents: number;
  success: boolean;
  order: { id: number } & Record<string, unknown>;
};

interface IntentionBody {
  amount: number;
  currency: string;
  payment_methods: number[];
  items: { name: string; amount: number; quantity: number }[];
  billing_data: Record<string, string>;
  special_reference?: string;
  notification_url: string;
  redirection_url: string;
}

const INTEGRATIONS: Record<PaymobMethod, number> = { card: 4097558, wallet: 4097559, kiosk: 4097560, valu: 4097561 };
const SECRET_KEY = 'egy_sk_test_fake_paymob_secret_key';
const PUBLIC_KEY = 'egy_pk_test_fake_paymob_public_key';
const HMAC_SECRET = 'FAKE0PAYMOB0HMAC0SECRET000000000';
const MERCHANT = 302852;

/** What each method's transaction says about its source, as Paymob's callbacks do (card: the last digits). */
function sourceData(method: PaymobMethod, phone: string) {
  switch (method) {
    case 'card':
      return { pan: '2346', type: 'card', sub_type: 'MasterCard' };
    case 'wallet':
      return { pan: phone, type: 'wallet', sub_type: 'wallet' };
    case 'kiosk':
      return { pan: '', type: 'aggregator', sub_type: 'AGGREGATOR' };
    case 'valu':
      return { pan: '', type: 'valu', sub_type: 'valu' };
  }
}

const html = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title></head><body style="font-family: sans-serif; max-width: 28rem; margin: 2rem auto">${body}</body></html>`;

export async function startFakePaymob(): Promise<FakePaymob> {
  const app: FastifyInstance = Fastify();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  let nextTransaction = 192036465;
  let nextOrder = 217503754;

  const fake = {
    intentions: [] as FakeIntention[],
    refunds: [] as FakePaymob['refunds'],
    callbacks: 'send',
    held: [] as FakeCallback[],
    callbackAnswers: [] as number[],
  } as FakePaymob;

  const authorised = (header: unknown) => header === `Token ${SECRET_KEY}`;
  const transaction = (intention: FakeIntention, fields: Partial<Transaction>): Transaction => {
    const now = new Date().toISOString().replace('Z', '');
    return {
      id: nextTransaction++,
      pending: false,
      amount_cents: intention.body.amount,
      success: true,
      is_auth: false,
      is_capture: false,
      is_standalone_payment: true,
      is_voided: false,
      is_refunded: false,
      is_3d_secure: intention.method === 'card',
      integration_id: INTEGRATIONS[intention.method],
      profile_id: MERCHANT,
      has_parent_transaction: false,
      order: {
        id: intention.paymobOrderId,
        created_at: now,
        delivery_needed: false,
        merchant: { id: MERCHANT },
        amount_cents: intention.body.amount,
        currency: 'EGP',
        merchant_order_id: null,
        items: intention.body.items,
      },
      created_at: now,
      currency: 'EGP',
      source_data: sourceData(intention.method, intention.body.billing_data.phone_number),
      api_source: 'IFRAME',
      is_void: false,
      is_refund: false,
      data: { message: 'Approved', txn_response_code: 'APPROVED' },
      error_occured: false,
      is_live: false,
      refunded_amount_cents: 0,
      is_captured: false,
      captured_amount: 0,
      updated_at: now,
      is_settled: false,
      bill_balanced: false,
      is_bill: false,
      owner: MERCHANT,
      parent_transaction: null,
      ...fields,
    } as Transaction;
  };

  // A transaction of an order the fake never made (a test's invention) goes to the newest intention's shop.
  const intentionOfOrder = (orderId: number) =>
    fake.intentions.find((i) => i.paymobOrderId === orderId) ?? fake.intentions.at(-1);

  fake.callbackFor = (obj, secret = HMAC_SECRET) => {
    const intention = intentionOfOrder(obj.order.id);
    const url = new URL(intention?.body.notification_url ?? 'http://127.0.0.1:1/');
    url.searchParams.set('hmac', paymobHmac(transactionSignedString(obj), secret));
    return {
      url: url.toString(),
      // As sent at this moment: a later refund changes the transaction, not a callback already made.
      body: {
        type: 'TRANSACTION',
        obj: structuredClone(obj),
        issuer_bank: null,
        transaction_processed_callback_responses: '',
      },
    };
  };

  fake.deliver = async (callback) => {
    const response = await fetch(callback.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(callback.body),
    });
    await response.arrayBuffer();
    fake.callbackAnswers.push(response.status);
    return response.status;
  };

  fake.redirectFor = (obj, secret = HMAC_SECRET) => {
    const intention = intentionOfOrder(obj.order.id);
    const source = obj.source_data as Record<string, unknown>;
    const data = obj.data as Record<string, unknown>;
    // The response callback flattens the transaction into the query: `order_id` is the order id (Paymob's documented
    // name; the shop also reads the older `order`), nested keys are dotted.
    const query: Record<string, string> = {};
    for (const [key, value] of Object.entries(obj)) {
      if (value === null || typeof value !== 'object') query[key] = String(value ?? '');
    }
    query.order_id = String(obj.order.id);
    query.merchant_order_id = '';
    query['data.message'] = String(data.message);
    query['source_data.type'] = String(source.type);
    query['source_data.pan'] = String(source.pan);
    query['source_data.sub_type'] = String(source.sub_type);
    query.txn_response_code = String(data.txn_response_code);
    query.hmac = paymobHmac(redirectSignedString(query), secret);
    const url = new URL(intention?.body.redirection_url ?? 'http://127.0.0.1:1/');
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    return url.toString();
  };

  fake.pay = async (intention, outcome) => {
    const obj = transaction(
      intention,
      outcome === 'pay' ? {} : { success: false, data: { message: 'Do not honour', txn_response_code: 'DECLINED' } },
    );
    intention.transactions.push(obj);
    const callback = fake.callbackFor(obj);
    if (fake.callbacks === 'send') await fake.deliver(callback);
    else fake.held.push(callback);
    return { callback, redirect: fake.redirectFor(obj) };
  };

  app.post('/v1/intention/', async (request, reply) => {
    if (!authorised(request.headers.authorization))
      return reply.status(401).send({ detail: 'Authentication credentials were not provided.' });
    const body = request.body as IntentionBody;
    const refuse = (detail: string) => reply.status(400).send({ detail });
    if (!Number.isSafeInteger(body?.amount) || body.amount < 1) return refuse('amount: A valid integer is required.');
    if (body.currency !== 'EGP') return refuse('currency: Not a valid currency for this integration.');
    const method = (Object.keys(INTEGRATIONS) as PaymobMethod[]).find(
      (m) => Array.isArray(body.payment_methods) && body.payment_methods[0] === INTEGRATIONS[m],
    );
    if (!method || body.payment_methods.length !== 1)
      return reply.status(404).send({ detail: 'Integration ID/Name does not exist in our system .' });
    const itemsTotal = (body.items ?? []).reduce((sum, item) => sum + item.amount * item.quantity, 0);
    if (itemsTotal !== body.amount) return refuse('Integration amount does not equal the items amount.');
    for (const field of ['first_name', 'last_name', 'email', 'phone_number'])
      if (!body.billing_data?.[field]) return refuse(`billing_data.${field}: This field is required.`);
    if (!body.notification_url || !body.redirection_url) return refuse('notification_url and redirection_url needed.');
    const intention: FakeIntention = {
      id: `pi_test_${fake.intentions.length + 1}`,
      clientSecret: `egy_csk_test_${Math.random().toString(36).slice(2)}`,
      paymobOrderId: nextOrder++,
      method,
      body,
      transactions: [],
    };
    fake.intentions.push(intention);
    return reply.status(201).send({
      id: intention.id,
      client_secret: intention.clientSecret,
      intention_order_id: intention.paymobOrderId,
      payment_methods: [{ integration_id: INTEGRATIONS[method], name: method, method_type: method, currency: 'EGP' }],
      special_reference: body.special_reference ?? null,
      status: 'intended',
      confirmed: false,
      created: new Date().toISOString(),
      object: 'paymentintention',
    });
  });

  const intentionOf = (clientSecret: unknown) => fake.intentions.find((i) => i.clientSecret === clientSecret);

  app.get('/unifiedcheckout/', async (request, reply) => {
    const query = request.query as Record<string, string>;
    const intention = intentionOf(query.clientSecret);
    if (query.publicKey !== PUBLIC_KEY || !intention)
      return reply.status(404).type('text/html').send(html('Not found', '<h1>Payment not found</h1>'));
    const amount = (intention.body.amount / 100).toFixed(2);
    const form = (outcome: string, label: string) =>
      `<form method="post" action="/unifiedcheckout/pay"><input type="hidden" name="clientSecret" value="${intention.clientSecret}"><input type="hidden" name="outcome" value="${outcome}"><button type="submit">${label}</button></form>`;
    return reply
      .type('text/html')
      .send(
        html(
          'Paymob checkout (fake)',
          `<h1>Paymob (fake)</h1><p>Method: <span id="method">${intention.method}</span></p><p>Amount: <span id="amount">${amount} EGP</span></p>${form('pay', 'Pay')}${form('decline', 'Decline')}`,
        ),
      );
  });

  app.post('/unifiedcheckout/pay', async (request, reply) => {
    const body = request.body as Record<string, string>;
    const intention = intentionOf(body.clientSecret);
    if (!intention) return reply.status(404).type('text/html').send(html('Not found', '<h1>Payment not found</h1>'));
    const { redirect } = await fake.pay(intention, body.outcome === 'pay' ? 'pay' : 'decline');
    return reply.redirect(redirect, 302);
  });

  app.post('/api/acceptance/void_refund/refund', async (request, reply) => {
    if (!authorised(request.headers.authorization))
      return reply.status(401).send({ detail: 'Authentication credentials were not provided.' });
    const body = request.body as { transaction_id: number; amount_cents: number };
    fake.refunds.push({ transaction_id: body.transaction_id, amount_cents: body.amount_cents });
    if (fake.refuseNextRefund) {
      const status = fake.refuseNextRefund;
      fake.refuseNextRefund = undefined;
      return reply.status(status).send({ detail: 'Refund is not available now' });
    }
    const intention = fake.intentions.find((i) => i.transactions.some((t) => t.id === body.transaction_id));
    const paid = intention?.transactions.find((t) => t.id === body.transaction_id);
    if (!intention || !paid || !paid.success) return reply.status(404).send({ detail: 'Transaction not found.' });
    const left = paid.amount_cents - Number(paid.refunded_amount_cents);
    if (!Number.isSafeInteger(body.amount_cents) || body.amount_cents < 1 || body.amount_cents > left)
      return reply.status(400).send({ detail: 'Refund amount exceeds the amount left to refund.' });
    paid.refunded_amount_cents = Number(paid.refunded_amount_cents) + body.amount_cents;
    paid.is_refunded = true;
    const refund = transaction(intention, {
      amount_cents: body.amount_cents,
      has_parent_transaction: true,
      is_standalone_payment: false,
      is_refund: true,
      parent_transaction: paid.id,
    });
    intention.transactions.push(refund);
    // Paymob tells the shop about the refund transaction too, after answering the refund (the shop must make nothing
    // of it): a shop that refunds inside a transaction is not kept waiting on its own callback.
    const callback = fake.callbackFor(refund);
    if (fake.callbacks === 'send')
      setTimeout(() => void fake.deliver(callback).catch(() => fake.callbackAnswers.push(0)), 0);
    else fake.held.push(callback);
    return reply.send(refund);
  });

  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  fake.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  fake.settings = {
    secretKey: SECRET_KEY,
    publicKey: PUBLIC_KEY,
    hmacSecret: HMAC_SECRET,
    integrations: { ...INTEGRATIONS },
    apiUrl: fake.url,
  };
  fake.close = () => app.close();
  return fake;
}
