// The owner's refund of an order paid online: its texts and when it is offered (OrderRefund.tsx shows it).
import { isOriginalBackend } from '../../api/orders';
import type { Order } from '../../api/types';

export const REFUND_TEXTS = {
  button: 'استرداد المبلغ',
  done: 'تم استرداد المبلغ وإلغاء الطلب',
  keep: 'تراجع',
} as const;

/** The server's refund refusals (README, "API notes") in the owner's words; anything else by the shared mapping. */
export const REFUND_FAILURES: Record<string, string> = {
  'This order has already been refunded': 'تم استرداد مبلغ هذا الطلب من قبل',
  'Only an order paid online can be refunded': 'لا يمكن استرداد المبلغ إلا لطلب مدفوع إلكترونياً',
  'This order has been cancelled': 'هذا الطلب ملغي، لا يمكن استرداد مبلغه',
  "This order's payment is not on record: refund it in the payment provider's dashboard":
    'بيانات الدفع لهذا الطلب غير موجودة، استرد المبلغ من لوحة تحكم شركة الدفع',
  'Paymob cannot refund a kiosk payment':
    'لا يمكن استرداد دفعة تمت في منفذ دفع (كشك) إلكترونياً، رد المبلغ للعميل بطريقة أخرى',
  'The payment provider that took this payment is not configured':
    'شركة الدفع التي دُفع بها هذا الطلب غير مُعدّة في المتجر',
  'The payment provider refused the refund': 'رفضت شركة الدفع استرداد المبلغ، راجع العملية في لوحة تحكم شركة الدفع',
  'The payment provider is unavailable, please try again': 'شركة الدفع غير متاحة الآن، حاول مرة أخرى بعد قليل',
};

/** Only a paid online order that is neither refunded nor cancelled can be refunded (the original backend has no refunds). */
export const canRefund = (order: Order) =>
  !isOriginalBackend() && order.paymentMethodType === 'card' && order.isPaid && !order.isRefunded && !order.isCancelled;
