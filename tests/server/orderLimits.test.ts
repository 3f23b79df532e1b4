import { beforeEach, describe, expect, it } from 'vitest';
import { createProduct, createUser, useTestApp, type TestUser } from './helpers';

/**
 * A shop limits what one order may hold, so one shopper cannot take a product's whole stock by cash on delivery:
 * 10 units of one product and 50 units in all unless the owner sets ORDER_MAX_PER_PRODUCT / ORDER_MAX_ITEMS.
 */
const t = useTestApp();
const address = { details: 'شارع التحرير 5، الدقي', phone: '01012345678', city: 'الجيزة', postalCode: '' };

describe('order limits (the shop defaults)', () => {
  let user: TestUser;
  beforeEach(async () => {
    user = await createUser(t);
  });
  const add = (productId: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/cart', headers: user.auth, payload: { productId } });
  const setCount = (itemId: string, count: number) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/cart/${itemId}`, headers: user.auth, payload: { count } });

  it('the 11th unit of one product is refused with 409 and a clear message, adding or setting the count; the cart keeps 10', async () => {
    const product = await createProduct(t, { title: 'سماعة لاسلكية', price: 300, quantity: 40 });
    let line;
    for (let i = 0; i < 10; i++) line = (await add(product)).json().data.products[0];
    expect(line.count).toBe(10);

    const refusal = { status: 'fail', message: 'You can order at most 10 of one product: سماعة لاسلكية' };
    const added = await add(product);
    expect([added.statusCode, added.json()]).toEqual([409, refusal]);
    const set = await setCount(line._id, 40);
    expect([set.statusCode, set.json()]).toEqual([409, refusal]);
    const cart = (await t.app.inject({ method: 'GET', url: '/api/v1/cart', headers: user.auth })).json();
    expect(cart.data.products[0].count).toBe(10);
  });

  it('stock still comes first: a product with 3 left refuses the 4th unit as out of stock', async () => {
    const product = await createProduct(t, { title: 'شاحن', price: 100, quantity: 3 });
    const line = (await add(product)).json().data.products[0];
    const res = await setCount(line._id, 4);
    expect([res.statusCode, res.json()]).toEqual([
      409,
      { status: 'fail', message: 'Not enough stock for product: شاحن' },
    ]);
  });

  it('more than 50 units in one order are refused, and checkout refuses a cart that holds more than the limits', async () => {
    const products = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createProduct(t, { title: `منتج ${i}`, price: 10, quantity: 100 })),
    );
    for (const product of products.slice(0, 5)) {
      const line = (await add(product))
        .json()
        .data.products.find((l: { product: { _id: string } }) => l.product._id === product);
      expect((await setCount(line._id, 10)).statusCode).toBe(200);
    }
    const res = await add(products[5]);
    expect([res.statusCode, res.json()]).toEqual([
      409,
      { status: 'fail', message: 'An order can hold at most 50 items' },
    ]);

    // A cart filled before the owner lowered the limit is refused at checkout, and nothing is ordered.
    const cart = (await t.app.inject({ method: 'GET', url: '/api/v1/cart', headers: user.auth })).json().data;
    await t.db.query('UPDATE cart_items SET count = 12 WHERE id = $1', [cart.products[0]._id]);
    const cash = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${cart._id}`,
      headers: user.auth,
      payload: { shippingAddress: address },
    });
    expect(cash.statusCode).toBe(409);
    expect(cash.json().message).toMatch(/^You can order at most 10 of one product: /);
    expect(await t.db.one('SELECT count(*)::int AS n FROM orders')).toEqual({ n: 0 });
  });
});

describe('order limits the owner sets', () => {
  const shop = useTestApp({ maxPerProduct: 2, maxItemsPerOrder: 3 });

  it('ORDER_MAX_PER_PRODUCT=2 and ORDER_MAX_ITEMS=3 hold in the cart', async () => {
    const user = await createUser(shop);
    const [a, b] = [
      await createProduct(shop, { title: 'أ', price: 10, quantity: 9 }),
      await createProduct(shop, { title: 'ب', price: 10, quantity: 9 }),
    ];
    const add = (productId: string) =>
      shop.app.inject({ method: 'POST', url: '/api/v1/cart', headers: user.auth, payload: { productId } });
    expect((await add(a)).statusCode).toBe(200);
    expect((await add(a)).statusCode).toBe(200);
    expect((await add(a)).json().message).toBe('You can order at most 2 of one product: أ');
    expect((await add(b)).statusCode).toBe(200);
    expect((await add(b)).json().message).toBe('An order can hold at most 3 items');
  });
});
