import { createSlice, type Draft, type WithSlice } from '@reduxjs/toolkit';
import { cancelOrder as cancelOrderRequest, getOrder, getOrders, ORDERS_PAGE_SIZE } from '../../api/orders';
import { reachablePages } from '../../api/paging';
import type { Id, Order } from '../../api/types';
import { createAppAsyncThunk } from '../../app/hooks';
import { addPagedListCases, emptyPagedList, type PagedList } from '../../app/request';
import { addRequestStatusMatchers, idleRequest, isLatestAnswer, type RequestState } from '../../app/request';
import { rootReducer } from '../../app/rootReducer';
import type { RootState } from '../../app/store';
import { loggedOut } from '../../app/userSlice';

/** One order's page (/user/orders/:id). */
interface OrderDetailsState extends RequestState {
  /** The id of the order asked for last. */
  id: Id | null;
  order: Order | null;
  /** Not this customer's order, or no such order (404; a malformed id answers 400). */
  missing: boolean;
  /** The cancel request of this order. */
  cancel: RequestState;
}

type Dashboard = import('../../api/admin/dashboard').Dashboard;
type AdminOrderQuery = import('../../api/admin/orders').AdminOrderQuery;
type Shipment = import('../../api/types').Shipment;

/** The owner's dashboard (/admin): the figures of its last load. */
interface DashboardState extends RequestState {
  figures: Dashboard | null;
}

/** The customer's list: a page asked for while another loads is shown only when its own answer comes. */
interface OrdersState extends RequestState {
  items: Order[];
  /** All orders over all pages (the list's `results`). */
  results: number;
  numberOfPages: number;
  /** 1-based page shown. */
  page: number;
  details: OrderDetailsState;
  /** The page of all customers' orders on the owner's list (/admin/allorders), with its filters. */
  adminList: PagedList<Order>;
  dashboard: DashboardState;
}

const initialDetails: OrderDetailsState = {
  id: null,
  order: null,
  missing: false,
  cancel: idleRequest,
  ...idleRequest,
};
const initialDashboard: DashboardState = { figures: null, ...idleRequest };
const initialState: OrdersState = {
  items: [],
  results: 0,
  numberOfPages: 0,
  page: 1,
  ...idleRequest,
  details: initialDetails,
  adminList: emptyPagedList(),
  dashboard: initialDashboard,
};

// The owner's calls: loaded on first use, so they stay in the admin chunks.
const adminOrdersApi = () => import('../../api/admin/orders');

/** GET /orders, 5 per page: a customer's own orders, or every order for staff (/admin/allorders). */
export const fetchOrders = createAppAsyncThunk(
  'orders/fetch',
  ({ page = 1, limit = ORDERS_PAGE_SIZE }: { page?: number; limit?: number } = {}) => getOrders(page, limit),
);

/** GET /orders/:id: one of the customer's orders. */
export const fetchOrder = createAppAsyncThunk('orders/fetchOne', (id: Id) => getOrder(id));

/** PUT /orders/:id/cancel: resolves with the cancelled order; 409 once it is paid, delivered or already cancelled. */
export const cancelOrder = createAppAsyncThunk('orders/cancel', (id: Id) => cancelOrderRequest(id));

/** One page of all customers' orders with the owner's filters; only the answer to the latest request counts. */
export const fetchAdminOrders = createAppAsyncThunk('orders/fetchAdminList', async (query: AdminOrderQuery) =>
  (await adminOrdersApi()).listAdminOrders(query),
);

/** The owner's dashboard figures (orders and revenue, awaiting orders, stock, best sellers). */
export const fetchDashboard = createAppAsyncThunk('orders/fetchDashboard', async () =>
  (await import('../../api/admin/dashboard')).getDashboard(),
);

/** POST /orders/:id/refund (the owner): the order as it is after its refund. */
export const refundOrder = createAppAsyncThunk('orders/refund', async (id: Id) =>
  (await adminOrdersApi()).refundOrder(id),
);

/** PUT /orders/:id/confirm (staff, after calling the customer): the order as it is now. */
export const confirmOrder = createAppAsyncThunk('orders/confirm', async (id: Id) =>
  (await adminOrdersApi()).confirmOrder(id),
);

/** PUT /orders/:id/ship (staff): the order as it is now, shipped with its courier and tracking. */
export const shipOrder = createAppAsyncThunk('orders/ship', async ({ id, shipment }: { id: Id; shipment: Shipment }) =>
  (await adminOrdersApi()).shipOrder(id, shipment),
);

/** An order as a staff step left it replaces the one on its details page. */
function orderChanged(state: Draft<OrdersState>, order: Order) {
  if (state.details.order?._id === order._id) state.details.order = order;
}

const ordersSlice = createSlice({
  name: 'orders',
  initialState,
  reducers: {
    /** The owner left the order list: the next visit starts from a spinner, not from this page. */
    adminOrderListClosed(state) {
      state.adminList = emptyPagedList();
    },
    /** The owner left the dashboard: the next visit starts from a spinner, not from these figures. */
    dashboardClosed(state) {
      state.dashboard = initialDashboard;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchOrders.pending, (state, action) => {
        state.page = action.meta.arg?.page ?? 1;
      })
      .addCase(fetchOrders.fulfilled, (state, action) => {
        if (!isLatestAnswer(state, action)) return;
        state.items = action.payload.data;
        state.results = action.payload.results ?? action.payload.data.length;
        state.numberOfPages = reachablePages(action.payload.paginationResult);
      })
      .addCase(fetchOrder.pending, (state, action) => {
        const { details } = state;
        details.missing = false;
        if (details.order?._id !== action.meta.arg) details.order = null;
        details.id = action.meta.arg;
      })
      .addCase(fetchOrder.fulfilled, (state, action) => {
        if (isLatestAnswer(state.details, action)) state.details.order = action.payload;
      })
      .addCase(fetchOrder.rejected, (state, action) => {
        if (!isLatestAnswer(state.details, action)) return;
        state.details.missing = action.payload?.status === 404 || action.payload?.status === 400;
      })
      .addCase(cancelOrder.fulfilled, (state, action) => {
        if (state.details.order?._id === action.payload._id) state.details.order = action.payload;
        // The list shows it cancelled too without waiting for its next load.
        state.items = state.items.map((order) => (order._id === action.payload._id ? action.payload : order));
      })
      .addCase(refundOrder.fulfilled, (state, action) => orderChanged(state, action.payload))
      .addCase(confirmOrder.fulfilled, (state, action) => orderChanged(state, action.payload))
      .addCase(shipOrder.fulfilled, (state, action) => orderChanged(state, action.payload))
      // A page that failed to load shows no list while it is asked for again.
      .addCase(fetchAdminOrders.rejected, (state, action) => {
        if (isLatestAnswer(state.adminList, action)) state.adminList.items = [];
      })
      .addCase(fetchDashboard.fulfilled, (state, action) => {
        if (isLatestAnswer(state.dashboard, action)) state.dashboard.figures = action.payload;
      })
      .addCase(loggedOut, () => initialState);
    addPagedListCases(builder, fetchAdminOrders, (state) => state.adminList);
    addRequestStatusMatchers(builder, [fetchDashboard], (state) => state.dashboard);
    addRequestStatusMatchers(builder, [fetchOrders]);
    addRequestStatusMatchers(builder, [fetchOrder], (state) => state.details);
    addRequestStatusMatchers(builder, [cancelOrder], (state) => state.details.cancel);
  },
});

export const { adminOrderListClosed, dashboardClosed } = ordersSlice.actions;
declare module '../../app/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof ordersSlice> {}
}
/** In the store once a screen that needs it has loaded this file (app/rootReducer.ts). */
const own = ordersSlice.injectInto(rootReducer).selectSlice;

export default ordersSlice.reducer;

export const selectOrders = own;
export const selectOrderDetails = (state: RootState) => own(state).details;
export const selectAdminOrderList = (state: RootState) => own(state).adminList;
export const selectDashboard = (state: RootState) => own(state).dashboard;
