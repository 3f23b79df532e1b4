import { beforeEach, describe, expect, it } from 'vitest';
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
import { MISSING, useContractApp, type Method } from './setup';

/** Fuzz over every create/update endpoint: wrong types never give 500 and rejected writes change nothing. */
const { t, api, as, shopScene, rowCounts, people } = useContractApp();
let user: TestUser, other: TestUser, manager: TestUser, admin: TestUser;
beforeEach(() => {
  ({ user, other, manager, admin } = people);
});

describe('fuzz: wrong types never give 500 and rejected writes change nothing', () => {
  const HUGE = 'x'.repeat(100_000);
  const deep = (depth: number): unknown => (depth === 0 ? 'x' : { a: deep(depth - 1) });
  const BAD_VALUES: unknown[] = [
    {},
    [],
    ['a', 'b'],
    { $ne: null },
    0,
    -1,
    1e308,
    true,
    false,
    null,
    HUGE,
    deep(50),
    '',
    '   ',
    '0',
    'null',
    '\u202e',
    '\ud800',
    '0x10',
  ];

  it('every create/update endpoint', async () => {
    const { productId, lineId, cartId, categoryId } = await shopScene();
    const subId = await createSubcategory(t, categoryId);
    const brandId = await createBrand(t);
    const couponId = await createCoupon(t);
    await api('POST', '/addresses', as(user, { payload: { alias: 'البيت', details: 'شارع', phone: '01012345678' } }));
    const addressId = (await t.db.one<{ id: string }>('SELECT id FROM addresses'))!.id;
    const reviewed = await createProduct(t, { categoryId });
    const reviewId = (
      await api('POST', `/products/${reviewed}/reviews`, as(user, { payload: { review: 'r', rating: 3 } }))
    ).json().data._id;

    const endpoints: [Method, string, TestUser | undefined, Record<string, unknown>][] = [
      [
        'POST',
        '/auth/signup',
        undefined,
        {
          name: 'Ali Ali',
          email: 'fuzz@example.com',
          password: 'secret1',
          passwordConfirm: 'secret1',
          phone: '01012345678',
        },
      ],
      ['POST', '/auth/login', undefined, { email: user.email, password: user.password }],
      ['POST', '/auth/forgotPasswords', undefined, { email: user.email }],
      ['POST', '/auth/verifyResetCode', undefined, { resetCode: '123456', email: user.email }],
      ['PUT', '/auth/resetPassword', undefined, { email: user.email, newPassword: 'secret9' }],
      ['PUT', '/users/updateMe', user, { name: 'New name', email: user.email, phone: '01012345678' }],
      [
        'POST',
        '/users',
        admin,
        { name: 'Ali Ali', email: 'fuzz2@example.com', password: 'secret1', passwordConfirm: 'secret1', role: 'user' },
      ],
      [
        'PUT',
        `/users/${other.id}`,
        admin,
        { name: 'Name', email: other.email, phone: '01012345678', role: 'user', active: true },
      ],
      ['POST', '/categories', manager, { name: 'تصنيف فز', image: 'http://img.test/a.png' }],
      ['PUT', `/categories/${categoryId}`, manager, { name: 'تصنيف فز2', image: 'http://img.test/a.png' }],
      ['POST', '/brands', manager, { name: 'ماركة فز', image: 'http://img.test/a.png' }],
      ['PUT', `/brands/${brandId}`, manager, { name: 'ماركة فز2' }],
      ['POST', '/subcategories', manager, { name: 'فرعي فز', category: categoryId }],
      ['PUT', `/subcategories/${subId}`, manager, { name: 'فرعي فز2', category: categoryId }],
      ['POST', `/categories/${categoryId}/subcategories`, manager, { name: 'فرعي فز3' }],
      [
        'POST',
        '/products',
        manager,
        {
          title: 'منتج فز',
          description: 'وصف',
          quantity: 3,
          price: 10,
          priceAfterDiscount: 5,
          category: categoryId,
          subcategory: [subId],
          brand: brandId,
          availableColors: ['#000000'],
          imageCover: 'http://img.test/a.png',
          images: ['http://img.test/b.png'],
        },
      ],
      [
        'PUT',
        `/products/${productId}`,
        manager,
        {
          title: 'منتج فز2',
          description: 'وصف',
          quantity: 3,
          price: 10,
          priceAfterDiscount: 5,
          category: categoryId,
          brand: brandId,
          availableColors: ['#000000'],
        },
      ],
      ['POST', `/products/${reviewed}/reviews`, other, { review: 'r', rating: 3 }],
      ['POST', '/reviews', other, { review: 'r', rating: 3, product: reviewed }],
      ['PUT', `/reviews/${reviewId}`, user, { review: 'r', rating: 4 }],
      ['POST', '/wishlist', user, { productId }],
      ['POST', '/addresses', user, { alias: 'a', details: 'd', phone: '01012345678', city: 'c', postalCode: '1' }],
      [
        'PUT',
        `/addresses/${addressId}`,
        user,
        { alias: 'a', details: 'd', phone: '01012345678', city: 'c', postalCode: '1' },
      ],
      ['POST', '/coupons', manager, { name: 'FUZZ', expire: '2030-01-01', discount: 5 }],
      ['PUT', `/coupons/${couponId}`, manager, { name: 'FUZZ2', expire: '2030-01-01', discount: 5 }],
      ['POST', '/cart', user, { productId, color: '#000000' }],
      ['PUT', `/cart/${lineId}`, user, { count: 2 }],
      ['PUT', '/cart/applyCoupon', user, { couponName: 'SALE7' }],
      [
        'POST',
        `/orders/${cartId}`,
        user,
        { shippingAddress: { details: 'd', phone: '01012345678', city: '', postalCode: '' } },
      ],
      [
        'POST',
        `/orders/checkout-session/${cartId}`,
        user,
        { shippingAddress: { details: 'd', phone: '01012345678', city: '', postalCode: '' } },
      ],
      ['PUT', `/users/change-password/${other.id}`, admin, { password: 'secret1', passwordConfirm: 'secret1' }],
      [
        'PUT',
        '/users/changeMyPassword',
        user,
        { currentPassword: user.password, password: 'secret1', passwordConfirm: 'secret1' },
      ],
    ];

    const before = await rowCounts();
    const failures: string[] = [];
    let requests = 0;
    for (const [method, url, who, valid] of endpoints) {
      const headers = who ? who.auth : {};
      // Whole bodies of the wrong shape.
      for (const payload of [
        '"text"',
        '123',
        'true',
        'null',
        '[1,2]',
        JSON.stringify(deep(200)),
        JSON.stringify({ ...valid, unknown: 1, __proto__: { x: 1 }, constructor: 'x' }),
      ]) {
        const res = await api(method, url, { headers: { ...headers, 'content-type': 'application/json' }, payload });
        requests++;
        expect(res.statusCode, `${method} ${url} ${payload.slice(0, 40)}: ${res.body}`).toBeLessThan(500);
        Object.assign(before, await rowCounts());
      }
      // One field at a time replaced with a wrong type.
      for (const field of Object.keys(valid)) {
        for (const bad of BAD_VALUES) {
          if (field === 'unknown') continue;
          const payload = { ...valid, [field]: bad };
          const res = await api(method, url, {
            headers: { ...headers, 'content-type': 'application/json' },
            payload: JSON.stringify(payload),
          });
          requests++;
          const shown = `${method} ${url} ${field}=${JSON.stringify(bad)?.slice(0, 40)}: ${res.body.slice(0, 300)}`;
          if (res.statusCode >= 500) failures.push(shown);
          if (res.statusCode >= 400 && res.statusCode !== 401 && res.statusCode !== 429) {
            expect(await rowCounts(), shown).toEqual(before);
          }
          if (res.statusCode === 400 && res.json().errors) {
            for (const error of res.json().errors) {
              expect(Object.keys(error).sort(), shown).toEqual(
                expect.arrayContaining(['location', 'msg', 'param', 'path', 'type']),
              );
              if (['password', 'passwordConfirm', 'currentPassword', 'newPassword', 'resetCode'].includes(error.path))
                expect(error, shown).not.toHaveProperty('value');
            }
          }
          if (res.statusCode < 300 && method === 'POST') {
            // An accepted create: reset the baseline to the new counts.
            Object.assign(before, await rowCounts());
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(500);
  }, 300_000);

  it('malformed multipart bodies on the upload routes', async () => {
    const categoryId = await createCategory(t);
    const productId = await createProduct(t, { categoryId });
    const brandId = await createBrand(t);
    const png = await pngImage(20, 20);
    const before = await rowCounts();
    const boundary = '----fuzz';
    const raw = (body: string) => ({
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    const bodies = [
      { headers: { 'content-type': 'multipart/form-data' }, payload: 'x' },
      raw(''),
      raw('garbage'),
      raw(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nunterminated`),
      raw(`--${boundary}\r\nContent-Disposition: form-data\r\n\r\nno name\r\n--${boundary}--\r\n`),
      multipart({
        name: ['a', 'b', 'c'],
        title: ['x', 'y'],
        price: ['1', '2'],
        category: [categoryId, categoryId],
        brand: [brandId, brandId],
      }),
      multipart({ 'name[a]': 'x', 'subcategory[0][x]': 'y', 'availableColors[]': ['#fff', 'red'] }),
      multipart({ name: 'x'.repeat(100_000), title: 'x'.repeat(100_000), description: 'x'.repeat(100_000) }),
      multipart({}, { name: png, title: png }),
      multipart(
        { ['__proto__']: 'x', constructor: 'y', toString: 'z' },
        { constructor: png, ['__proto__']: png, hasOwnProperty: png },
      ),
      multipart({}, { image: [png, png], imageCover: [png, png], images: Array(6).fill(png) }),
      multipart(
        { name: 'صورة غير', title: 'منتج', description: 'و', quantity: '1', price: '5', category: categoryId },
        { image: Buffer.from('not an image'), imageCover: Buffer.from('GIF89a') },
      ),
    ];
    const failures: string[] = [];
    for (const [method, url] of [
      ['POST', '/categories'],
      ['PUT', `/categories/${categoryId}`],
      ['POST', '/brands'],
      ['PATCH', `/brands/${brandId}`],
      ['POST', '/products'],
      ['PUT', `/products/${productId}`],
      ['POST', '/coupons'],
      ['POST', '/cart'],
    ] as const) {
      for (const [i, body] of bodies.entries()) {
        const res = await api(method, url, as(url === '/cart' ? user : manager, body));
        // An empty form, or one with only unknown or unnamed fields, is a valid update that changes nothing.
        const harmless = method !== 'POST' && [1, 4, 6].includes(i) && res.statusCode === 200;
        if (!harmless && (res.statusCode >= 500 || res.statusCode < 400))
          failures.push(`${method} ${url} #${i}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        else if (!harmless && !res.json().errors)
          expect(res.json()).toEqual({ status: 'fail', message: expect.any(String) });
      }
    }
    expect(failures).toEqual([]);
    expect(await rowCounts()).toEqual(before);
  });

  it('malformed ids everywhere are 400 or 404, never 500', async () => {
    const bad = [
      '0',
      'null',
      'undefined',
      'abc',
      '1',
      `${MISSING}x`,
      '%00',
      '%E0%A4%A',
      "'; DROP TABLE users; --",
      'x'.repeat(200),
      'x'.repeat(5000),
    ];
    const routes: [Method, string, TestUser | undefined][] = [
      ['GET', '/products/:id', undefined],
      ['GET', '/categories/:id', undefined],
      ['GET', '/brands/:id', undefined],
      ['GET', '/subcategories/:id', undefined],
      ['GET', '/reviews/:id', undefined],
      ['GET', '/products/:id/reviews', undefined],
      ['GET', '/categories/:id/subcategories', undefined],
      ['GET', '/coupons/:id', manager],
      ['GET', '/users/:id', admin],
      ['GET', '/orders/:id', user],
      ['GET', '/addresses/:id', user],
      ['PUT', '/cart/:id', user],
      ['DELETE', '/cart/:id', user],
      ['DELETE', '/wishlist/:id', user],
      ['POST', '/orders/:id', user],
      ['GET', '/orders/checkout-session/:id', user],
      ['PUT', '/orders/:id/pay', admin],
      ['DELETE', '/products/:id', admin],
      ['DELETE', '/users/:id', admin],
      ['PUT', '/users/change-password/:id', admin],
    ];
    for (const [method, route, who] of routes) {
      for (const id of bad) {
        const url = route.replace(':id', encodeURIComponent(id));
        const res = await api(
          method,
          url,
          who ? as(who, { payload: method === 'GET' || method === 'DELETE' ? undefined : {} }) : {},
        );
        // Beyond the router's parameter limit (500 characters) the URL itself is refused (414), in our error shape.
        expect(id.length > 500 ? [414] : [400, 404], `${method} ${url}: ${res.body.slice(0, 200)}`).toContain(
          res.statusCode,
        );
        expect(res.json().errors?.[0]?.location ?? res.json().status).toMatch(/^(params|fail)$/);
      }
    }
  });

  it('query strings of every shape on every list', async () => {
    await createProduct(t);
    const queries = [
      'page=-1',
      'page=1e9',
      'page=1e20',
      'page=99999999999999999999999',
      'limit=1e20',
      'page=abc',
      'limit=0',
      'limit=-5',
      'limit=1000',
      'limit[]=1',
      'page[a]=1',
      'sort[]=price',
      'sort=price,-,+,,',
      'fields=',
      'fields[]=x',
      'fields=-title,price',
      'keyword[]=a',
      'keyword[a]=b',
      'category=',
      'category[in]=',
      'category[in][]=',
      'category[in][a]=x',
      'price[gte][gte]=1',
      'createdAt[gt]=notadate',
      'sort=constructor',
      'sort=-__proto__,toString',
      'constructor=1',
      'price[constructor]=1',
      'price[toString]=1',
      'hasOwnProperty[gt]=1',
      'createdAt[gt]=2020-01-01',
      'price=1&price=2',
      'availableColors=%23FFFFFF',
      'a[b][c][d][e][f]=1',
      'price[gt]=1e400',
    ];
    const lists: [string, TestUser | undefined][] = [
      ['/products', undefined],
      ['/categories', undefined],
      ['/brands', undefined],
      ['/subcategories', undefined],
      ['/reviews', undefined],
      ['/coupons', manager],
      ['/users', admin],
      ['/orders', user],
      ['/orders', admin],
    ];
    for (const [url, who] of lists) {
      for (const query of queries) {
        const res = await api('GET', `${url}?${query}`, who ? as(who) : {});
        expect([200, 400], `${url}?${query}: ${res.body.slice(0, 200)}`).toContain(res.statusCode);
        if (res.statusCode === 400) expect(res.json().errors[0].location).toBe('query');
      }
    }
  });
});
