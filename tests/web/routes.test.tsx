import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import RouteErrorPage from '../../src/components/layout/RouteErrorPage';
import { admin, brands, categories, customer, products } from './mocks/fixtures';
import { createRoutes } from '../../src/app/routes';
import { ADMIN_SECTIONS } from '../../src/pages/admin/adminSections';
import { server } from './mocks/server';
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
    // The owner's menu has every section of the admin area (pages/admin/adminSections.ts).
    expect(menu.querySelectorAll('a')).toHaveLength(ADMIN_SECTIONS.length);
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
      expect((await within(main).findAllByRole('link', { name: productLink }))[0]).toHaveAttribute(
        'href',
        '/products/prod-1',
      );
    }
  });

  it('/products shows the search results with the product listing', async () => {
    renderApp('/products');
    expect(await screen.findByRole('heading', { name: 'نتيجتان', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: categories[0].name })).toBeInTheDocument();
  });
});

describe('not found and error fallback', () => {
  const expectNotFound = async (title: string) => {
    expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'الصفحة الرئيسية' })).toHaveAttribute('href', '/');
    expect(within(main).getByRole('link', { name: 'تصفح المنتجات' })).toHaveAttribute('href', '/products');
    // Inside the normal layout: the top bar's search and the footer are there.
    expect(screen.getByPlaceholderText('ابحث...')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.queryByText(/Unexpected Application Error|404 Not Found/)).not.toBeInTheDocument();
  };

  it.each(['/no/such/page', '/user/no-such-page', '/productz'])(
    'shows the Arabic not-found page inside the layout for %s',
    async (path) => {
      const { router } = renderApp(path);
      await expectNotFound('الصفحة غير موجودة');
      expect(router.state.location.pathname).toBe(path);
    },
  );

  it('shows it for an admin at an address of the admin area that names no page, outside the admin menu', async () => {
    storeSession(admin);
    const { router } = renderApp('/admin/no-such-page');
    await expectNotFound('الصفحة غير موجودة');
    expect(screen.queryByRole('navigation', { name: 'لوحة التحكم' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/no-such-page');
  });

  it.each([
    ['/products/prod-999', 'هذا المنتج غير موجود'],
    ['/products/not%20an%20id', 'هذا المنتج غير موجود'],
    ['/products/brand/brand-999', 'هذه الماركة غير موجودة'],
    ['/products/brand/..bad', 'هذه الماركة غير موجودة'],
    ['/products/category/cat-999', 'هذا التصنيف غير موجود'],
    ['/products/category/..bad', 'هذا التصنيف غير موجود'],
  ])('shows a not-found state for %s', async (path, title) => {
    server.use(
      // The server's answer to a malformed id in the path (API.md §3.3).
      http.get('*/api/v1/products/:id', ({ params }) =>
        String(params.id).includes(' ')
          ? HttpResponse.json(
              { errors: [{ msg: 'Invalid ID formate', path: 'id', location: 'params' }] },
              { status: 400 },
            )
          : undefined,
      ),
    );
    renderApp(path);
    await expectNotFound(title);
    expect(screen.queryByText('تعذر تحميل البيانات')).not.toBeInTheDocument();
  });

  it('offers a retry, not a not-found page, when a product fails to load for another reason', async () => {
    server.use(
      http.get('*/api/v1/products/:id', () => HttpResponse.json({ message: 'x' }, { status: 500 }), { once: true }),
    );
    const { user } = renderApp('/products/prod-1');
    expect(await screen.findByText('تعذر تحميل البيانات')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'هذا المنتج غير موجود' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByRole('heading', { name: products[0].title, level: 1 })).toBeInTheDocument();
  });

  it('offers a retry when a brand cannot be looked up', async () => {
    server.use(
      http.get('*/api/v1/brands', () => HttpResponse.json({ message: 'x' }, { status: 500 }), { once: true }),
      http.get('*/api/v1/brands/:id', () => HttpResponse.json({ message: 'x' }, { status: 500 }), { once: true }),
    );
    const { user } = renderApp('/products/brand/brand-1');
    expect(await screen.findByText('تعذر تحميل البيانات')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(
      await screen.findByRole('heading', { name: `منتجات ماركة ${brands[0].name}`, level: 1 }),
    ).toBeInTheDocument();
  });

  it('shows an Arabic error with a reload button when a page throws', async () => {
    function Broken(): never {
      throw new Error('انفجر المكون');
    }
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RouteErrorPage /> }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'حدث خطأ غير متوقع' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إعادة تحميل الصفحة' })).toBeInTheDocument();
    expect(screen.queryByText('انفجر المكون')).not.toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('keeps the top bar when a page inside the layout fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('خطأ داخلي');
    }
    renderRoutes((dispatch) => {
      const routes = createRoutes(dispatch);
      routes[0].children![0].children!.unshift({ path: 'broken', element: <Broken /> });
      return routes;
    }, '/broken');
    expect(await screen.findByRole('heading', { name: 'حدث خطأ غير متوقع' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('ابحث...')).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('keeps thrown 404 route errors inside the layout as the not-found page', async () => {
    function Missing(): never {
      throw new Response('', { status: 404, statusText: 'Not Found' });
    }
    renderRoutes((dispatch) => {
      const routes = createRoutes(dispatch);
      routes[0].children![0].children!.unshift({ path: 'missing', loader: Missing, element: <p /> });
      return routes;
    }, '/missing');
    await expectNotFound('الصفحة غير موجودة');
  });
});
