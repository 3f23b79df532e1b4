import type { Order } from '../api/types';

// Sums of an order for the customer's and the owner's order screens, counted in whole piastres.

const piastres = (egp: number) => Math.round(egp * 100);

/** Unit price × count, in whole piastres so 3 × 0.10 is 0.30. */
export const lineTotal = (item: { price: number; count: number }) => (piastres(item.price) * item.count) / 100;

/** The lines' sum before the coupon. */
export const itemsSubtotal = (order: Pick<Order, 'cartItems'>) =>
  order.cartItems.reduce((sum, item) => sum + piastres(item.price) * item.count, 0) / 100;

/**
 * What the coupon took off: the lines' sum minus what the items were charged, that is the total without shipping and
 * the cash fee (the VAT in `taxPrice` is included in the prices, never added on top).
 */
export function couponSaving(order: Order): number {
  const charged = piastres(order.totalOrderPrice) - piastres(order.shippingPrice ?? 0) - piastres(order.cashFee ?? 0);
  return Math.max(0, piastres(itemsSubtotal(order)) - charged) / 100;
}
