import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../../src/app/store';
import { fetchCart } from '../../../src/app/cartSlice';
import CartPage from '../../../src/pages/storefront/CartPage';
import { FAILURE_TEXTS } from '../../../src/lib/failures';
import { cart, customer } from '../mocks/fixtures';
import { cartWith } from '../mocks/handlers/cart';
import { server } from '../mocks/server';
import { renderWithProviders, storeSession } from '../utils/renderWithProviders';
import { count, recordRequests } from './helpers';

const renderCart = () => renderWithProviders(<CartPage />, { path: '/cart' });
/** A cart line sends its count this long (ms) after the last keystroke. */
const COUNT_DEBOUNCE_MS = 700;

afterEach(() => {
  vi.useRealTimers();
});

describe('cart page', () => {
  it('asks a visitor to log in and makes no call', async () => {
    const seen = recordRequests();
    renderCart();
    expect(screen.getByText('قم بتسجيل الدخول اولا لعرض عربة التسوق')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'تسجيل الدخول' })).toHaveAttribute('href', '/login');
    expect(seen).toHaveLength(0);
  });

  it('shows a spinner, then every line with image, title, category, brand, rating, colour, price and count', async () => {
    storeSession(customer);
    renderCart();
    expect(screen.getByRole('status')).toBeInTheDocument();
    const line = await screen.findByRole('listitem', { name: cart.data.products[0].product.title });
    const image = within(line).getByRole('img', { name: cart.data.products[0].product.title });
    expect(image).toHaveAttribute('width', '160');
    expect(image).toHaveAttribute('height', '197');
    expect(image).toHaveAttribute('src', cart.data.products[0].product.imageCover);
    expect(within(line).getByText('الكترونيات')).toBeInTheDocument();
    expect(within(line).getByText('سامسونج')).toBeInTheDocument();
    expect(within(line).getByText(/4\.5/)).toBeInTheDocument();
    expect(within(line).getByRole('img', { name: 'اللون أسود' })).toBeInTheDocument();
    expect(within(line).getByTestId('line-price')).toHaveTextContent('11,999 جنيه');
    expect(within(line).getByLabelText('الكمية')).toHaveValue('1');
    // The line without a colour shows no swatch.
    const shirt = screen.getByRole('listitem', { name: cart.data.products[1].product.title });
    expect(within(shirt).queryByRole('img', { name: /اللون/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('12,899 جنيه');
    expect(screen.queryByTestId('cart-total-after-discount')).not.toBeInTheDocument();
  });

  it('shows the empty message and refuses to check out an empty cart', async () => {
    storeSession(customer);
    server.use(http.get('*/api/v1/cart', () => HttpResponse.json(cartWith([]))));
    const { user, router } = renderCart();
    expect(await screen.findByText('لا يوجد منتجات في العربة')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'اتمام الشراء' }));
    expect(await screen.findByText('من فضلك اضف منتجات للعربة اولا')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cart');
  });

  it('offers a retry when the cart cannot be loaded', async () => {
    storeSession(customer);
    server.use(
      http.get('*/api/v1/cart', () => HttpResponse.json({ status: 'error', message: 'boom' }, { status: 500 }), {
        once: true,
      }),
    );
    const { user } = renderCart();
    expect(await screen.findByText('تعذر تحميل العربة')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByRole('listitem', { name: cart.data.products[0].product.title })).toBeInTheDocument();
  });

  it('goes to the payment page when the cart has products', async () => {
    storeSession(customer);
    const { user, router } = renderCart();
    await screen.findByRole('listitem', { name: cart.data.products[0].product.title });
    await user.click(screen.getByRole('button', { name: 'اتمام الشراء' }));
    expect(router.state.location.pathname).toBe('/order/paymethoud');
  });

  describe('count', () => {
    it('sends the new count once, after the shopper stops typing, and shows the new total', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      storeSession(customer);
      const seen = recordRequests();
      const { user } = renderCart();
      const line = await screen.findByRole('listitem', { name: cart.data.products[0].product.title });
      const input = within(line).getByLabelText('الكمية');
      await user.clear(input);
      await user.type(input, '٣'); // Arabic-Indic digits are accepted
      expect(count(seen, 'PUT', '/cart/line-1')).toBe(0);
      await act(() => vi.advanceTimersByTimeAsync(COUNT_DEBOUNCE_MS));
      await waitFor(() => expect(count(seen, 'PUT', '/cart/line-1')).toBe(1));
      expect(seen.find((r) => r.method === 'PUT')?.body).toEqual({ count: 3 });
      await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('36,897 جنيه'));
      expect(input).toHaveValue('3');
    });

    it("shows each line's subtotal (price × count), also after the count changes", async () => {
      storeSession(customer);
      const two = { ...cart.data.products[1], count: 2 };
      server.use(http.get('*/api/v1/cart', () => HttpResponse.json(cartWith([cart.data.products[0], two]))));
      const { user } = renderCart();
      const shirt = await screen.findByRole('listitem', { name: two.product.title });
      expect(within(shirt).getByTestId('line-price')).toHaveTextContent(`${two.price} جنيه`);
      expect(within(shirt).getByTestId('line-subtotal')).toHaveTextContent(
        `${(two.price * 2).toLocaleString('en')} جنيه`,
      );
      const phone = screen.getByRole('listitem', { name: cart.data.products[0].product.title });
      const input = within(phone).getByLabelText('الكمية');
      await user.clear(input);
      await user.type(input, '3');
      await user.tab();
      await waitFor(() => expect(within(phone).getByTestId('line-subtotal')).toHaveTextContent('35,997 جنيه'));
    });

    it('sends one PUT and shows one toast when the debounce fires and the field then loses focus', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      storeSession(customer);
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      server.use(
        http.put('*/api/v1/cart/:itemId', async () => {
          await held;
          return HttpResponse.json({ status: 'error', message: 'x' }, { status: 500 });
        }),
      );
      const seen = recordRequests();
      const { user } = renderCart();
      const line = await screen.findByRole('listitem', { name: cart.data.products[0].product.title });
      const input = within(line).getByLabelText('الكمية');
      await user.clear(input);
      await user.type(input, '4');
      await act(() => vi.advanceTimersByTimeAsync(COUNT_DEBOUNCE_MS));
      await waitFor(() => expect(count(seen, 'PUT', '/cart/line-1')).toBe(1));
      // The request is still under way when the field loses focus (a focused field that is disabled blurs).
      fireEvent.blur(input);
      await act(() => vi.advanceTimersByTimeAsync(COUNT_DEBOUNCE_MS));
      release();
      expect(await screen.findByText(FAILURE_TEXTS.server)).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(200));
      expect(count(seen, 'PUT', '/cart/line-1')).toBe(1);
      expect(screen.getAllByText(FAILURE_TEXTS.server)).toHaveLength(1);
    });

    it('refuses a count below 1 without calling the server', async () => {
      storeSession(customer);
      const seen = recordRequests();
      const { user } = renderCart();
      const line = await screen.findByRole('listitem', { name: cart.data.products[0].product.title });
      const input = within(line).getByLabelText('الكمية');
      await user.clear(input);
      await user.type(input, '0');
      await user.tab();
      expect(await screen.findByText('الكمية يجب ان تكون رقما صحيحا من 1 فأكثر')).toBeInTheDocument();
      expect(input).toHaveValue('1');
      expect(count(seen, 'PUT', '/cart/line-1')).toBe(0);
    });

    it('explains a 409 (not enough stock), puts the count back and re-fetches the cart', async () => {
      storeSession(customer);
      server.use(
        http.put('*/api/v1/cart/:itemId', () =>
          HttpResponse.json(
            { status: 'fail', message: `Not enough stock for product: ${cart.data.products[0].product.title}` },
            { status: 409 },
          ),
        ),
      );
      const seen = recordRequests();
      const { user } = renderCart();
      const line = await screen.findByRole('listitem', { name: cart.data.products[0].product.title });
      const input = within(line).getByLabelText('الكمية');
      await user.clear(input);
      await user.type(input, '99');
      await user.tab();
      expect(
        await screen.findByText(`الكمية المطلوبة من "${cart.data.products[0].product.title}" غير متوفرة في المخزون`),
      ).toBeInTheDocument();
      expect(input).toHaveValue('1');
      await waitFor(() => expect(count(seen, 'GET', '/cart')).toBe(2));
    });

    it('explains a 409 for the limit of units in one order', async () => {
      storeSession(customer);
      server.use(
        http.put('*/api/v1/cart/:itemId', () =>
          HttpResponse.json({ status: 'fail', message: 'An order can hold at most 50 items' }, { status: 409 }),
        ),
      );
      const { user } = renderCart();
      const line = await screen.findByRole('listitem', { name: cart.data.products[0].product.title });
      const input = within(line).getByLabelText('الكمية');
      await user.clear(input);
      await user.type(input, '60');
      await user.tab();
      expect(await screen.findByText('الحد الأقصى في الطلب الواحد 50 قطعة')).toBeInTheDocument();
      expect(input).toHaveValue('1');
    });

    it("shows the server's 400 as the whole-number rule", async () => {
      storeSession(customer);
      server.use(
        http.put('*/api/v1/cart/:itemId', () =>
          HttpResponse.json(
            { errors: [{ msg: 'count must be an integer of at least 1', path: 'count' }] },
            { status: 400 },
          ),
        ),
      );
      const { user } = renderCart();
      const input = within(
        await screen.findByRole('listitem', { name: cart.data.products[0].product.title }),
      ).getByLabelText('الكمية');
      await user.clear(input);
      await user.type(input, '2');
      await user.tab();
      expect(await screen.findByText('الكمية يجب ان تكون رقما صحيحا من 1 فأكثر')).toBeInTheDocument();
      expect(input).toHaveValue('1');
    });
  });

  it('removes a line', async () => {
    storeSession(customer);
    const { user } = renderCart();
    await screen.findByRole('listitem', { name: cart.data.products[0].product.title });
    await user.click(screen.getByRole('button', { name: `ازالة ${cart.data.products[1].product.title} من العربة` }));
    expect(await screen.findByText('تم حذف المنتج من العربة')).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: cart.data.products[1].product.title })).not.toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('11,999 جنيه');
  });

  it("keeps a removed line removed when the page's read of the cart, sent before the removal, arrives after it", async () => {
    storeSession(customer);
    // The cart as another page (the top bar) loaded it: the lines show while this page asks for the cart again.
    const store = makeStore();
    await store.dispatch(fetchCart());
    let answerRead: () => void = () => {};
    const readHeld = new Promise<void>((resolve) => {
      answerRead = resolve;
    });
    const order: string[] = [];
    server.use(
      http.get('*/api/v1/cart', async () => {
        order.push('read sent');
        await readHeld;
        order.push('read answered');
        // As the server read it before the removal: both lines.
        return HttpResponse.json(cart);
      }),
      http.delete('*/api/v1/cart/:itemId', ({ params }) => {
        order.push('removal sent');
        return HttpResponse.json(cartWith(cart.data.products.filter((l) => l._id !== params.itemId)));
      }),
    );
    const { user } = renderWithProviders(<CartPage />, { path: '/cart', store });
    const shirt = cart.data.products[1].product.title;
    await user.click(await screen.findByRole('button', { name: `ازالة ${shirt} من العربة` }));
    // The read is answered a moment after the tap, as on a slow link.
    await new Promise((resolve) => setTimeout(resolve, 100));
    answerRead();
    expect(await screen.findByText('تم حذف المنتج من العربة')).toBeInTheDocument();
    await waitFor(() => expect(order).toContain('read answered'));
    expect(screen.queryByRole('listitem', { name: shirt })).not.toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('11,999 جنيه');
    // The removal went out only once the read was answered, so the server answered them in that order.
    expect(order).toEqual(['read sent', 'read answered', 'removal sent']);
  });

  describe('coupon', () => {
    it('asks for a coupon when the field is empty', async () => {
      storeSession(customer);
      const seen = recordRequests();
      const { user } = renderCart();
      await screen.findByRole('listitem', { name: cart.data.products[0].product.title });
      await user.click(screen.getByRole('button', { name: 'تطبيق' }));
      expect(await screen.findByText('من فضلك ادخل الكوبون')).toBeInTheDocument();
      expect(count(seen, 'PUT', '/cart/applyCoupon')).toBe(0);
    });

    it('applies a valid coupon, shows the after-discount total and re-fetches the cart 1 s later', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      storeSession(customer);
      const seen = recordRequests();
      const { user } = renderCart();
      await screen.findByRole('listitem', { name: cart.data.products[0].product.title });
      await user.type(screen.getByLabelText('كود الخصم'), 'sale10');
      await user.click(screen.getByRole('button', { name: 'تطبيق' }));
      expect(await screen.findByText('تم تطبيق الكوبون بنجاح')).toBeInTheDocument();
      expect(seen.find((r) => r.path === '/cart/applyCoupon')?.body).toEqual({ couponName: 'sale10' });
      expect(screen.getByTestId('cart-total-after-discount')).toHaveTextContent('11,609.10 جنيه');
      const fetchesBefore = count(seen, 'GET', '/cart');
      await act(() => vi.advanceTimersByTimeAsync(900));
      expect(count(seen, 'GET', '/cart')).toBe(fetchesBefore);
      await act(() => vi.advanceTimersByTimeAsync(100));
      await waitFor(() => expect(count(seen, 'GET', '/cart')).toBe(fetchesBefore + 1));
    });

    it('names the applied coupon', async () => {
      storeSession(customer);
      const { user } = renderCart();
      await screen.findByRole('listitem', { name: cart.data.products[0].product.title });
      expect(screen.queryByTestId('applied-coupon')).not.toBeInTheDocument();
      await user.type(screen.getByLabelText('كود الخصم'), 'sale10');
      await user.click(screen.getByRole('button', { name: 'تطبيق' }));
      expect(await screen.findByTestId('applied-coupon')).toHaveTextContent('الكوبون المطبق: SALE10');
    });

    it('says the cart is empty, not that the coupon is invalid, on an empty cart', async () => {
      storeSession(customer);
      server.use(http.get('*/api/v1/cart', () => HttpResponse.json(cartWith([]))));
      const seen = recordRequests();
      const { user } = renderCart();
      await screen.findByText('لا يوجد منتجات في العربة');
      await user.type(screen.getByLabelText('كود الخصم'), 'SALE10');
      await user.click(screen.getByRole('button', { name: 'تطبيق' }));
      expect(await screen.findByText('العربة فارغة، اضف منتجات قبل تطبيق الكوبون')).toBeInTheDocument();
      expect(screen.queryByText('هذا الكوبون غير صحيح او منتهى الصلاحيه')).not.toBeInTheDocument();
      expect(count(seen, 'PUT', '/cart/applyCoupon')).toBe(0);
    });

    it('says the cart is empty when the server no longer has it', async () => {
      storeSession(customer);
      server.use(
        http.put('*/api/v1/cart/applyCoupon', () =>
          HttpResponse.json({ status: 'fail', message: 'No cart exist for this user: u1' }, { status: 404 }),
        ),
      );
      const { user } = renderCart();
      await screen.findByRole('listitem', { name: cart.data.products[0].product.title });
      await user.type(screen.getByLabelText('كود الخصم'), 'SALE10');
      await user.click(screen.getByRole('button', { name: 'تطبيق' }));
      expect(await screen.findByText('العربة فارغة، اضف منتجات قبل تطبيق الكوبون')).toBeInTheDocument();
    });

    it('says in Arabic which coupon the server dropped (expired or deleted), until another one is applied', async () => {
      storeSession(customer);
      server.use(
        http.get('*/api/v1/cart', () => HttpResponse.json(cartWith(cart.data.products, { couponRemoved: 'SALE10' }))),
      );
      const { user } = renderCart();
      await screen.findByRole('listitem', { name: cart.data.products[0].product.title });
      const note = screen.getByText('أزيل الكوبون SALE10 من العربة لانتهاء صلاحيته او حذفه، والاجمالي الآن بدون خصم');
      expect(note).toHaveAttribute('role', 'status');
      expect(note).toBeVisible();
      await user.type(screen.getByLabelText('كود الخصم'), 'SALE10');
      await user.click(screen.getByRole('button', { name: 'تطبيق' }));
      expect(await screen.findByTestId('applied-coupon')).toHaveTextContent('الكوبون المطبق: SALE10');
      expect(screen.queryByText(/أزيل الكوبون/)).not.toBeInTheDocument();
    });

    it('a second coupon replaces the first and says which one is now applied', async () => {
      storeSession(customer);
      server.use(
        http.get('*/api/v1/cart', () =>
          HttpResponse.json(cartWith(cart.data.products, { coupon: 'WELCOME5', totalAfterDiscount: 12254.05 })),
        ),
      );
      const { user } = renderCart();
      expect(await screen.findByTestId('applied-coupon')).toHaveTextContent('الكوبون المطبق: WELCOME5');
      await user.clear(screen.getByLabelText('كود الخصم'));
      await user.type(screen.getByLabelText('كود الخصم'), 'sale10');
      await user.click(screen.getByRole('button', { name: 'تطبيق' }));
      expect(await screen.findByText('تم تطبيق الكوبون SALE10 بدلا من WELCOME5')).toBeInTheDocument();
      expect(screen.getByTestId('applied-coupon')).toHaveTextContent('الكوبون المطبق: SALE10');
      // 12,899 − 10 %
      expect(screen.getByTestId('cart-total-after-discount')).toHaveTextContent('11,609.10 جنيه');
    });

    it('warns about an invalid coupon and re-fetches the cart 1 s later too', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      storeSession(customer);
      const seen = recordRequests();
      const { user } = renderCart();
      await screen.findByRole('listitem', { name: cart.data.products[0].product.title });
      await user.type(screen.getByLabelText('كود الخصم'), 'NOPE');
      await user.click(screen.getByRole('button', { name: 'تطبيق' }));
      expect(await screen.findByText('هذا الكوبون غير صحيح او منتهى الصلاحيه')).toBeInTheDocument();
      expect(screen.queryByTestId('cart-total-after-discount')).not.toBeInTheDocument();
      const fetchesBefore = count(seen, 'GET', '/cart');
      await act(() => vi.advanceTimersByTimeAsync(1000));
      await waitFor(() => expect(count(seen, 'GET', '/cart')).toBe(fetchesBefore + 1));
    });
  });

  it('clears the cart', async () => {
    storeSession(customer);
    const seen = recordRequests();
    const { user, store } = renderCart();
    await screen.findByRole('listitem', { name: cart.data.products[0].product.title });
    await user.click(screen.getByRole('button', { name: 'مسح العربة' }));
    // Nothing is deleted until the shopper confirms.
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('هل انت متأكد من حذف كل المنتجات من العربة؟')).toBeInTheDocument();
    expect(count(seen, 'DELETE', '/cart')).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'مسح العربة' }));
    expect(await screen.findByText('تم الحذف بنجاح')).toBeInTheDocument();
    expect(screen.getByText('لا يوجد منتجات في العربة')).toBeInTheDocument();
    expect(count(seen, 'DELETE', '/cart')).toBe(1);
    expect(store.getState().cart.numOfCartItems).toBe(0);
  });

  it('keeps the cart when the shopper steps back from clearing it', async () => {
    storeSession(customer);
    const seen = recordRequests();
    const { user } = renderCart();
    await screen.findByRole('listitem', { name: cart.data.products[0].product.title });
    await user.click(screen.getByRole('button', { name: 'مسح العربة' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'تراجع' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(count(seen, 'DELETE', '/cart')).toBe(0);
    expect(screen.getByRole('listitem', { name: cart.data.products[0].product.title })).toBeInTheDocument();
  });

  it('says so when clearing fails', async () => {
    storeSession(customer);
    server.use(
      http.delete('*/api/v1/cart', () => HttpResponse.json({ status: 'error', message: 'x' }, { status: 500 })),
    );
    const { user } = renderCart();
    await screen.findByRole('listitem', { name: cart.data.products[0].product.title });
    await user.click(screen.getByRole('button', { name: 'مسح العربة' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'مسح العربة' }));
    expect(await screen.findByText(FAILURE_TEXTS.server)).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: cart.data.products[0].product.title })).toBeInTheDocument();
  });

  describe('a failed change says what happened (lib/failures.ts), never that the coupon or the count is wrong', () => {
    const line = cart.data.products[0].product.title;

    it('the count, offline: says so, puts the count back, and its retry sends it again', async () => {
      storeSession(customer);
      let puts = 0;
      server.use(
        http.put('*/api/v1/cart/:itemId', () => {
          puts += 1;
          return HttpResponse.error();
        }),
      );
      const { user } = renderCart();
      const input = within(await screen.findByRole('listitem', { name: line })).getByLabelText('الكمية');
      await user.clear(input);
      await user.type(input, '2');
      await user.tab();
      expect(await screen.findByText(FAILURE_TEXTS.offline)).toBeInTheDocument();
      expect(screen.queryByText('الكمية يجب ان تكون رقما صحيحا من 1 فأكثر')).not.toBeInTheDocument();
      expect(input).toHaveValue('1');
      await user.click(screen.getByRole('button', { name: 'حاول مرة أخرى' }));
      await waitFor(() => expect(puts).toBe(2));
    });

    it('removing a line, on a server failure: says so and keeps the line', async () => {
      storeSession(customer);
      server.use(http.delete('*/api/v1/cart/:itemId', () => HttpResponse.json({ message: 'x' }, { status: 503 })));
      const { user } = renderCart();
      await screen.findByRole('listitem', { name: line });
      await user.click(screen.getByRole('button', { name: `ازالة ${line} من العربة` }));
      expect(await screen.findByText(FAILURE_TEXTS.server)).toBeInTheDocument();
      expect(screen.queryByText('فشل حذف المنتج من العربة')).not.toBeInTheDocument();
      expect(screen.getByRole('listitem', { name: line })).toBeInTheDocument();
    });

    it('a coupon, offline: says the network is down, not that the coupon is invalid', async () => {
      storeSession(customer);
      server.use(http.put('*/api/v1/cart/applyCoupon', () => HttpResponse.error()));
      const { user } = renderCart();
      await screen.findByRole('listitem', { name: line });
      await user.type(screen.getByLabelText('كود الخصم'), 'SALE10');
      await user.click(screen.getByRole('button', { name: 'تطبيق' }));
      expect(await screen.findByText(FAILURE_TEXTS.offline)).toBeInTheDocument();
      expect(screen.queryByText('هذا الكوبون غير صحيح او منتهى الصلاحيه')).not.toBeInTheDocument();
    });
  });
});

describe('delivery in the cart summary', () => {
  it('quotes shipping to the first saved address with a governorate, and to any governorate chosen', async () => {
    storeSession(customer);
    const seen = recordRequests();
    const { user } = renderCart();
    const estimate = await screen.findByTestId('delivery-estimate');
    await waitFor(() => expect(within(estimate).getByLabelText('التوصيل الى')).toHaveValue('EG-C'));
    await waitFor(() => expect(within(estimate).getByTestId('estimate-shipping')).toHaveTextContent('50 جنيه'));
    expect(within(estimate).getByTestId('estimate-total')).toHaveTextContent('12,949 جنيه');
    expect(within(estimate).getByText('شامل ضريبة القيمة المضافة').nextElementSibling).toHaveTextContent(
      '1,590.23 جنيه',
    );
    expect(within(estimate).getByText('الدفع عند الاستلام يضيف 10 جنيه')).toBeInTheDocument();

    await user.selectOptions(within(estimate).getByLabelText('التوصيل الى'), 'أسوان');
    await waitFor(() => expect(within(estimate).getByTestId('estimate-shipping')).toHaveTextContent('120 جنيه'));
    expect(within(estimate).getByTestId('estimate-total')).toHaveTextContent('13,019 جنيه');
    expect(seen.filter((r) => r.path === '/delivery/quote').map((r) => r.search)).toEqual([
      '?governorate=EG-C',
      '?governorate=EG-ASN',
    ]);
  });

  it('shows nothing of delivery on a backend without governorates', async () => {
    storeSession(customer);
    server.use(http.get('*/api/v1/delivery/governorates', () => HttpResponse.json({}, { status: 404 })));
    renderCart();
    await screen.findByTestId('cart-total');
    await waitFor(() => expect(screen.queryByTestId('delivery-estimate')).not.toBeInTheDocument());
  });
});
