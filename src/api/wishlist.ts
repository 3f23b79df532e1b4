import { apiClient } from './client';
import { normalizeProduct } from './normalize';
import type { Id, Product } from './types';

interface WishlistChange {
  status: string;
  message?: string;
  /** Product ids now in the list. */
  data: Id[];
}

export async function getWishlist(): Promise<Product[]> {
  const { data } = await apiClient.get<{ data?: Partial<Product>[] }>('/wishlist');
  return (data.data ?? []).map(normalizeProduct);
}

export async function addToWishlist(productId: Id): Promise<WishlistChange> {
  const { data } = await apiClient.post<WishlistChange>('/wishlist', { productId });
  return data;
}

export async function removeFromWishlist(productId: Id): Promise<WishlistChange> {
  const { data } = await apiClient.delete<WishlistChange>(`/wishlist/${encodeURIComponent(productId)}`);
  return data;
}
