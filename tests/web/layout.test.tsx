import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { admin, categories, customer, products } from './mocks/fixtures';
import { server } from './mocks/server';
import { renderApp, storeSession } from './utils/renderWithProviders';
import { SHOP_PHONE } from '../../src/content/pages';

describe('top bar', () => {
  it('offers a login link and an empty cart to a visitor, without asking for a cart', async () => {
    let cartRequests = 0;
    server.use(
      http.get('*/api/v1/cart', () => {
        cartRequests += 1;
        return HttpResponse.json({}, { status: 401 });
      }),
    );
    renderApp('/');
    expect(screen.getByRole('link', { name: 'تسجيل الدخول' })).toHaveAttribute('href', '/login');
    expect(screen.getByTestId('cart-count')).toHaveTextContent('0');
    const strip = screen.getByRole('navigation', { name: 'التصنيفات' });
    await within(strip).findByRole('link', { name: categories[0].name });
    expect(cartRequests).toBe(0);
  });

  it('shows the customer’s name, a profile link and the cart count from GET /cart', async () => {
    storeSession(customer);
    const { user } = renderApp('/');
    await waitFor(() => expect(screen.getByTestId('cart-count')).toHaveTextContent('2'));
    expect(screen.queryByRole('link', { name: 'تسجيل الدخول' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: customer.name }));
    expect(screen.getByRole('link', { name: 'الصفحة الشخصية' })).toHaveAttribute('href', '/user/profile');
    expect(screen.queryByRole('link', { name: 'لوحة التحكم' })).not.toBeInTheDocument();
  });

  it('shows 0 items when the original backend answers 404 for a missing cart', async () => {
    storeSession(customer);
    server.use(
      http.get('*/api/v1/cart', () => HttpResponse.json({ status: 'fail', message: 'No cart exist' }, { status: 404 })),
    );
    const { store } = renderApp('/');
    await waitFor(() => expect(store.getState().cart.status).toBe('succeeded'));
    expect(screen.getByTestId('cart-count')).toHaveTextContent('0');
  });

  it('gives an admin a control-panel link and never asks for a cart', async () => {
    let cartRequests = 0;
    server.use(
      http.get('*/api/v1/cart', () => {
        cartRequests += 1;
        return HttpResponse.json({}, { status: 403 });
      }),
    );
    storeSession(admin);
    const { user } = renderApp('/');
    await user.click(screen.getByRole('button', { name: admin.name }));
    expect(screen.getByRole('link', { name: 'لوحة التحكم' })).toHaveAttribute('href', '/admin/allproducts');
    expect(screen.getByTestId('cart-count')).toHaveTextContent('0');
    expect(cartRequests).toBe(0);
  });

  it('logs out: clears token and user, goes home, shows the login link again', async () => {
    storeSession(customer);
    const { user, router, store } = renderApp('/products');
    await waitFor(() => expect(screen.getByTestId('cart-count')).toHaveTextContent('2'));

    await user.click(screen.getByRole('button', { name: customer.name }));
    await user.click(screen.getByRole('button', { name: 'تسجيل الخروج' }));

    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(store.getState().user.user).toBeNull();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('link', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(screen.getByTestId('cart-count')).toHaveTextContent('0');
  });

  it('logs out from a customer page to the home page, not to the login page', async () => {
    storeSession(customer);
    const { user, router } = renderApp('/user/profile');
    await user.click(await screen.findByRole('button', { name: customer.name }));
    await user.click(screen.getByRole('button', { name: 'تسجيل الخروج' }));
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('link', { name: 'تسجيل الدخول' })).toBeInTheDocument();
  });

  it('search box stores the word and opens the product listing', async () => {
    const { user, router, store } = renderApp('/');
    await user.type(screen.getByPlaceholderText('ابحث...'), 'هاتف');
    // The router moves once the listing's chunk has loaded, a moment after the keystroke.
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    expect(store.getState().products.searchWord).toBe('هاتف');
    expect(localStorage.getItem('searchWord')).toBe('هاتف');
    // The listing searches with the stored word: only the phone matches.
    expect(await screen.findByRole('heading', { name: 'نتيجة واحدة', level: 1 })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('link', { name: products[0].title })).toHaveAttribute(
      'href',
      `/products/${products[0]._id}`,
    );
    expect(within(main).queryByRole('link', { name: products[1].title })).not.toBeInTheDocument();
  });

  it('search box starts with the word stored by an earlier visit', () => {
    localStorage.setItem('searchWord', 'قميص');
    renderApp('/');
    expect(screen.getByPlaceholderText('ابحث...')).toHaveValue('قميص');
  });
});

describe('category strip', () => {
  it('links every category to its products and offers a "more" link', async () => {
    renderApp('/');
    const strip = screen.getByRole('navigation', { name: 'التصنيفات' });
    for (const category of categories) {
      expect(await within(strip).findByRole('link', { name: category.name })).toHaveAttribute(
        'href',
        `/products/category/${category._id}`,
      );
    }
    expect(within(strip).getByRole('link', { name: 'المزيد' })).toHaveAttribute('href', '/allcategory');
  });

  it('asks for all categories at once', async () => {
    let requestedLimit: string | null = null;
    server.use(
      http.get('*/api/v1/categories', ({ request }) => {
        requestedLimit = new URL(request.url).searchParams.get('limit');
        return HttpResponse.json({
          results: 0,
          paginationResult: { currentPage: 1, limit: 100, numberOfPages: 0 },
          data: [],
        });
      }),
    );
    const { store } = renderApp('/');
    await waitFor(() => expect(store.getState().category.status).toBe('succeeded'));
    expect(requestedLimit).toBe('100');
  });

  it('keeps the error and shows only the "more" link when categories fail to load', async () => {
    server.use(http.get('*/api/v1/categories', () => HttpResponse.json({ message: 'down' }, { status: 500 })));
    const { store } = renderApp('/');
    await waitFor(() => expect(store.getState().category.status).toBe('failed'));
    expect(store.getState().category.error).toBe('down');
    const strip = screen.getByRole('navigation', { name: 'التصنيفات' });
    expect(within(strip).getAllByRole('link')).toHaveLength(1);
  });
});

describe('footer', () => {
  it('shows the fixed 11-digit Egyptian phone number and three labelled social links', () => {
    renderApp('/');
    const footer = screen.getByRole('contentinfo');
    const phone = within(footer).getByRole('link', { name: '01224553460' });
    expect(phone).toHaveAttribute('href', 'tel:01224553460');
    expect(SHOP_PHONE).toMatch(/^01[0125]\d{8}$/);
    for (const name of ['فيسبوك', 'إكس (تويتر)', 'إنستجرام']) {
      expect(within(footer).getByRole('link', { name })).toBeInTheDocument();
    }
  });

  it.each([
    ['الشروط والاحكام', '/terms', 'الأسعار والطلبات'],
    ['سياسة الخصوصية', '/privacy', 'ما نحفظه'],
    ['اتصل بنا', '/contact', 'الهاتف'],
  ])('links "%s" to its own page, %s', async (name, path, inside) => {
    const { user, router } = renderApp('/');
    await user.click(within(screen.getByRole('contentinfo')).getByRole('link', { name }));
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
    expect(await screen.findByRole('heading', { level: 1, name })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByText(inside)).toBeInTheDocument();
  });
});
