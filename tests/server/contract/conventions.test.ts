import { beforeEach, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import {
  createBrand,
  createCategory,
  createCoupon,
  createProduct,
  createSubcategory,
  multipart,
  pngImage,
  type TestUser,
} from '../helpers';
import { MISSING, assertConventions, useContractApp } from './setup';

/** API.md §0 conventions and §3 error shapes over every resource, the exact status codes and bodies of §7
 * (items 9 and 10), and no secret in any answer (§4.5 item 7). */
const { t, api, as, expectOk, shopScene, cashOrder, people } = useContractApp();
let user: TestUser, other: TestUser, manager: TestUser, admin: TestUser;
beforeEach(() => {
  ({ user, other, manager, admin } = people);
});

describe('§0 conventions', () => {
  it('ignores a trailing slash, with a query string too', async () => {
    const categoryId = await createCategory(t);
    await createProduct(t, { categoryId });
    await createProduct(t);
    const res = await api('GET', `/products/?category=${categoryId}`);
    expectOk(res);
    expect(res.json().results).toBe(1);
    expect((await api('GET', '/categories/')).statusCode).toBe(200);
    expect((await api('GET', '/cart/', as(user))).statusCode).toBe(200);
  });

  it('accepts PATCH wherever PUT updates something', async () => {
    const { lineId } = await shopScene();
    const categoryId = await createCategory(t);
    const subId = await createSubcategory(t, categoryId);
    const brandId = await createBrand(t);
    const productId = await createProduct(t, { categoryId });
    const couponId = await createCoupon(t);
    const address = (
      await api(
        'POST',
        '/addresses',
        as(user, { payload: { alias: 'البيت', details: 'شارع 1', phone: '01012345678' } }),
      )
    ).json().data[0];
    await api('POST', `/products/${productId}/reviews`, as(user, { payload: { review: 'جيد', rating: 4 } }));
    const reviewId = (await t.db.one<{ id: string }>('SELECT id FROM reviews'))!.id;
    const orderId = await cashOrder(other);

    const patches: [string, TestUser, Record<string, unknown>][] = [
      ['/users/updateMe', other, { name: 'اسم جديد' }],
      [`/users/${other.id}`, admin, { name: 'اسم آخر' }],
      [`/users/change-password/${other.id}`, admin, { password: 'newpass1', passwordConfirm: 'newpass1' }],
      [`/categories/${categoryId}`, manager, { name: 'تصنيف معدل' }],
      [`/subcategories/${subId}`, manager, { name: 'فرعي معدل' }],
      [`/brands/${brandId}`, manager, { name: 'ماركة معدلة' }],
      [`/products/${productId}`, manager, { title: 'منتج معدل' }],
      [`/reviews/${reviewId}`, user, { rating: 5 }],
      [`/addresses/${address._id}`, user, { alias: 'العمل' }],
      [`/coupons/${couponId}`, manager, { discount: 20 }],
      [`/cart/${lineId}`, user, { count: 2 }],
      ['/cart/applyCoupon', user, { couponName: 'SALE7' }],
      [`/orders/${orderId}/pay`, manager, {}],
      [`/orders/${orderId}/deliver`, manager, {}],
    ];
    for (const [url, who, payload] of patches) {
      const res = await api('PATCH', url, as(who, { payload }));
      expect(res.statusCode, `PATCH ${url}: ${res.body}`).toBe(200);
    }
    expect(
      (
        await api(
          'PATCH',
          '/users/changeMyPassword',
          as(user, { payload: { currentPassword: user.password, password: 'abcdef1', passwordConfirm: 'abcdef1' } }),
        )
      ).statusCode,
    ).toBe(200);
  });

  it('treats an empty body as {} with or without a Content-Type', async () => {
    const orderId = await cashOrder();
    for (const headers of [
      {},
      { 'content-type': 'application/json' },
      { 'content-type': 'application/x-www-form-urlencoded' },
      { 'content-type': 'text/plain' },
    ]) {
      const res = await api('PUT', `/orders/${orderId}/pay`, { headers: { ...manager.auth, ...headers } });
      expect(res.statusCode, JSON.stringify(headers) + res.body).toBe(200);
    }
    // An empty body where fields are required is a validation error, not a parse error.
    const res = await api('POST', '/auth/login', { headers: { 'content-type': 'application/json' }, payload: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ msg: 'Email required field', path: 'email', location: 'body' });
  });

  it('answers 415 for another content type with a body', async () => {
    for (const type of ['text/plain', 'application/xml', 'text/csv']) {
      const res = await api('POST', '/auth/login', { headers: { 'content-type': type }, payload: 'email=a@b.cc' });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ status: 'fail', message: 'Unsupported Media Type' });
    }
  });

  it('reads urlencoded bodies with qs nesting and numbers as strings', async () => {
    const res = await api(
      'POST',
      '/coupons',
      as(manager, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'name=URL10&expire=2030-01-01&discount=10',
      }),
    );
    expectOk(res, 201);
    expect(res.json().data.discount).toBe(10);
  });

  it('ignores Bearer null/undefined/invalid/expired on public routes and refuses them on protected ones', async () => {
    const productId = await createProduct(t);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ id: user.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(now - 100)
      .setExpirationTime(now - 10)
      .sign(new TextEncoder().encode(t.app.ctx.config.jwtSecret));
    const headers = [
      'Bearer null',
      'Bearer undefined',
      'Bearer ',
      'Bearer garbage.token.here',
      'Basic abc',
      `Bearer ${expired}`,
    ];
    for (const authorization of headers) {
      for (const url of [
        '/products',
        `/products/${productId}`,
        `/products/${productId}/reviews`,
        '/categories',
        '/brands',
        '/subcategories',
        '/reviews',
      ]) {
        const res = await api('GET', url, { headers: { authorization } });
        expect(res.statusCode, `${authorization} ${url}`).toBe(200);
      }
      for (const [method, url] of [
        ['GET', '/cart'],
        ['GET', '/wishlist'],
        ['GET', '/users/getMe'],
        ['GET', '/orders'],
        ['POST', '/cart'],
      ] as const) {
        const res = await api(method, url, { headers: { authorization } });
        expect(res.statusCode, `${authorization} ${method} ${url}`).toBe(401);
      }
    }
    for (const authorization of ['Bearer null', 'Bearer undefined', 'Bearer ']) {
      const res = await api('GET', '/cart', { headers: { authorization } });
      expect(res.json()).toEqual({ status: 'fail', message: 'You are not logged in. Please login to get access' });
    }
    expect((await api('GET', '/cart', { headers: { authorization: `Bearer ${expired}` } })).json().message).toBe(
      'Expired Token. please login again',
    );
    // Login and sign-up are public too.
    const login = await api('POST', '/auth/login', {
      headers: { authorization: 'Bearer garbage' },
      payload: { email: user.email, password: user.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('answers every kind of object with the conventions: string ids never "0", no __v, no null, ISO ms, money, absolute images', async () => {
    const { productId, cartId } = await shopScene();
    await api('POST', '/wishlist', as(user, { payload: { productId } }));
    await api('POST', '/addresses', as(user, { payload: { alias: 'البيت', details: 'شارع', phone: '01012345678' } }));
    await api('POST', `/products/${productId}/reviews`, as(user, { payload: { review: 'ممتاز', rating: 4.5 } }));

    const cart = await api('GET', '/cart', as(user));
    expectOk(cart);
    expect(cart.json().data.products[0].product.imageCover).toBe('http://shop.test/products/cover.webp');
    expect(cart.json().data.totalCartPrice).toBe(99.99);
    expect(cart.json().data.totalAfterDiscount).toBe(92.99);

    const wishlist = await api('GET', '/wishlist', as(user));
    expectOk(wishlist);
    expect(wishlist.json().data[0].imageCover).toBe('http://shop.test/products/cover.webp');

    const checkout = await api(
      'POST',
      `/orders/${cartId}`,
      as(user, { payload: { shippingAddress: { details: 'البيت', phone: '01012345678', city: '', postalCode: '' } } }),
    );
    expectOk(checkout, 201);
    const order = checkout.json().data;
    expect(order.cartItems[0].product.imageCover).toBe('http://shop.test/products/cover.webp');
    expect(order).not.toHaveProperty('paidAt');
    expect(order).not.toHaveProperty('deliveredAt');
    expect(typeof order.id).toBe('number');

    for (const [url, who] of [
      ['/orders', user],
      [`/orders/${order._id}`, manager],
      ['/products', user],
      [`/products/${productId}`, user],
      ['/reviews', user],
      ['/categories', user],
      ['/brands', user],
      ['/subcategories', user],
      ['/coupons', manager],
      ['/users', admin],
      [`/users/${user.id}`, admin],
      ['/users/getMe', user],
      ['/addresses', user],
      ['/wishlist', user],
    ] as const) {
      const res = await api('GET', url, as(who));
      expectOk(res);
    }
    const single = (await api('GET', `/products/${productId}`)).json().data;
    expect(single.id).toBe(single._id);
    expect(single).not.toHaveProperty('priceAfterDiscount', null);
    // A product without brand or discount leaves both out.
    const plain = await createProduct(t);
    const plainBody = (await api('GET', `/products/${plain}`)).json().data;
    expect(plainBody).not.toHaveProperty('brand');
    expect(plainBody).not.toHaveProperty('priceAfterDiscount');
    expect(plainBody.ratingsAverage).toBe(0);
  });

  it('answers unknown routes and methods with 404 and the route text', async () => {
    for (const [method, url] of [
      ['GET', '/nothing'],
      ['DELETE', '/products'],
      ['PUT', '/cart'],
      ['POST', '/users/getMe'],
    ] as const) {
      const res = await api(method, url, as(admin));
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ status: 'fail', message: `Can't find this route: /api/v1${url}` });
    }
  });
});

describe('§3 error shapes', () => {
  it('validation errors carry type, value, msg, path, param, location', async () => {
    const res = await api('POST', '/auth/signup', {
      payload: {
        name: 'Ali',
        email: 'ali@example.com',
        password: 'secret1',
        passwordConfirm: 'secret1',
        phone: '0101',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: [
        {
          type: 'field',
          value: '0101',
          msg: 'accept only egypt phone numbers',
          path: 'phone',
          param: 'phone',
          location: 'body',
        },
      ],
    });
  });

  it('leaves value out for a missing field and for every password field', async () => {
    let res = await api('POST', '/auth/signup', {
      payload: { name: 'Ali', email: 'ali@example.com', password: 'abc', passwordConfirm: 'xyz' },
    });
    expect(res.json().errors).toEqual([
      { type: 'field', msg: 'must be at least 6 chars', path: 'password', param: 'password', location: 'body' },
    ]);
    res = await api('POST', '/auth/signup', {
      payload: { name: 'Ali', email: 'ali@example.com', password: 'abcdef', passwordConfirm: 'abcdeg' },
    });
    expect(res.json().errors[0]).not.toHaveProperty('value');
    res = await api('POST', '/auth/login', { payload: { email: 'x' } });
    expect(res.json().errors[0]).toMatchObject({ value: 'x', msg: 'Invalid email formate' });
    expect(res.json().errors[1]).toEqual({
      type: 'field',
      msg: 'Password required',
      path: 'password',
      param: 'password',
      location: 'body',
    });
    res = await api(
      'PUT',
      '/users/changeMyPassword',
      as(user, { payload: { currentPassword: 'wrong-one', password: 'abcdefg', passwordConfirm: 'abcdefg' } }),
    );
    expect(res.json().errors).toEqual([
      { type: 'field', msg: 'Incorrect current password', path: 'password', param: 'password', location: 'body' },
    ]);
    res = await api(
      'PUT',
      '/users/changeMyPassword',
      as(user, { payload: { currentPassword: 'x', password: 'a', passwordConfirm: 'a' } }),
    );
    for (const error of res.json().errors) expect(error).not.toHaveProperty('value');
    res = await api('PUT', '/auth/resetPassword', { payload: { email: user.email, newPassword: '1' } });
    expect(res.json().errors).toEqual([
      { type: 'field', msg: 'must be at least 6 chars', path: 'newPassword', param: 'newPassword', location: 'body' },
    ]);
  });

  it('path ids and query values use location params/query', async () => {
    let res = await api('GET', '/products/0');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({
      type: 'field',
      value: '0',
      msg: 'Invalid ID formate',
      path: 'id',
      param: 'id',
      location: 'params',
    });
    res = await api('GET', '/products?price[gt]=abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({
      type: 'field',
      value: 'abc',
      path: 'price',
      param: 'price',
      location: 'query',
    });
  });

  it('other errors are {status, message}, fail for 4xx', async () => {
    let res = await api('GET', `/products/${MISSING}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'fail', message: `No document for this id ${MISSING}` });
    res = await api('DELETE', `/products/${MISSING}`, as(admin));
    expect(res.json()).toEqual({ status: 'fail', message: `No document found for this id: ${MISSING}` });
    res = await api('POST', '/auth/login', { headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(res.json()).toEqual({ status: 'fail', message: 'Invalid JSON body' });
    res = await api('POST', '/auth/login', { payload: { email: user.email, password: 'wrong-password' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 'fail', message: 'Incorrect email or password' });
  });

  it('duplicate names answer 400 Duplicate', async () => {
    await createCategory(t, 'Shoes');
    const res = await api('POST', '/categories', as(manager, { payload: { name: 'shoes' } }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 'fail',
      message: 'Duplicate field value: "shoes". Please use another value!',
    });
  });
});

describe('§7 legacy web app habits', () => {
  it('exact status codes of item 9', async () => {
    const categoryId = await createCategory(t);
    const productId = await createProduct(t, { categoryId });
    expect((await api('POST', '/cart', as(user, { payload: { productId } }))).statusCode).toBe(200);
    expect(
      (
        await api(
          'POST',
          '/addresses',
          as(user, { payload: { alias: 'a', details: 'd', phone: '01012345678', city: '', postalCode: '' } }),
        )
      ).statusCode,
    ).toBe(200);
    expect((await api('POST', '/wishlist', as(user, { payload: { productId } }))).statusCode).toBe(200);
    expect((await api('POST', '/wishlist', { payload: { productId } })).statusCode).toBe(401);
    expect(
      (await api('POST', `/products/${productId}/reviews`, as(user, { payload: { review: 'r', rating: 3 } })))
        .statusCode,
    ).toBe(201);
    expect(
      (await api('POST', `/products/${productId}/reviews`, as(admin, { payload: { review: 'r', rating: 3 } })))
        .statusCode,
    ).toBe(403);
    expect(
      (await api('POST', `/categories/${categoryId}/subcategories`, as(manager, { payload: { name: 'فرعي' } })))
        .statusCode,
    ).toBe(201);
    expect(
      (await api('POST', '/subcategories', as(manager, { payload: { name: 'فرعي', category: categoryId } })))
        .statusCode,
    ).toBe(400);
    const expire = '2030-01-01';
    const coupon = await api('POST', '/coupons', as(manager, { payload: { name: 'C1', expire, discount: '10' } }));
    expect(coupon.statusCode).toBe(201);
    expect(
      (await api('POST', '/coupons', as(manager, { payload: { name: 'c1', expire, discount: '10' } }))).statusCode,
    ).toBe(400);
    expect(
      (await api('POST', '/coupons', as(user, { payload: { name: 'C2', expire, discount: '10' } }))).statusCode,
    ).toBe(403);
    expect(
      (await api('POST', '/brands', as(manager, multipart({ name: 'ماركة جديدة' }, { image: await pngImage() }))))
        .statusCode,
    ).toBe(201);
    expect(
      (await api('POST', '/categories', as(manager, multipart({ name: 'تصنيف جديد' }, { image: await pngImage() }))))
        .statusCode,
    ).toBe(201);
    const cover = await pngImage();
    expect(
      (
        await api(
          'POST',
          '/products',
          as(
            manager,
            multipart(
              { title: 'منتج', description: 'و', quantity: '1', price: '5', category: categoryId },
              { imageCover: cover },
            ),
          ),
        )
      ).statusCode,
    ).toBe(201);
    expect(
      (await api('PUT', `/coupons/${coupon.json().data._id}`, as(manager, { payload: { discount: '15' } }))).statusCode,
    ).toBe(200);
    const address = (await api('GET', '/addresses', as(user))).json().data[0];
    expect(
      (
        await api(
          'PUT',
          `/addresses/${address._id}`,
          as(user, { payload: { alias: 'b', details: 'd', phone: '01012345678' } }),
        )
      ).statusCode,
    ).toBe(200);
    expect((await api('PUT', '/users/updateMe', as(user, { payload: { name: 'اسم' } }))).statusCode).toBe(200);
    const orderId = await cashOrder(other);
    expect((await api('PUT', `/orders/${orderId}/pay`, as(admin))).statusCode).toBe(200);
    expect((await api('PUT', `/orders/${orderId}/deliver`, as(admin))).statusCode).toBe(200);
    expect(
      (
        await api(
          'PUT',
          '/users/changeMyPassword',
          as(user, { payload: { currentPassword: user.password, password: 'newpass', passwordConfirm: 'newpass' } }),
        )
      ).statusCode,
    ).toBe(200);
  });

  it('bodies of item 10: wishlist remove has status success; review delete and cart clear are empty 204s', async () => {
    const productId = await createProduct(t);
    await api('POST', '/wishlist', as(user, { payload: { productId } }));
    let res = await api('DELETE', `/wishlist/${productId}`, as(user));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      message: 'Product removed successfully to your wishlist',
      data: [],
    });
    const review = (
      await api('POST', `/products/${productId}/reviews`, as(user, { payload: { review: 'r', rating: 3 } }))
    ).json().data;
    res = await api('DELETE', `/reviews/${review._id}`, as(user));
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    await api('POST', '/cart', as(user, { payload: { productId } }));
    res = await api('DELETE', '/cart', as(user));
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    res = await api('DELETE', '/cart', as(user)); // no cart: still 204
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
  });
});

describe('§4.5 security holes stay closed', () => {
  it('7: no password hash or reset field anywhere', async () => {
    const responses = [
      await api('POST', '/auth/signup', {
        payload: { name: 'Ali Ali', email: 'ali@example.com', password: 'secret1', passwordConfirm: 'secret1' },
      }),
      await api('POST', '/auth/login', { payload: { email: user.email, password: user.password } }),
      await api('GET', '/users/getMe', as(user)),
      await api('PUT', '/users/updateMe', as(user, { payload: { name: 'New name' } })),
      await api('GET', '/users', as(admin)),
      await api('GET', `/users/${user.id}`, as(admin)),
      await api(
        'POST',
        '/users',
        as(admin, {
          payload: {
            name: 'Staff',
            email: 'staff@example.com',
            password: 'secret1',
            passwordConfirm: 'secret1',
            role: 'manager',
          },
        }),
      ),
      await api('PUT', `/users/${user.id}`, as(admin, { payload: { name: 'Another' } })),
      await api('GET', '/users?fields=password,password_hash,passwordResetCode', as(admin)),
      await api(
        'PUT',
        '/users/changeMyPassword',
        as(other, { payload: { currentPassword: other.password, password: 'secret2', passwordConfirm: 'secret2' } }),
      ),
    ];
    for (const res of responses) {
      expect(res.statusCode, res.body).toBeLessThan(300);
      expect(res.body).not.toMatch(/\$2[aby]\$/);
      expect(res.body).not.toMatch(/password|reset/i);
      assertConventions(res.json());
    }
  });
});
