import { createSlice } from '@reduxjs/toolkit';
import type { Coupon, Id } from '../../api/types';
import { createAppAsyncThunk } from '../../app/hooks';
import { addRequestStatusMatchers, idleRequest, type RequestState } from '../../app/requestStatus';
import type { RootState } from '../../app/store';
import { loggedOut } from '../user/userSlice';

// The coupon calls are the owner's only: loaded on first use, so they stay out of the shoppers' first download.
const couponsApi = () => import('../../api/admin/coupons');
type CouponBody = import('../../api/admin/coupons').CouponBody;

interface CouponState extends RequestState {
  /** The owner's coupon list (/admin/addcoupon). */
  items: Coupon[];
}

const initialState: CouponState = { items: [], ...idleRequest };

export const fetchCoupons = createAppAsyncThunk('coupon/fetchAll', async () => (await couponsApi()).listCoupons());

/** One coupon, for its edit form (not kept in the store: the form holds the values being edited). */
export const fetchCoupon = createAppAsyncThunk('coupon/fetchOne', async (id: Id) => (await couponsApi()).getCoupon(id));

/** Resolves with the HTTP status (201 = created); the list is then loaded again. */
export const createdCoupon = createAppAsyncThunk('coupon/create', async (body: CouponBody, { dispatch }) => {
  const status = await (await couponsApi()).createCoupon(body);
  if (status === 201) void dispatch(fetchCoupons());
  return status;
});

/** Resolves with the HTTP status (200 = updated). */
export const updatedCoupon = createAppAsyncThunk('coupon/update', async ({ id, body }: { id: Id; body: CouponBody }) =>
  (await couponsApi()).updateCoupon(id, body),
);

/** Deletes, then loads the list again. */
export const deletedCoupon = createAppAsyncThunk('coupon/delete', async (id: Id, { dispatch }) => {
  await (await couponsApi()).deleteCoupon(id);
  void dispatch(fetchCoupons());
});

const couponSlice = createSlice({
  name: 'coupon',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchCoupons.fulfilled, (state, action) => {
        state.items = action.payload;
      })
      .addCase(loggedOut, () => initialState);
    addRequestStatusMatchers(builder, [fetchCoupons]);
  },
});

export default couponSlice.reducer;

export const selectCoupons = (state: RootState) => state.coupon.items;
export const selectCouponsStatus = (state: RootState) => state.coupon.status;
