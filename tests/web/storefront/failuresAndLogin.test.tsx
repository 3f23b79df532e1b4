import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { safeReturnPath } from '../../../src/app/afterLogin';
import { apiClient, toApiError } from '../../../src/api/client';
import { cashRefusalText, FAILURE_TEXTS, failureKind, failureText } from '../../../src/lib/failures';
import type { CartResponse } from '../../../src/api/types';
import { cart, customer, productRef, products } from '../mocks/fixtures';
import { cartWith } from '../mocks/handlers/cart';
import { PASSWORD } from '../mocks/handlers/auth';
import { server } from '../mocks/server';
import { renderApp, storeSession } from '../utils/renderWithProviders';

const shirt = products[1]; // no colours
const phone = products[0]; // two colours

function answerCartAdds(...answers: Array<() => Response>) {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/api/v1/cart', async ({ request }) => {
      bodies.push(await request.json());
      const answer = answers[Math.min(bodies.length - 1, answers.length - 1)];
      return answer();
    }),
  );
  return bodies;
}
const added = () => HttpResponse.json({ ...cart, message: 'Product added successfully to your cart' });
const failWith = (status: number, message: string) => () => HttpResponse.json({ status: 'fail', message }, { status });

/** The ApiError of a call the server answered with `body`. */
async function failedCall(status: number, body: Record<string, unknown>) {
  server.use(http.get('*/api/v1/fails', () => HttpResponse.json(body, { status })));
  return apiClient.get('/fails').then(
    () => {
      throw new Error('expected a failure');
    },
    (err: unknown) => toApiError(err),
  );
}

async function logInAs(user: ReturnType<typeof renderApp>['user'], email: string) {
  await user.type(await screen.findByLabelText('البريد الإلكتروني'), email);
  await user.type(screen.getByLabelText('كلمة السر'), PASSWORD);
  // The form's own button (the prompt's toast may still be fading out with its button of the same name).
  await user.click(within(screen.getByLabelText('كلمة السر').closest('form')!).getByRole('button'));
}

describe('one mapping from a failed call to what the shopper is told', () => {
  it('sorts every failure into its class', () => {
    expect(failureKind({ message: 'x', network: true })).toBe('offline');
    expect(failureKind({ message: 'x' })).toBe('unexpected');
    expect(failureKind({ status: 500, message: 'x' })).toBe('server');
    expect(failureKind({ status: 503, message: 'x' })).toBe('server');
    expect(failureKind({ status: 401, message: 'x' })).toBe('notLoggedIn');
    expect(failureKind({ status: 403, message: 'x' })).toBe('forbidden');
    expect(failureKind({ status: 404, message: 'x' })).toBe('notFound');
    expect(failureKind({ status: 409, message: 'x' })).toBe('outOfStock');
    expect(failureKind({ status: 429, message: 'x' })).toBe('tooMany');
    expect(failureKind({ status: 400, message: 'x' })).toBe('refused');
  });

  it('words a rate limit (429) with when to try again, from its Retry-After in whole minutes, in correct Arabic', () => {
    const limited = (retryAfter?: number) => failureText({ status: 429, message: 'x', retryAfter });
    expect(limited(20)).toBe('حاولت مرات كثيرة، حاول مرة أخرى بعد دقيقة واحدة');
    expect(limited(60)).toBe('حاولت مرات كثيرة، حاول مرة أخرى بعد دقيقة واحدة');
    expect(limited(61)).toBe('حاولت مرات كثيرة، حاول مرة أخرى بعد دقيقتين');
    expect(limited(180)).toBe('حاولت مرات كثيرة، حاول مرة أخرى بعد 3 دقائق');
    expect(limited(900)).toBe('حاولت مرات كثيرة، حاول مرة أخرى بعد 15 دقيقة');
    expect(limited(3600)).toBe('حاولت مرات كثيرة، حاول مرة أخرى بعد 60 دقيقة');
    // Without Retry-After (a server that does not say), the general words.
    expect(limited()).toBe(FAILURE_TEXTS.tooMany);
  });

  it('words cash on delivery refused by the shop (409) in Arabic, with the limit when there is one', async () => {
    // As a failed call makes them: by the message's code, which a server that sends none has read from the message.
    const offHere = await failedCall(409, {
      status: 'fail',
      message: 'Cash on delivery is not available for this address',
    });
    const overLimit = await failedCall(409, {
      status: 'fail',
      message: 'Cash on delivery is available for orders up to 7500.5 EGP',
      code: 'cash_max_total',
    });
    expect(failureKind(offHere)).toBe('cashRefused');
    expect(failureText(offHere)).toBe('الدفع عند الاستلام غير متاح في هذه المحافظة');
    expect(failureKind(overLimit)).toBe('cashRefused');
    expect(failureText(overLimit)).toBe('الدفع عند الاستلام متاح للطلبات حتى 7,500.50 جنيه');
    expect(cashRefusalText('shop')).toBe('الدفع عند الاستلام غير متاح حاليًا');
    expect(failureKind({ status: 400, message: offHere.message })).toBe('refused');
  });

  it.each([
    ['the network is down', () => HttpResponse.error(), 'تعذر الاتصال بالخادم، تحقق من اتصالك بالإنترنت'],
    ['the server fails', failWith(500, 'boom'), 'حدثت مشكلة في الخادم، حاول مرة أخرى بعد قليل'],
    ['too many requests', failWith(429, 'Too many requests, please try again later'), FAILURE_TEXTS.tooMany],
    [
      'too many requests, with Retry-After',
      () =>
        HttpResponse.json(
          { status: 'fail', message: 'Too many requests, please try again later' },
          { status: 429, headers: { 'Retry-After': '42' } },
        ),
      'حاولت مرات كثيرة، حاول مرة أخرى بعد دقيقة واحدة',
    ],
  ])('add to cart when %s: says so (never "log in"), and its retry adds the product', async (_, failure, text) => {
    storeSession(customer);
    const bodies = answerCartAdds(failure, added);
    const { user } = renderApp(`/products/${shirt._id}`);
    // The first page of the file waits for its lazy chunk.
    await user.click(await screen.findByRole('button', { name: 'اضف للعربة' }, { timeout: 5000 }));
    expect(await screen.findByText(text)).toBeVisible();
    expect(screen.queryByText(/تسجيل الدخول/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'حاول مرة أخرى' }));
    expect(await screen.findByText('تمت اضافة المنتج للعربه بنجاح')).toBeInTheDocument();
    expect(bodies).toEqual([
      { productId: shirt._id, color: '' },
      { productId: shirt._id, color: '' },
    ]);
  });

  it.each([
    [
      'out of stock (409)',
      failWith(409, `Not enough stock for product: ${shirt.title}`),
      'الكمية المتاحة من هذا المنتج لا تكفي لاضافة قطعة اخرى',
    ],
    ['the product is gone (404)', failWith(404, `No document for this id ${shirt._id}`), FAILURE_TEXTS.notFound],
  ])('add to cart when %s: says so, with no retry', async (_, failure, text) => {
    storeSession(customer);
    answerCartAdds(failure);
    const { user } = renderApp(`/products/${shirt._id}`);
    await user.click(await screen.findByRole('button', { name: 'اضف للعربة' }));
    expect(await screen.findByText(text)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'حاول مرة أخرى' })).not.toBeInTheDocument();
  });

  it('a favourite that fails on the network says so, and its retry fills the heart', async () => {
    storeSession(customer);
    let calls = 0;
    server.use(
      http.post('*/api/v1/wishlist', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.error() : HttpResponse.json({ status: 'success', data: [shirt._id] });
      }),
    );
    const { user } = renderApp('/products');
    // Found again each time: the listing may draw its cards anew meanwhile.
    const heart = async () =>
      (await screen.findByRole('link', { name: shirt.title }))
        .closest('.card')!
        .querySelector<HTMLButtonElement>('button[aria-label="اضافة للمفضلة"]')!;
    await user.click(await heart());
    expect(await screen.findByText(FAILURE_TEXTS.offline)).toBeVisible();
    expect(await heart()).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('button', { name: 'حاول مرة أخرى' }));
    expect(await screen.findByText('تمت اضافة المنتج للمفضلة بنجاح')).toBeInTheDocument();
    await waitFor(async () => expect(await heart()).toHaveAttribute('aria-pressed', 'true'));
  });
});

describe('logging in returns where the visitor was and finishes what they asked for', () => {
  it('add to cart: the prompt offers to log in; after login the product (in its colour) is added and the page is back', async () => {
    const bodies = answerCartAdds(added);
    const { user, router } = renderApp(`/products/${phone._id}`);
    await user.click(await screen.findByRole('radio', { name: 'اللون رمادي غامق' }));
    await user.click(screen.getByRole('button', { name: 'اضف للعربة' }));
    await user.click(await screen.findByRole('button', { name: 'تسجيل الدخول' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await logInAs(user, customer.email);
    expect(await screen.findByText('تمت اضافة المنتج للعربه بنجاح')).toBeInTheDocument();
    expect(bodies).toEqual([{ productId: phone._id, color: '#4d4d4d' }]);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/products/${phone._id}`), { timeout: 3000 });
  });

  it('add to cart: the quantity the visitor chose on the product page is the quantity in the cart after login', async () => {
    // The shop's cart as the server keeps it: POST adds one unit of the line, PUT sets its count.
    let lines: CartResponse['data']['products'] = [];
    const posted: unknown[] = [];
    const counts: unknown[] = [];
    server.use(
      http.get('*/api/v1/cart', () => HttpResponse.json(cartWith(lines))),
      http.post('*/api/v1/cart', async ({ request }) => {
        const body = (await request.json()) as { productId: string; color: string };
        posted.push(body);
        const line = { _id: 'line-new', count: 1, color: body.color, price: phone.price, product: productRef(phone) };
        lines = [line];
        return HttpResponse.json({ ...cartWith(lines), message: 'Product added successfully to your cart' });
      }),
      http.put('*/api/v1/cart/:itemId', async ({ request }) => {
        const { count } = (await request.json()) as { count: number };
        counts.push(count);
        lines = lines.map((line) => ({ ...line, count }));
        return HttpResponse.json(cartWith(lines));
      }),
    );
    const { user, router } = renderApp(`/products/${phone._id}`);
    await user.click(await screen.findByRole('radio', { name: 'اللون رمادي غامق' }));
    await user.click(screen.getByRole('button', { name: 'زيادة الكمية' }));
    await user.click(screen.getByRole('button', { name: 'زيادة الكمية' }));
    expect(screen.getByLabelText('الكمية')).toHaveValue('3');
    await user.click(screen.getByRole('button', { name: 'اضف للعربة' }));
    await user.click(await screen.findByRole('button', { name: 'تسجيل الدخول' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await logInAs(user, customer.email);
    expect(await screen.findByText('تمت اضافة المنتج للعربه بنجاح')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/products/${phone._id}`), { timeout: 3000 });
    expect(posted).toEqual([{ productId: phone._id, color: '#4d4d4d' }]);
    expect(counts).toEqual([3]);

    // What the shopper finds in the cart: the line at the quantity they chose.
    await act(() => router.navigate('/cart'));
    const line = await screen.findByRole('listitem', { name: phone.title });
    expect(within(line).getByLabelText('الكمية')).toHaveValue('3');
  });

  it('the heart: after login the product is in the favourites and the listing is back, with its address', async () => {
    const posted: unknown[] = [];
    server.use(
      http.post('*/api/v1/wishlist', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ status: 'success', data: [shirt._id] });
      }),
    );
    const { user, router } = renderApp('/products?page=1');
    const card = (await screen.findByRole('link', { name: shirt.title })).closest('.card')!;
    await user.click(card.querySelector<HTMLButtonElement>('button[aria-label="اضافة للمفضلة"]')!);
    await user.click(await screen.findByRole('button', { name: 'تسجيل الدخول' }));
    await logInAs(user, customer.email);
    expect(await screen.findByText('تمت اضافة المنتج للمفضلة بنجاح')).toBeInTheDocument();
    expect(posted).toEqual([{ productId: shirt._id }]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'), { timeout: 3000 });
    expect(router.state.location.search).toBe('?page=1');
  });

  it('a guarded page sends a visitor to log in and back to it', async () => {
    const { user, router } = renderApp('/user/addresses');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await logInAs(user, customer.email);
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/addresses'), { timeout: 3000 });
  });

  it('register carries the return on to the login', async () => {
    const { user, router } = renderApp('/user/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await user.click(screen.getByRole('link', { name: 'اضغط هنا' }));
    await screen.findByRole('heading', { name: 'تسجيل حساب جديد' });
    await user.click(screen.getByRole('link', { name: 'اضغط هنا' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await logInAs(user, customer.email);
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/profile'), { timeout: 3000 });
  });

  it('returns only to a path of this shop', () => {
    expect(safeReturnPath('/products?keyword=x&page=2')).toBe('/products?keyword=x&page=2');
    expect(safeReturnPath('/user/profile')).toBe('/user/profile');
    for (const unsafe of ['//evil.example/x', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '', 42])
      expect(safeReturnPath(unsafe)).toBe('/');
    expect(safeReturnPath('/login')).toBe('/');
    expect(safeReturnPath('/register?x=1')).toBe('/');
    expect(safeReturnPath('/a\nb')).toBe('/');
  });
});

describe('logout lands on the home page from a guarded page', () => {
  it.each(['/user/profile', '/user/allorders'])('from %s', async (path) => {
    storeSession(customer);
    const { user, router } = renderApp(path);
    await user.click(await screen.findByRole('button', { name: customer.name }));
    await user.click(screen.getByRole('button', { name: 'تسجيل الخروج' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.getByRole('link', { name: 'تسجيل الدخول' })).toBeInTheDocument();
  });
});
