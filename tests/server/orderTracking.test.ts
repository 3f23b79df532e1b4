import { beforeEach, describe, expect, it } from 'vitest';
import { createProduct, createUser, useTestApp, type TestUser } from './helpers';

/**
 * Orders a shopper can follow (ours): the delivery address kept whole (alias, details, city), the status
 * history of every order, and cancelling an order that is neither paid nor delivered (stock comes back).
 * On PostgreSQL (TEST_DATABASE_URL) the cancel-versus-pay race really interleaves.
 */
const t = useTestApp({ paymentsTestMode: true, frontendUrl: 'http://front.test' });
let user: TestUser;
let admin: TestUser;
beforeEach(async () => {
  user = await createUser(t);
  admin = await createUser(t, { role: 'admin' });
});

const MISSING = '00000000-0000-4000-8000-000000000000';
const address = {
  alias: 'المنزل',
  details: '12 شارع التحرير، الدقي',
  phone: '01012345678',
  city: 'الجيزة',
  postalCode: '12611',
};
/** As the order keeps it: with the governorate its city names (migration 022). */
const kept = { ...address, governorate: 'EG-GZ', governorateName: 'الجيزة' };
const api = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  who?: TestUser,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url: `/api/v1${url}`, headers: who?.auth, payload });
const stock = (id: string) =>
  t.db.one<{ quantity: number; sold: number }>('SELECT quantity, sold FROM products WHERE id = $1', [id]);

/** A cart for `who` holding `count` of `productId`; returns the cart id. */
async function cartWith(productId: string, count = 1, who = user): Promise<string> {
  let res = await api('POST', '/cart', who, { productId });
  expect(res.statusCode, res.body).toBe(200);
  if (count > 1) res = await api('PUT', `/cart/${res.json().data.products[0]._id}`, who, { count });
  return res.json().data._id;
}

async function cashOrder(productId: string, count = 1, who = user, shippingAddress: Record<string, unknown> = address) {
  const res = await api('POST', `/orders/${await cartWith(productId, count, who)}`, who, { shippingAddress });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

describe('the delivery address is kept whole', () => {
  it('a cash order keeps alias, details, city, phone and postal code and returns them', async () => {
    const product = await createProduct(t);
    const order = await cashOrder(product);
    expect(order.shippingAddress).toEqual(kept);
    const res = await api('GET', `/orders/${order._id}`, user);
    expect(res.json().data.shippingAddress).toEqual(kept);
    // The list too.
    expect((await api('GET', '/orders', user)).json().data[0].shippingAddress).toEqual(kept);
  });

  it('a card order keeps them through the payment session snapshot', async () => {
    const product = await createProduct(t, { price: 80 });
    const cartId = await cartWith(product);
    let res = await api('POST', `/orders/checkout-session/${cartId}`, user, { shippingAddress: address });
    expect(res.statusCode, res.body).toBe(200);
    const { session } = res.json();
    expect(
      (await t.db.one('SELECT shipping_address FROM payment_sessions WHERE id = $1', [session.id]))!.shipping_address,
    ).toEqual(kept);
    res = await t.app.inject({
      method: 'POST',
      url: `/payments/test/${session.id}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(res.statusCode).toBe(303);
    const [order] = (await api('GET', '/orders', user)).json().data;
    expect(order).toMatchObject({ paymentMethodType: 'card', isPaid: true, shippingAddress: address });
  });

  it('the alias stays optional (the original web app sends none) and is validated', async () => {
    const product = await createProduct(t);
    const { alias: _alias, ...withoutAlias } = address;
    expect((await cashOrder(product, 1, user, withoutAlias)).shippingAddress).toEqual({
      ...withoutAlias,
      governorate: 'EG-GZ',
      governorateName: 'الجيزة',
    });

    const cartId = await cartWith(product);
    let res = await api('POST', `/orders/${cartId}`, user, { shippingAddress: { ...address, alias: 'ع'.repeat(51) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        type: 'field',
        value: 'ع'.repeat(51),
        msg: 'Too long alias',
        path: 'shippingAddress.alias',
        param: 'shippingAddress.alias',
        location: 'body',
      },
    ]);
    res = await api('POST', `/orders/${cartId}`, user, { shippingAddress: { ...address, alias: { $ne: null } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ path: 'shippingAddress.alias', msg: 'Invalid alias' });
    res = await api('POST', `/orders/checkout-session/${cartId}`, user, {
      shippingAddress: { ...address, alias: 'ع'.repeat(51) },
    });
    expect(res.json().errors[0]).toMatchObject({ path: 'shippingAddress.alias', msg: 'Too long alias' });
    expect(await t.db.query('SELECT id FROM orders')).toHaveLength(1);
  });
});

describe('status history', () => {
  it('grows with each step, oldest first, each with its time', async () => {
    const order = await cashOrder(await createProduct(t));
    expect(order).toMatchObject({ isCancelled: false, statusHistory: [{ status: 'placed', at: order.createdAt }] });
    expect(order).not.toHaveProperty('cancelledAt');

    const delivered = (await api('PUT', `/orders/${order._id}/deliver`, admin)).json().data;
    const paid = (await api('PUT', `/orders/${order._id}/pay`, admin)).json().data;
    expect(paid.statusHistory).toEqual([
      { status: 'placed', at: order.createdAt },
      { status: 'delivered', at: delivered.deliveredAt },
      { status: 'paid', at: paid.paidAt },
    ]);
  });

  it('is derived from the stored times, so orders made before it existed have one', async () => {
    const order = await cashOrder(await createProduct(t));
    await t.db.query(
      `UPDATE orders SET created_at = '2024-03-28T10:15:00Z', is_paid = true, paid_at = '2024-03-29T08:00:00Z',
         is_delivered = true, delivered_at = '2024-03-30T12:30:00Z' WHERE id = $1`,
      [order._id],
    );
    expect((await api('GET', `/orders/${order._id}`, user)).json().data.statusHistory).toEqual([
      { status: 'placed', at: '2024-03-28T10:15:00.000Z' },
      { status: 'paid', at: '2024-03-29T08:00:00.000Z' },
      { status: 'delivered', at: '2024-03-30T12:30:00.000Z' },
    ]);
  });

  it('a card order is placed and paid at once, in that order', async () => {
    const cartId = await cartWith(await createProduct(t, { price: 80 }));
    const { session } = (
      await api('POST', `/orders/checkout-session/${cartId}`, user, { shippingAddress: address })
    ).json();
    await t.app.inject({
      method: 'POST',
      url: `/payments/test/${session.id}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    const [order] = (await api('GET', '/orders', user)).json().data;
    expect(order.statusHistory.map((s: { status: string }) => s.status)).toEqual(['placed', 'paid']);
  });
});

describe('cancelling an order', () => {
  it('the owner cancels: flag, time, history, and the stock comes back in the same change', async () => {
    const phone = await createProduct(t, { quantity: 10 });
    const cover = await createProduct(t, { quantity: 4 });
    const res0 = await api('POST', '/cart', user, { productId: phone });
    await api('PUT', `/cart/${res0.json().data.products[0]._id}`, user, { count: 3 });
    const cartId = (await api('POST', '/cart', user, { productId: cover })).json().data._id;
    const order = (await api('POST', `/orders/${cartId}`, user, { shippingAddress: address })).json().data;
    expect([await stock(phone), await stock(cover)]).toEqual([
      { quantity: 7, sold: 3 },
      { quantity: 3, sold: 1 },
    ]);

    const res = await api('PUT', `/orders/${order._id}/cancel`, user);
    expect(res.statusCode, res.body).toBe(200);
    const { status, data } = res.json();
    expect(status).toBe('success');
    expect(data).toMatchObject({
      _id: order._id,
      id: order.id,
      isCancelled: true,
      cancelledAt: expect.any(String),
      isPaid: false,
      shippingAddress: address,
    });
    expect(data.statusHistory).toEqual([
      { status: 'placed', at: order.createdAt },
      { status: 'cancelled', at: data.cancelledAt },
    ]);
    expect([await stock(phone), await stock(cover)]).toEqual([
      { quantity: 10, sold: 0 },
      { quantity: 4, sold: 0 },
    ]);
    // Kept when read again, and filterable for staff.
    expect((await api('GET', `/orders/${order._id}`, admin)).json().data).toMatchObject({
      isCancelled: true,
      cancelledAt: data.cancelledAt,
    });
    expect((await api('GET', '/orders?isCancelled=true', admin)).json().results).toBe(1);
    expect((await api('GET', '/orders?isCancelled=false', admin)).json().results).toBe(0);
  });

  it('never takes sold below 0, and skips products deleted since', async () => {
    const kept = await createProduct(t, { quantity: 5 });
    const gone = await createProduct(t, { quantity: 5 });
    await api('POST', '/cart', user, { productId: gone });
    const order = await cashOrder(kept);
    // Someone reset the counter by hand meanwhile.
    await t.db.query('UPDATE products SET sold = 0 WHERE id = $1', [kept]);
    expect((await api('DELETE', `/products/${gone}`, admin)).statusCode).toBe(204);
    expect((await api('PATCH', `/orders/${order._id}/cancel`, user)).statusCode).toBe(200);
    expect(await stock(kept)).toEqual({ quantity: 5, sold: 0 });
  });

  it('only the owner: other customers and unknown ids get 404, staff 403, visitors 401; nothing changes', async () => {
    const product = await createProduct(t, { quantity: 5 });
    const order = await cashOrder(product);
    const other = await createUser(t);
    let res = await api('PUT', `/orders/${order._id}/cancel`, other);
    expect([res.statusCode, res.json()]).toEqual([
      404,
      { status: 'fail', message: `No document for this id ${order._id}` },
    ]);
    res = await api('PUT', `/orders/${MISSING}/cancel`, user);
    expect([res.statusCode, res.json()]).toEqual([
      404,
      { status: 'fail', message: `No document for this id ${MISSING}` },
    ]);
    res = await api('PUT', `/orders/${order._id}/cancel`, admin);
    expect(res.statusCode).toBe(403);
    res = await api('PUT', `/orders/${order._id}/cancel`);
    expect(res.statusCode).toBe(401);
    res = await api('PUT', '/orders/0/cancel', user);
    expect(res.json().errors[0]).toMatchObject({ msg: 'Invalid ID formate', location: 'params', path: 'id' });
    expect(await stock(product)).toEqual({ quantity: 4, sold: 1 });
    expect((await api('GET', `/orders/${order._id}`, user)).json().data.isCancelled).toBe(false);
  });

  it('refuses a paid, delivered or already cancelled order with 409, changing nothing', async () => {
    const product = await createProduct(t, { quantity: 10 });
    const paid = await cashOrder(product);
    const delivered = await cashOrder(product);
    const cancelled = await cashOrder(product);
    await api('PUT', `/orders/${paid._id}/pay`, admin);
    await api('PUT', `/orders/${delivered._id}/deliver`, admin);
    expect((await api('PUT', `/orders/${cancelled._id}/cancel`, user)).statusCode).toBe(200);
    const before = await stock(product);
    expect(before).toEqual({ quantity: 8, sold: 2 });
    for (const order of [paid, delivered, cancelled]) {
      const res = await api('PUT', `/orders/${order._id}/cancel`, user);
      expect([res.statusCode, res.json()]).toEqual([
        409,
        { status: 'fail', message: 'This order can no longer be cancelled' },
      ]);
    }
    expect(await stock(product)).toEqual(before);
  });

  it('a cancelled order cannot be paid or delivered (409)', async () => {
    const order = await cashOrder(await createProduct(t));
    await api('PUT', `/orders/${order._id}/cancel`, user);
    for (const action of ['pay', 'deliver']) {
      const res = await api('PUT', `/orders/${order._id}/${action}`, admin);
      expect([res.statusCode, res.json()]).toEqual([409, { status: 'fail', message: 'This order has been cancelled' }]);
    }
    expect((await api('GET', `/orders/${order._id}`, admin)).json().data).toMatchObject({
      isPaid: false,
      isDelivered: false,
      isCancelled: true,
    });
  });

  it('cancel racing pay or deliver: exactly one wins, and the stock matches the winner', async () => {
    const product = await createProduct(t, { quantity: 100 });
    for (let round = 0; round < 8; round++) {
      const order = await cashOrder(product, 2);
      const action = round % 2 ? 'deliver' : 'pay';
      const sendCancel = () => api('PUT', `/orders/${order._id}/cancel`, user);
      const sendStaff = () => api('PUT', `/orders/${order._id}/${action}`, admin);
      // Alternate who is sent first, so either can take the row lock first.
      const [cancel, other] =
        round % 4 >= 2
          ? (await Promise.all([sendStaff(), sendCancel()])).reverse()
          : await Promise.all([sendCancel(), sendStaff()]);
      const statuses = [cancel.statusCode, other.statusCode].sort();
      expect(statuses, `${cancel.body} ${other.body}`).toEqual([200, 409]);
      const stored = (await api('GET', `/orders/${order._id}`, admin)).json().data;
      if (cancel.statusCode === 200) {
        expect(other.json().message).toBe('This order has been cancelled');
        expect(stored).toMatchObject({ isCancelled: true, isPaid: false, isDelivered: false });
      } else {
        expect(cancel.json().message).toBe('This order can no longer be cancelled');
        expect(stored.isCancelled).toBe(false);
      }
    }
    // Every cancelled order gave its 2 back; every other one still holds them.
    const orders = (await api('GET', '/orders?limit=50', admin)).json().data as { isCancelled: boolean }[];
    const held = orders.filter((o) => !o.isCancelled).length * 2;
    expect(await stock(product)).toEqual({ quantity: 100 - held, sold: held });
  });
});
