import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import RouteErrorPage from '../../src/components/layout/RouteErrorPage';
import { admin, brands, categories, customer, products } from './mocks/fixtures';
import { createRoutes } from '../../src/app/routes';
import { renderApp, renderRoutes, storeSession } from './utils/renderWithProviders';

const loginHeading = () => screen.findByRole('heading', { name: 'تسجيل الدخول', level: 1 });

describe('route guards', () => {
  it.each(['/user/profile', '/user/allorders', '/admin/allproducts', '/admin/orders/o1'])(
    'send a visitor from %s to the login page',
    async (path) => {
      const { router } = renderApp(path);
      expect(await loginHeading()).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
    },
  );

  it('send a customer away from the admin area', async () => {
    storeSession(customer);
    const { router } = renderApp('/admin/allproducts');
    expect(await loginHeading()).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('send an admin away from the customer area', async () => {
    storeSession(admin);
    const { router } = renderApp('/user/profile');
    expect(await loginHeading()).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('let an admin into the admin area, with its side menu', async () => {
    storeSession(admin);
    const { router } = renderApp('/admin/allproducts');
    expect(await screen.findByRole('heading', { name: 'ادارة جميع المنتجات' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/allproducts');
    const menu = screen.getByRole('navigation', { name: 'لوحة التحكم' });
    expect(menu.querySelectorAll('a')).toHaveLength(7);
    expect(screen.getByRole('link', { name: 'اضف كوبون' })).toHaveAttribute('href', '/admin/addcoupon');
  });

  it('treat any role other than user as admin', async () => {
    storeSession({ ...admin, role: 'manager' });
    renderApp('/admin/allorders');
    expect(await screen.findByRole('heading', { name: 'ادارة جميع الطلبات' })).toBeInTheDocument();
  });

  it('let a customer into the customer area, with its four-link side menu', async () => {
    storeSession(customer);
    renderApp('/user/profile');
    expect(await screen.findByRole('heading', { name: 'الملف الشخصي', level: 1 })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'حسابي' });
    const links = [...menu.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/user/allorders', '/user/favoriteproducts', '/user/addresses', '/user/profile']);
  });
});

describe('public routes', () => {
  // Each page's own heading, and a piece of its real content (a product of the fixtures where the page lists products).
  it.each([
    ['/', 'الصفحة الرئيسية', products[0].title],
    ['/register', 'تسجيل حساب جديد', null],
    ['/user/forget-password', 'نسيت كلمة السر', null],
    ['/products/prod-1', products[0].title, null],
    ['/products/category/cat-1', `منتجات تصنيف ${categories[0].name}`, products[0].title],
    ['/products/brand/brand-1', `منتجات ماركة ${brands[0].name}`, products[0].title],
    ['/order/paymethoud', 'اختر طريقة الدفع', null],
  ])('%s renders its page for a visitor', async (path, heading, productLink) => {
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    if (productLink) {
      const main = screen.getByRole('main');
      expect((await within(main).findAllByRole('link', { name: productLink }))[0]).toHaveAttribute('href', '/products/prod-1');
    }
  });

  it('/products shows the search results with the product listing', async () => {
    renderApp('/products');
    expect(await screen.findByRole('heading', { name: `هناك ${products.length} نتيجة بحث`, level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: categories[0].name })).toBeInTheDocument();
  });
});

describe('error fallback', () => {
  it('shows the generic error screen for an unknown URL', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByText('Unexpected Application Error!')).toBeInTheDocument();
    expect(screen.getByText(/^404 Not Found/)).toBeInTheDocument();
  });

  it('shows the error text when a page throws', async () => {
    function Broken(): never {
      throw new Error('انفجر المكون');
    }
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RouteErrorPage /> }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Unexpected Application Error!')).toBeInTheDocument();
    expect(screen.getByText('انفجر المكون')).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('keeps the top bar when a page inside the layout fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('خطأ داخلي');
    }
    const routes = createRoutes();
    routes[0].children![0].children!.push({ path: 'broken', element: <Broken /> });
    renderRoutes(routes, '/broken');
    expect(await screen.findByText('Unexpected Application Error!')).toBeInTheDocument();
    expect(screen.getByText('خطأ داخلي')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('ابحث...')).toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
