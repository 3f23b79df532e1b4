import type { FastifyBaseLogger } from 'fastify';
import { variantLabel, type NamedValue } from '../../common/rules/variant';
import type { AppContext } from '../context';
import { escapeHtml } from '../lib/html';
import type { ImageBase } from '../lib/images';
import { toPiastres } from '../lib/money';
import { findOrderJson } from '../modules/orders';
// Pure helpers shared with the web app, so the mail names colours and writes money as the shop's pages do.
import { colorName } from '../../common/colorNames';
import { formatDate, formatEGP } from '../../common/format';
import type { MailMessage } from '.';
import { quotedCustomerText } from './customerText';
import { staffOrderMails } from './staffMail';

/**
 * `confirmed`: a cash order was placed or a card order was paid; `accepted`: staff confirmed it with the customer;
 * `shipped`: it left with a courier; `delivered`: staff marked it delivered; `refunded`: staff gave its payment back
 * (the order is cancelled).
 */
export type OrderMailKind = 'confirmed' | 'accepted' | 'shipped' | 'delivered' | 'refunded';

interface OrderForMail {
  id: number;
  paymentMethodType: 'cash' | 'card';
  user: { name?: string; email?: string };
  cartItems: {
    count: number;
    color: string;
    price: number;
    product: { _id?: string; title?: string };
    variant?: { options: NamedValue[] };
  }[];
  shippingAddress?: {
    alias?: string;
    details?: string;
    city?: string;
    governorateName?: string;
    postalCode?: string;
    phone?: string;
  };
  totalOrderPrice: number;
  shippingPrice?: number;
  cashFee?: number;
  taxPrice?: number;
  coupon?: string;
  shipment?: { courier: string; trackingNumber?: string; trackingUrl?: string };
  createdAt: string;
}

const PAYMENT = { cash: 'الدفع عند الاستلام', card: 'بطاقة ائتمان (تم الدفع)' } as const;

/** The e-mail of an order, in Arabic, right to left, as HTML with a plain-text part. */
export function orderMail(order: OrderForMail, kind: OrderMailKind, ordersUrl: string): MailMessage {
  const shipment = order.shipment;
  const [subject, intro] = {
    refunded: [
      `تم استرداد مبلغ طلبك رقم #${order.id}`,
      `ألغينا طلبك ورددنا المبلغ المدفوع كاملاً (${formatEGP(order.totalOrderPrice)}) إلى وسيلة الدفع التي دفعت بها. قد يستغرق ظهوره في حسابك بضعة أيام حسب البنك أو المحفظة.`,
    ],
    delivered: [`تم توصيل طلبك رقم #${order.id}`, 'تم توصيل طلبك. نتمنى أن ينال إعجابك، وشكراً لتسوقك معنا.'],
    accepted: [`تم تأكيد طلبك رقم #${order.id}`, 'أكدنا طلبك، وسنجهزه ونرسله إليك قريباً.'],
    shipped: [
      `تم شحن طلبك رقم #${order.id}`,
      `طلبك في الطريق إليك مع ${shipment?.courier ?? 'شركة الشحن'}${shipment?.trackingNumber ? `، ورقم التتبع ${shipment.trackingNumber}` : ''}.`,
    ],
    confirmed:
      order.paymentMethodType === 'card'
        ? [`تم الدفع وتأكيد طلبك رقم #${order.id}`, 'استلمنا دفعتك وتأكد طلبك، وسنبدأ في تجهيزه للشحن.']
        : [`تم استلام طلبك رقم #${order.id}`, 'شكراً لطلبك! استلمناه وسنبدأ في تجهيزه، وتدفع عند الاستلام.'],
  }[kind];

  const lines = order.cartItems.map((item) => {
    const unit = toPiastres(item.price);
    return {
      // A variant is named by its values ("المقاس: XL، اللون: أزرق"), its colour among them.
      title: `${item.product.title ?? ''}${item.variant ? ` (${variantLabel(item.variant.options)})` : ''}`,
      color: item.color && !item.variant ? colorName(item.color) : '',
      count: item.count,
      unit: formatEGP(item.price),
      total: formatEGP((unit * item.count) / 100),
      totalPiastres: unit * item.count,
    };
  });
  const subtotal = lines.reduce((sum, l) => sum + l.totalPiastres, 0);
  const charges = toPiastres(order.shippingPrice ?? 0) + toPiastres(order.cashFee ?? 0);
  const saved = order.coupon ? subtotal + charges - toPiastres(order.totalOrderPrice) : 0;
  const a = order.shippingAddress;
  const address = a
    ? // The governorate, unless the city already names it.
      [a.alias, a.details, a.city, a.governorateName !== a.city && a.governorateName, a.postalCode]
        .filter(Boolean)
        .join('، ')
    : '';
  const summary: [string, string][] = [
    ['رقم الطلب', `#${order.id}`],
    ['تاريخ الطلب', formatDate(order.createdAt)],
    ['طريقة الدفع', PAYMENT[order.paymentMethodType]],
    // The customer's own words, quoted and never a link (a shipping address once carried a phishing link).
    ['عنوان التوصيل', address ? quotedCustomerText(address) : 'لم يُحدَّد'],
    ...(a?.phone ? [['رقم الهاتف', a.phone] as [string, string]] : []),
    ...(kind === 'shipped' && shipment?.trackingUrl
      ? [['رابط التتبع', quotedCustomerText(shipment.trackingUrl)] as [string, string]]
      : []),
  ];
  const totals: [string, string][] = [
    ['المجموع', formatEGP(subtotal / 100)],
    ...(order.coupon ? [[`الكوبون ${order.coupon}`, `− ${formatEGP(saved / 100)}`] as [string, string]] : []),
    ['الشحن', order.shippingPrice ? formatEGP(order.shippingPrice) : 'مجاني'],
    ...(order.cashFee ? [['رسوم الدفع عند الاستلام', formatEGP(order.cashFee)] as [string, string]] : []),
    ['الإجمالي', formatEGP(order.totalOrderPrice)],
    ...(order.taxPrice ? [['منها ضريبة القيمة المضافة', formatEGP(order.taxPrice)] as [string, string]] : []),
  ];
  const greeting = order.user.name ? `مرحباً ${quotedCustomerText(order.user.name)}،` : 'مرحباً،';

  const text = [
    greeting,
    '',
    intro,
    '',
    ...summary.map(([label, value]) => `${label}: ${value}`),
    '',
    'المنتجات:',
    ...lines.map((l) => `- ${l.title}${l.color ? ` (اللون: ${l.color})` : ''} — ${l.count} × ${l.unit} = ${l.total}`),
    '',
    ...totals.map(([label, value]) => `${label}: ${value}`),
    '',
    `تابع طلباتك: ${ordersUrl}`,
  ].join('\n');

  const e = escapeHtml;
  const cell = 'padding:8px;border-bottom:1px solid #e5e5e5;text-align:right';
  const html = `<!doctype html>
<html lang="ar" dir="rtl">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(subject)}</title></head>
<body style="margin:0;padding:16px;background:#f4f5f7;font-family:Tahoma,Arial,sans-serif;color:#222;direction:rtl;text-align:right">
<div style="max-width:600px;margin:0 auto;background:#fff;border-radius:8px;padding:20px">
<h1 style="font-size:20px;margin:0 0 12px">${e(subject)}</h1>
<p>${e(greeting)}</p>
<p>${e(intro)}</p>
<table role="presentation" style="border-collapse:collapse;margin:12px 0">
${summary.map(([label, value]) => `<tr><th style="${cell};padding-inline-start:0">${e(label)}</th><td style="${cell}">${e(value)}</td></tr>`).join('\n')}
</table>
<table style="width:100%;border-collapse:collapse;margin:12px 0">
<thead><tr><th style="${cell}">المنتج</th><th style="${cell}">اللون</th><th style="${cell}">الكمية</th><th style="${cell}">سعر الوحدة</th><th style="${cell}">الإجمالي</th></tr></thead>
<tbody>
${lines.map((l) => `<tr><td style="${cell}">${e(l.title)}</td><td style="${cell}">${e(l.color)}</td><td style="${cell}">${l.count}</td><td style="${cell}">${e(l.unit)}</td><td style="${cell}">${e(l.total)}</td></tr>`).join('\n')}
</tbody>
</table>
<table role="presentation" style="border-collapse:collapse;margin:12px 0">
${totals.map(([label, value]) => `<tr><th style="${cell};padding-inline-start:0">${e(label)}</th><td style="${cell}">${e(value)}</td></tr>`).join('\n')}
</table>
<p><a href="${e(ordersUrl)}" style="color:#0d6efd">تابع طلباتك</a></p>
</div>
</body>
</html>`;
  return { to: order.user.email ?? '', subject, text, html };
}

/** Sends still running, so a closing server can let them finish. */
const inFlight = new Set<Promise<void>>();
export const orderMailsSettled = () => Promise.allSettled([...inFlight]).then(() => undefined);
/** Each order's last queued mail: an order's mails go out in the order of its events, never "delivered" first. */
const lastOfOrder = new Map<string, Promise<void>>();

/**
 * Mails an order to its customer once its transaction has committed, without holding up the answer:
 * the order stands whatever happens to the mail, and a failure is only logged.
 */
export function sendOrderMail(
  ctx: AppContext,
  log: FastifyBaseLogger,
  /** The order's id, read when its mail's turn comes; or the order as its committed transaction just read it. */
  placed: string | (OrderForMail & { _id: string }),
  kind: OrderMailKind,
  base: ImageBase,
): void {
  const orderId = typeof placed === 'string' ? placed : placed._id;
  const sending = (lastOfOrder.get(orderId) ?? Promise.resolve())
    .then(async () => {
      const order =
        typeof placed === 'string'
          ? ((await findOrderJson(ctx.db, orderId, base)) as (OrderForMail & { _id: string }) | undefined)
          : placed;
      if (!order) return;
      const origin = ctx.config.frontendUrl ?? base.origin;
      if (order.user?.email) await ctx.mailer.send(orderMail(order, kind, `${origin}/user/allorders`));
      // A new order (cash placed, or paid online) is news to the owner too.
      if (kind === 'confirmed')
        for (const mail of await staffOrderMails(ctx, order, origin)) await ctx.mailer.send(mail);
    })
    .catch((err) => log.error({ err, orderId, kind }, 'sending the order e-mail failed'));
  inFlight.add(sending);
  lastOfOrder.set(orderId, sending);
  void sending.finally(() => {
    inFlight.delete(sending);
    if (lastOfOrder.get(orderId) === sending) lastOfOrder.delete(orderId);
  });
}
