import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import type { Coupon } from '../../api/types';
import { createAppAsyncThunk } from '../../app/hooks';
import {
  addRequestStatusMatchers,
  idleRequest,
  isLatestAnswer,
  type LatestRequestState,
} from '../../app/requestStatus';
import { rootReducer } from '../../app/rootReducer';
import type { RootState } from '../../app/store';
import { loggedOut } from '../../app/userSlice';

// The coupon calls are the owner's only: loaded on first use, so they stay out of the shoppers' first download.
export const couponsApi = () => import('../../api/admin/coupons');

interface CouponState extends LatestRequestState {
  /** The owner's coupon list (/admin/addcoupon). */
  items: Coupon[];
}

const initialState: CouponState = { items: [], ...idleRequest, requestId: null };

export const fetchCoupons = createAppAsyncThunk('coupon/fetchAll', async () => (await couponsApi()).listCoupons());

const couponSlice = createSlice({
  name: 'coupon',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchCoupons.fulfilled, (state, action) => {
        if (isLatestAnswer(state, action)) state.items = action.payload;
      })
      .addCase(loggedOut, () => initialState);
    addRequestStatusMatchers(builder, [fetchCoupons]);
  },
});

declare module '../../app/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof couponSlice> {}
}
/** In the store once a screen that needs it has loaded this file (app/rootReducer.ts). */
const own = couponSlice.injectInto(rootReducer).selectSlice;

export default couponSlice.reducer;

export const selectCoupons = (state: RootState) => own(state).items;
export const selectCouponsStatus = (state: RootState) => own(state).status;
