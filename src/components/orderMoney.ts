import type { Order } from '../api/types';

// Sums of an order for the customer's and the owner's order screens, counted in whole piastres.

const piastres = (egp: number) => Math.round(egp * 100);

/** Unit price × count, in whole piastres so 3 × 0.10 is 0.30. */
export const lineTotal = (item: { price: number; count: number }) => (piastres(item.price) * item.count) / 100;

/** What the coupon took off: the lines' sum minus the total charged (tax and shipping are 0, API.md §9.11). */
export function couponSaving(order: Order): number {
  const lines = order.cartItems.reduce((sum, item) => sum + piastres(item.price) * item.count, 0);
  const charged = piastres(order.totalOrderPrice) - piastres(order.taxPrice ?? 0) - piastres(order.shippingPrice ?? 0);
  return Math.max(0, lines - charged) / 100;
}
