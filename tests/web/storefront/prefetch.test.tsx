import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter } from 'react-router-dom';
import { PREFETCH_TTL_MS } from '../../../src/api/prefetch';
import { getProduct, listProducts, prefetchProduct, prefetchProducts } from '../../../src/api/products';
import { createRoutes } from '../../../src/app/routes';
import { setStored } from '../../../src/lib/storage';
import { listOf, products } from '../mocks/fixtures';
import { server } from '../mocks/server';
import { renderApp } from '../utils/renderWithProviders';

const phone = products[0];

/** Records every GET /products (list) and GET /products/:id the app sends. */
function recordProductRequests() {
  const lists: URLSearchParams[] = [];
  const details: string[] = [];
  server.use(
    http.get('*/api/v1/products', ({ request }) => {
      lists.push(new URL(request.url).searchParams);
      return HttpResponse.json({
        ...listOf(products, 8),
        results: 17,
        paginationResult: { currentPage: 1, limit: 8, numberOfPages: 3 },
      });
    }),
    http.get('*/api/v1/products/:id', ({ params }) => {
      details.push(String(params.id));
      const product = products.find((p) => p._id === params.id);
      return product
        ? HttpResponse.json({ data: product })
        : HttpResponse.json({ message: 'not found' }, { status: 404 });
    }),
  );
  return { lists, details };
}

describe('data requests started with the page chunk (api/prefetch.ts)', () => {
  afterEach(() => vi.useRealTimers());

  it("the product's answer in the page's HTML is taken instead of a request, once; the route's prefetch sends none", async () => {
    const block = Object.assign(document.createElement('script'), {
      type: 'application/json',
      id: 'first-answers',
      textContent: JSON.stringify({ [`/products/${phone._id}`]: { data: phone } }),
    });
    document.head.append(block);
    const { details } = recordProductRequests();
    prefetchProduct(phone._id);
    block.remove();
    expect((await getProduct(phone._id)).title).toBe(phone.title);
    expect(details).toEqual([]);
    expect((await getProduct(phone._id)).title).toBe(phone.title);
    expect(details).toEqual([phone._id]);
  });

  it('/products: the route sends the search of the stored filters before the page exists; the page takes it', async () => {
    setStored('sortType', '+price');
    setStored('catChecked', ['cat-1']);
    setStored('priceFrom', '١٠٠');
    setStored('searchWord', 'هاتف');
    const { lists } = recordProductRequests();
    // Arriving at the route (nothing rendered, so no page code runs) already sends the search.
    const router = createMemoryRouter(createRoutes(), { initialEntries: ['/products'] });
    await waitFor(() => expect(lists).toHaveLength(1));
    router.dispose();
    renderApp('/products');
    expect(await screen.findByRole('heading', { name: '17 نتيجة' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: products[0].title })).toBeInTheDocument();
    expect(lists).toHaveLength(1);
    expect(Object.fromEntries(lists[0])).toEqual({
      sort: '+price',
      limit: '8',
      page: '1',
      keyword: 'هاتف',
      'category[in][]': 'cat-1',
      'price[gt]': '100',
    });
  });

  it('/products/{id}: a request sent before the page mounts is taken by the page, not sent again', async () => {
    const { details } = recordProductRequests();
    prefetchProduct(phone._id);
    renderApp(`/products/${phone._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: phone.title })).toBeInTheDocument();
    expect(details).toEqual([phone._id]);
  });

  it('takes a prefetched request only for the same query, and only once', async () => {
    const { lists } = recordProductRequests();
    prefetchProducts({ limit: 8, page: 1 });
    await listProducts({ limit: 8, page: 2 });
    expect(lists.map((p) => p.get('page'))).toEqual(['1', '2']);
    await listProducts({ limit: 8, page: 1 });
    expect(lists).toHaveLength(2);
    await listProducts({ limit: 8, page: 1 });
    expect(lists.map((p) => p.get('page'))).toEqual(['1', '2', '1']);
  });

  it('does not take a prefetched request that has gone stale', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
    const { details } = recordProductRequests();
    prefetchProduct(phone._id);
    await waitFor(() => expect(details).toHaveLength(1));
    vi.setSystemTime(Date.now() + PREFETCH_TTL_MS + 1);
    expect((await getProduct(phone._id)).title).toBe(phone.title);
    expect(details).toEqual([phone._id, phone._id]);
  });
});
