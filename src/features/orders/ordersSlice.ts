import { createSlice } from '@reduxjs/toolkit';
import { cancelOrder as cancelOrderRequest, getOrder, getOrders, ORDERS_PAGE_SIZE } from '../../api/orders';
import { reachablePages } from '../../api/paging';
import type { Id, Order } from '../../api/types';
import { createAppAsyncThunk } from '../../app/hooks';
import { addRequestStatusMatchers, idleRequest, type RequestState } from '../../app/requestStatus';
import type { RootState } from '../../app/store';
import { loggedOut } from '../user/userSlice';

/** One order's page (/user/orders/:id). */
interface OrderDetailsState extends RequestState {
  order: Order | null;
  /** Not this customer's order, or no such order (404; a malformed id answers 400). */
  missing: boolean;
  /** The cancel request of this order. */
  cancel: RequestState;
}

interface OrdersState extends RequestState {
  items: Order[];
  /** All orders over all pages (the list's `results`). */
  results: number;
  numberOfPages: number;
  /** 1-based page shown. */
  page: number;
  details: OrderDetailsState;
}

const initialDetails: OrderDetailsState = { order: null, missing: false, cancel: idleRequest, ...idleRequest };
const initialState: OrdersState = {
  items: [],
  results: 0,
  numberOfPages: 0,
  page: 1,
  ...idleRequest,
  details: initialDetails,
};

/** GET /orders, 5 per page: a customer's own orders, or every order for staff (/admin/allorders). */
export const fetchOrders = createAppAsyncThunk(
  'orders/fetch',
  ({ page = 1, limit = ORDERS_PAGE_SIZE }: { page?: number; limit?: number } = {}) => getOrders(page, limit),
);

/** GET /orders/:id: one of the customer's orders. */
export const fetchOrder = createAppAsyncThunk('orders/fetchOne', (id: Id) => getOrder(id));

/** PUT /orders/:id/cancel: resolves with the cancelled order; 409 once it is paid, delivered or already cancelled. */
export const cancelOrder = createAppAsyncThunk('orders/cancel', (id: Id) => cancelOrderRequest(id));

const ordersSlice = createSlice({
  name: 'orders',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchOrders.pending, (state, action) => {
        state.page = action.meta.arg?.page ?? 1;
      })
      .addCase(fetchOrders.fulfilled, (state, action) => {
        state.items = action.payload.data;
        state.results = action.payload.results ?? action.payload.data.length;
        state.numberOfPages = reachablePages(action.payload.paginationResult);
      })
      .addCase(fetchOrder.pending, (state, action) => {
        const { details } = state;
        details.missing = false;
        if (details.order?._id !== action.meta.arg) details.order = null;
      })
      .addCase(fetchOrder.fulfilled, (state, action) => {
        state.details.order = action.payload;
      })
      .addCase(fetchOrder.rejected, (state, action) => {
        state.details.missing = action.payload?.status === 404 || action.payload?.status === 400;
      })
      .addCase(cancelOrder.fulfilled, (state, action) => {
        if (state.details.order?._id === action.payload._id) state.details.order = action.payload;
        // The list shows it cancelled too without waiting for its next load.
        state.items = state.items.map((order) => (order._id === action.payload._id ? action.payload : order));
      })
      .addCase(loggedOut, () => initialState);
    addRequestStatusMatchers(builder, [fetchOrders]);
    addRequestStatusMatchers(builder, [fetchOrder], (state) => state.details);
    addRequestStatusMatchers(builder, [cancelOrder], (state) => state.details.cancel);
  },
});

export default ordersSlice.reducer;

export const selectOrders = (state: RootState) => state.orders;
export const selectOrderDetails = (state: RootState) => state.orders.details;
