import { http, HttpResponse } from 'msw';
import type { Product } from '../../../../src/api/types';
import { brands, categories, listOf, products } from '../fixtures';

// '*/api/v1/...' matches the relative URLs the app requests from jsdom's origin.
function pageParams(request: Request) {
  const url = new URL(request.url);
  const limit = Number(url.searchParams.get('limit')) || 50;
  const page = Number(url.searchParams.get('page')) || 1;
  return { limit, page };
}

/** The product filters of API.md §2/§5.6 that the storefront sends, applied to the fixtures. */
function filterProducts(request: Request): Product[] {
  const params = new URL(request.url).searchParams;
  let result = [...products];
  const keyword = params.get('keyword');
  if (keyword) result = result.filter((p) => p.title.includes(keyword) || p.description.includes(keyword));
  const category = params.get('category');
  if (category) result = result.filter((p) => p.category === category);
  const brand = params.get('brand');
  if (brand) result = result.filter((p) => p.brand === brand);
  const inCategories = params.getAll('category[in][]');
  if (inCategories.length) result = result.filter((p) => inCategories.includes(p.category));
  const inBrands = params.getAll('brand[in][]');
  if (inBrands.length) result = result.filter((p) => p.brand != null && inBrands.includes(p.brand));
  const from = params.get('price[gt]');
  if (from) result = result.filter((p) => p.price > Number(from));
  const to = params.get('price[lte]');
  if (to) result = result.filter((p) => p.price <= Number(to));
  const sort = params.get('sort')?.trim();
  if (sort) {
    const field = sort.replace(/^[-+]/, '') as 'price' | 'sold' | 'ratingsAverage';
    const sign = sort.startsWith('-') ? -1 : 1;
    result.sort((a, b) => sign * (a[field] - b[field]));
  }
  return result;
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
    return HttpResponse.json(listOf(filterProducts(request), limit, page));
  }),
  http.get('*/api/v1/products/:id', ({ params }) => {
    const product = products.find((p) => p._id === params.id);
    return product
      ? HttpResponse.json({ data: product })
      : HttpResponse.json({ status: 'fail', message: `No document for this id ${String(params.id)}` }, { status: 404 });
  }),
];
