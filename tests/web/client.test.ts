import { http, HttpResponse, type JsonBodyType } from 'msw';
import { apiClient, toApiError } from '../../src/api/client';
import { describeAdminError } from '../../src/components/admin/adminErrors';
import { server } from './mocks/server';
import { TOKEN } from './mocks/fixtures';

/** Records the Authorization header of every request that reaches the mock API. */
function recordAuthHeaders() {
  const seen: Record<string, string | null> = {};
  server.use(
    http.all('*/api/v1/*', ({ request }) => {
      const url = new URL(request.url);
      seen[`${request.method} ${url.pathname.replace('/api/v1', '')}`] = request.headers.get('Authorization');
      return HttpResponse.json({ data: [] });
    }),
  );
  return seen;
}

describe('apiClient token rules', () => {
  beforeEach(() => localStorage.setItem('token', TOKEN));

  it('sends the bearer token to protected endpoints', async () => {
    const seen = recordAuthHeaders();
    await apiClient.get('/cart');
    await apiClient.post('/products', { title: 'x' });
    await apiClient.get('/wishlist');
    expect(seen['GET /cart']).toBe(`Bearer ${TOKEN}`);
    expect(seen['POST /products']).toBe(`Bearer ${TOKEN}`);
    expect(seen['GET /wishlist']).toBe(`Bearer ${TOKEN}`);
  });

  it('sends no token on public catalogue reads', async () => {
    const seen = recordAuthHeaders();
    await apiClient.get('/products', { params: { limit: 4 } });
    await apiClient.get('/products/prod-1/reviews');
    await apiClient.get('/categories');
    await apiClient.get('/brands/brand-1');
    await apiClient.get('/subcategories');
    expect(Object.keys(seen)).toHaveLength(5);
    expect(Object.values(seen)).toEqual([null, null, null, null, null]);
  });

  it('does not mistake other paths starting with a catalogue word for public reads', async () => {
    const seen = recordAuthHeaders();
    await apiClient.get('/productsReport');
    expect(seen['GET /productsReport']).toBe(`Bearer ${TOKEN}`);
  });

  it("sends the token with the owner's catalogue sheet, though the product reads are public", async () => {
    const seen = recordAuthHeaders();
    await apiClient.get('/products/export.csv', { params: { category: 'cat-1' } });
    expect(seen['GET /products/export.csv']).toBe(`Bearer ${TOKEN}`);
  });

  it("sends the token to the owner's shop settings, though GET /shop itself is public", async () => {
    const seen = recordAuthHeaders();
    await apiClient.get('/shop');
    await apiClient.get('/shop/settings');
    expect(seen['GET /shop']).toBeNull();
    expect(seen['GET /shop/settings']).toBe(`Bearer ${TOKEN}`);
  });

  it('sends no Authorization header at all when logged out (never "Bearer null")', async () => {
    localStorage.clear();
    const seen = recordAuthHeaders();
    await apiClient.get('/cart');
    expect(seen['GET /cart']).toBeNull();
  });
});

describe('apiClient requests', () => {
  it('sends arrays as key[]= and objects as key[name]= in the query string', async () => {
    let search = '';
    server.use(
      http.get('*/api/v1/products', ({ request }) => {
        search = new URL(request.url).search;
        return HttpResponse.json({ data: [] });
      }),
    );
    await apiClient.get('/products', {
      params: { keyword: 'سا', category: ['c1', 'c2'], price: { gt: 10 }, brand: undefined },
    });
    const query = new URLSearchParams(search);
    expect(query.get('keyword')).toBe('سا');
    expect(query.getAll('category[]')).toEqual(['c1', 'c2']);
    expect(query.get('price[gt]')).toBe('10');
    expect(query.has('brand')).toBe(false);
  });

  it('sends a JSON body and reads the JSON answer with its status', async () => {
    server.use(
      http.post('*/api/v1/cart', async ({ request }) =>
        HttpResponse.json({ got: await request.json() }, { status: 201 }),
      ),
    );
    const { status, data } = await apiClient.post<{ got: unknown }>('/cart', { productId: 'p1' });
    expect(status).toBe(201);
    expect(data.got).toEqual({ productId: 'p1' });
  });

  it('rejects an aborted call as a call without an answer', async () => {
    server.use(http.get('*/api/v1/slow', () => new Promise<never>(() => {})));
    const controller = new AbortController();
    const call = apiClient.get('/slow', { signal: controller.signal });
    controller.abort();
    expect(toApiError(await call.catch((err: unknown) => err))).toEqual({
      message: 'تعذر الاتصال بالخادم، تحقق من اتصالك بالإنترنت',
      network: true,
    });
  });
});

describe('toApiError', () => {
  async function failWith(status: number, body: JsonBodyType) {
    server.use(http.get('*/api/v1/fails', () => HttpResponse.json(body, { status })));
    return apiClient.get('/fails').then(
      () => {
        throw new Error('expected a failure');
      },
      (err: unknown) => toApiError(err),
    );
  }

  it('takes the body message', async () => {
    expect(await failWith(400, { status: 'fail', message: 'Coupon is invalid or has expired' })).toEqual({
      status: 400,
      message: 'Coupon is invalid or has expired',
    });
  });

  it('takes the first validation error and keeps the list', async () => {
    const error = await failWith(400, {
      errors: [
        { type: 'field', msg: 'accept only egypt phone numbers', path: 'phone', param: 'phone', location: 'body' },
      ],
    });
    expect(error).toEqual({
      status: 400,
      message: 'accept only egypt phone numbers',
      errors: [{ msg: 'accept only egypt phone numbers', path: 'phone' }],
    });
  });

  it("keeps the message's code: the one the server sends, else read from the message, with the values it carries", async () => {
    const stock = { status: 'fail', message: 'Not enough stock for product: ساعة' };
    expect(await failWith(409, { ...stock, code: 'cart_not_enough_stock' })).toStrictEqual({
      status: 409,
      message: stock.message,
      code: 'cart_not_enough_stock',
      values: ['ساعة'],
    });
    // The original backend sends no code.
    expect(await failWith(409, stock)).toMatchObject({ code: 'cart_not_enough_stock', values: ['ساعة'] });
    expect(await failWith(400, { errors: [{ msg: 'Invalid color: red', path: 'colors' }] })).toMatchObject({
      code: 'product_color_invalid',
      errors: [{ msg: 'Invalid color: red', code: 'product_color_invalid', values: ['red'] }],
    });
    // Screens word the code, whatever the sentence beside it.
    const reworded = await failWith(400, {
      errors: [{ msg: 'Title is too long', path: 'title', code: 'product_title_too_long' }],
    });
    expect(describeAdminError(reworded, 'x')).toMatchObject({
      message: 'اسم المنتج طويل جدا (الحد الاقصى 100 حرف)',
      field: 'title',
    });
    expect((await failWith(400, { status: 'fail', message: 'Not a message of the shop' })).code).toBeUndefined();
  });

  it('falls back to a generic Arabic text', async () => {
    expect(await failWith(502, 'Bad gateway')).toEqual({ status: 502, message: 'حدث خطأ غير متوقع، حاول مرة أخرى' });
    expect(toApiError(new TypeError('boom'))).toEqual({ message: 'حدث خطأ غير متوقع، حاول مرة أخرى' });
  });
});

describe('writes that count one status as success (SPEC §8)', () => {
  it('reject a 2xx that is not it with an ApiError, so no screen compares statuses', async () => {
    const { addAddress } = await import('../../src/api/addresses');
    const { createCoupon } = await import('../../src/api/admin/coupons');
    server.use(
      http.post('*/api/v1/addresses', () => HttpResponse.json({ status: 'success', data: [] }, { status: 201 })),
      http.post('*/api/v1/coupons', () => HttpResponse.json({ data: {} }, { status: 200 })),
    );
    await expect(addAddress({ alias: 'a', details: 'd', phone: '01012345678', city: '' })).rejects.toMatchObject({
      status: 201,
    });
    await expect(createCoupon({ name: 'X', expire: '2030-01-01', discount: 10 })).rejects.toMatchObject({
      status: 200,
    });
    server.use(http.post('*/api/v1/addresses', () => HttpResponse.json({ status: 'success', data: [{ _id: 'a1' }] })));
    expect(await addAddress({ alias: 'a', details: 'd', phone: '01012345678', city: '' })).toEqual([{ _id: 'a1' }]);
  });
});
