import { beforeEach, describe, expect, it } from 'vitest';
import { createCategory, createCoupon, createUser, useTestApp, type TestUser } from './helpers';

// Cart lines and orders of variants (README, API notes "Variants"): each line is one variant, priced and stocked by
// it; checkout takes stock from that variant only, and a cancellation puts it back there.
let manager: TestUser;
let user: TestUser;
const t = useTestApp();
beforeEach(async () => {
  manager = await createUser(t, { role: 'manager' });
  user = await createUser(t, { name: 'سارة' });
});

const SIZE = { name: 'المقاس', values: [{ value: 'M' }, { value: 'XL' }] };
const COLOUR = {
  name: 'اللون',
  values: [
    { value: 'أزرق', hex: '#1e56e0' },
    { value: 'أسود', hex: '#000000' },
  ],
};
const address = { details: 'المنزل', phone: '01012345678', city: '', postalCode: '' };

/** The shirt of the fixture: M/blue at the product's 300 EGP (3 left), XL/blue at its own 350 (4 left), M/black (2). */
async function shirt(extra: object = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/products',
    headers: manager.auth,
    payload: {
      title: 'قميص قطن رجالي كلاسيك',
      description: 'قميص قطن',
      price: 300,
      category: await createCategory(t),
      imageCover: 'https://cdn.example.com/shirt.jpg',
      options: [SIZE, COLOUR],
      variants: [
        { options: ['M', 'أزرق'], quantity: 3 },
        { options: ['XL', 'أزرق'], quantity: 4, price: 350, sku: 'QM-XL-B' },
        { options: ['M', 'أسود'], quantity: 2 },
      ],
      ...extra,
    },
  });
  expect(res.statusCode).toBe(201);
  const p = res.json().data;
  const id = (...values: string[]) =>
    p.variants.find((v: { options: string[] }) => v.options.join() === values.join())._id as string;
  return { id: p._id as string, variant: id };
}
const add = (payload: object, who = user) =>
  t.app.inject({ method: 'POST', url: '/api/v1/cart', headers: who.auth, payload });
const cart = async (who = user) => (await t.app.inject({ url: '/api/v1/cart', headers: who.auth })).json();
const cashOrder = (cartId: string, who = user) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/orders/${cartId}`,
    headers: who.auth,
    payload: { shippingAddress: address },
  });
const variantStock = async (productId: string) =>
  Object.fromEntries(
    (
      await t.db.query<{ values: string[]; quantity: number; sold: number }>(
        `SELECT option_values AS values, quantity, sold FROM product_variants
         WHERE product_id = $1 AND archived_at IS NULL ORDER BY position`,
        [productId],
      )
    ).map((v) => [v.values.join('/'), [v.quantity, v.sold]]),
  );
const productStock = async (id: string) =>
  t.db.one<{ quantity: number; sold: number }>('SELECT quantity, sold FROM products WHERE id = $1', [id]);

describe('a cart of two variants of one product, with a coupon, ordered by cash', () => {
  it('prices each line by its variant, names it, takes stock from it alone and puts it back on cancellation', async () => {
    const p = await shirt();
    await createCoupon(t, { name: 'TEN', discount: 10 });
    const m = p.variant('M', 'أزرق');
    const xl = p.variant('XL', 'أزرق');
    expect((await add({ productId: p.id, variant: m })).statusCode).toBe(200);
    await add({ productId: p.id, variant: m });
    expect((await add({ productId: p.id, variant: xl })).statusCode).toBe(200);
    const coupon = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/cart/applyCoupon',
      headers: user.auth,
      payload: { couponName: 'ten' },
    });
    expect(coupon.statusCode).toBe(200);
    const body = await cart();
    // Two lines: 2 × 300 (M/blue) + 1 × 350 (XL/blue) = 950; 10% off: 855.
    expect(body.numOfCartItems).toBe(2);
    expect(body.data.totalCartPrice).toBe(950);
    expect(body.data.totalAfterDiscount).toBe(855);
    expect(
      body.data.products.map((l: { count: number; price: number; color: string; variant: object }) => [
        l.count,
        l.price,
        l.color,
        l.variant,
      ]),
    ).toEqual([
      [
        2,
        300,
        '#1e56e0',
        {
          _id: m,
          options: [
            { name: 'المقاس', value: 'M' },
            { name: 'اللون', value: 'أزرق' },
          ],
          quantity: 3,
          available: true,
        },
      ],
      [
        1,
        350,
        '#1e56e0',
        {
          _id: xl,
          options: [
            { name: 'المقاس', value: 'XL' },
            { name: 'اللون', value: 'أزرق' },
          ],
          sku: 'QM-XL-B',
          quantity: 4,
          available: true,
        },
      ],
    ]);

    const res = await cashOrder(body.data._id);
    expect(res.statusCode).toBe(201);
    const order = res.json().data;
    expect(order.totalOrderPrice).toBe(855);
    expect(
      order.cartItems.map((i: { count: number; price: number; variant: object }) => [i.count, i.price, i.variant]),
    ).toEqual([
      [
        2,
        300,
        {
          _id: m,
          options: [
            { name: 'المقاس', value: 'M' },
            { name: 'اللون', value: 'أزرق' },
          ],
        },
      ],
      [
        1,
        350,
        {
          _id: xl,
          options: [
            { name: 'المقاس', value: 'XL' },
            { name: 'اللون', value: 'أزرق' },
          ],
          sku: 'QM-XL-B',
        },
      ],
    ]);
    expect(await variantStock(p.id)).toEqual({ 'M/أزرق': [1, 2], 'XL/أزرق': [3, 1], 'M/أسود': [2, 0] });
    expect(await productStock(p.id)).toEqual({ quantity: 6, sold: 3 });

    const cancelled = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/orders/${order._id}/cancel`,
      headers: user.auth,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await variantStock(p.id)).toEqual({ 'M/أزرق': [3, 0], 'XL/أزرق': [4, 0], 'M/أسود': [2, 0] });
    expect(await productStock(p.id)).toEqual({ quantity: 9, sold: 0 });
  });
});

describe('choosing the variant of a cart line', () => {
  it('refuses a product with options and no variant, naming in Arabic the options to pick', async () => {
    const p = await shirt();
    let res = await add({ productId: p.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'اختر المقاس واللون قبل الإضافة إلى العربة',
      code: 'cart_option_missing',
    });
    res = await add({ productId: p.id, color: '#1e56e0' });
    expect(res.json().message).toBe('اختر المقاس قبل الإضافة إلى العربة');
    expect((await add({ productId: p.id, variant: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect(await t.db.query('SELECT id FROM cart_items')).toEqual([]);
  });

  it('picks the variant by its colour when colour is the only option', async () => {
    const p = await shirt({
      options: [COLOUR],
      variants: [
        { options: ['أزرق'], quantity: 1 },
        { options: ['أسود'], quantity: 2, price: 320 },
      ],
    });
    const res = await add({ productId: p.id, color: '#000000' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.products[0]).toMatchObject({
      color: '#000000',
      price: 320,
      variant: { _id: p.variant('أسود') },
    });
    expect((await add({ productId: p.id, color: '#ffffff' })).json().message).toBe(
      'This color is not available for this product',
    );
  });

  it('keeps a variant within its own stock', async () => {
    const p = await shirt();
    const black = p.variant('M', 'أسود');
    await add({ productId: p.id, variant: black });
    await add({ productId: p.id, variant: black });
    const res = await add({ productId: p.id, variant: black });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('لا تكفي كمية «قميص قطن رجالي كلاسيك» (المقاس: M، اللون: أسود): المتبقي 2');
  });
});

describe('a variant removed or sold out while in the cart', () => {
  it('is shown so in the cart and refused at checkout in Arabic, the rest of the cart kept', async () => {
    const p = await shirt();
    const m = p.variant('M', 'أزرق');
    const xl = p.variant('XL', 'أزرق');
    await add({ productId: p.id, variant: m });
    await add({ productId: p.id, variant: xl });
    // The owner keeps only XL/blue and M/black: M/blue is archived.
    const change = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/products/${p.id}`,
      headers: manager.auth,
      payload: {
        variants: [
          { _id: xl, options: ['XL', 'أزرق'], quantity: 4, price: 350, sku: 'QM-XL-B' },
          { options: ['M', 'أسود'], quantity: 2 },
        ],
      },
    });
    expect(change.statusCode).toBe(200);
    const body = await cart();
    expect(
      body.data.products.map((l: { variant: { available: boolean; quantity: number } }) => l.variant),
    ).toMatchObject([
      { _id: m, available: false, quantity: 0 },
      { _id: xl, available: true, quantity: 4 },
    ]);
    const refused = await cashOrder(body.data._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: 'لم يعد «قميص قطن رجالي كلاسيك» (المقاس: M، اللون: أزرق) متاحاً: احذفه من العربة',
      code: 'cart_variant_unavailable',
    });
    expect((await cart()).numOfCartItems).toBe(2);

    // Removed from the cart, the other line is ordered; then XL/blue sold out meanwhile is refused the same way.
    await t.app.inject({ method: 'DELETE', url: `/api/v1/cart/${body.data.products[0]._id}`, headers: user.auth });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/products/${p.id}/variants/${xl}`,
      headers: manager.auth,
      payload: { quantity: 0 },
    });
    const soldOut = await cashOrder(body.data._id);
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json()).toMatchObject({
      message: 'لا تكفي كمية «قميص قطن رجالي كلاسيك» (المقاس: XL، اللون: أزرق): المتبقي 0',
      code: 'cart_variant_not_enough',
    });
    expect((await cart()).numOfCartItems).toBe(1);
    expect(await t.db.query('SELECT id FROM orders')).toEqual([]);
  });
});

describe('the last units of one variant', () => {
  it(
    '50 concurrent orders for the last 10 sell exactly 10; another variant of the product is untouched',
    { timeout: 120_000 },
    async () => {
      const p = await shirt({
        variants: [
          { options: ['M', 'أزرق'], quantity: 10 },
          { options: ['XL', 'أزرق'], quantity: 5 },
        ],
      });
      const m = p.variant('M', 'أزرق');
      const buyers = await Promise.all(Array.from({ length: 50 }, () => createUser(t)));
      const carts: string[] = [];
      for (const buyer of buyers) carts.push((await add({ productId: p.id, variant: m }, buyer)).json().data._id);
      const results = await Promise.all(buyers.map((buyer, i) => cashOrder(carts[i]!, buyer)));
      const statuses = results.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(10);
      expect(statuses.filter((s) => s === 409)).toHaveLength(40);
      expect(await variantStock(p.id)).toEqual({ 'M/أزرق': [0, 10], 'XL/أزرق': [5, 0] });
      expect(await productStock(p.id)).toEqual({ quantity: 5, sold: 10 });
      expect((await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM order_items'))!.n).toBe(10);
    },
  );
});
