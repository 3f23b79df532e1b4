import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import PayMethodPage from '../../../src/pages/storefront/PayMethodPage';
import { cart, customer } from '../mocks/fixtures';
import { cartWith } from '../mocks/handlers/cart';
import { PAYMENT_URL } from '../mocks/handlers/orders';
import { server } from '../mocks/server';
import { renderWithProviders, storeSession } from '../utils/renderWithProviders';
import { count, recordRequests } from './helpers';

const renderPay = () => renderWithProviders(<PayMethodPage />, { path: '/order/paymethoud' });

async function choose(user: ReturnType<typeof renderPay>['user'], { method, address }: { method?: RegExp; address?: string }) {
  await screen.findByRole('option', { name: 'المنزل' });
  if (address) await user.selectOptions(screen.getByLabelText('عنوان الشحن'), address);
  if (method) await user.click(screen.getByRole('radio', { name: method }));
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('payment method page', () => {
  it('shows both methods, the address select with its placeholder first, and the price', async () => {
    storeSession(customer);
    renderPay();
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: 'الدفع عن طريق البطاقة الائتمانية' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'الدفع عند الاستلام' })).not.toBeChecked();
    await screen.findByRole('option', { name: 'المنزل' });
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['اختر عنوان للشحن', 'المنزل', 'العمل']);
    expect(screen.getByTestId('payable')).toHaveTextContent('12,899 جنيه');
  });

  it('shows the after-discount price when a coupon is applied', async () => {
    storeSession(customer);
    server.use(http.get('*/api/v1/cart', () => HttpResponse.json(cartWith(cart.data.products, { coupon: 'SALE10', totalAfterDiscount: 11609.1 }))));
    renderPay();
    await waitFor(() => expect(screen.getByTestId('payable')).toHaveTextContent('11,609.10 جنيه'));
  });

  it('links to adding an address when there is none', async () => {
    storeSession(customer);
    server.use(http.get('*/api/v1/addresses', () => HttpResponse.json({ status: 'success', results: 0, data: [] })));
    renderPay();
    expect(await screen.findByRole('link', { name: 'اضف عنوان' })).toHaveAttribute('href', '/user/add-address');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('warns to add products first when the cart is empty', async () => {
    storeSession(customer);
    server.use(http.get('*/api/v1/cart', () => HttpResponse.json(cartWith([]))));
    const { user } = renderPay();
    await screen.findByRole('option', { name: 'المنزل' });
    await user.click(screen.getByRole('button', { name: 'اتمام الشراء' }));
    expect(await screen.findByText('من فضلك اضف منتجات للعربة اولا')).toBeInTheDocument();
  });

  it('warns about a missing address, then a missing method, without calling the server', async () => {
    storeSession(customer);
    const seen = recordRequests();
    const { user } = renderPay();
    await choose(user, {});
    await user.click(screen.getByRole('button', { name: 'اتمام الشراء' }));
    expect(await screen.findByText('من فضلك اختر عنوان للشحن اولا')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('عنوان الشحن'), 'المنزل');
    await user.click(screen.getByRole('button', { name: 'اتمام الشراء' }));
    expect(await screen.findByText('من فضلك اختر طريقة الدفع')).toBeInTheDocument();
    expect(seen.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('creates a cash order, says so, and goes to the orders page after 1.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSession(customer);
    const seen = recordRequests();
    const { user, router } = renderPay();
    await choose(user, { address: 'المنزل', method: /الدفع عند الاستلام/ });
    await user.click(screen.getByRole('button', { name: 'اتمام الشراء' }));
    expect(await screen.findByText('تم انشاء طلبك بنجاح')).toBeInTheDocument();
    const post = seen.find((r) => r.method === 'POST');
    expect(post?.path).toBe('/orders/cart-1');
    expect(post?.body).toEqual({ shippingAddress: { details: 'المنزل', phone: '01012345678', city: '', postalCode: '' } });
    await act(() => vi.advanceTimersByTimeAsync(1400));
    expect(router.state.location.pathname).toBe('/order/paymethoud');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(router.state.location.pathname).toBe('/user/allorders');
  });

  it('warns when the cash order fails', async () => {
    storeSession(customer);
    server.use(http.post('*/api/v1/orders/:cartId', () => HttpResponse.json({ status: 'fail', message: 'Cart is empty' }, { status: 400 })));
    const { user, router } = renderPay();
    await choose(user, { address: 'العمل', method: /الدفع عند الاستلام/ });
    await user.click(screen.getByRole('button', { name: 'اتمام الشراء' }));
    expect(await screen.findByText('فشل في اتمام الطلب من فضلك حاول مرة اخرى')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/order/paymethoud');
  });

  it('tells the shopper that prices changed (409) and shows the refreshed cart', async () => {
    storeSession(customer);
    let refreshed = false;
    server.use(
      http.post('*/api/v1/orders/:cartId', () => {
        refreshed = true;
        return HttpResponse.json({ status: 'fail', message: 'Cart prices have changed, please review your cart' }, { status: 409 });
      }),
      http.get('*/api/v1/cart', () => HttpResponse.json(refreshed ? cartWith([{ ...cart.data.products[0], price: 12500 }]) : cart)),
    );
    const { user } = renderPay();
    await choose(user, { address: 'المنزل', method: /الدفع عند الاستلام/ });
    await user.click(screen.getByRole('button', { name: 'اتمام الشراء' }));
    expect(await screen.findByText('تغيرت اسعار بعض المنتجات في العربة، من فضلك راجع السعر الجديد')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('payable')).toHaveTextContent('12,500 جنيه'));
  });

  it('opens the card payment page in a new window (POST with the address on our server)', async () => {
    storeSession(customer);
    const popup = { opener: {} } as unknown as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(popup);
    const seen = recordRequests();
    const { user } = renderPay();
    await choose(user, { address: 'المنزل', method: /البطاقة الائتمانية/ });
    await user.click(screen.getByRole('button', { name: 'اتمام الشراء' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith(PAYMENT_URL, '_blank'));
    expect(popup.opener).toBeNull();
    const post = seen.find((r) => r.method === 'POST');
    expect(post?.path).toBe('/orders/checkout-session/cart-1');
    expect(post?.body).toEqual({ shippingAddress: { details: 'المنزل', phone: '01012345678', city: '', postalCode: '' } });
  });

  it('goes to the payment page in this tab when the popup is blocked', async () => {
    storeSession(customer);
    vi.spyOn(window, 'open').mockReturnValue(null);
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    const { user } = renderPay();
    await choose(user, { address: 'المنزل', method: /البطاقة الائتمانية/ });
    await user.click(screen.getByRole('button', { name: 'اتمام الشراء' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PAYMENT_URL));
  });

  it('uses GET with the address in the query string against the original backend', async () => {
    vi.stubEnv('VITE_API_FLAVOR', 'original');
    storeSession(customer);
    const open = vi.spyOn(window, 'open').mockReturnValue({ opener: null } as unknown as Window);
    server.use(
      http.get('*/api/v1/orders/checkout-session/:cartId', () => HttpResponse.json({ status: 'success', session: { url: PAYMENT_URL } })),
    );
    const seen = recordRequests();
    const { user } = renderPay();
    await choose(user, { address: 'المنزل', method: /البطاقة الائتمانية/ });
    await user.click(screen.getByRole('button', { name: 'اتمام الشراء' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith(PAYMENT_URL, '_blank'));
    const get = seen.find((r) => r.path === '/orders/checkout-session/cart-1');
    expect(get?.method).toBe('GET');
    const query = new URLSearchParams(get?.search);
    expect(query.get('shippingAddress[details]')).toBe('المنزل');
    expect(query.get('shippingAddress[phone]')).toBe('01012345678');
    expect(count(seen, 'POST', '/orders/checkout-session/cart-1')).toBe(0);
  });

  it('warns when the card session is not successful', async () => {
    storeSession(customer);
    const open = vi.spyOn(window, 'open');
    server.use(http.post('*/api/v1/orders/checkout-session/:cartId', () => HttpResponse.json({ status: 'fail' })));
    const { user } = renderPay();
    await choose(user, { address: 'المنزل', method: /البطاقة الائتمانية/ });
    await user.click(screen.getByRole('button', { name: 'اتمام الشراء' }));
    expect(await screen.findByText('فشل في اتمام الطلب من فضلك حاول مرة اخرى')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
  });
});
