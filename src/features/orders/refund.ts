// The owner's refund of an order paid online: its texts and when it is offered (OrderRefund.tsx shows it).
import { isOriginalBackend } from '../../api/orders';
import type { Order } from '../../api/types';
import type { ErrorCode } from '../../../common/contract/errorCodes';

export const REFUND_TEXTS = {
  button: 'استرداد المبلغ',
  done: 'تم استرداد المبلغ وإلغاء الطلب',
  keep: 'تراجع',
} as const;

/** The server's refund refusals (README, "API notes"), by code, in the owner's words; anything else by the shared mapping. */
export const REFUND_FAILURES: Partial<Record<ErrorCode, string>> = {
  refund_already: 'تم استرداد مبلغ هذا الطلب من قبل',
  refund_not_online: 'لا يمكن استرداد المبلغ إلا لطلب مدفوع إلكترونياً',
  order_cancelled: 'هذا الطلب ملغي، لا يمكن استرداد مبلغه',
  refund_no_payment: 'بيانات الدفع لهذا الطلب غير موجودة، استرد المبلغ من لوحة تحكم شركة الدفع',
  refund_kiosk: 'لا يمكن استرداد دفعة تمت في منفذ دفع (كشك) إلكترونياً، رد المبلغ للعميل بطريقة أخرى',
  refund_provider_not_configured: 'شركة الدفع التي دُفع بها هذا الطلب غير مُعدّة في المتجر',
  refund_refused: 'رفضت شركة الدفع استرداد المبلغ، راجع العملية في لوحة تحكم شركة الدفع',
  payment_provider_unavailable: 'شركة الدفع غير متاحة الآن، حاول مرة أخرى بعد قليل',
};

/** Only a paid online order that is neither refunded nor cancelled can be refunded (the original backend has no refunds). */
export const canRefund = (order: Order) =>
  !isOriginalBackend() && order.paymentMethodType === 'card' && order.isPaid && !order.isRefunded && !order.isCancelled;
