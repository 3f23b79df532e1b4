import { act, screen, waitFor, within } from '@testing-library/react';
import { addToCart } from '../../../src/api/cart';
import CartPage from '../../../src/pages/storefront/CartPage';
import PayMethodPage from '../../../src/pages/storefront/PayMethodPage';
import UserAllOrdersPage from '../../../src/pages/user/UserAllOrdersPage';
import { customer, products, TOKEN } from '../mocks/fixtures';
import { ORIGINAL_IMAGE_FILE, ORIGINAL_PAYMENT_URL, originalBackendHandlers } from '../mocks/handlers/originalBackend';
import { server } from '../mocks/server';
import { renderApp, renderRoutes, storeSession } from '../utils/renderWithProviders';
import { recordRequests } from './helpers';
import { getStored } from '../../../src/lib/storage';

// The same screens against the original backend's answers (API.md §8).
const customerRoutes = [
  { path: '/cart', element: <CartPage /> },
  { path: '/order/paymethoud', element: <PayMethodPage /> },
  { path: '/user/allorders', element: <UserAllOrdersPage /> },
];
const originImage = `${window.location.origin}/products/${ORIGINAL_IMAGE_FILE}`;

beforeEach(() => {
  vi.stubEnv('VITE_API_FLAVOR', 'original');
  server.use(...originalBackendHandlers());
  storeSession(customer);
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('against the original backend', () => {
  async function logInWith(password: string) {
    const rendered = renderApp('/login');
    await rendered.user.type(await screen.findByLabelText('البريد الإلكتروني'), customer.email);
    await rendered.user.type(screen.getByLabelText('كلمة السر'), password);
    await rendered.user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    return rendered;
  }

  it('treats its 500 "Incorrect email or password" as a wrong login and clears the session', async () => {
    const { store, router } = await logInWith('wrong-password');
    expect(await screen.findByText('كلمة السر او الايميل خطأ')).toBeInTheDocument();
    expect(getStored('token')).toBeNull();
    expect(getStored('user')).toBeNull();
    expect(store.getState().user.user).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('logs in with its {data, token} answer and never keeps the password hash', async () => {
    localStorage.clear();
    const { store } = await logInWith('Passw0rd!');
    expect(await screen.findByText('تم تسجيل الدخول بنجاح')).toBeInTheDocument();
    expect(getStored('token')).toBe(TOKEN);
    const stored = getStored('user');
    expect(stored).toMatchObject({ _id: customer._id, name: customer.name, email: customer.email, role: 'user' });
    expect(stored).not.toHaveProperty('password');
    expect(JSON.stringify(localStorage)).not.toContain('$2a$');
    expect(store.getState().user.user).not.toHaveProperty('password');
  });

  it('treats 404 "No cart exist" as an empty cart', async () => {
    renderRoutes(customerRoutes, '/cart');
    expect(await screen.findByText('لا يوجد منتجات في العربة')).toBeInTheDocument();
  });

  it('re-fetches the cart after POST /cart answers bare ids, with absolute image URLs', async () => {
    const seen = recordRequests();
    const answer = await addToCart('prod-1', '#000000');
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /cart', 'GET /cart']);
    expect(answer.data.products[0].product.title).toBe(products[0].title);
    expect(answer.data.products[0].product.imageCover).toBe(originImage);
    expect(answer.data.products[0].product.ratingsQuantity).toBe(0);

    renderRoutes(customerRoutes, '/cart');
    const line = await screen.findByRole('listitem', { name: products[0].title });
    expect(within(line).getByRole('img', { name: products[0].title })).toHaveAttribute('src', originImage);
    expect(screen.getByTestId('cart-total')).toHaveTextContent('11,999 جنيه');
  });

  it('applies a coupon, and warns about a bad one', async () => {
    await addToCart('prod-2', '');
    const { user } = renderRoutes(customerRoutes, '/cart');
    await screen.findByRole('listitem', { name: products[1].title });
    const coupon = screen.getByLabelText('كود الخصم');
    await user.type(coupon, 'WRONG');
    await user.click(screen.getByRole('button', { name: 'تطبيق' }));
    expect(await screen.findByText('هذا الكوبون غير صحيح او منتهى الصلاحيه')).toBeInTheDocument();
    await user.clear(coupon);
    await user.type(coupon, 'SALE10');
    await user.click(screen.getByRole('button', { name: 'تطبيق' }));
    expect(await screen.findByText('تم تطبيق الكوبون بنجاح')).toBeInTheDocument();
    // The answer's products are bare ids: the app fetched the populated cart instead, and still shows the line.
    await waitFor(() => expect(screen.getByTestId('cart-total-after-discount')).toHaveTextContent('405 جنيه'));
    expect(screen.getByRole('listitem', { name: products[1].title })).toBeInTheDocument();
  });

  it('places a cash order and finds it in my orders, images made absolute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await addToCart('prod-1', '#000000');
    const { user, router } = renderRoutes(customerRoutes, '/order/paymethoud');
    await user.selectOptions(await screen.findByLabelText('عنوان الشحن'), 'المنزل');
    await user.click(screen.getByRole('radio', { name: 'الدفع عند الاستلام' }));
    await waitFor(() => expect(screen.getByTestId('payable')).toHaveTextContent('11,999 جنيه'));
    await user.click(screen.getByRole('button', { name: 'اتمام الشراء' }));
    expect(await screen.findByText('تم انشاء طلبك بنجاح')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(router.state.location.pathname).toBe('/user/allorders');
    const card = await screen.findByRole('article', { name: 'طلب رقم #1' });
    expect(within(card).getByRole('img', { name: products[0].title })).toHaveAttribute('src', originImage);
    expect(screen.getByText('عدد الطلبات 1')).toBeInTheDocument();
  });

  it('asks for the card session by GET', async () => {
    await addToCart('prod-1', '#000000');
    const open = vi.spyOn(window, 'open').mockReturnValue({ opener: null } as unknown as Window);
    const { user } = renderRoutes(customerRoutes, '/order/paymethoud');
    await user.selectOptions(await screen.findByLabelText('عنوان الشحن'), 'المنزل');
    await user.click(screen.getByRole('radio', { name: 'الدفع عن طريق البطاقة الائتمانية' }));
    await waitFor(() => expect(screen.getByTestId('payable')).toHaveTextContent('11,999 جنيه'));
    await user.click(screen.getByRole('button', { name: 'اتمام الشراء' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith(ORIGINAL_PAYMENT_URL, '_blank'));
  });
});
