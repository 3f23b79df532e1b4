import { apiClient } from './client';

/** What the web app must know about the shop it talks to (GET /shop, ours). */
export interface ShopInfo {
  /** Card payments go to the server's test page: nothing is really paid, and the storefront says so. */
  demo: boolean;
  /** Card checkout is offered at all (Stripe or the test page). */
  cardPayment: boolean;
}

/** Another backend (API.md §8) has no /shop: there, payments are real and card checkout exists. */
export const OTHER_BACKEND_SHOP: ShopInfo = { demo: false, cardPayment: true };

export async function getShopInfo(): Promise<ShopInfo> {
  const { data } = await apiClient.get<{ data?: Partial<ShopInfo> }>('/shop');
  return { demo: data.data?.demo === true, cardPayment: data.data?.cardPayment !== false };
}
