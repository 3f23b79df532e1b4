import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter } from 'react-router-dom';
import { apiClient } from '../../../src/api/client';
import { createRoutes } from '../../../src/app/routes';
import { makeStore } from '../../../src/app/store';
import {
  fetchProductDetails,
  fetchProductList,
  fetchSearchSuggestions,
  selectProductDetails,
  selectProductList,
} from '../../../src/features/products/productsSlice';
import { setStored } from '../../../src/lib/storage';
import { listOf, products } from '../mocks/fixtures';
import { server } from '../mocks/server';
import { renderApp } from '../utils/renderWithProviders';

const phone = products[0];

/** Records every GET /products (list) and GET /products/:id the app sends; `hold` keeps answers back until released. */
function recordProductRequests({ hold = false } = {}) {
  const lists: URLSearchParams[] = [];
  const details: string[] = [];
  let release = () => {};
  const held = hold ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  server.use(
    http.get('*/api/v1/products', async ({ request }) => {
      lists.push(new URL(request.url).searchParams);
      await held;
      return HttpResponse.json({
        ...listOf(products, 8),
        results: 17,
        paginationResult: { currentPage: 1, limit: 8, numberOfPages: 3 },
      });
    }),
    http.get('*/api/v1/products/:id', async ({ params }) => {
      details.push(String(params.id));
      await held;
      const product = products.find((p) => p._id === params.id);
      return product
        ? HttpResponse.json({ data: product })
        : HttpResponse.json({ message: 'not found' }, { status: 404 });
    }),
  );
  return { lists, details, release: () => release() };
}

function putFirstAnswers(answers: Record<string, unknown>) {
  const block = Object.assign(document.createElement('script'), {
    type: 'application/json',
    id: 'first-answers',
    textContent: JSON.stringify(answers),
  });
  document.head.append(block);
  return block;
}

describe("a page's first read (app/request.ts createReadThunk)", () => {
  it("the product's answer in the page's HTML enters the store as the read's answer, once; a later read asks the server", async () => {
    const block = putFirstAnswers({ [`/products/${phone._id}`]: { data: phone } });
    const { details } = recordProductRequests();
    const store = makeStore();
    const first = await store.dispatch(fetchProductDetails(phone._id));
    block.remove();
    expect(first.type).toBe(fetchProductDetails.fulfilled.type);
    expect(selectProductDetails(store.getState())?.title).toBe(phone.title);
    expect(details).toEqual([]);
    await store.dispatch(fetchProductDetails(phone._id));
    expect(details).toEqual([phone._id]);
  });

  it('/products: the route asks for the search of the stored filters before the page exists; the page takes it', async () => {
    setStored('sortType', '+price');
    setStored('catChecked', ['cat-1']);
    setStored('priceFrom', '١٠٠');
    setStored('searchWord', 'هاتف');
    const { lists } = recordProductRequests();
    // Arriving at the route (nothing rendered, so no page code runs) already sends the search.
    const store = makeStore();
    const router = createMemoryRouter(createRoutes(store.dispatch), { initialEntries: ['/products'] });
    await waitFor(() => expect(selectProductList(store.getState(), 'search').status).toBe('succeeded'));
    router.dispose();
    expect(lists).toHaveLength(1);
    renderApp('/products', { store });
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

  it("/products/{id}: the route's read, still on its way when the page mounts, is the page's; the next visit asks again", async () => {
    const { details, release } = recordProductRequests({ hold: true });
    const { store, router } = renderApp(`/products/${phone._id}`);
    await waitFor(() => expect(details).toEqual([phone._id]));
    release();
    expect(await screen.findByRole('heading', { level: 1, name: phone.title })).toBeInTheDocument();
    expect(details).toEqual([phone._id]);
    expect(store.getState().products.ahead).toBe(false);

    await router.navigate('/');
    await router.navigate(`/products/${phone._id}`);
    await waitFor(() => expect(details).toEqual([phone._id, phone._id]));
    expect(await screen.findByRole('heading', { level: 1, name: phone.title })).toBeInTheDocument();
    expect(details).toHaveLength(2);
  });

  it('no second request for the same read while the first is on its way; another read is sent', async () => {
    const { lists, release } = recordProductRequests({ hold: true });
    const store = makeStore();
    const first = store.dispatch(fetchProductList({ key: 'latest', query: { limit: 8 } }));
    const again = await store.dispatch(fetchProductList({ key: 'latest', query: { limit: 8 } }));
    expect(again.meta).toMatchObject({ condition: true });
    const other = store.dispatch(fetchProductList({ key: 'bestSellers', query: { limit: 8, sort: '-sold' } }));
    await waitFor(() => expect(lists).toHaveLength(2));
    release();
    await Promise.all([first, other]);
    expect(lists.map((p) => p.get('sort'))).toEqual([null, '-sold']);
    expect(selectProductList(store.getState(), 'latest')).toMatchObject({ status: 'succeeded', results: 17 });

    // Answered, it is asked for again (a page read afresh, a retry), not kept.
    await store.dispatch(fetchProductList({ key: 'latest', query: { limit: 8 } }));
    expect(lists).toHaveLength(3);
  });

  it("an earlier product's answer that arrives last does not replace the later one's", async () => {
    let releaseFirst = () => {};
    const held = new Promise<void>((resolve) => (releaseFirst = resolve));
    server.use(
      http.get('*/api/v1/products/:id', async ({ params }) => {
        if (params.id === products[0]._id) await held;
        return HttpResponse.json({ data: products.find((p) => p._id === params.id) });
      }),
    );
    const store = makeStore();
    const first = store.dispatch(fetchProductDetails(products[0]._id));
    await store.dispatch(fetchProductDetails(products[1]._id));
    releaseFirst();
    expect((await first).type).toBe(fetchProductDetails.fulfilled.type);
    expect(selectProductDetails(store.getState())?._id).toBe(products[1]._id);
    expect(store.getState().products.status).toBe('succeeded');
  });

  it("a cancelled suggestions request is aborted (the thunk's signal reaches the HTTP call) and changes nothing", async () => {
    server.use(http.get('*/api/v1/products/suggestions', () => new Promise<Response>(() => {})));
    const get = vi.spyOn(apiClient, 'get');
    const store = makeStore();
    const request = store.dispatch(fetchSearchSuggestions('سامسونج'));
    expect(store.getState().products.suggestions.status).toBe('pending');
    await waitFor(() => expect(get).toHaveBeenCalledTimes(1));
    const { signal } = get.mock.calls[0][1] as { signal: AbortSignal };
    expect(signal.aborted).toBe(false);
    request.abort();
    const result = await request;
    expect(result.meta).toMatchObject({ aborted: true });
    expect(signal.aborted).toBe(true);
    expect(store.getState().products.suggestions).toMatchObject({ status: 'idle', error: null, data: null });
    get.mockRestore();
  });
});
