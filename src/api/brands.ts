import { apiClient } from './client';
import { imageUrl } from './normalize';
import type { Brand, ListResponse } from './types';
import type { ListQuery } from './categories';

export async function listBrands(query: ListQuery = {}): Promise<ListResponse<Brand>> {
  const { data } = await apiClient.get<ListResponse<Brand>>('/brands', { params: query });
  return { ...data, data: data.data.map((b) => ({ ...b, image: imageUrl(b.image, 'brands') })) };
}
