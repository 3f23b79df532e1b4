import type { Order } from '../api/types';

// Order texts that the customer's and the owner's order screens share.

export const PAYMENT_METHOD_LABELS: Record<Order['paymentMethodType'], string> = {
  cash: 'الدفع عند الاستلام',
  card: 'بطاقة ائتمانية',
};

/** Anything other than 'cash' is a card payment (SPEC §3). */
export const paymentMethodLabel = (order: Pick<Order, 'paymentMethodType'>) =>
  order.paymentMethodType === 'cash' ? PAYMENT_METHOD_LABELS.cash : PAYMENT_METHOD_LABELS.card;

/** An order its customer cancelled (ours), in customer and admin lists and the admin detail page. */
export const CANCELLED_LABEL = 'ملغي';

/** An order whose online payment staff gave back (ours); it is cancelled too. */
export const REFUNDED_LABEL = 'تم استرداد المبلغ';
