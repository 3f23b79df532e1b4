import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import PayMethodPage from '../../../src/pages/storefront/PayMethodPage';
import { announcePaymentReturn } from '../../../src/features/checkOut/paymentReturn';
import { cart, customer, listOf, ts } from '../mocks/fixtures';
import { cartWith } from '../mocks/handlers/cart';
import { addresses } from '../mocks/handlers/addresses';
import { makeQuote } from '../mocks/handlers/delivery';
import { makeOrder, myOrders, PAYMENT_URL } from '../mocks/handlers/orders';
import { server } from '../mocks/server';
import { renderWithProviders, storeSession } from '../utils/renderWithProviders';
import { count, recordRequests } from './helpers';
import { selectOrders } from '../../../src/features/orders/ordersSlice';
import { loggedOut } from '../../../src/app/userSlice';
import { getStored, setStored } from '../../../src/lib/storage';

/** DESIGN.md: the saved address itself goes with the order (its details, city and postal code), and its alias beside them. */
const homeAddress = {
  alias: 'المنزل',
  details: addresses[0].details,
  phone: '01012345678',
  city: 'مدينة نصر',
  postalCode: '',
  governorate: 'EG-C',
};

const renderPay = () => renderWithProviders(<PayMethodPage />, { path: '/order/paymethoud' });

async function choose(
  user: ReturnType<typeof renderPay>['user'],
  { method, address }: { method?: RegExp; address?: string },
) {
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
    server.use(
      http.get('*/api/v1/cart', () =>
        HttpResponse.json(cartWith(cart.data.products, { coupon: 'SALE10', totalAfterDiscount: 11609.1 })),
      ),
    );
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
    expect(post?.body).toEqual({ shippingAddress: homeAddress });
    await act(() => vi.advanceTimersByTimeAsync(1400));
    expect(router.state.location.pathname).toBe('/order/paymethoud');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(router.state.location.pathname).toBe('/user/allorders');
  });

  it('warns when the cash order fails', async () => {
    storeSession(customer);
    server.use(
      http.post('*/api/v1/orders/:cartId', () =>
        HttpResponse.json({ status: 'fail', message: 'Cart is empty' }, { status: 400 }),
      ),
    );
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
        return HttpResponse.json(
          { status: 'fail', message: 'Cart prices have changed, please review your cart' },
          { status: 409 },
        );
      }),
      http.get('*/api/v1/cart', () =>
        HttpResponse.json(refreshed ? cartWith([{ ...cart.data.products[0], price: 12500 }]) : cart),
      ),
      http.get('*/api/v1/delivery/quote', () =>
        HttpResponse.json({ data: makeQuote('EG-C', { itemsPrice: refreshed ? 12500 : 12899 }) }),
      ),
    );
    const { user } = renderPay();
    await choose(user, { address: 'المنزل', method: /الدفع عند الاستلام/ });
    await user.click(screen.getByRole('button', { name: 'اتمام الشراء' }));
    expect(
      await screen.findByText('تغيرت اسعار بعض المنتجات في العربة، من فضلك راجع السعر الجديد'),
    ).toBeInTheDocument();
    // The new price, delivered to Cairo (50) and paid in cash (10): the quote follows the cart.
    await waitFor(() => expect(screen.getByTestId('payable')).toHaveTextContent('12,560 جنيه'));
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
    expect(post?.body).toEqual({ shippingAddress: homeAddress, paymentMethod: 'card' });
  });

  it('shows the cart afresh when the shopper comes back to the tab', async () => {
    storeSession(customer);
    const { store } = renderPay();
    await waitFor(() => expect(screen.getByTestId('payable')).toHaveTextContent('12,899 جنيه'));
    // Meanwhile, in another tab, a line was removed.
    server.use(http.get('*/api/v1/cart', () => HttpResponse.json(cartWith([cart.data.products[1]]))));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(screen.getByTestId('payable')).toHaveTextContent('900 جنيه'));
    expect(store.getState().cart.numOfCartItems).toBe(1);
  });

  it('after the card payment in the other tab: refreshes the cart, says it was paid and shows the orders', async () => {
    storeSession(customer);
    vi.spyOn(window, 'open').mockReturnValue({ opener: {} } as unknown as Window);
    const { user, router, store } = renderPay();
    await choose(user, { address: 'المنزل', method: /البطاقة الائتمانية/ });
    await user.click(screen.getByRole('button', { name: 'اتمام الشراء' }));
    expect(await screen.findByText('تم فتح صفحة الدفع، اكمل الدفع لتأكيد طلبك')).toBeInTheDocument();

    // Coming back before paying changes nothing.
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(selectOrders(store.getState()).status).toBe('succeeded'));
    expect(router.state.location.pathname).toBe('/order/paymethoud');

    // The payment tab pays: the server turns the cart into a paid card order, and the shop's orders page there reports back.
    server.use(
      http.get('*/api/v1/cart', () => HttpResponse.json(cartWith([]))),
      http.get('*/api/v1/orders', () =>
        HttpResponse.json(
          listOf([makeOrder(18, { paymentMethodType: 'card', isPaid: true, paidAt: ts.createdAt }), ...myOrders]),
        ),
      ),
    );
    announcePaymentReturn();
    expect(await screen.findByText('تم الدفع بنجاح')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/allorders'));
    expect(store.getState().cart.numOfCartItems).toBe(0);
    expect(screen.queryByText('فشل في اتمام الطلب من فضلك حاول مرة اخرى')).not.toBeInTheDocument();
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
      http.get('*/api/v1/orders/checkout-session/:cartId', () =>
        HttpResponse.json({ status: 'success', session: { url: PAYMENT_URL } }),
      ),
    );
    const seen = recordRequests();
    const { user } = renderPay();
    await choose(user, { address: 'المنزل', method: /البطاقة الائتمانية/ });
    await user.click(screen.getByRole('button', { name: 'اتمام الشراء' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith(PAYMENT_URL, '_blank'));
    const get = seen.find((r) => r.path === '/orders/checkout-session/cart-1');
    expect(get?.method).toBe('GET');
    const query = new URLSearchParams(get?.search);
    expect(query.get('shippingAddress[details]')).toBe(addresses[0].details);
    expect(query.get('shippingAddress[alias]')).toBe('المنزل');
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

describe('payment method page with Paymob', () => {
  const paymobShop = () =>
    server.use(
      http.get('*/api/v1/shop', () =>
        HttpResponse.json({
          data: {
            paymentProvider: 'paymob',
            demo: false,
            cardPayment: true,
            paymentMethods: ['card', 'wallet', 'valu'],
          },
        }),
      ),
    );

  it('offers the enabled methods by their Arabic names, each with our own drawn logo, and cash', async () => {
    storeSession(customer);
    paymobShop();
    const { container } = renderPay();
    for (const name of ['بطاقة بنكية', 'محفظة الهاتف', 'التقسيط مع ڤاليو', 'الدفع عند الاستلام'])
      expect(await screen.findByRole('radio', { name })).not.toBeChecked();
    expect(screen.queryByRole('radio', { name: 'الدفع في منافذ أمان ومصاري' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'محفظة الهاتف' })).toHaveAccessibleDescription(
      'فودافون كاش، اورنج كاش، اتصالات كاش، وي باي',
    );
    expect(container.querySelectorAll('label svg')).toHaveLength(3);
    expect(container.querySelector('img')).toBeNull();
  });

  it('a wallet asks for its number, sends it with the method, and goes to the checkout in the same tab', async () => {
    storeSession(customer);
    paymobShop();
    const seen = recordRequests();
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    const open = vi.spyOn(window, 'open');
    const { user } = renderPay();
    await choose(user, { address: 'المنزل', method: /محفظة الهاتف/ });
    const phone = screen.getByLabelText('رقم المحفظة');
    await user.type(phone, '12345');
    await user.click(screen.getByRole('button', { name: 'اتمام الشراء' }));
    expect(await screen.findByText('من فضلك ادخل رقم المحفظة (رقم موبايل مصري)')).toBeInTheDocument();
    expect(seen.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.clear(phone);
    await user.type(phone, '01055556666');
    await user.click(screen.getByRole('button', { name: 'اتمام الشراء' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PAYMENT_URL));
    expect(open).not.toHaveBeenCalled();
    const post = seen.find((r) => r.method === 'POST' && r.path.startsWith('/orders/checkout-session/'))!;
    expect(post.body).toEqual({ shippingAddress: homeAddress, paymentMethod: 'wallet', walletPhone: '01055556666' });
  });

  it('back from a declined payment, says so clearly in Arabic, and the shopper can choose again', async () => {
    storeSession(customer);
    paymobShop();
    renderWithProviders(<PayMethodPage />, { path: '/order/paymethoud', route: '/order/paymethoud?payment=declined' });
    expect(await screen.findByTestId('payment-declined')).toHaveTextContent(
      'لم تتم عملية الدفع ولم يُخصم أي مبلغ: رفض البنك أو المحفظة العملية. يمكنك المحاولة مرة أخرى أو اختيار طريقة دفع أخرى.',
    );
    expect(await screen.findByRole('radio', { name: 'بطاقة بنكية' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'اتمام الشراء' })).toBeEnabled();
  });

  // Paymob's checkout takes the tab, so the shop comes back as a new page load with a new store.
  it('back from a declined payment, finds the address and method it chose still chosen', async () => {
    storeSession(customer);
    paymobShop();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign: vi.fn() } as Location);
    const first = renderPay();
    await choose(first.user, { address: 'العمل', method: /بطاقة بنكية/ });
    await first.user.click(screen.getByRole('button', { name: 'اتمام الشراء' }));
    first.unmount();

    renderWithProviders(<PayMethodPage />, { path: '/order/paymethoud', route: '/order/paymethoud?payment=declined' });
    expect(await screen.findByRole('radio', { name: 'بطاقة بنكية' })).toBeChecked();
    await screen.findByRole('option', { name: 'العمل' });
    expect(screen.getByLabelText('عنوان الشحن')).toHaveDisplayValue('العمل');
    expect(screen.getByTestId('chosen-address')).toHaveTextContent(addresses[1].details);
  });

  it('a kept choice the shop no longer has counts as none: a method it stopped offering, a deleted address', async () => {
    storeSession(customer);
    setStored('checkoutChoice', { addressId: 'deleted-address', method: 'kiosk' });
    paymobShop();
    const seen = recordRequests();
    const { user } = renderPay();
    await screen.findByRole('option', { name: 'المنزل' });
    expect(screen.getByLabelText('عنوان الشحن')).toHaveDisplayValue('اختر عنوان للشحن');
    for (const radio of screen.getAllByRole('radio')) expect(radio).not.toBeChecked();
    await user.selectOptions(screen.getByLabelText('عنوان الشحن'), 'المنزل');
    await user.click(screen.getByRole('button', { name: 'اتمام الشراء' }));
    expect(await screen.findByText('من فضلك اختر طريقة الدفع')).toBeInTheDocument();
    expect(seen.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('logging out forgets the choices: the next shopper on this browser starts with none', async () => {
    storeSession(customer);
    paymobShop();
    const { user, store, unmount } = renderPay();
    await choose(user, { address: 'المنزل', method: /محفظة الهاتف/ });
    expect(getStored('checkoutChoice')).toEqual({ addressId: addresses[0]._id, method: 'wallet' });
    act(() => store.dispatch(loggedOut()));
    expect(getStored('checkoutChoice')).toBeNull();
    unmount();

    storeSession(customer);
    renderPay();
    await screen.findByRole('option', { name: 'المنزل' });
    expect(screen.getByLabelText('عنوان الشحن')).toHaveDisplayValue('اختر عنوان للشحن');
    expect(screen.getByRole('radio', { name: 'محفظة الهاتف' })).not.toBeChecked();
  });
});

describe('delivery on the pay page', () => {
  const aswan = {
    ...addresses[1],
    _id: 'addr-3',
    alias: 'بيت العائلة',
    city: 'كوم امبو',
    governorate: 'EG-ASN',
    governorateName: 'أسوان',
  };
  const noGovernorate = {
    ...addresses[0],
    _id: 'addr-4',
    alias: 'القديم',
    city: '',
    governorate: null,
    governorateName: null,
  };
  const withAddresses = (...saved: (typeof addresses)[number][]) =>
    server.use(http.get('*/api/v1/addresses', () => HttpResponse.json({ status: 'success', data: saved })));
  const summary = () => screen.getByTestId('delivery-summary');
  const line = (name: string) => within(summary()).getByText(name).nextElementSibling;

  it('shows items, shipping and the VAT included for the chosen address; Giza and Aswan cost different shipping', async () => {
    storeSession(customer);
    withAddresses(addresses[1], aswan);
    const seen = recordRequests();
    const { user } = renderPay();
    await screen.findByRole('option', { name: 'العمل' });
    expect(screen.queryByTestId('delivery-summary')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('عنوان الشحن'), 'العمل');
    expect(await screen.findByTestId('chosen-address')).toHaveTextContent('الدقي، الجيزة');
    await waitFor(() => expect(screen.getByTestId('shipping-price')).toHaveTextContent('50 جنيه'));
    expect(line('المنتجات')).toHaveTextContent('12,899 جنيه');
    expect(within(summary()).queryByText('خصم الكوبون')).not.toBeInTheDocument();
    expect(screen.getByTestId('payable')).toHaveTextContent('12,949 جنيه');
    // 14 % included: 12,949 × 14 / 114 = 1,590.23.
    expect(line('شامل ضريبة القيمة المضافة')).toHaveTextContent('1,590.23 جنيه');

    await user.selectOptions(screen.getByLabelText('عنوان الشحن'), 'بيت العائلة');
    expect(screen.getByTestId('chosen-address')).toHaveTextContent('كوم امبو، أسوان');
    await waitFor(() => expect(screen.getByTestId('shipping-price')).toHaveTextContent('120 جنيه'));
    expect(screen.getByTestId('payable')).toHaveTextContent('13,019 جنيه');
    expect(seen.filter((r) => r.path === '/delivery/quote').map((r) => r.search)).toEqual([
      '?governorate=EG-GZ',
      '?governorate=EG-ASN',
    ]);
  });

  it('adds the cash fee and its VAT when cash is chosen, and sends the governorate with the order', async () => {
    storeSession(customer);
    const seen = recordRequests();
    const { user } = renderPay();
    await choose(user, { address: 'العمل' });
    const cashRadio = screen.getByRole('radio', { name: 'الدفع عند الاستلام' });
    await waitFor(() => expect(cashRadio).toHaveAccessibleDescription('رسوم اضافية 10 جنيه'));
    expect(screen.queryByTestId('cash-fee')).not.toBeInTheDocument();
    await user.click(cashRadio);
    expect(screen.getByTestId('cash-fee')).toHaveTextContent('10 جنيه');
    expect(screen.getByTestId('payable')).toHaveTextContent('12,959 جنيه');
    // 12,959 × 14 / 114 = 1,591.46.
    expect(screen.getByTestId('vat')).toHaveTextContent('1,591.46 جنيه');
    await user.click(screen.getByRole('radio', { name: 'الدفع عن طريق البطاقة الائتمانية' }));
    expect(screen.getByTestId('payable')).toHaveTextContent('12,949 جنيه');
    await user.click(cashRadio);
    await user.click(screen.getByRole('button', { name: 'اتمام الشراء' }));
    expect(await screen.findByText('تم انشاء طلبك بنجاح')).toBeInTheDocument();
    expect(seen.find((r) => r.method === 'POST')?.body).toEqual({
      shippingAddress: {
        alias: 'العمل',
        details: addresses[1].details,
        phone: addresses[1].phone,
        city: 'الدقي',
        postalCode: '',
        governorate: 'EG-GZ',
      },
    });
  });

  it('shows the coupon discount and free shipping', async () => {
    storeSession(customer);
    server.use(
      http.get('*/api/v1/delivery/quote', () =>
        HttpResponse.json({
          data: {
            ...makeQuote('EG-C', { itemsPrice: 11609.1, discount: 1289.9 }),
            shippingPrice: 0,
            totalOnline: 11609.1,
          },
        }),
      ),
    );
    const { user } = renderPay();
    await choose(user, { address: 'المنزل' });
    await waitFor(() => expect(screen.getByTestId('shipping-price')).toHaveTextContent('شحن مجاني'));
    expect(line('المنتجات')).toHaveTextContent('12,899 جنيه');
    expect(line('خصم الكوبون')).toHaveTextContent('- 1,289.90 جنيه');
    expect(screen.getByTestId('payable')).toHaveTextContent('11,609.10 جنيه');
  });

  it.each([
    ['zone', {}, 'الدفع عند الاستلام غير متاح في هذه المحافظة'],
    ['shop', {}, 'الدفع عند الاستلام غير متاح حاليًا'],
    ['maxTotal', { maxTotal: 5000 }, 'الدفع عند الاستلام متاح للطلبات حتى 5,000 جنيه'],
  ] as const)(
    'cash off (%s): the cash option is disabled with the reason, online payment stays',
    async (reason, more, text) => {
      storeSession(customer);
      server.use(
        http.get('*/api/v1/delivery/quote', ({ request }) =>
          HttpResponse.json({
            data: makeQuote(
              new URL(request.url).searchParams.get('governorate'),
              {},
              { allowed: false, reason, ...more },
            ),
          }),
        ),
      );
      const { user } = renderPay();
      await choose(user, { address: 'العمل', method: /الدفع عند الاستلام/ });
      const cashRadio = screen.getByRole('radio', { name: 'الدفع عند الاستلام' });
      await waitFor(() => expect(cashRadio).toBeDisabled());
      expect(cashRadio).not.toBeChecked();
      expect(cashRadio).toHaveAccessibleDescription(text);
      expect(screen.getByText(text)).toBeVisible();
      const card = screen.getByRole('radio', { name: 'الدفع عن طريق البطاقة الائتمانية' });
      expect(card).toBeEnabled();
      await user.click(card);
      expect(card).toBeChecked();
    },
  );

  it('a cash order the server refuses (409) says why in Arabic and shows the address as it is now', async () => {
    storeSession(customer);
    let refused = false;
    server.use(
      http.post('*/api/v1/orders/:cartId', () => {
        refused = true;
        return HttpResponse.json(
          { status: 'fail', message: 'Cash on delivery is available for orders up to 10000 EGP' },
          { status: 409 },
        );
      }),
      http.get('*/api/v1/delivery/quote', () =>
        HttpResponse.json({
          data: makeQuote('EG-GZ', {}, refused ? { allowed: false, reason: 'maxTotal', maxTotal: 10000 } : {}),
        }),
      ),
    );
    const { user, router } = renderPay();
    await choose(user, { address: 'العمل' });
    await user.click(await screen.findByRole('radio', { name: /الدفع عند الاستلام/ }));
    await user.click(screen.getByRole('button', { name: 'اتمام الشراء' }));
    expect(
      await screen.findByText('الدفع عند الاستلام متاح للطلبات حتى 10,000 جنيه', { selector: '.Toastify *' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('radio', { name: 'الدفع عند الاستلام' })).toBeDisabled());
    expect(router.state.location.pathname).toBe('/order/paymethoud');
  });

  it('an address without a governorate is priced at the default fee and links to choosing one', async () => {
    storeSession(customer);
    withAddresses(noGovernorate);
    const seen = recordRequests();
    const { user } = renderPay();
    await screen.findByRole('option', { name: 'القديم' });
    await user.selectOptions(screen.getByLabelText('عنوان الشحن'), 'القديم');
    await waitFor(() => expect(screen.getByTestId('shipping-price')).toHaveTextContent('70 جنيه'));
    expect(screen.getByRole('link', { name: 'حدد المحافظة' })).toHaveAttribute('href', '/user/edit-address/addr-4');
    expect(seen.find((r) => r.path === '/delivery/quote')?.search).toBe('');
  });

  it('without a quote (a backend that has none) the page works as before, on the cart price', async () => {
    storeSession(customer);
    server.use(http.get('*/api/v1/delivery/quote', () => HttpResponse.json({ message: 'x' }, { status: 404 })));
    const seen = recordRequests();
    const { user } = renderPay();
    await choose(user, { address: 'المنزل', method: /الدفع عند الاستلام/ });
    await waitFor(() => expect(count(seen, 'GET', '/delivery/quote')).toBe(1));
    expect(screen.queryByTestId('delivery-summary')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'حدد المحافظة' })).not.toBeInTheDocument();
    expect(screen.getByTestId('payable')).toHaveTextContent('12,899 جنيه');
    await user.click(screen.getByRole('button', { name: 'اتمام الشراء' }));
    expect(await screen.findByText('تم انشاء طلبك بنجاح')).toBeInTheDocument();
  });
});
