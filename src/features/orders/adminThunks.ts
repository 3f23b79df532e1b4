// The owner's order state changes and dashboard: imported by admin pages only, so these thunks (and, through import(), their calls) stay in admin chunks.
import { createAppAsyncThunk } from '../../app/hooks';
import type { Id } from '../../api/types';

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

/** The owner's dashboard figures (orders and revenue). */
export const fetchDashboard = createAppAsyncThunk('orders/fetchDashboard', async () =>
  (await import('../../api/admin/dashboard')).getDashboard(),
);

type AdminOrderQuery = import('../../api/admin/orders').AdminOrderQuery;

/** One page of all customers' orders with the owner's filters (kept by the list screen, not in the store). */
export const fetchAdminOrders = createAppAsyncThunk('orders/fetchAdminList', async (query: AdminOrderQuery) =>
  (await adminOrdersApi()).listAdminOrders(query),
);
