// Admin-only catalogue writes (and the subcategory read of the product form). Imported only by
// admin pages, so this code lands in admin chunks.
import { apiClient } from '../client';
import type { Brand, Category, ItemResponse, ListResponse, Subcategory } from '../types';

/** POST /categories (multipart name + image); resolves with the HTTP status (201 = created). */
export async function createCategory(form: FormData): Promise<number> {
  const { status } = await apiClient.post<ItemResponse<Category>>('/categories', form);
  return status;
}

/** POST /brands (multipart name + image); resolves with the HTTP status (201 = created). */
export async function createBrand(form: FormData): Promise<number> {
  const { status } = await apiClient.post<ItemResponse<Brand>>('/brands', form);
  return status;
}

/** POST /subcategories; resolves with the HTTP status (201 = created; a duplicate name rejects with 400). */
export async function createSubcategory(body: { name: string; category: string }): Promise<number> {
  const { status } = await apiClient.post<ItemResponse<Subcategory>>('/subcategories', body);
  return status;
}

/** GET /categories/:id/subcategories (the sub-category picker of the product form). */
export async function listSubcategoriesOf(categoryId: string): Promise<Subcategory[]> {
  const { data } = await apiClient.get<ListResponse<Subcategory>>(`/categories/${encodeURIComponent(categoryId)}/subcategories`, {
    params: { limit: 100 },
  });
  return data.data;
}
