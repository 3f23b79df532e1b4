// Admin-only order calls: one order and its state changes (the list is shared: src/api/orders.ts getOrders).
import { apiClient } from '../client';
import { normalizeOrder } from '../normalize';
import type { ItemResponse, Order } from '../types';

export async function getOrder(id: string): Promise<Order> {
  const { data } = await apiClient.get<ItemResponse<Order>>(`/orders/${encodeURIComponent(id)}`);
  return normalizeOrder(data.data);
}

/** PUT /orders/:id/pay or /deliver (no body); resolves with the HTTP status (200 = changed). */
export async function markOrder(id: string, change: 'pay' | 'deliver'): Promise<number> {
  const { status } = await apiClient.put(`/orders/${encodeURIComponent(id)}/${change}`);
  return status;
}
