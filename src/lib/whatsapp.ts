import { formatAmount } from '../../common/format';
import { nationalMobile } from '../../common/rules/phone';

/**
 * An Egyptian mobile number in WhatsApp's international form (20 and the number without its leading 0):
 * '01012345678' → '201012345678'. Accepts the forms people type (spaces, dashes, +20, 0020, Arabic-Indic digits);
 * null for anything that is not an Egyptian mobile number.
 */
export function egyptWhatsAppNumber(phone: string): string | null {
  const national = nationalMobile(phone);
  return national ? `20${national.slice(1)}` : null;
}

/** The message staff send a customer to confirm an order by WhatsApp before it is dispatched. */
export function orderConfirmationText(order: { id: number; totalOrderPrice: number }, name: string): string {
  const greeting = name.trim() ? `مرحبًا ${name.trim()}، ` : 'مرحبًا، ';
  return `${greeting}نؤكد طلبك رقم #${order.id} بإجمالي ${formatAmount(order.totalOrderPrice)} ج.م. هل نرسله إلى العنوان المسجل؟`;
}

/** A wa.me link that opens a chat with `phone` with `text` typed in; null when the phone is not a mobile number. */
export function whatsAppLink(phone: string, text: string): string | null {
  const number = egyptWhatsAppNumber(phone);
  return number ? `https://wa.me/${number}?text=${encodeURIComponent(text)}` : null;
}
