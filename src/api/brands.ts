import { apiClient } from './client';
import { imageUrl } from './normalize';
import type { Brand, ListResponse } from './types';
import { listPath, type ListQuery } from './categories';
import { readGet } from './firstAnswers';

export async function listBrands(query: ListQuery = {}): Promise<ListResponse<Brand>> {
  const data = await readGet<ListResponse<Brand>>(listPath('/brands', query));
  return { ...data, data: data.data.map((b) => ({ ...b, image: imageUrl(b.image, 'brands') })) };
}

/** GET /brands/:id: 404 when unknown, 400 when the id is malformed. */
export async function getBrand(id: string): Promise<Brand> {
  const { data } = await apiClient.get<{ data: Brand }>(`/brands/${encodeURIComponent(id)}`);
  return { ...data.data, image: imageUrl(data.data.image, 'brands') };
}
