import { createSlice } from '@reduxjs/toolkit';
import { getShopInfo, OTHER_BACKEND_SHOP, type ShopInfo } from '../api/shop';
import { createAppAsyncThunk } from './hooks';
import { addRequestStatusMatchers, idleRequest, type RequestState } from './request';
import type { RootState } from './store';

/** How this shop takes payment and whether it is the demo shop (GET /shop): read by the shell, checkout and invoices. */
type ShopState = ShopInfo & RequestState;

const initialState: ShopState = { ...OTHER_BACKEND_SHOP, ...idleRequest };

/** Loads the shop's payment set-up once per visit; a backend without GET /shop keeps the defaults (real card payment). */
export const fetchShopInfo = createAppAsyncThunk('shop/fetchShopInfo', () => getShopInfo(), {
  condition: (_, { getState }) => getState().shop.status === 'idle',
});

const shopSlice = createSlice({
  name: 'shop',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchShopInfo.fulfilled, (state, action) => {
        Object.assign(state, action.payload);
      })
      .addCase(fetchShopInfo.rejected, (state) => {
        Object.assign(state, OTHER_BACKEND_SHOP);
      });
    addRequestStatusMatchers(builder, [fetchShopInfo]);
  },
});

export default shopSlice.reducer;

/** Its own status, so it never blocks an order. */
export const selectShopInfo = (state: RootState) => state.shop;
