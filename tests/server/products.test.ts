import { beforeEach, describe, expect, it } from 'vitest';
import {
  createBrand,
  createCategory,
  createCoupon,
  createProduct,
  createSubcategory,
  createUser,
  multipart,
  pngImage,
  useTestApp,
  type TestUser,
} from './helpers';

let admin: TestUser;
let manager: TestUser;
let user: TestUser;
let category: string;
const t = useTestApp();
beforeEach(async () => {
  admin = await createUser(t, { role: 'admin' });
  manager = await createUser(t, { role: 'manager' });
  user = await createUser(t);
  category = await createCategory(t);
});

const api = '/api/v1/products';
const missing = '00000000-0000-4000-8000-000000000000';
const valid = () => ({
  title: 'هاتف ذكي',
  description: 'وصف الهاتف',
  quantity: 5,
  price: 100,
  category,
  imageCover: 'https://cdn.example.com/c.jpg',
});
const post = (payload: object, auth = manager.auth) =>
  t.app.inject({ method: 'POST', url: api, headers: auth, payload });
const productCount = async () => (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM products'))!.n;

describe('product create', () => {
  it('creates from the legacy multipart form (strings, repeated fields, brand "0", cover and gallery)', async () => {
    const sub1 = await createSubcategory(t, category);
    const sub2 = await createSubcategory(t, category);
    const form = multipart(
      {
        title: 'لابتوب',
        description: 'وصف',
        quantity: '3',
        price: '1500.5',
        priceAfterDiscount: '1200',
        category,
        brand: '0',
        availableColors: ['#FFF', '#fff', '#00ff00'],
        subcategory: [sub1, sub2],
        sold: '99',
        ratingsAverage: '5',
        slug: 'x',
      },
      { imageCover: await pngImage(), images: [await pngImage(), await pngImage()] },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: api,
      headers: { ...form.headers, ...admin.auth },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      title: 'لابتوب',
      slug: 'لابتوب',
      quantity: 3,
      price: 1500.5,
      priceAfterDiscount: 1200,
      sold: 0,
      ratingsAverage: 0,
      ratingsQuantity: 0,
      availableColors: ['#fff', '#00ff00'],
      subcategory: [sub1, sub2],
      category,
    });
    expect(data.id).toBe(data._id);
    expect(data).not.toHaveProperty('brand');
    expect(data.imageCover).toMatch(/^http:\/\/shop\.test\/products\/products-[0-9a-f-]{36}-\d+-cover\.webp$/);
    expect(data.images).toHaveLength(2);
    expect(data.images[1]).toMatch(/-2\.webp$/);
    expect((await t.app.inject({ url: new URL(data.images[0]).pathname })).statusCode).toBe(200);
    expect((await t.db.one('SELECT price FROM products WHERE id = $1', [data._id]))!.price).toBe(150050);
    // Its title and description words are searchable at once.
    for (const keyword of ['لابتوب', 'وصف']) {
      const found = await t.app.inject({ url: `${api}?keyword=${encodeURIComponent(keyword)}` });
      expect(
        found.json().data.map((p: { _id: string }) => p._id),
        keyword,
      ).toEqual([data._id]);
    }
  });

  it('creates from JSON with image URLs, a brand and name[] style arrays', async () => {
    const brand = await createBrand(t);
    const res = await post({
      ...valid(),
      brand,
      images: ['https://cdn.example.com/1.jpg'],
      availableColors: '#ABCDEF',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      brand,
      imageCover: 'https://cdn.example.com/c.jpg',
      images: ['https://cdn.example.com/1.jpg'],
      availableColors: ['#abcdef'],
    });
  });

  it('validates every field in the documented order with exact messages; nothing is stored', async () => {
    const other = await createCategory(t);
    const foreignSub = await createSubcategory(t, other);
    const cases: [object, string, string][] = [
      [{ title: 'ab' }, 'title', 'must be at least 3 chars'],
      [{ title: 'x'.repeat(101) }, 'title', 'Too long product title'],
      [{ description: '' }, 'description', 'Product description is required'],
      [{ description: { a: 1 } }, 'description', 'Product description is required'],
      [{ description: 'x'.repeat(2001) }, 'description', 'Too long description'],
      [{ quantity: undefined }, 'quantity', 'Product quantity is required'],
      [{ quantity: 'الكمية' }, 'quantity', 'Product quantity must be a number'],
      [{ quantity: -1 }, 'quantity', 'Product quantity must be a non-negative integer'],
      [{ quantity: 1.5 }, 'quantity', 'Product quantity must be a non-negative integer'],
      [{ price: '' }, 'price', 'Product price is required'],
      [{ price: 'abc' }, 'price', 'Product price must be a number'],
      [{ price: '1'.repeat(33) }, 'price', 'To long price'],
      [{ price: 0 }, 'price', 'Product price must be greater than 0'],
      [{ price: 1e12 }, 'price', 'To long price'],
      [{ priceAfterDiscount: 'السعر بعد الخصم' }, 'priceAfterDiscount', 'Product priceAfterDiscount must be a number'],
      [{ priceAfterDiscount: -5 }, 'priceAfterDiscount', 'Product priceAfterDiscount must not be negative'],
      [{ priceAfterDiscount: 100 }, 'priceAfterDiscount', 'priceAfterDiscount must be lower than price'],
      [{ availableColors: ['#fff', 'red'] }, 'availableColors', 'Invalid color: red'],
      [{ images: Array(6).fill('https://a.b/c.png') }, 'images', 'Too many files or unexpected file field: images'],
      [{ category: '' }, 'category', 'Product must be belong to a category'],
      [{ category: 'abc' }, 'category', 'Invalid ID formate'],
      [{ category: missing }, 'category', `No category exist for this id: ${missing}`],
      [{ subcategory: [missing] }, 'subcategory', 'Invalid subcategories Ids'],
      [{ subcategory: ['nope'] }, 'subcategory', 'Invalid subcategories Ids'],
      [{ subcategory: [foreignSub] }, 'subcategory', 'Subcategory not belong to category'],
      [{ brand: 'abc' }, 'brand', 'Invalid ID formate'],
      [{ brand: missing }, 'brand', `No brand exist for this id: ${missing}`],
      [{ imageCover: undefined }, 'imageCover', 'Product Image cover is required'],
      [{ imageCover: 'cover.png' }, 'imageCover', 'image must be an absolute http(s) URL'],
    ];
    for (const [change, field, msg] of cases) {
      const res = await post({ ...valid(), ...change });
      expect(res.statusCode, `${field}: ${msg}`).toBe(400);
      expect(res.json().errors[0], msg).toMatchObject({ path: field, msg, location: 'body' });
    }
    const all = await post({});
    expect(all.json().errors.map((e: { path: string }) => e.path)).toEqual([
      'title',
      'description',
      'quantity',
      'price',
      'category',
      'imageCover',
    ]);
    expect(await productCount()).toBe(0);
  });

  it('accepts "" priceAfterDiscount and brand as absent, and allows 0 as discount', async () => {
    const res = await post({ ...valid(), priceAfterDiscount: '', brand: '' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).not.toHaveProperty('priceAfterDiscount');
    expect((await post({ ...valid(), priceAfterDiscount: 0 })).json().data.priceAfterDiscount).toBe(0);
  });

  it('permissions: 401 without token, 403 for users', async () => {
    expect((await t.app.inject({ method: 'POST', url: api, payload: valid() })).statusCode).toBe(401);
    expect((await post(valid(), user.auth)).statusCode).toBe(403);
    expect(await productCount()).toBe(0);
  });
});

describe('product read', () => {
  it('GET /products/:id embeds the 20 newest reviews with the user populated', async () => {
    const id = await createProduct(t);
    for (let i = 0; i < 22; i++) {
      const u = await createUser(t, { name: `مستخدم ${i}` });
      await t.db.query(
        `INSERT INTO reviews (review, rating, user_id, product_id, created_at) VALUES ($1, 4, $2, $3, now() - make_interval(mins => $4))`,
        [`r${i}`, u.id, id, i],
      );
    }
    const res = await t.app.inject({ url: `${api}/${id}`, headers: { authorization: 'Bearer null' } });
    expect(res.statusCode).toBe(200);
    const { reviews } = res.json().data;
    expect(reviews).toHaveLength(20);
    expect(reviews[0]).toMatchObject({ review: 'r0', rating: 4, user: { name: 'مستخدم 0' }, product: id });
    expect(reviews[19].review).toBe('r19');
    expect((await t.app.inject({ url: `${api}/${missing}` })).json()).toEqual({
      status: 'fail',
      message: `No document for this id ${missing}`,
    });
    expect((await t.app.inject({ url: `${api}/1` })).json().errors[0]).toMatchObject({
      location: 'params',
      msg: 'Invalid ID formate',
    });
  });
});

describe('product update', () => {
  it('updates allow-listed fields, keeps images without new files and searches the new title', async () => {
    const created = (
      await post({ ...valid(), images: ['https://cdn.example.com/1.jpg'], priceAfterDiscount: 80 })
    ).json().data;
    const res = await t.app.inject({
      method: 'PUT',
      url: `${api}/${created._id}`,
      headers: manager.auth,
      payload: { title: 'عنوان جديد', sold: 500, ratingsAverage: 5, slug: 'hack' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      title: 'عنوان جديد',
      slug: 'عنوان-جديد',
      sold: 0,
      ratingsAverage: 0,
      images: ['https://cdn.example.com/1.jpg'],
      imageCover: 'https://cdn.example.com/c.jpg',
      priceAfterDiscount: 80,
    });
    const search = async (keyword: string) =>
      (await t.app.inject({ url: `${api}?keyword=${encodeURIComponent(keyword)}` })).json().results;
    expect(await search('عنوان جديد')).toBe(1);
    expect(await search('الهاتف')).toBe(1); // the description it kept
    expect(await search('ذكي')).toBe(0); // the old title's word
  });

  it('priceAfterDiscount "" clears; compared with the new or the stored price', async () => {
    const id = (await post({ ...valid(), priceAfterDiscount: 80 })).json().data._id;
    const low = await t.app.inject({
      method: 'PATCH',
      url: `${api}/${id}`,
      headers: manager.auth,
      payload: { price: 70 },
    });
    expect(low.json().errors[0]).toMatchObject({
      path: 'priceAfterDiscount',
      msg: 'priceAfterDiscount must be lower than price',
    });
    const high = await t.app.inject({
      method: 'PATCH',
      url: `${api}/${id}`,
      headers: manager.auth,
      payload: { priceAfterDiscount: 100 },
    });
    expect(high.json().errors[0].msg).toBe('priceAfterDiscount must be lower than price');
    const both = await t.app.inject({
      method: 'PATCH',
      url: `${api}/${id}`,
      headers: manager.auth,
      payload: { price: 300, priceAfterDiscount: 250 },
    });
    expect(both.json().data).toMatchObject({ price: 300, priceAfterDiscount: 250 });
    const cleared = await t.app.inject({
      method: 'PATCH',
      url: `${api}/${id}`,
      headers: manager.auth,
      payload: { priceAfterDiscount: '' },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data).not.toHaveProperty('priceAfterDiscount');
  });

  it('replaces images only when new files are sent and removes the old files', async () => {
    const form = multipart(
      { ...valid(), quantity: '5', price: '100', imageCover: '' },
      { imageCover: await pngImage(), images: [await pngImage()] },
    );
    const created = (
      await t.app.inject({
        method: 'POST',
        url: api,
        headers: { ...form.headers, ...admin.auth },
        payload: form.payload,
      })
    ).json().data;
    const form2 = multipart({ title: 'صورة جديدة' }, { imageCover: await pngImage(100, 100) });
    const res = await t.app.inject({
      method: 'PUT',
      url: `${api}/${created._id}`,
      headers: { ...form2.headers, ...admin.auth },
      payload: form2.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.images).toEqual(created.images);
    expect(res.json().data.imageCover).not.toBe(created.imageCover);
    expect((await t.app.inject({ url: new URL(created.imageCover).pathname })).statusCode).toBe(404);
    expect((await t.app.inject({ url: new URL(res.json().data.imageCover).pathname })).statusCode).toBe(200);
  });

  it('brand "0" clears; category change keeps only subcategories of the new category; 404/403', async () => {
    const brand = await createBrand(t);
    const sub = await createSubcategory(t, category);
    const id = (await post({ ...valid(), brand, subcategory: [sub] })).json().data._id;
    const other = await createCategory(t);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `${api}/${id}`,
      headers: manager.auth,
      payload: { brand: '0', category: other },
    });
    expect(res.json().data).toMatchObject({ category: other, subcategory: [] });
    expect(res.json().data).not.toHaveProperty('brand');
    const foreign = await t.app.inject({
      method: 'PATCH',
      url: `${api}/${id}`,
      headers: manager.auth,
      payload: { subcategory: [sub] },
    });
    expect(foreign.json().errors[0].msg).toBe('Subcategory not belong to category');
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `${api}/${missing}`,
          headers: manager.auth,
          payload: { title: 'abcd' },
        })
      ).json().message,
    ).toBe(`No document found for this id: ${missing}`);
    expect(
      (await t.app.inject({ method: 'PUT', url: `${api}/${id}`, headers: user.auth, payload: { title: 'abcd' } }))
        .statusCode,
    ).toBe(403);
  });
});

describe('product delete', () => {
  it('admin only; cascades to carts (coupon kept, total recomputed), wishlists and reviews; orders keep the snapshot', async () => {
    const id = await createProduct(t);
    const keep = await createProduct(t);
    const coupon = await createCoupon(t, { discount: 10 });
    const cart = (await t.db.one<{ id: string }>(
      'INSERT INTO carts (user_id, coupon_id, total_after_discount) VALUES ($1, $2, 100) RETURNING id',
      [user.id, coupon],
    ))!.id;
    await t.db.query(
      `INSERT INTO cart_items (cart_id, product_id, count, price) VALUES ($1, $2, 1, 10000), ($1, $3, 1, 10000)`,
      [cart, id, keep],
    );
    await t.db.query('INSERT INTO wishlist_items (user_id, product_id) VALUES ($1, $2)', [user.id, id]);
    await t.db.query(`INSERT INTO reviews (review, rating, user_id, product_id) VALUES ('ok', 5, $1, $2)`, [
      user.id,
      id,
    ]);
    const order = (await t.db.one<{ id: string }>(
      `INSERT INTO orders (user_id, user_snapshot, total_order_price, payment_method_type) VALUES ($1, '{}', 100, 'cash') RETURNING id`,
      [user.id],
    ))!.id;
    await t.db.query(
      `INSERT INTO order_items (order_id, product_id, product_snapshot, count, price) VALUES ($1, $2, '{"title":"x"}', 1, 100)`,
      [order, id],
    );

    expect((await t.app.inject({ method: 'DELETE', url: `${api}/${id}`, headers: manager.auth })).statusCode).toBe(403);
    const res = await t.app.inject({ method: 'DELETE', url: `${api}/${id}`, headers: admin.auth });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await t.db.query('SELECT product_id FROM cart_items')).toEqual([{ product_id: keep }]);
    // 100 EGP left in the cart, 10 % off: 90 EGP, in piastres.
    expect(await t.db.one('SELECT coupon_id, total_after_discount::int AS total FROM carts')).toEqual({
      coupon_id: coupon,
      total: 9000,
    });
    expect(await t.db.query('SELECT 1 FROM wishlist_items')).toEqual([]);
    expect(await t.db.query('SELECT 1 FROM reviews')).toEqual([]);
    expect(await t.db.one('SELECT product_id, product_snapshot FROM order_items')).toEqual({
      product_id: null,
      product_snapshot: { title: 'x' },
    });
    expect((await t.app.inject({ method: 'DELETE', url: `${api}/${id}`, headers: admin.auth })).statusCode).toBe(404);
  });
});
