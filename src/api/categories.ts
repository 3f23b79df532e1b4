import { apiClient } from './client';
import type { Category, ListResponse } from './types';
import { imageUrl } from './normalize';

export interface ListQuery {
  limit?: number;
  page?: number;
}

/** The API caps `limit` at 100 (API.md §2): "all categories" for strips, filters and selects. */
export const ALL_ITEMS_LIMIT = 100;

export async function listCategories(query: ListQuery = {}): Promise<ListResponse<Category>> {
  const { data } = await apiClient.get<ListResponse<Category>>('/categories', { params: query });
  return { ...data, data: data.data.map((c) => ({ ...c, image: imageUrl(c.image, 'categories') })) };
}

/** GET /categories/:id: 404 when unknown, 400 when the id is malformed. */
export async function getCategory(id: string): Promise<Category> {
  const { data } = await apiClient.get<{ data: Category }>(`/categories/${encodeURIComponent(id)}`);
  return { ...data.data, image: imageUrl(data.data.image, 'categories') };
}
