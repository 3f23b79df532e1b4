// The owner's order writes whose answers the store does not keep (paid/delivered, the CSV exports): imported by admin
// pages only, so these thunks (and, through import(), their calls) stay in admin chunks. The steps that answer with
// the order, the admin list and the dashboard are the orders slice's.
import { createAppAsyncThunk } from '../../app/hooks';
import type { Id } from '../../api/types';
import { fileDate, saveFile } from '../../lib/download';

const adminOrdersApi = () => import('../../api/admin/orders');

/** PUT /orders/:id/pay or /deliver (the owner); resolves with the HTTP status (200 = changed). */
export const markOrder = createAppAsyncThunk(
  'orders/mark',
  async ({ id, change }: { id: Id; change: 'pay' | 'deliver' }) => (await adminOrdersApi()).markOrder(id, change),
);

type AdminOrderQuery = import('../../api/admin/orders').AdminOrderQuery;
type OrdersExport = import('../../api/admin/orders').OrdersExport;

const EXPORT_FILE_NAMES: Record<OrdersExport, string> = { orders: 'orders', lines: 'order-lines' };

/**
 * Downloads the CSV file of the orders the list's filters pick (orders-2026-11-26.csv, order-lines-2026-11-26.csv)
 * and resolves with its name; the file itself goes to the browser's downloads, not to the store.
 */
export const exportOrders = createAppAsyncThunk(
  'orders/export',
  async ({ kind, query }: { kind: OrdersExport; query: Omit<AdminOrderQuery, 'page' | 'limit'> }) => {
    const file = await (await adminOrdersApi()).exportOrders(kind, query);
    const fileName = `${EXPORT_FILE_NAMES[kind]}-${fileDate()}.csv`;
    saveFile(file, fileName);
    return fileName;
  },
);
