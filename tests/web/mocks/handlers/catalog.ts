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
export function filterProducts(request: Request, list: Product[] = products): Product[] {
  const params = new URL(request.url).searchParams;
  let result = [...list];
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
  // Ours: one option's values OR, different options AND, on one in-stock variant.
  const terms = (params.get('options') ?? '').split(',').filter(Boolean);
  if (terms.length) {
    const wanted = new Map<string, string[]>();
    for (const term of terms) {
      const at = term.indexOf(':');
      wanted.set(term.slice(0, at), [...(wanted.get(term.slice(0, at)) ?? []), term.slice(at + 1)]);
    }
    result = result.filter((p) =>
      p.variants?.some(
        (v) =>
          v.quantity > 0 &&
          [...wanted].every(([name, values]) => {
            const i = (p.options ?? []).findIndex((o) => o.name === name);
            return i >= 0 && values.includes(v.options[i]!);
          }),
      ),
    );
  }
  const sort = params.get('sort')?.trim();
  if (sort) {
    const field = sort.replace(/^[-+]/, '') as 'price' | 'sold' | 'ratingsAverage';
    const sign = sort.startsWith('-') ? -1 : 1;
    result.sort((a, b) => sign * (a[field] - b[field]));
  }
  return result;
}

/** GET /products/optionValues (ours) of `list`: the in-stock option values the other filters find, each with its products. */
export function optionValuesOf(request: Request, list: Product[] = products) {
  const found = new Map<string, { value: string; hex?: string; products: number }[]>();
  const url = new URL(request.url);
  url.searchParams.delete('options');
  for (const product of filterProducts(new Request(url), list)) {
    (product.options ?? []).forEach((option, i) => {
      const values = found.get(option.name) ?? [];
      for (const value of option.values) {
        const inStock = product.variants?.some((v) => v.quantity > 0 && v.options[i] === value.value);
        const seen = values.find((v) => v.value === value.value);
        if (inStock && seen) seen.products += 1;
        else if (inStock) values.push({ ...value, products: 1 });
      }
      found.set(option.name, values);
    });
  }
  return HttpResponse.json({ data: [...found].map(([name, values]) => ({ name, values })) });
}

/** GET /<resource>/:id as API.md §3.3 answers it: 400 for a malformed id (ours: fixtures ids are word-dash-number), 404 when missing. */
function oneOf<T extends { _id: string }>(items: T[], id: unknown) {
  if (!/^[a-z]+-\d+$/.test(String(id))) {
    return HttpResponse.json(
      { errors: [{ msg: 'Invalid ID formate', path: 'id', location: 'params' }] },
      { status: 400 },
    );
  }
  const item = items.find((entry) => entry._id === id);
  return item
    ? HttpResponse.json({ data: item })
    : HttpResponse.json({ status: 'fail', message: `No document for this id ${String(id)}` }, { status: 404 });
}

export const defaultHandlers = [
  // The owner's screens ask which stock unpaid cash orders hold (ours): none by default.
  http.get('*/api/v1/inventory/held', () => HttpResponse.json({ data: [] })),
  http.get('*/api/v1/categories', ({ request }) => {
    const { limit, page } = pageParams(request);
    return HttpResponse.json(listOf(categories, limit, page));
  }),
  http.get('*/api/v1/brands', ({ request }) => {
    const { limit, page } = pageParams(request);
    return HttpResponse.json(listOf(brands, limit, page));
  }),
  http.get('*/api/v1/categories/:id', ({ params }) => oneOf(categories, params.id)),
  http.get('*/api/v1/brands/:id', ({ params }) => oneOf(brands, params.id)),
  http.get('*/api/v1/products', ({ request }) => {
    const { limit, page } = pageParams(request);
    return HttpResponse.json(listOf(filterProducts(request), limit, page));
  }),
  // Ours: the listing's option values, of the in-stock variants of the products the other filters find.
  http.get('*/api/v1/products/optionValues', ({ request }) => optionValuesOf(request)),
  // Ours: the top bar's suggestions (before /products/:id, which would take "suggestions" for an id).
  http.get('*/api/v1/products/suggestions', ({ request }) => {
    const keyword = new URL(request.url).searchParams.get('keyword')?.trim() ?? '';
    const named = (items: { _id: string; name: string }[]) =>
      items
        .filter((i) => i.name.includes(keyword))
        .slice(0, 4)
        .map(({ _id, name }) => ({ _id, name }));
    if (keyword.length < 2) return HttpResponse.json({ data: { products: [], categories: [], brands: [] } });
    return HttpResponse.json({
      data: {
        products: products
          .filter((p) => p.title.includes(keyword) || p.description.includes(keyword))
          .slice(0, 6)
          .map(({ _id, title, imageCover, price, priceAfterDiscount }) => ({
            _id,
            title,
            imageCover,
            price,
            priceAfterDiscount,
          })),
        categories: named(categories),
        brands: named(brands),
      },
    });
  }),
  http.get('*/api/v1/products/:id', ({ params }) => {
    const product = products.find((p) => p._id === params.id);
    return product
      ? HttpResponse.json({ data: product })
      : HttpResponse.json({ status: 'fail', message: `No document for this id ${String(params.id)}` }, { status: 404 });
  }),
];
