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

/** A cart answer to a change; the original backend may answer with bare product ids, then fetch the populated cart. */
function cartFromAnswer(data: Parameters<typeof hasUnpopulatedProducts>[0]): Promise<CartResponse> | CartResponse {
  return hasUnpopulatedProducts(data)
    ? getCart()
    : normalizeCartResponse(data as Parameters<typeof normalizeCartResponse>[0]);
}

/**
 * color '' = the product has no colours; `variant` = the chosen variant of a product with options (ours). POST /cart adds one piece; for more, the line it made or raised is then set to
 * its count plus the rest (PUT /cart/:itemId), so the stock check covers the whole quantity (409 when it does not fit).
 */
export async function addToCart(
  productId: string,
  color: string,
  quantity = 1,
  variant?: string,
): Promise<CartResponse> {
  const { data } = await apiClient.post('/cart', variant ? { productId, variant } : { productId, color });
  const added = await cartFromAnswer(data);
  if (quantity <= 1) return added;
  const line = added.data.products.find((item) =>
    variant
      ? item.variant?._id === variant
      : item.product._id === productId && item.color.toLowerCase() === color.toLowerCase(),
  );
  return line ? updateCartItemCount(line._id, line.count + quantity - 1) : added;
}

/** PUT /cart/:itemId; 409 = not enough stock, 400 = not a whole number ≥ 1. */
export async function updateCartItemCount(itemId: string, count: number): Promise<CartResponse> {
  const { data } = await apiClient.put(`/cart/${encodeURIComponent(itemId)}`, { count });
  return cartFromAnswer(data);
}

export async function removeCartItem(itemId: string): Promise<CartResponse> {
  const { data } = await apiClient.delete(`/cart/${encodeURIComponent(itemId)}`);
  return cartFromAnswer(data);
}

/** DELETE /cart answers 204 with an empty body. */
export async function clearCart(): Promise<void> {
  await apiClient.delete('/cart');
}

/** 200 = applied; any failure (400 unknown/expired) throws. */
export async function applyCoupon(couponName: string): Promise<CartResponse> {
  const { data } = await apiClient.put('/cart/applyCoupon', { couponName });
  return cartFromAnswer(data);
}
