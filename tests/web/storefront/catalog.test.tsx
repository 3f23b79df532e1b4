import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { admin, brands, categories, listOf, products } from '../mocks/fixtures';
import { server } from '../mocks/server';
import { renderApp, storeSession } from '../utils/renderWithProviders';

function pagedAnswer(path: string, make: (i: number) => object, total: number) {
  const requests: string[] = [];
  server.use(
    http.get(`*/api/v1/${path}`, ({ request }) => {
      const url = new URL(request.url);
      requests.push(url.search);
      const limit = Number(url.searchParams.get('limit'));
      const page = Number(url.searchParams.get('page')) || 1;
      return HttpResponse.json(
        listOf(
          Array.from({ length: total }, (_, i) => make(i)),
          limit,
          page,
        ),
      );
    }),
  );
  return requests;
}

describe('/allcategory and /allbrand', () => {
  it('pages categories 6 at a time', async () => {
    const requests = pagedAnswer('categories', (i) => ({ ...categories[0], _id: `c${i}`, name: `تصنيف ${i}` }), 8);
    const { user } = renderApp('/allcategory');
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('link', { name: 'تصنيف 5' })).toHaveAttribute('href', '/products/category/c5');
    expect(within(main).queryByText('تصنيف 6')).not.toBeInTheDocument();
    expect(requests).toContain('?limit=6&page=1');
    await user.click(within(main).getByRole('button', { name: /الصفحة 2/ }));
    expect(await within(main).findByRole('link', { name: 'تصنيف 7' })).toBeInTheDocument();
    expect(requests).toContain('?limit=6&page=2');
  });

  it('pages brands 4 at a time', async () => {
    const requests = pagedAnswer('brands', (i) => ({ ...brands[0], _id: `b${i}`, name: `ماركة ${i}` }), 6);
    const { user } = renderApp('/allbrand');
    const card = await screen.findByRole('link', { name: 'ماركة 3' });
    expect(card).toHaveAttribute('href', '/products/brand/b3');
    // The logo with the brand's name written under it, not only as a hidden label.
    expect(card.querySelector('img')).toHaveAttribute('src', brands[0].image);
    expect(within(card).getByText('ماركة 3')).toBeVisible();
    expect(
      card.querySelector('img')!.compareDocumentPosition(within(card).getByText('ماركة 3')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'ماركة 4' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /الصفحة 2/ }));
    expect(await screen.findByRole('link', { name: 'ماركة 5' })).toBeInTheDocument();
    expect(requests).toEqual(expect.arrayContaining(['?limit=4&page=1', '?limit=4&page=2']));
  });

  it('shows the error text when the list fails and the empty texts', async () => {
    server.use(http.get('*/api/v1/brands', () => HttpResponse.json({ message: 'x' }, { status: 500 })));
    renderApp('/allbrand');
    expect(await screen.findByText('تعذر تحميل البيانات')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إعادة المحاولة' })).toBeInTheDocument();
  });

  it('says when there are no categories', async () => {
    server.use(http.get('*/api/v1/categories', () => HttpResponse.json(listOf([]))));
    renderApp('/allcategory');
    expect(await screen.findByText('لا يوجد تصنيفات')).toBeInTheDocument();
  });
});

describe('products of a category or a brand', () => {
  it('shows the category name and its products, 8 a page', async () => {
    const queries: string[] = [];
    server.use(
      http.get('*/api/v1/products', ({ request }) => {
        queries.push(new URL(request.url).search);
        return HttpResponse.json({
          ...listOf([products[0]], 8),
          paginationResult: { currentPage: 1, limit: 8, numberOfPages: 2 },
        });
      }),
    );
    const { user, router } = renderApp('/products/category/cat-1');
    expect(await screen.findByRole('heading', { name: 'منتجات تصنيف الكترونيات' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: products[0].title })).toBeInTheDocument();
    expect(queries[0]).toBe('?limit=8&page=1&category=cat-1');
    await user.click(screen.getByRole('button', { name: /الصفحة 2/ }));
    await waitFor(() => expect(queries.at(-1)).toBe('?limit=8&page=2&category=cat-1'));
    // The page is in the address: Back from a product opened there comes back to page 2.
    expect(router.state.location.search).toBe('?page=2');
    await user.click(screen.getByRole('link', { name: products[0].title }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/products/${products[0]._id}`));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(queries.at(-1)).toBe('?limit=8&page=2&category=cat-1'));
    expect(router.state.location.search).toBe('?page=2');
  });

  it('shows the brand name and its products', async () => {
    renderApp('/products/brand/brand-1');
    expect(await screen.findByRole('heading', { name: 'منتجات ماركة سامسونج' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: products[0].title })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: products[1].title })).not.toBeInTheDocument();
  });
});

describe('top bar', () => {
  it('gives an admin the control-panel link', async () => {
    storeSession(admin);
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: admin.name }));
    expect(screen.getByRole('link', { name: 'لوحة التحكم' })).toHaveAttribute('href', '/admin/allproducts');
  });

  it('sends a search typed elsewhere to /products', async () => {
    const { user, router } = renderApp('/');
    await user.type(screen.getByRole('combobox', { name: 'ابحث عن منتج' }), 'ق');
    // The router moves once the listing's chunk has loaded, a moment after the keystroke.
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
  });
});
