import { apiClient } from './client';
import { imageUrl, normalizeProduct } from './normalize';
import { readGet } from './firstAnswers';
import type { Id, ListResponse, Product, SearchSuggestions } from './types';

/** Sort values the listing sends (API.md §2; '' = the server's default order). */
export type ProductSort = '' | '-sold' | '-ratingsAverage' | '+price' | '-price';

export interface ProductQuery {
  limit?: number;
  page?: number;
  sort?: ProductSort;
  keyword?: string;
  /** Exact category / brand (category and brand pages, related products). */
  category?: Id;
  brand?: Id;
  /** Any of these categories / brands (the listing's side filter). */
  categories?: Id[];
  brands?: Id[];
  /** Price range; values of 0 or less are not sent (SPEC §5). */
  priceFrom?: number | null;
  priceTo?: number | null;
  /** Option values, 'Name:Value' each (ours): one option's values OR, different options AND, on one in-stock variant. */
  options?: string[];
}

/** The query string of API.md §5.6, in `qs` bracket style (`category[in][]=…`, `price[gt]=…`). */
export function productQueryString(query: ProductQuery): string {
  const params = new URLSearchParams();
  if (query.sort) params.set('sort', query.sort);
  if (query.limit) params.set('limit', String(query.limit));
  if (query.page) params.set('page', String(query.page));
  if (query.keyword?.trim()) params.set('keyword', query.keyword.trim());
  if (query.category) params.set('category', query.category);
  if (query.brand) params.set('brand', query.brand);
  for (const id of query.categories ?? []) params.append('category[in][]', id);
  for (const id of query.brands ?? []) params.append('brand[in][]', id);
  if (query.priceFrom != null && query.priceFrom > 0) params.set('price[gt]', String(query.priceFrom));
  if (query.priceTo != null && query.priceTo > 0) params.set('price[lte]', String(query.priceTo));
  if (query.options?.length) params.set('options', query.options.join(','));
  return params.toString();
}

const productListUrl = (query: ProductQuery) => {
  const qs = productQueryString(query);
  return `/products${qs ? `?${qs}` : ''}`;
};
const productUrl = (id: Id) => `/products/${encodeURIComponent(id)}`;

export async function listProducts(query: ProductQuery = {}): Promise<ListResponse<Product>> {
  const data = await readGet<ListResponse<Partial<Product>>>(productListUrl(query));
  return { ...data, data: data.data.map(normalizeProduct) };
}

export async function getProduct(id: Id): Promise<Product> {
  const data = await readGet<{ data: Partial<Product> }>(productUrl(id));
  return normalizeProduct(data.data);
}

/** The top bar's suggestions for a typed keyword (ours; GET /products/suggestions). */
export async function getSearchSuggestions(keyword: string, signal?: AbortSignal): Promise<SearchSuggestions> {
  const { data } = await apiClient.get<{ data: SearchSuggestions }>('/products/suggestions', {
    params: { keyword },
    signal,
  });
  const { products = [], categories = [], brands = [] } = data.data;
  return { products: products.map((p) => ({ ...p, imageCover: imageUrl(p.imageCover) ?? '' })), categories, brands };
}
