import { createSlice } from '@reduxjs/toolkit';
import { toApiError } from '../../api/client';
import { getOrders, ORDERS_PAGE_SIZE } from '../../api/orders';
import type { Order } from '../../api/types';
import { createAppAsyncThunk } from '../../app/hooks';
import { idleRequest, rejectionMessage, type RequestState } from '../../app/requestStatus';
import type { RootState } from '../../app/store';

export interface OrdersState extends RequestState {
  items: Order[];
  /** All orders over all pages (the list's `results`). */
  results: number;
  numberOfPages: number;
  /** 1-based page shown. */
  page: number;
}

const initialState: OrdersState = { items: [], results: 0, numberOfPages: 0, page: 1, ...idleRequest };

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
        state.numberOfPages = action.payload.paginationResult?.numberOfPages ?? 1;
      })
      .addCase(fetchOrders.rejected, (state, action) => {
        state.status = 'failed';
        state.error = rejectionMessage(action);
      });
  },
});

export default ordersSlice.reducer;

export const selectOrders = (state: RootState) => state.orders;
