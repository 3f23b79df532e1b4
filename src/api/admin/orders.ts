// Admin-only order calls: an order's state changes (reading orders is shared: src/api/orders.ts).
import { apiClient, expectStatus } from '../client';
import { normalizeOrder } from '../normalize';
import type { ListResponse, Order, Shipment } from '../types';

export { getOrder } from '../orders';

/** PUT /orders/:id/pay or /deliver (no body); resolves once changed (only a 200 is). */
export async function markOrder(id: string, change: 'pay' | 'deliver'): Promise<void> {
  expectStatus(await apiClient.put(`/orders/${encodeURIComponent(id)}/${change}`));
}

/** POST /orders/:id/refund (ours): the whole online payment back; the order answered, cancelled and refunded. */
export async function refundOrder(id: string): Promise<Order> {
  const { data } = await apiClient.post<{ data: Order }>(`/orders/${encodeURIComponent(id)}/refund`);
  return normalizeOrder(data.data);
}

/** PUT /orders/:id/confirm (ours): staff confirmed the order with its customer; the order answered. */
export async function confirmOrder(id: string): Promise<Order> {
  const { data } = await apiClient.put<{ data: Order }>(`/orders/${encodeURIComponent(id)}/confirm`);
  return normalizeOrder(data.data);
}

/** PUT /orders/:id/ship (ours): handed to a courier, with its tracking when there is one; the order answered. */
export async function shipOrder(id: string, shipment: Shipment): Promise<Order> {
  const { data } = await apiClient.put<{ data: Order }>(`/orders/${encodeURIComponent(id)}/ship`, shipment);
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
  /** Ours: cash orders not yet confirmed, cancelled or delivered. */
  unconfirmed?: boolean;
}

/** The list's filters as query parameters (the CSV exports take the same ones). */
function filterParams(query: Omit<AdminOrderQuery, 'page' | 'limit'>): Record<string, string | boolean> {
  const params: Record<string, string | boolean> = {};
  if (query.search?.trim()) params.search = query.search.trim();
  if (query.isPaid !== undefined) params.isPaid = query.isPaid;
  if (query.isDelivered !== undefined) params.isDelivered = query.isDelivered;
  if (query.isCancelled !== undefined) params.isCancelled = query.isCancelled;
  if (query.paymentMethodType) params.paymentMethodType = query.paymentMethodType;
  if (query.unconfirmed) params.unconfirmed = true;
  return params;
}

export async function listAdminOrders(query: AdminOrderQuery): Promise<ListResponse<Order>> {
  const params = { page: query.page, limit: query.limit, ...filterParams(query) };
  const { data } = await apiClient.get<ListResponse<Order>>('/orders', { params });
  return { ...data, data: (data.data ?? []).map(normalizeOrder) };
}

/** The two CSV files of the filtered orders (ours): one line per order, or one line per order item. */
export type OrdersExport = 'orders' | 'lines';

const EXPORT_PATHS: Record<OrdersExport, string> = {
  orders: '/orders/export.csv',
  lines: '/orders/export-lines.csv',
};

/** GET /orders/export.csv or /orders/export-lines.csv with the list's filters: the file (UTF-8 with a BOM). */
export async function exportOrders(kind: OrdersExport, query: Omit<AdminOrderQuery, 'page' | 'limit'>): Promise<Blob> {
  const { data } = await apiClient.get<Blob>(EXPORT_PATHS[kind], { params: filterParams(query), responseType: 'blob' });
  return data;
}
