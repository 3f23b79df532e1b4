// Admin-only coupon calls (API.md §5.10).
import type { Coupon, Id } from '../types';
import { adminResource } from './resource';

/** A coupon as the form sends it: the answer's fields, `expire` as YYYY-MM-DD. */
export type CouponBody = Pick<Coupon, 'name' | 'expire' | 'discount'>;

const coupons = adminResource<Coupon, CouponBody>('/coupons');

export async function listCoupons(): Promise<Coupon[]> {
  return (await coupons.list({ limit: 100 })).data;
}

export const getCoupon = (id: Id): Promise<Coupon> => coupons.get(id);

/** Resolves once created (only a 201 is); 400 (duplicate) and 403 reject. */
export const createCoupon = (body: CouponBody): Promise<Coupon> => coupons.create(body);

/** Resolves once updated (only a 200 is). */
export const updateCoupon = (id: Id, body: CouponBody): Promise<Coupon> => coupons.update(id, body);

export const deleteCoupon = (id: Id): Promise<void> => coupons.remove(id);
