import { http, HttpResponse } from 'msw';
import { brands, categories, listOf, products } from '../fixtures';

// '*/api/v1/...' matches the relative URLs the app requests from jsdom's origin.
function pageParams(request: Request) {
  const url = new URL(request.url);
  const limit = Number(url.searchParams.get('limit')) || 50;
  const page = Number(url.searchParams.get('page')) || 1;
  return { limit, page };
}

export const catalogHandlers = [
  http.get('*/api/v1/categories', ({ request }) => {
    const { limit, page } = pageParams(request);
    return HttpResponse.json(listOf(categories, limit, page));
  }),
  http.get('*/api/v1/brands', ({ request }) => {
    const { limit, page } = pageParams(request);
    return HttpResponse.json(listOf(brands, limit, page));
  }),
  http.get('*/api/v1/products', ({ request }) => {
    const { limit, page } = pageParams(request);
    return HttpResponse.json(listOf(products, limit, page));
  }),
  http.get('*/api/v1/products/:id', ({ params }) => {
    const product = products.find((p) => p._id === params.id);
    return product
      ? HttpResponse.json({ data: product })
      : HttpResponse.json({ status: 'fail', message: `No document for this id ${String(params.id)}` }, { status: 404 });
  }),
];
