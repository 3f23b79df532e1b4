import { apiClient, toApiError } from './client';
import { EMPTY_CART_RESPONSE, hasUnpopulatedProducts, isMissingCart, normalizeCartResponse } from './normalize';
import type { CartResponse } from './types';

export async function getCart(): Promise<CartResponse> {
  try {
    const { data } = await apiClient.get('/cart');
    return normalizeCartResponse(data);
  } catch (err) {
    if (isMissingCart(toApiError(err))) return EMPTY_CART_RESPONSE;
    throw err;
  }
}

/** color '' = the product has no colours. */
export async function addToCart(productId: string, color: string): Promise<CartResponse> {
  const { data } = await apiClient.post('/cart', { productId, color });
  // The original backend answers with bare product ids: fetch the populated cart instead.
  return hasUnpopulatedProducts(data) ? getCart() : normalizeCartResponse(data);
}
