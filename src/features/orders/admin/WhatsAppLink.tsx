import { orderConfirmationText, whatsAppLink } from '../../../lib/whatsapp';

/**
 * "واتساب" beside a customer's phone: a chat with that number, the order's confirmation message already typed
 * (staff confirm cash orders before dispatch). Nothing for a number that is not an Egyptian mobile.
 * Above the admin list card's stretched link, so it stays clickable there.
 */
export default function WhatsAppLink({
  phone,
  name,
  order,
}: {
  phone: string | null | undefined;
  name: string | undefined;
  order: { id: number; totalOrderPrice: number };
}) {
  const href = phone ? whatsAppLink(phone, orderConfirmationText(order, name ?? '')) : null;
  if (!href || !phone) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="btn btn-sm btn-outline-success ms-2 position-relative z-2"
      aria-label={`تأكيد الطلب عبر واتساب على ${phone}`}
    >
      واتساب
    </a>
  );
}
