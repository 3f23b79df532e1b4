// Admin-only product writes (reads are shared: src/api/products.ts).
import { apiClient } from '../client';
import type { ItemResponse, Product } from '../types';

/** POST /products (multipart); resolves with the HTTP status (201 = created). */
export async function createProduct(form: FormData): Promise<number> {
  const { status } = await apiClient.post<ItemResponse<Product>>('/products', form);
  return status;
}

/** PUT /products/:id (multipart); resolves with the HTTP status (200 = updated). */
export async function updateProduct(id: string, form: FormData): Promise<number> {
  const { status } = await apiClient.put<ItemResponse<Product>>(`/products/${encodeURIComponent(id)}`, form);
  return status;
}

export async function deleteProduct(id: string): Promise<void> {
  await apiClient.delete(`/products/${encodeURIComponent(id)}`);
}
