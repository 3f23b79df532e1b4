import { beforeEach, describe, expect, it } from 'vitest';
import { createProduct, createUser, useTestApp, type TestUser } from './helpers';

/**
 * The owner sees which stock unpaid cash orders hold (issue: abuse that costs a shop money): GET /inventory/held
 * (README, API notes), staff only, never in the public product answers.
 */
const t = useTestApp();
const address = { details: 'شارع التحرير 5، الدقي', phone: '01012345678', city: 'الجيزة', postalCode: '' };

describe('stock held by unpaid cash orders', () => {
  let customer: TestUser;
  let staff: TestUser;
  beforeEach(async () => {
    customer = await createUser(t);
    staff = await createUser(t, { role: 'manager' });
  });

  /** A cash order of the customer for `lines` ([product, count]); its id. */
  async function cashOrder(lines: Array<[string, number]>) {
    let cartId = '';
    for (const [productId, count] of lines) {
      for (let i = 0; i < count; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v1/cart',
          headers: customer.auth,
          payload: { productId },
        });
        expect(res.statusCode, res.body).toBe(200);
        cartId = res.json().data._id;
      }
    }
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${cartId}`,
      headers: customer.auth,
      payload: { shippingAddress: address },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data._id as string;
  }
  const step = async (orderId: string, action: 'pay' | 'deliver' | 'cancel') => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/orders/${orderId}/${action}`,
      headers: action === 'cancel' ? customer.auth : staff.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const held = (query = '', who: TestUser | null = staff) =>
    t.app.inject({ method: 'GET', url: `/api/v1/inventory/held${query}`, headers: who?.auth ?? {} });

  it('counts the units of cash orders neither paid, delivered nor cancelled, per product', async () => {
    const phone = await createProduct(t, { title: 'هاتف', price: 5000, quantity: 20 });
    const charger = await createProduct(t, { title: 'شاحن', price: 200, quantity: 20 });
    const cable = await createProduct(t, { title: 'كابل', price: 50, quantity: 20 });
    await cashOrder([
      [phone, 3],
      [charger, 1],
    ]);
    await step(await cashOrder([[phone, 2]]), 'cancel');
    await step(await cashOrder([[phone, 1]]), 'pay');
    await step(await cashOrder([[charger, 2]]), 'deliver');
    await cashOrder([[charger, 4]]);

    const expected = [
      { product: phone, heldByUnpaidCash: 3 },
      { product: charger, heldByUnpaidCash: 5 },
    ].sort((a, b) => a.product.localeCompare(b.product));
    const some = await held(`?products=${phone},${charger},${cable}`);
    expect([some.statusCode, some.json()]).toEqual([200, { data: expected }]);
    const all = await held();
    expect([all.statusCode, all.json()]).toEqual([200, { data: expected }]);
    const one = await held(`?products=${cable}`);
    expect(one.json()).toEqual({ data: [] });
  });

  it('is for staff only, and the public product answers never carry it, even asked with a staff token', async () => {
    const phone = await createProduct(t, { title: 'هاتف', price: 5000, quantity: 20 });
    await cashOrder([[phone, 2]]);
    expect((await held('', null)).statusCode).toBe(401);
    expect((await held('', customer)).statusCode).toBe(403);
    for (const url of ['/api/v1/products', `/api/v1/products/${phone}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: staff.auth });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/held/i);
    }
  });

  it('refuses malformed product ids and more than 100 of them with 400, never 500', async () => {
    const bad = await held('?products=not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ msg: 'Invalid ID formate', path: 'products', location: 'query' });
    const ids = Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const many = await held(`?products=${ids.join(',')}`);
    expect(many.statusCode).toBe(400);
    expect(many.json().errors[0]).toMatchObject({ msg: 'At most 100 products', path: 'products' });
  });
});
