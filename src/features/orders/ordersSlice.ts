import { createSlice } from '@reduxjs/toolkit';
import type { Order } from '../../api/types';
import { idleRequest, type RequestState } from '../../app/requestStatus';

export interface OrdersState extends RequestState {
  items: Order[];
}

const initialState: OrdersState = { items: [], ...idleRequest };

const ordersSlice = createSlice({
  name: 'orders',
  initialState,
  reducers: {},
});

export default ordersSlice.reducer;
