import { beforeEach, describe, expect, it } from 'vitest';
import {
  createBrand,
  createCategory,
  createCoupon,
  createProduct,
  createUser,
  useTestApp,
  type TestUser,
} from './helpers';

let user: TestUser;
// Bulk lines (for the cart total's limit) need more than the shop's default of 10 units of one product.
const t = useTestApp({ maxPerProduct: 100 });
beforeEach(async () => {
  user = await createUser(t);
});

const MISSING = '00000000-0000-4000-8000-000000000000';
const addToCart = (payload: Record<string, unknown>, who = user) =>
  t.app.inject({ method: 'POST', url: '/api/v1/cart', headers: who.auth, payload });
const getCart = (who = user) => t.app.inject({ method: 'GET', url: '/api/v1/cart', headers: who.auth });
const setCount = (itemId: string, count: unknown, who = user) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/cart/${itemId}`, headers: who.auth, payload: { count } });
const applyCoupon = (couponName: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/cart/applyCoupon', headers: user.auth, payload: { couponName } });

describe('cart', () => {
  it('answers an empty cart when there is none', async () => {
    const res = await getCart();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', numOfCartItems: 0, data: { products: [], totalCartPrice: 0 } });
  });

  it('adds products with populated ProductRefs and the effective price, ignoring a price in the body', async () => {
    const categoryId = await createCategory(t, 'إلكترونيات');
    const brandId = await createBrand(t, 'سامسونج');
    const phone = await createProduct(t, {
      title: 'هاتف',
      price: 100,
      priceAfterDiscount: 90,
      colors: ['#000000', '#ffffff'],
      categoryId,
      brandId,
    });
    const cable = await createProduct(t, { title: 'كابل', price: 20, priceAfterDiscount: 0.5, categoryId });

    let res = await addToCart({ productId: phone, color: '#FFFFFF', price: 1, totalCartPrice: 1 });
    expect(res.statusCode).toBe(200);
    let body = res.json();
    expect(body.status).toBe('success');
    expect(body.message).toBe('Product added successfully to your cart');
    expect(body.numOfCartItems).toBe(1);
    expect(body.data.cartOwner).toBe(user.id);
    expect(body.data.products[0]).toEqual({
      _id: expect.any(String),
      count: 1,
      color: '#ffffff',
      price: 90,
      product: {
        _id: phone,
        title: 'هاتف',
        imageCover: 'http://shop.test/products/cover.webp',
        ratingsAverage: 0,
        ratingsQuantity: 0,
        category: { _id: categoryId, name: 'إلكترونيات' },
        brand: { _id: brandId, name: 'سامسونج' },
        quantity: 10,
      },
    });
    expect(body.data.totalCartPrice).toBe(90);

    await addToCart({ productId: phone, color: '#ffffff' }); // same colour: count + 1
    await addToCart({ productId: phone, color: '#000000' }); // another colour: new line
    res = await addToCart({ productId: cable, color: '' }); // discount below 1 EGP means no discount
    body = res.json();
    expect(body.numOfCartItems).toBe(3);
    expect(
      body.data.products.map((l: { count: number; color: string; price: number }) => [l.count, l.color, l.price]),
    ).toEqual([
      [2, '#ffffff', 90],
      [1, '#000000', 90],
      [1, '', 20],
    ]);
    expect(body.data.products[2].product).not.toHaveProperty('brand');
    expect(body.data.totalCartPrice).toBe(290);
    expect((await getCart()).json()).toEqual({ status: 'success', ...body, message: undefined });
  });

  it('validates productId and colour, and refuses beyond stock', async () => {
    const product = await createProduct(t, { title: 'ساعة', quantity: 2, colors: ['#123456'] });
    let res = await addToCart({});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ msg: 'productId is required', path: 'productId' });
    res = await addToCart({ productId: '0' });
    expect(res.json().errors[0].msg).toBe('Invalid ID formate');
    res = await addToCart({ productId: MISSING });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(`No document for this id ${MISSING}`);
    res = await addToCart({ productId: product, color: '#000000' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'fail', message: 'This color is not available for this product' });
    res = await addToCart({ productId: product, color: { a: 1 } });
    expect(res.statusCode).toBe(400);
    expect(await t.db.query('SELECT id FROM carts')).toHaveLength(0);

    await addToCart({ productId: product, color: '#123456' });
    await addToCart({ productId: product, color: '' });
    res = await addToCart({ productId: product, color: '#123456' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 'fail', message: 'Not enough stock for product: ساعة' });
    expect((await getCart()).json().data.products.map((l: { count: number }) => l.count)).toEqual([1, 1]);
  });

  it("shows each line's current stock, also when it fell below the line's count after adding", async () => {
    const product = await createProduct(t, { title: 'مصباح', quantity: 5 });
    await addToCart({ productId: product });
    const line = (await addToCart({ productId: product })).json().data.products[0];
    expect(line).toMatchObject({ count: 2, product: { quantity: 5 } });
    await t.db.query('UPDATE products SET quantity = 1 WHERE id = $1', [product]);
    expect((await getCart()).json().data.products[0]).toMatchObject({
      count: 2,
      product: { _id: product, quantity: 1 },
    });
    await t.db.query('UPDATE products SET quantity = 0 WHERE id = $1', [product]);
    expect((await getCart()).json().data.products[0].product.quantity).toBe(0);
  });

  it('changes counts: integers of at least 1 only, strings accepted, price refreshed, stock enforced', async () => {
    const product = await createProduct(t, { title: 'قلم', price: 10, quantity: 5 });
    const line = (await addToCart({ productId: product })).json().data.products[0]._id;
    let res = await setCount(line, '3');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.products[0].count).toBe(3);
    expect(res.json().data.totalCartPrice).toBe(30);

    for (const bad of [0, -1, 1.5, 'abc', '', null, true, { $gt: 1 }, [2]]) {
      res = await setCount(line, bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().errors[0]).toMatchObject({
        path: 'count',
        msg: 'count must be an integer of at least 1',
        location: 'body',
      });
    }
    res = await setCount(line, 6);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Not enough stock for product: قلم');
    expect((await getCart()).json().data.products[0].count).toBe(3);

    await t.db.query('UPDATE products SET price = 1200 WHERE id = $1', [product]);
    res = await setCount(line, 2);
    expect(res.json().data.products[0].price).toBe(12);
    expect(res.json().data.totalCartPrice).toBe(24);

    res = await setCount(MISSING, 2);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(`No Product Cart item found for this id: ${MISSING}`);
  });

  it('keeps other users’ cart lines unreachable', async () => {
    const other = await createUser(t);
    const product = await createProduct(t);
    const line = (await addToCart({ productId: product }, other)).json().data.products[0]._id;
    await addToCart({ productId: product });
    let res = await setCount(line, 2);
    expect(res.statusCode).toBe(404);
    res = await t.app.inject({ method: 'DELETE', url: `/api/v1/cart/${line}`, headers: user.auth });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(`No Product Cart item found for this id: ${line}`);
    expect((await getCart(other)).json().data.products[0].count).toBe(1);
  });

  it('answers 404 for line changes without a cart', async () => {
    const res = await setCount(MISSING, 2);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(`No cart exist for this user: ${user.id}`);
  });

  it('removes lines (cart stays) and clears the cart with 204', async () => {
    const product = await createProduct(t, { price: 50 });
    const body = (await addToCart({ productId: product })).json();
    let res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/cart/${body.data.products[0]._id}`,
      headers: user.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'success',
      numOfCartItems: 0,
      data: { _id: body.data._id, products: [], totalCartPrice: 0 },
    });

    res = await t.app.inject({ method: 'DELETE', url: '/api/v1/cart', headers: user.auth });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await t.db.query('SELECT id FROM carts')).toHaveLength(0);
    res = await t.app.inject({ method: 'DELETE', url: '/api/v1/cart', headers: user.auth });
    expect(res.statusCode).toBe(204);
  });

  it('applies coupons case-insensitively with half-up rounding, and keeps them through every change (API.md §6.3)', async () => {
    const product = await createProduct(t, { price: 33.33 });
    const other = await createProduct(t, { price: 10 });
    await createCoupon(t, { name: 'Sale15', discount: 15 });
    await addToCart({ productId: product });
    const line = (await addToCart({ productId: product })).json().data.products[0]._id;
    await setCount(line, 3);

    const res = await applyCoupon(' sale15 ');
    expect(res.statusCode).toBe(200);
    let body = res.json();
    expect(body.status).toBe('success');
    expect(body.coupon).toBe('Sale15');
    expect(body.numOfCartItems).toBe(1);
    // 99.99 − 15 % = 84.9915 → 84.99
    expect(body.data).toMatchObject({ totalCartPrice: 99.99, totalAfterDiscount: 84.99, coupon: 'Sale15' });

    // A count change: 66.66 − 15 % = 56.661 → 56.66
    body = (await setCount(line, 2)).json();
    expect(body.data).toMatchObject({ totalCartPrice: 66.66, totalAfterDiscount: 56.66, coupon: 'Sale15' });
    // Another product: 76.66 − 15 % = 65.161 → 65.16
    body = (await addToCart({ productId: other })).json();
    expect(body.data).toMatchObject({ totalCartPrice: 76.66, totalAfterDiscount: 65.16, coupon: 'Sale15' });
    const otherLine = body.data.products[1]._id;
    // One more of the same line: 109.99 − 15 % = 93.4915 → 93.49
    body = (await addToCart({ productId: product })).json();
    expect(body.data).toMatchObject({ totalCartPrice: 109.99, totalAfterDiscount: 93.49, coupon: 'Sale15' });
    // A removed line: 99.99 → 84.99 again
    body = (await t.app.inject({ method: 'DELETE', url: `/api/v1/cart/${otherLine}`, headers: user.auth })).json();
    expect(body.data).toMatchObject({ totalCartPrice: 99.99, totalAfterDiscount: 84.99, coupon: 'Sale15' });
    expect(body.data).not.toHaveProperty('couponRemoved');
    expect((await getCart()).json().data).toMatchObject({ totalAfterDiscount: 84.99, coupon: 'Sale15' });
  });

  it('a second coupon replaces the first, computed from the full total (never stacked)', async () => {
    const product = await createProduct(t, { price: 200 });
    await createCoupon(t, { name: 'TEN', discount: 10 });
    await createCoupon(t, { name: 'QUARTER', discount: 25 });
    await addToCart({ productId: product });
    expect((await applyCoupon('TEN')).json().data.totalAfterDiscount).toBe(180);
    const res = await applyCoupon('quarter');
    expect(res.statusCode).toBe(200);
    expect(res.json().coupon).toBe('QUARTER');
    expect(res.json().data).toMatchObject({ totalCartPrice: 200, totalAfterDiscount: 150, coupon: 'QUARTER' });
  });

  it('a coupon that expired is dropped with the next change, and that answer says so once', async () => {
    const product = await createProduct(t, { price: 100 });
    const id = await createCoupon(t, { name: 'SHORT', discount: 10 });
    const line = (await addToCart({ productId: product })).json().data.products[0]._id;
    expect((await applyCoupon('SHORT')).json().data.totalAfterDiscount).toBe(90);
    await t.db.query(`UPDATE coupons SET expire = now() - interval '1 second' WHERE id = $1`, [id]);

    let body = (await setCount(line, 2)).json();
    expect(body.data.totalCartPrice).toBe(200);
    expect(body.data.couponRemoved).toBe('SHORT');
    expect(body.data).not.toHaveProperty('coupon');
    expect(body.data).not.toHaveProperty('totalAfterDiscount');
    body = (await getCart()).json();
    expect(body.data).not.toHaveProperty('couponRemoved');
    expect(body.data).not.toHaveProperty('coupon');
  });

  it('a coupon that expired since the last answer is dropped when the cart is read, which says so once', async () => {
    const product = await createProduct(t, { price: 100 });
    const id = await createCoupon(t, { name: 'SHORT', discount: 10 });
    await addToCart({ productId: product });
    await applyCoupon('SHORT');
    await t.db.query(`UPDATE coupons SET expire = now() - interval '1 second' WHERE id = $1`, [id]);

    let body = (await getCart()).json();
    expect(body.data).toMatchObject({ totalCartPrice: 100, couponRemoved: 'SHORT' });
    expect(body.data).not.toHaveProperty('totalAfterDiscount');
    body = (await getCart()).json();
    expect(body.data).not.toHaveProperty('couponRemoved');
    expect(body.data.totalCartPrice).toBe(100);
  });

  it('refuses expired or unknown coupons and removes the current one', async () => {
    const product = await createProduct(t, { price: 100 });
    await createCoupon(t, { name: 'GOOD', discount: 10 });
    await createCoupon(t, { name: 'OLD', discount: 50, expire: new Date(Date.now() - 1000) });
    let res = await applyCoupon('GOOD');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(`No cart exist for this user: ${user.id}`);

    await addToCart({ productId: product });
    res = await applyCoupon('GOOD');
    expect(res.json().data.totalAfterDiscount).toBe(90);
    for (const name of ['OLD', 'NOPE', '', { $ne: 1 }]) {
      res = await applyCoupon(name);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 'fail', message: 'Coupon is invalid or has expired' });
    }
    const cart = (await getCart()).json().data;
    expect(cart).not.toHaveProperty('coupon');
    expect(cart.totalCartPrice).toBe(100);
  });

  it('a line that takes the cart past 1,000,000,000 EGP is refused with 400 when it is added; nothing changes', async () => {
    const product = await createProduct(t, { price: 21_000_000, quantity: 100 });
    const line = (await addToCart({ productId: product })).json().data.products[0];
    expect((await setCount(line._id, 47)).json().data.totalCartPrice).toBe(987_000_000);
    const before = (await getCart()).json();
    for (const res of [
      await setCount(line._id, 48),
      await setCount(line._id, 100),
      await addToCart({ productId: product }),
    ]) {
      expect([res.statusCode, res.json()]).toEqual([
        400,
        { status: 'fail', message: 'Cart total may be at most 1000000000 EGP' },
      ]);
    }
    expect((await getCart()).json()).toEqual(before);
  });

  it('is for role user only', async () => {
    const product = await createProduct(t);
    for (const role of ['manager', 'admin'] as const) {
      const staff = await createUser(t, { role });
      const res = await addToCart({ productId: product }, staff);
      expect(res.statusCode).toBe(403);
      expect((await getCart(staff)).statusCode).toBe(403);
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/cart', headers: { authorization: 'Bearer null' } });
    expect(res.statusCode).toBe(401);
  });
});
