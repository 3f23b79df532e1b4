import { apiClient } from './client';
import { normalizeProduct } from './normalize';
import type { Id, ListResponse, Product } from './types';

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
  return params.toString();
}

export async function listProducts(query: ProductQuery = {}): Promise<ListResponse<Product>> {
  const qs = productQueryString(query);
  const { data } = await apiClient.get<ListResponse<Partial<Product>>>(`/products${qs ? `?${qs}` : ''}`);
  return { ...data, data: data.data.map(normalizeProduct) };
}

export async function getProduct(id: Id): Promise<Product> {
  const { data } = await apiClient.get<{ data: Partial<Product> }>(`/products/${encodeURIComponent(id)}`);
  return normalizeProduct(data.data);
}
