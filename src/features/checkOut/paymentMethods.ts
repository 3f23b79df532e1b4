import type { PaymentMethod } from '../../api/shop';

/** How the pay page names each online method, and what it says under the name. */
export const PAYMENT_METHOD_TEXTS: Record<PaymentMethod, { name: string; hint: string }> = {
  card: { name: 'بطاقة بنكية', hint: 'فيزا، ماستركارد أو ميزة' },
  wallet: { name: 'محفظة الهاتف', hint: 'فودافون كاش، اورنج كاش، اتصالات كاش، وي باي' },
  kiosk: { name: 'الدفع في منافذ أمان ومصاري', hint: 'تحصل على رقم مرجعي وتدفع نقداً في أقرب منفذ' },
  valu: { name: 'التقسيط مع ڤاليو', hint: 'قسّط المبلغ على أشهر من حساب ڤاليو' },
};

export const PAYMENT_RESULT_MESSAGES = {
  declined:
    'لم تتم عملية الدفع ولم يُخصم أي مبلغ: رفض البنك أو المحفظة العملية. يمكنك المحاولة مرة أخرى أو اختيار طريقة دفع أخرى.',
  paid: 'تم الدفع بنجاح، شكراً لك! طلبك الآن قيد التجهيز.',
  pending: 'جارٍ تأكيد الدفع، ستظهر حالة طلبك هنا خلال لحظات.',
  refunded: 'هذه السلة طُلبت من قبل، لذلك أعدنا لك المبلغ الذي دفعته كاملاً.',
  walletPhoneNeeded: 'من فضلك ادخل رقم المحفظة (رقم موبايل مصري)',
} as const;
