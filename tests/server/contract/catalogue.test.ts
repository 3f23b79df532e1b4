import { beforeEach, describe, expect, it } from 'vitest';
import {
  createBrand,
  createCategory,
  createProduct,
  createSubcategory,
  multipart,
  pngImage,
  type TestUser,
} from '../helpers';
import { useContractApp } from './setup';

/** Products, brands, categories and reviews: the list queries and multipart bodies of the original web app (API.md
 * §7) and the security holes of the original backend that concern them (§4.5). */
const { t, api, as, expectOk, shopScene, rowCounts, people } = useContractApp();
let user: TestUser, other: TestUser, manager: TestUser, admin: TestUser;
beforeEach(() => {
  ({ user, other, manager, admin } = people);
});

describe('§7 legacy web app habits', () => {
  it('limit=undefined → 50; page= → 1', async () => {
    await createProduct(t);
    let res = await api('GET', '/products?limit=undefined');
    expect(res.json().paginationResult).toEqual({ currentPage: 1, limit: 50, numberOfPages: 1 });
    res = await api('GET', '/categories?limit=undefined');
    expect(res.json().paginationResult.limit).toBe(50);
    res = await api('GET', '/products?limit=8&page=');
    expect(res.json().paginationResult).toEqual({ currentPage: 1, limit: 8, numberOfPages: 1 });
    res = await api('GET', '/orders?limit=5&page=', as(user));
    expect(res.statusCode).toBe(200);
    expect(res.json().paginationResult.currentPage).toBe(1);
  });

  it('sort= and keyword= empty are ignored', async () => {
    await createProduct(t);
    const res = await api('GET', '/products?sort=&limit=8&keyword=');
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toBe(1);
  });

  it('empty && segments are ignored', async () => {
    await createProduct(t);
    const res = await api('GET', '/products?&&limit=8&&&page=1&');
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toBe(1);
  });

  it('sort=+price arrives as " price" and sorts ascending', async () => {
    const categoryId = await createCategory(t);
    await createProduct(t, { price: 300, categoryId });
    await createProduct(t, { price: 100, categoryId });
    await createProduct(t, { price: 200, categoryId });
    let res = await api('GET', '/products?sort=+price&limit=8');
    expect(res.json().data.map((p: { price: number }) => p.price)).toEqual([100, 200, 300]);
    res = await api('GET', '/products?sort=-price&limit=8');
    expect(res.json().data.map((p: { price: number }) => p.price)).toEqual([300, 200, 100]);
  });

  it('category[in][]= repeated', async () => {
    const [a, b, c] = [await createCategory(t), await createCategory(t), await createCategory(t)];
    for (const categoryId of [a, b, c]) await createProduct(t, { categoryId });
    const res = await api('GET', `/products?category[in][]=${a}&category[in][]=${b}`);
    expect(res.json().results).toBe(2);
  });

  it('price[gt] and price[lte]', async () => {
    for (const price of [50, 100, 150, 200]) await createProduct(t, { price });
    const res = await api('GET', '/products?sort=+price&price[gt]=50&price[lte]=150');
    expect(res.json().data.map((p: { price: number }) => p.price)).toEqual([100, 150]);
  });

  it('product create multipart: cover repeated as the first image, repeated fields, numbers as strings, brand "" and "0"', async () => {
    const categoryId = await createCategory(t);
    const [s1, s2] = [await createSubcategory(t, categoryId), await createSubcategory(t, categoryId)];
    const cover = await pngImage();
    for (const brand of ['', '0']) {
      const form = multipart(
        {
          title: `منتج ${brand || 'فارغ'}`,
          description: 'وصف',
          quantity: '10',
          price: '250',
          priceAfterDiscount: '200',
          category: categoryId,
          brand,
          availableColors: ['#FF0000', '#00ff00'],
          subcategory: [s1, s2],
        },
        { imageCover: cover, images: [cover, await pngImage(200, 200)] },
      );
      const res = await api('POST', '/products', as(manager, form));
      expectOk(res, 201);
      const body = res.json().data;
      expect(body).toMatchObject({
        quantity: 10,
        price: 250,
        priceAfterDiscount: 200,
        availableColors: ['#ff0000', '#00ff00'],
        subcategory: [s1, s2],
      });
      expect(body.images).toHaveLength(2);
      expect(body).not.toHaveProperty('brand');
    }
  });

  it('Arabic placeholder text in priceAfterDiscount or quantity → 400', async () => {
    const categoryId = await createCategory(t);
    const cover = await pngImage();
    const base = { title: 'منتج', description: 'وصف', quantity: '5', price: '100', category: categoryId };
    let res = await api(
      'POST',
      '/products',
      as(manager, multipart({ ...base, priceAfterDiscount: 'السعر بعد الخصم' }, { imageCover: cover })),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({
      path: 'priceAfterDiscount',
      msg: 'Product priceAfterDiscount must be a number',
    });
    res = await api(
      'POST',
      '/products',
      as(manager, multipart({ ...base, quantity: 'الكمية المتاحة' }, { imageCover: cover })),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ path: 'quantity', msg: 'Product quantity must be a number' });
    expect((await rowCounts()).products).toBe(0);
  });
});

describe('§4.5 security holes stay closed', () => {
  it('2: no DELETE on the brand and category collections', async () => {
    await createBrand(t);
    await createCategory(t);
    for (const url of ['/brands', '/categories', '/subcategories', '/products', '/coupons', '/reviews', '/users']) {
      expect((await api('DELETE', url, as(admin))).statusCode, url).toBe(404);
      expect((await api('DELETE', url)).statusCode, url).toBe(404);
    }
    expect((await rowCounts()).brands).toBe(1);
  });

  it('6: review create ignores body user; update cannot move product or user', async () => {
    const productId = await createProduct(t);
    const elsewhere = await createProduct(t);
    let res = await api(
      'POST',
      `/products/${productId}/reviews`,
      as(user, { payload: { review: 'r', rating: 3, user: other.id, product: elsewhere } }),
    );
    expect(res.statusCode).toBe(201);
    const review = res.json().data;
    expect(review.user._id).toBe(user.id);
    expect(review.product).toBe(productId);
    res = await api(
      'PUT',
      `/reviews/${review._id}`,
      as(user, { payload: { review: 'new', user: other.id, product: elsewhere, rating: 2 } }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ review: 'new', rating: 2, product: productId, user: { _id: user.id } });
    res = await api(
      'POST',
      '/reviews',
      as(user, { payload: { review: 'r', rating: 3, user: other.id, product: elsewhere } }),
    );
    expect(res.json().data.user._id).toBe(user.id);
  });

  it('12: keyword is literal text; filters accept only the five operators on listed fields', async () => {
    await createProduct(t, { title: 'a+b (special) [x]', price: 10 });
    await createProduct(t, { title: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', price: 20 });
    for (const keyword of ['(a+)+$', '[', '%', '_', '\\', '*', '(special)', '.*']) {
      const res = await api('GET', `/products?keyword=${encodeURIComponent(keyword)}`);
      expect(res.statusCode, keyword).toBe(200);
    }
    expect((await api('GET', `/products?keyword=${encodeURIComponent('(special) [x]')}`)).json().results).toBe(1);
    expect((await api('GET', `/products?keyword=${encodeURIComponent('.*')}`)).json().results).toBe(0);
    expect((await api('GET', '/products?keyword=%25%25')).json().results).toBe(0);
    for (const url of ['/categories', '/brands', '/subcategories', '/users', '/coupons']) {
      const who = url === '/users' ? admin : manager;
      expect((await api('GET', `${url}?keyword=${encodeURIComponent('(a+)+$')}`, as(who))).statusCode, url).toBe(200);
    }
    // Operators other than gte, gt, lte, lt and in are ignored.
    for (const query of [
      'price[$ne]=1',
      'price[regex]=x',
      'price[ne]=10',
      'title[$regex]=a',
      'price[$where]=1',
      'password=x',
      '$where=1',
    ]) {
      const res = await api('GET', `/products?${query}`);
      expect(res.statusCode, query).toBe(200);
      expect(res.json().results, query).toBe(2);
    }
    expect((await api('GET', '/products?price[gte]=15')).json().results).toBe(1);
    expect((await api('GET', '/products?price[in]=10,20')).json().results).toBe(2);
  });

  it('16: an upload over 5 MB is 413', async () => {
    const categoryId = await createCategory(t);
    const big = Buffer.concat([await pngImage(), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await api('POST', '/categories', as(manager, multipart({ name: 'كبيرة جدا' }, { image: big })));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ status: 'fail', message: 'File too large' });
    const product = await api(
      'POST',
      '/products',
      as(
        manager,
        multipart(
          { title: 'منتج', description: 'و', quantity: '1', price: '5', category: categoryId },
          { imageCover: big },
        ),
      ),
    );
    expect(product.statusCode).toBe(413);
    expect((await rowCounts()).products).toBe(0);
    const json = await api(
      'POST',
      '/coupons',
      as(manager, { payload: { name: 'x'.repeat(200 * 1024), expire: '2030-01-01', discount: 5 } }),
    );
    expect(json.statusCode).toBe(413);
    expect(json.json()).toEqual({ status: 'fail', message: 'Request body is too large' });
  });

  it('11: a product update without images keeps them; sold, ratings and slug cannot be set', async () => {
    const categoryId = await createCategory(t);
    const cover = await pngImage();
    const created = (
      await api(
        'POST',
        '/products',
        as(
          manager,
          multipart(
            { title: 'منتج', description: 'و', quantity: '1', price: '5', category: categoryId },
            { imageCover: cover, images: [cover] },
          ),
        ),
      )
    ).json().data;
    for (const update of [
      multipart({ title: 'منتج معدل' }),
      { payload: { price: 6, sold: 100, ratingsAverage: 5, ratingsQuantity: 9, slug: 'hacked', images: undefined } },
    ]) {
      const res = await api('PUT', `/products/${created._id}`, as(manager, update));
      expectOk(res);
      expect(res.json().data.imageCover).toBe(created.imageCover);
      expect(res.json().data.images).toEqual(created.images);
      expect(res.json().data).toMatchObject({ sold: 0, ratingsAverage: 0, ratingsQuantity: 0 });
      expect(res.json().data.slug).not.toBe('hacked');
    }
  });

  it('17: deleting a product removes it from carts and wishlists', async () => {
    const { productId } = await shopScene();
    const keep = await createProduct(t, { price: 10 });
    await api('POST', '/cart', as(user, { payload: { productId: keep } }));
    await api('POST', '/wishlist', as(user, { payload: { productId } }));
    await api('POST', '/wishlist', as(other, { payload: { productId } }));
    expect((await api('DELETE', `/products/${productId}`, as(admin))).statusCode).toBe(204);
    const cart = (await api('GET', '/cart', as(user))).json();
    expect(cart.numOfCartItems).toBe(1);
    expect(cart.data.totalCartPrice).toBe(10);
    // The cart keeps its valid coupon through the change (README's API notes: the cart keeps a coupon).
    expect(cart.data.coupon).toBe('SALE7');
    expect((await api('GET', '/wishlist', as(user))).json().data).toEqual([]);
    expect((await api('GET', '/users/getMe', as(other))).json().data.wishlist).toEqual([]);
  });
});
