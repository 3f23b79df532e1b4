import { beforeEach, describe, expect, it } from 'vitest';
import { includedVat } from '../../server/lib/money';
import { createProduct, createUser, useTestApp, type TestUser } from './helpers';

/**
 * Every money rule at its edges: just under, exactly at and just over (SECURITY.md). Figures are worked out by hand:
 * Cairo's zone charges 50 EGP and is free from 1,500 EGP of items; the shop takes cash up to 1,000 EGP all in,
 * with a 20 EGP cash fee; prices include 14 % VAT, so the VAT in a total of T is T × 14 / 114.
 */
const t = useTestApp({ paymentsTestMode: true });
let user: TestUser;
let admin: TestUser;
beforeEach(async () => {
  user = await createUser(t, { name: 'هالة' });
  admin = await createUser(t, { role: 'admin' });
  const zone = await api('POST', '/delivery/zones', admin, {
    name: 'القاهرة',
    fee: 50,
    freeShippingFrom: 1500,
    governorates: ['EG-C'],
  });
  expect(zone.statusCode, zone.body).toBe(201);
  const settings = await api('PUT', '/shop/settings', admin, {
    defaultShippingFee: 30,
    cashOnDelivery: true,
    cashFee: 20,
    cashMaxTotal: 1000,
    vatRate: 14,
  });
  expect(settings.statusCode, settings.body).toBe(200);
});

const api = (method: 'GET' | 'POST' | 'PUT', url: string, who: TestUser, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: who.auth, payload });

/** A cart of one product at `price` EGP; answers its id. */
async function cartAt(price: number) {
  await t.db.query('DELETE FROM carts');
  const productId = await createProduct(t, { price, quantity: 5 });
  const res = await api('POST', '/cart', user, { productId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data._id as string;
}
const quote = async (query: string) => (await api('GET', `/delivery/quote?${query}`, user)).json().data;

describe('free shipping from the threshold', () => {
  it('is charged just under 1,500 EGP of items, free exactly at 1,500 and just over', async () => {
    for (const [price, shipping] of [
      [1499.99, 50],
      [1500, 0],
      [1500.01, 0],
    ]) {
      await cartAt(price);
      expect([price, (await quote('governorate=EG-C')).shippingPrice]).toEqual([price, shipping]);
    }
    // The order charges what the quote said: exactly at the threshold, no shipping.
    const cartId = await cartAt(1500);
    const res = await api('POST', `/orders/checkout-session/${cartId}`, user, {
      shippingAddress: { details: 'شارع 9', phone: '01012345678', city: 'المعادي' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const session = await t.db.one<{ total: string | number }>('SELECT total FROM payment_sessions');
    expect(Number(session!.total)).toBe(150_000);
  });
});

describe('the cash ceiling counts the cash fee', () => {
  it('takes cash when items + shipping + fee are 1,000 EGP, not a piastre more', async () => {
    // 950 + 30 shipping + 20 fee = 1,000: allowed. 950.01 → 1,000.01: refused. 960 is under the ceiling without the
    // fee (990) and over it with it (1,010): refused.
    for (const [price, allowed] of [
      [949.99, true],
      [950, true],
      [950.01, false],
      [960, false],
    ] as const) {
      await cartAt(price);
      const cash = (await quote('')).cashOnDelivery;
      expect([price, cash.allowed, cash.reason]).toEqual([price, allowed, allowed ? undefined : 'maxTotal']);
    }
    let cartId = await cartAt(950);
    const shippingAddress = { details: 'البيت', phone: '01012345678', city: '' };
    let res = await api('POST', `/orders/${cartId}`, user, { shippingAddress });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ totalOrderPrice: 1000, shippingPrice: 30, cashFee: 20 });
    cartId = await cartAt(950.01);
    res = await api('POST', `/orders/${cartId}`, user, { shippingAddress });
    expect([res.statusCode, res.json().message]).toEqual([
      409,
      'Cash on delivery is available for orders up to 1000 EGP',
    ]);
  });
});

describe('coupon bounds', () => {
  it('a discount is more than 0 and at most 100 percent', async () => {
    const expire = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    for (const [discount, status] of [
      [0, 400],
      [0.01, 201],
      [99.99, 201],
      [100, 201],
      [100.01, 400],
    ] as const) {
      const res = await api('POST', '/coupons', admin, {
        name: `C${String(discount).replace('.', '_')}`,
        expire,
        discount,
      });
      expect([discount, res.statusCode]).toEqual([discount, status]);
      if (status === 400) expect(res.json().errors[0].msg).toBe('Discount must be greater than 0 and at most 100');
    }
  });
});

describe('VAT included in a total', () => {
  it('is T × 14 / 114 rounded to the nearest piastre, on either side of a half', () => {
    // In piastres: 53 × 14 / 114 = 6.509 → 7; 61 × 14 / 114 = 7.491 → 7; 11,400 → 1,400 exactly; 114 → 14.
    expect(includedVat(53, 14)).toBe(7);
    expect(includedVat(61, 14)).toBe(7);
    expect(includedVat(62, 14)).toBe(8); // 7.614
    expect(includedVat(11_400, 14)).toBe(1_400);
    expect(includedVat(114, 14)).toBe(14);
    expect(includedVat(100_000, 0)).toBe(0);
  });
});
