import { toEgp } from '../../lib/money';
import { compact, iso } from '../../lib/time';
import type { ImageBase } from '../../lib/images';
import { productRefJson, variantRefJson } from '../catalogue';
import type { Static } from 'typebox';
import type { ProductRef } from '../../../common/contract/catalogue';
import type { OrderItemRow, OrderRow } from './repository';

export type OrderStep = 'placed' | 'confirmed' | 'paid' | 'shipped' | 'delivered' | 'cancelled' | 'refunded';

/**
 * The steps an order has reached, each with its time (ours), oldest first; derived from the stored
 * timestamps so orders made before the history existed have one too. Equal times keep the steps' natural
 * order (a card order is placed and paid at the same moment; a refunded one is cancelled and refunded together).
 */
export function statusHistory(
  row: Pick<
    OrderRow,
    'created_at' | 'confirmed_at' | 'paid_at' | 'shipped_at' | 'delivered_at' | 'cancelled_at' | 'refunded_at'
  >,
): { status: OrderStep; at: string }[] {
  const steps: [OrderStep, unknown][] = [
    ['placed', row.created_at],
    ['confirmed', row.confirmed_at],
    ['paid', row.paid_at],
    ['shipped', row.shipped_at],
    ['delivered', row.delivered_at],
    ['cancelled', row.cancelled_at],
    ['refunded', row.refunded_at],
  ];
  return steps
    .filter(([, at]) => at != null)
    .map(([status, at]) => ({ status, at: iso(at as Date)! }))
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/** An order object of API.md §5.12 from its row and its items' rows. */
export function orderJson(row: OrderRow, items: OrderItemRow[], base: ImageBase) {
  return compact({
    _id: row.id,
    id: row.order_number,
    paymentMethodType: row.payment_method_type,
    isPaid: row.is_paid,
    paidAt: iso(row.paid_at),
    isDelivered: row.is_delivered,
    deliveredAt: iso(row.delivered_at),
    isCancelled: row.is_cancelled,
    cancelledAt: iso(row.cancelled_at),
    isRefunded: row.is_refunded,
    refundedAt: iso(row.refunded_at),
    isConfirmed: row.confirmed_at !== null,
    confirmedAt: iso(row.confirmed_at),
    isShipped: row.shipped_at !== null,
    shippedAt: iso(row.shipped_at),
    shipment:
      row.courier === null
        ? undefined
        : compact({
            courier: row.courier,
            trackingNumber: row.tracking_number ?? undefined,
            trackingUrl: row.tracking_url ?? undefined,
          }),
    statusHistory: statusHistory(row),
    // The live user when it still exists, else the snapshot taken with the order (API.md §1).
    user: row.live_user ?? row.user_snapshot,
    cartItems: items.map((item) => ({
      _id: item.id,
      count: item.count,
      color: item.color,
      price: toEgp(item.price),
      product: productRefJson(item.live_product ?? item.product_snapshot, base) as Static<typeof ProductRef>,
      // The variant as it was named when ordered (ours): its values, SKU and photo stay what the customer bought.
      ...(item.variant_snapshot ? { variant: variantRefJson(item.variant_snapshot, base) } : {}),
    })),
    shippingAddress: row.shipping_address ?? undefined,
    taxPrice: toEgp(row.tax_price),
    shippingPrice: toEgp(row.shipping_price),
    cashFee: toEgp(row.cash_fee),
    totalOrderPrice: toEgp(row.total_order_price),
    coupon: row.coupon ?? undefined,
    // A paid card order whose stock ran out meanwhile, for staff to act on (API.md §9.5); left out otherwise.
    oversold: row.oversold || undefined,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  });
}
