import { createSlice } from '@reduxjs/toolkit';
import type { Coupon } from '../../api/types';
import { idleRequest, type RequestState } from '../../app/requestStatus';

interface CouponState extends RequestState {
  items: Coupon[];
}

const initialState: CouponState = { items: [], ...idleRequest };

const couponSlice = createSlice({
  name: 'coupon',
  initialState,
  reducers: {},
});

export default couponSlice.reducer;
