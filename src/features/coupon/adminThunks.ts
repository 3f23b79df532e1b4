// The owner's coupon edits: imported by admin pages only, so these thunks (and, through import(), their calls) stay in admin chunks.
import { createAppAsyncThunk } from '../../app/hooks';
import type { Id } from '../../api/types';
import { couponsApi, fetchCoupons } from './couponSlice';

type CouponBody = import('../../api/admin/coupons').CouponBody;

/** Resolves once created; the list is then loaded again. */
export const createCoupon = createAppAsyncThunk('coupon/create', async (body: CouponBody, { dispatch }) => {
  await (await couponsApi()).createCoupon(body);
  void dispatch(fetchCoupons());
});

/** Resolves once updated. */
export const updateCoupon = createAppAsyncThunk('coupon/update', async ({ id, body }: { id: Id; body: CouponBody }) =>
  (await couponsApi()).updateCoupon(id, body),
);

/** Deletes, then loads the list again. */
export const deleteCoupon = createAppAsyncThunk('coupon/delete', async (id: Id, { dispatch }) => {
  await (await couponsApi()).deleteCoupon(id);
  void dispatch(fetchCoupons());
});
