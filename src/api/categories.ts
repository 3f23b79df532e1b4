import { apiClient } from './client';
import { readGet } from './firstAnswers';
import type { Category, ListResponse } from './types';
import { imageUrl } from './normalize';

export interface ListQuery {
  limit?: number;
  page?: number;
}

/** The API caps `limit` at 100 (API.md §2): "all categories" for strips, filters and selects. */
export const ALL_ITEMS_LIMIT = 100;

/** A list's request path with its page (`/categories?limit=100`), as the server's first answers name it. */
export function listPath(path: string, { limit, page }: ListQuery): string {
  const params = new URLSearchParams();
  if (limit) params.set('limit', String(limit));
  if (page) params.set('page', String(page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

export async function listCategories(query: ListQuery = {}): Promise<ListResponse<Category>> {
  const data = await readGet<ListResponse<Category>>(listPath('/categories', query));
  return { ...data, data: data.data.map((c) => ({ ...c, image: imageUrl(c.image, 'categories') })) };
}

/** GET /categories/:id: 404 when unknown, 400 when the id is malformed. */
export async function getCategory(id: string): Promise<Category> {
  const { data } = await apiClient.get<{ data: Category }>(`/categories/${encodeURIComponent(id)}`);
  return { ...data.data, image: imageUrl(data.data.image, 'categories') };
}
