// The owner's order state changes and dashboard: imported by admin pages only, so these thunks (and, through import(), their calls) stay in admin chunks.
import { createAppAsyncThunk } from '../../app/hooks';
import type { Id } from '../../api/types';
import { fileDate, saveFile } from '../../lib/download';

const adminOrdersApi = () => import('../../api/admin/orders');

/** PUT /orders/:id/pay or /deliver (the owner); resolves with the HTTP status (200 = changed). */
export const markedOrder = createAppAsyncThunk(
  'orders/mark',
  async ({ id, change }: { id: Id; change: 'pay' | 'deliver' }) => (await adminOrdersApi()).markOrder(id, change),
);

/** POST /orders/:id/refund (the owner): the order as it is after its refund. */
export const refundedOrder = createAppAsyncThunk('orders/refund', async (id: Id) =>
  (await adminOrdersApi()).refundOrder(id),
);

/** PUT /orders/:id/confirm (staff, after calling the customer): the order as it is now. */
export const confirmedOrder = createAppAsyncThunk('orders/confirm', async (id: Id) =>
  (await adminOrdersApi()).confirmOrder(id),
);

type Shipment = import('../../api/types').Shipment;

/** PUT /orders/:id/ship (staff): the order as it is now, shipped with its courier and tracking. */
export const shippedOrder = createAppAsyncThunk(
  'orders/ship',
  async ({ id, shipment }: { id: Id; shipment: Shipment }) => (await adminOrdersApi()).shipOrder(id, shipment),
);

/** The owner's dashboard figures (orders and revenue). */
export const fetchDashboard = createAppAsyncThunk('orders/fetchDashboard', async () =>
  (await import('../../api/admin/dashboard')).getDashboard(),
);

type AdminOrderQuery = import('../../api/admin/orders').AdminOrderQuery;

/** One page of all customers' orders with the owner's filters (kept by the list screen, not in the store). */
export const fetchAdminOrders = createAppAsyncThunk('orders/fetchAdminList', async (query: AdminOrderQuery) =>
  (await adminOrdersApi()).listAdminOrders(query),
);

type OrdersExport = import('../../api/admin/orders').OrdersExport;

const EXPORT_FILE_NAMES: Record<OrdersExport, string> = { orders: 'orders', lines: 'order-lines' };

/**
 * Downloads the CSV file of the orders the list's filters pick (orders-2026-11-26.csv, order-lines-2026-11-26.csv)
 * and resolves with its name; the file itself goes to the browser's downloads, not to the store.
 */
export const exportedOrders = createAppAsyncThunk(
  'orders/export',
  async ({ kind, query }: { kind: OrdersExport; query: Omit<AdminOrderQuery, 'page' | 'limit'> }) => {
    const file = await (await adminOrdersApi()).exportOrders(kind, query);
    const fileName = `${EXPORT_FILE_NAMES[kind]}-${fileDate()}.csv`;
    saveFile(file, fileName);
    return fileName;
  },
);
