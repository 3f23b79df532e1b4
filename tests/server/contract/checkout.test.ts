import { beforeEach, describe, expect, it } from 'vitest';
import { completePaymentSession } from '../../../server/modules/payments';
import { createProduct, type TestUser } from '../helpers';
import { ISO_MS, assertConventions, useContractApp } from './setup';

/** Cart, coupons, orders and payments: the original web app's habits (API.md §7) and the security holes of the
 * original backend that concern them (§4.5). */
const { t, api, as, expectOk, rowCounts, cashOrder, people } = useContractApp();
let user: TestUser, other: TestUser, manager: TestUser, admin: TestUser;
beforeEach(() => {
  ({ user, other, manager, admin } = people);
});

describe('§7 legacy web app habits', () => {
  it('GET checkout-session with no body and no query', async () => {
    const productId = await createProduct(t, { price: 50 });
    const cart = (await api('POST', '/cart', as(user, { payload: { productId } }))).json().data;
    const res = await api('GET', `/orders/checkout-session/${cart._id}`, as(user));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('success');
    expect(res.json().session.url).toMatch(/^http:\/\/shop\.test\/payments\/test\//);
  });

  it('§9.5: a paid card order whose stock ran out carries oversold: true; others leave it out', async () => {
    const productId = await createProduct(t, { price: 50, quantity: 1 });
    const cart = (await api('POST', '/cart', as(user, { payload: { productId } }))).json().data;
    const { session } = (await api('GET', `/orders/checkout-session/${cart._id}`, as(user))).json();
    await t.db.query('UPDATE products SET quantity = 0');
    // Money already taken (Stripe's webhook) is honoured even without the stock; the test page would refuse.
    expect(await completePaymentSession(t.db, session.id, t.app.log, { onlyOpen: false })).toBe('completed');
    const card = (await api('GET', '/orders', as(user))).json().data[0];
    expect(card).toMatchObject({ paymentMethodType: 'card', isPaid: true, oversold: true });
    assertConventions(card);
    const cashId = await cashOrder(other);
    expect((await api('GET', `/orders/${cashId}`, as(admin))).json().data).not.toHaveProperty('oversold');
  });

  it('pay and deliver with no body and no Content-Type', async () => {
    const orderId = await cashOrder();
    for (const action of ['pay', 'deliver']) {
      const res = await api('PUT', `/orders/${orderId}/${action}`, { headers: manager.auth });
      expectOk(res);
      expect(res.json().status).toBe('Success');
    }
    const order = (await api('GET', `/orders/${orderId}`, as(user))).json().data;
    expect(order.isPaid && order.isDelivered).toBe(true);
    expect(order.paidAt).toMatch(ISO_MS);
  });

  it('cart count as a string', async () => {
    const productId = await createProduct(t);
    const cart = (await api('POST', '/cart', as(user, { payload: { productId, color: '' } }))).json().data;
    const res = await api('PUT', `/cart/${cart.products[0]._id}`, as(user, { payload: { count: '4' } }));
    expectOk(res);
    expect(res.json().data.products[0].count).toBe(4);
  });

  it('coupon expire as M/D/YYYY and with Arabic-Indic digits', async () => {
    let res = await api(
      'POST',
      '/coupons',
      as(manager, { payload: { name: 'US', expire: '3/15/2030', discount: '10' } }),
    );
    expectOk(res, 201);
    const id = res.json().data._id;
    expect(res.json().data.expire).toBe('2030-03-15T21:59:59.999Z'); // end of the day in Cairo (UTC+2 in March)
    res = await api('PUT', `/coupons/${id}`, as(manager, { payload: { expire: '\u200f٣/١٥/٢٠٣١' } }));
    expectOk(res);
    expect(res.json().data.expire).toBe('2031-03-15T21:59:59.999Z');
    res = await api('PUT', `/coupons/${id}`, as(manager, { payload: { expire: '15.03.2031' } }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ msg: 'Invalid expire date', path: 'expire' });
  });
});

describe('§4.5 security holes stay closed', () => {
  it('1: a customer cannot mark orders paid or delivered', async () => {
    const orderId = await cashOrder();
    for (const action of ['pay', 'deliver']) {
      const res = await api('PUT', `/orders/${orderId}/${action}`, as(user));
      expect(res.statusCode).toBe(403);
    }
    const row = await t.db.one<{ is_paid: boolean; is_delivered: boolean }>('SELECT is_paid, is_delivered FROM orders');
    expect(row).toEqual({ is_paid: false, is_delivered: false });
  });

  it("4: another customer's order is 404", async () => {
    const orderId = await cashOrder();
    const res = await api('GET', `/orders/${orderId}`, as(other));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'fail', message: `No document for this id ${orderId}` });
    expect((await api('GET', '/orders', as(other))).json().results).toBe(0);
    expect((await api('GET', `/orders?user=${user.id}`, as(other))).json().results).toBe(0);
  });

  it("5: another customer's cart is 404 for cash and card", async () => {
    const productId = await createProduct(t);
    const cart = (await api('POST', '/cart', as(user, { payload: { productId } }))).json().data;
    await api('POST', '/cart', as(other, { payload: { productId } }));
    const shippingAddress = { details: 'x', phone: '01012345678' };
    let res = await api('POST', `/orders/${cart._id}`, as(other, { payload: { shippingAddress } }));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(`There is no cart for this user :${other.id}`);
    for (const method of ['GET', 'POST'] as const) {
      res = await api(method, `/orders/checkout-session/${cart._id}`, as(other));
      expect(res.statusCode, method).toBe(404);
    }
    expect((await rowCounts()).orders).toBe(0);
    expect((await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM payment_sessions'))!.n).toBe(0);
  });
});
