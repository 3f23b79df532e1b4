// Admin-only order calls: an order's state changes (reading orders is shared: src/api/orders.ts).
import { apiClient } from '../client';
import { normalizeOrder } from '../normalize';
import type { ListResponse, Order } from '../types';

export { getOrder } from '../orders';

/** PUT /orders/:id/pay or /deliver (no body); resolves with the HTTP status (200 = changed). */
export async function markOrder(id: string, change: 'pay' | 'deliver'): Promise<number> {
  const { status } = await apiClient.put(`/orders/${encodeURIComponent(id)}/${change}`);
  return status;
}

/** POST /orders/:id/refund (ours): the whole online payment back; the order answered, cancelled and refunded. */
export async function refundOrder(id: string): Promise<Order> {
  const { data } = await apiClient.post<{ data: Order }>(`/orders/${encodeURIComponent(id)}/refund`);
  return normalizeOrder(data.data);
}

/** The admin list's filters: API.md §2 order filters plus `search` (ours: number, name, e-mail or phone). */
export interface AdminOrderQuery {
  page: number;
  limit: number;
  search?: string;
  isPaid?: boolean;
  isDelivered?: boolean;
  isCancelled?: boolean;
  paymentMethodType?: Order['paymentMethodType'];
}

export async function listAdminOrders(query: AdminOrderQuery): Promise<ListResponse<Order>> {
  const params: Record<string, string | number | boolean> = { page: query.page, limit: query.limit };
  if (query.search?.trim()) params.search = query.search.trim();
  if (query.isPaid !== undefined) params.isPaid = query.isPaid;
  if (query.isDelivered !== undefined) params.isDelivered = query.isDelivered;
  if (query.isCancelled !== undefined) params.isCancelled = query.isCancelled;
  if (query.paymentMethodType) params.paymentMethodType = query.paymentMethodType;
  const { data } = await apiClient.get<ListResponse<Order>>('/orders', { params });
  return { ...data, data: (data.data ?? []).map(normalizeOrder) };
}
