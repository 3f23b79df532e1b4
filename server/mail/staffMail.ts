import type { AppContext } from '../context';
import { escapeHtml } from '../lib/html';
import { stockOf } from '../modules/inventory';
import { keptShopSettings } from '../modules/shop';
import { formatEGP } from '../../common/format';
import type { MailMessage } from '.';
import { quotedCustomerText } from './customerText';

interface PlacedOrder {
  _id: string;
  id: number;
  paymentMethodType: 'cash' | 'card';
  user: { name?: string };
  cartItems: { count: number; product: { _id?: string } }[];
  shippingAddress?: { governorateName?: string; city?: string };
  totalOrderPrice: number;
}

/** A short Arabic mail, right to left, with a link for staff. */
function staffMessage(to: string, subject: string, lines: string[], link: string): MailMessage {
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="ar" dir="rtl"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:Tahoma,Arial,sans-serif;direction:rtl;text-align:right">
<h1 style="font-size:18px">${e(subject)}</h1>
${lines.map((line) => `<p>${e(line)}</p>`).join('\n')}
<p><a href="${e(link)}">${e(link)}</a></p>
</body></html>`;
  return { to, subject, text: [...lines, '', link].join('\n'), html };
}

/**
 * What the owner hears of a new order (cash placed, or paid online), at the shop's staff address when one is set: the
 * order itself, and each of its products whose stock it took down to the low-stock level or below.
 */
export async function staffOrderMails(ctx: AppContext, order: PlacedOrder, origin: string): Promise<MailMessage[]> {
  const settings = await keptShopSettings(ctx);
  const to = settings.staff_email.trim();
  if (!to) return [];
  const where = [order.shippingAddress?.city, order.shippingAddress?.governorateName].filter(Boolean).join('، ');
  const payment = order.paymentMethodType === 'cash' ? 'الدفع عند الاستلام' : 'مدفوع إلكترونياً';
  const mails = [
    staffMessage(
      to,
      `طلب جديد رقم #${order.id} — ${formatEGP(order.totalOrderPrice)}`,
      [
        `العميل: ${quotedCustomerText(order.user.name ?? '')}`,
        ...(where ? [`التوصيل إلى: ${quotedCustomerText(where)}`] : []),
        `طريقة الدفع: ${payment}`,
        `عدد المنتجات: ${order.cartItems.reduce((sum, item) => sum + item.count, 0)}`,
      ],
      `${origin}/admin/orders/${order._id}`,
    ),
  ];
  const ordered = new Map<string, number>();
  for (const item of order.cartItems)
    if (item.product._id) ordered.set(item.product._id, (ordered.get(item.product._id) ?? 0) + item.count);
  const level = settings.low_stock_level;
  // Crossed by this order: above the level before it, at or below after.
  const low = (await stockOf(ctx.db, [...ordered.keys()])).filter(
    (p) => p.quantity <= level && p.quantity + ordered.get(p.id)! > level,
  );
  for (const product of low) {
    mails.push(
      staffMessage(
        to,
        `مخزون منخفض: ${product.title}`,
        [`بقي ${product.quantity} فقط من «${product.title}» بعد الطلب رقم #${order.id}.`],
        `${origin}/admin/editproduct/${product.id}`,
      ),
    );
  }
  return mails;
}
