// Admin-only coupon calls (API.md §5.10).
import { apiClient, expectStatus } from '../client';
import type { Coupon, ItemResponse, ListResponse } from '../types';

/** A coupon as the form sends it: the answer's fields, `expire` as YYYY-MM-DD. */
export type CouponBody = Pick<Coupon, 'name' | 'expire' | 'discount'>;

export async function listCoupons(): Promise<Coupon[]> {
  const { data } = await apiClient.get<ListResponse<Coupon>>('/coupons', { params: { limit: 100 } });
  return data.data;
}

export async function getCoupon(id: string): Promise<Coupon> {
  const { data } = await apiClient.get<ItemResponse<Coupon>>(`/coupons/${encodeURIComponent(id)}`);
  return data.data;
}

/** Resolves once created (only a 201 is); 400 (duplicate) and 403 reject. */
export async function createCoupon(body: CouponBody): Promise<void> {
  expectStatus(await apiClient.post<ItemResponse<Coupon>>('/coupons', body), 201);
}

/** Resolves once updated (only a 200 is). */
export async function updateCoupon(id: string, body: CouponBody): Promise<void> {
  expectStatus(await apiClient.put<ItemResponse<Coupon>>(`/coupons/${encodeURIComponent(id)}`, body));
}

export async function deleteCoupon(id: string): Promise<void> {
  await apiClient.delete(`/coupons/${encodeURIComponent(id)}`);
}
