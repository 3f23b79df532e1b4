import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import type { Coupon, Id } from '../../api/types';
import { createAppAsyncThunk } from '../../app/hooks';
import { addRequestStatusMatchers, idleRequest, isLatestAnswer, type RequestState } from '../../app/request';
import { rootReducer } from '../../app/rootReducer';
import type { RootState } from '../../app/store';
import { loggedOut } from '../../app/userSlice';

// The coupon calls are the owner's only: loaded on first use, so they stay out of the shoppers' first download.
export const couponsApi = () => import('../../api/admin/coupons');

/** The coupon on the owner's edit form, as loaded (the form holds the values being edited). */
interface EditedCoupon extends RequestState {
  id: Id | null;
  coupon: Coupon | null;
}

interface CouponState extends RequestState {
  /** The owner's coupon list (/admin/addcoupon). */
  items: Coupon[];
  edited: EditedCoupon;
}

const noEditedCoupon: EditedCoupon = { id: null, coupon: null, ...idleRequest };
const initialState: CouponState = {
  items: [],
  edited: noEditedCoupon,
  ...idleRequest,
};

export const fetchCoupons = createAppAsyncThunk('coupon/fetchAll', async () => (await couponsApi()).listCoupons());

/** One coupon, for its edit form (`edited`). */
export const fetchCoupon = createAppAsyncThunk('coupon/fetchOne', async (id: Id) => (await couponsApi()).getCoupon(id));

const couponSlice = createSlice({
  name: 'coupon',
  initialState,
  reducers: {
    /** The owner left the edit form: the next visit starts from a spinner, not from this coupon. */
    couponEditClosed(state) {
      state.edited = noEditedCoupon;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchCoupons.fulfilled, (state, action) => {
        if (isLatestAnswer(state, action)) state.items = action.payload;
      })
      // A retry starts from the spinner again.
      .addCase(fetchCoupon.pending, (state, action) => {
        state.edited.id = action.meta.arg;
        state.edited.coupon = null;
      })
      .addCase(fetchCoupon.fulfilled, (state, action) => {
        if (isLatestAnswer(state.edited, action)) state.edited.coupon = action.payload;
      })
      .addCase(loggedOut, () => initialState);
    addRequestStatusMatchers(builder, [fetchCoupon], (state) => state.edited);
    addRequestStatusMatchers(builder, [fetchCoupons]);
  },
});

declare module '../../app/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof couponSlice> {}
}
/** In the store once a screen that needs it has loaded this file (app/rootReducer.ts). */
const own = couponSlice.injectInto(rootReducer).selectSlice;

export const { couponEditClosed } = couponSlice.actions;
export default couponSlice.reducer;

export const selectCoupons = (state: RootState) => own(state).items;
export const selectCouponsStatus = (state: RootState) => own(state).status;
/** The coupon on the edit form (null until loaded, or when its load failed), with its load's status. */
export const selectEditedCoupon = (state: RootState) => own(state).edited;
