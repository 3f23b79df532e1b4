import { apiClient, expectStatus } from './client';
import { normalizeOrder } from './normalize';
import type { PaymentMethod } from './shop';
import type { ItemResponse, ListResponse, Order, ShippingAddress } from './types';

export const ORDERS_PAGE_SIZE = 5;

/**
 * Which backend the app talks to: our server (default) or the original one (API.md §8), chosen at build
 * time with VITE_API_FLAVOR=original. Read on each call so tests can switch it with vi.stubEnv.
 */
export function isOriginalBackend(): boolean {
  return import.meta.env.VITE_API_FLAVOR === 'original';
}

/** GET /orders: the customer's own orders (all orders for staff), newest first, 5 per page. */
export async function getOrders(page = 1, limit = ORDERS_PAGE_SIZE): Promise<ListResponse<Order>> {
  const { data } = await apiClient.get<ListResponse<Order>>('/orders', { params: { limit, page } });
  return { ...data, data: (data.data ?? []).map(normalizeOrder) };
}

/** GET /orders/:id: the customer's own order (any order for staff); 404 for someone else's or an unknown one. */
export async function getOrder(id: string): Promise<Order> {
  const { data } = await apiClient.get<ItemResponse<Order>>(`/orders/${encodeURIComponent(id)}`);
  return normalizeOrder(data.data);
}

/** PUT /orders/:id/cancel (ours): the owner cancels an order that is neither paid nor delivered; 409 once it is. */
export async function cancelOrder(id: string): Promise<Order> {
  const { data } = await apiClient.put<ItemResponse<Order>>(`/orders/${encodeURIComponent(id)}/cancel`);
  return normalizeOrder(data.data);
}

/** Cash on delivery: POST /orders/:cartId; resolves with the order (only a 201 is created). */
export async function createCashOrder(cartId: string, shippingAddress: ShippingAddress): Promise<Order> {
  const response = await apiClient.post<{ data: Order }>(`/orders/${encodeURIComponent(cartId)}`, { shippingAddress });
  return normalizeOrder(expectStatus(response, 201).data.data);
}

interface CheckoutSessionAnswer {
  status?: string;
  session?: { id?: string; url?: string };
}

/**
 * Card payment: asks for a payment page. Our server takes POST with the address in the body; the original
 * backend only knows GET, so there the address goes in the query string (it ignores it; ours would read it).
 */
export async function createCheckoutSession(
  cartId: string,
  shippingAddress: ShippingAddress,
  choice: { paymentMethod?: PaymentMethod; walletPhone?: string } = {},
): Promise<CheckoutSessionAnswer> {
  const path = `/orders/checkout-session/${encodeURIComponent(cartId)}`;
  const { data } = isOriginalBackend()
    ? await apiClient.get<CheckoutSessionAnswer>(path, { params: { shippingAddress } })
    : await apiClient.post<CheckoutSessionAnswer>(path, { shippingAddress, ...choice });
  return data;
}
