import { createSlice } from '@reduxjs/toolkit';
import { toApiError } from '../../api/client';
import { cancelOrder as cancelOrderRequest, getOrder, getOrders, ORDERS_PAGE_SIZE } from '../../api/orders';
import { reachablePages } from '../../api/paging';
import type { Id, Order } from '../../api/types';
import { createAppAsyncThunk } from '../../app/hooks';
import { idleRequest, rejectionMessage, type RequestState, type RequestStatus } from '../../app/requestStatus';
import type { RootState } from '../../app/store';
import { loggedOut } from '../user/userSlice';

/** One order's page (/user/orders/:id). */
interface OrderDetailsState extends RequestState {
  order: Order | null;
  /** Not this customer's order, or no such order (404; a malformed id answers 400). */
  missing: boolean;
  cancelStatus: RequestStatus;
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

const initialDetails: OrderDetailsState = { order: null, missing: false, cancelStatus: 'idle', ...idleRequest };
const initialState: OrdersState = { items: [], results: 0, numberOfPages: 0, page: 1, ...idleRequest, details: initialDetails };

/** GET /orders, 5 per page: a customer's own orders, or every order for staff (/admin/allorders). */
export const fetchOrders = createAppAsyncThunk(
  'orders/fetch',
  async ({ page = 1, limit = ORDERS_PAGE_SIZE }: { page?: number; limit?: number } = {}, { rejectWithValue }) => {
    try {
      return await getOrders(page, limit);
    } catch (err) {
      return rejectWithValue(toApiError(err));
    }
  },
);

/** GET /orders/:id: one of the customer's orders. */
export const fetchOrder = createAppAsyncThunk('orders/fetchOne', async (id: Id, { rejectWithValue }) => {
  try {
    return await getOrder(id);
  } catch (err) {
    return rejectWithValue(toApiError(err));
  }
});

/** PUT /orders/:id/cancel: resolves with the cancelled order; 409 once it is paid, delivered or already cancelled. */
export const cancelOrder = createAppAsyncThunk('orders/cancel', async (id: Id, { rejectWithValue }) => {
  try {
    return await cancelOrderRequest(id);
  } catch (err) {
    return rejectWithValue(toApiError(err));
  }
});

const ordersSlice = createSlice({
  name: 'orders',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchOrders.pending, (state, action) => {
        state.status = 'pending';
        state.error = null;
        state.page = action.meta.arg?.page ?? 1;
      })
      .addCase(fetchOrders.fulfilled, (state, action) => {
        state.status = 'succeeded';
        state.items = action.payload.data;
        state.results = action.payload.results ?? action.payload.data.length;
        state.numberOfPages = reachablePages(action.payload.paginationResult);
      })
      .addCase(fetchOrders.rejected, (state, action) => {
        state.status = 'failed';
        state.error = rejectionMessage(action);
      })
      .addCase(fetchOrder.pending, (state, action) => {
        const { details } = state;
        details.status = 'pending';
        details.error = null;
        details.missing = false;
        if (details.order?._id !== action.meta.arg) details.order = null;
      })
      .addCase(fetchOrder.fulfilled, (state, action) => {
        state.details.status = 'succeeded';
        state.details.order = action.payload;
      })
      .addCase(fetchOrder.rejected, (state, action) => {
        state.details.status = 'failed';
        state.details.error = rejectionMessage(action);
        state.details.missing = action.payload?.status === 404 || action.payload?.status === 400;
      })
      .addCase(cancelOrder.pending, (state) => {
        state.details.cancelStatus = 'pending';
      })
      .addCase(cancelOrder.fulfilled, (state, action) => {
        state.details.cancelStatus = 'succeeded';
        if (state.details.order?._id === action.payload._id) state.details.order = action.payload;
        // The list shows it cancelled too without waiting for its next load.
        state.items = state.items.map((order) => (order._id === action.payload._id ? action.payload : order));
      })
      .addCase(cancelOrder.rejected, (state) => {
        state.details.cancelStatus = 'failed';
      })
      .addCase(loggedOut, () => initialState);
  },
});

export default ordersSlice.reducer;

export const selectOrders = (state: RootState) => state.orders;
export const selectOrderDetails = (state: RootState) => state.orders.details;
