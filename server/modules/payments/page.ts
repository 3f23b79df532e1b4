import { formatEGP } from '../../../common/format';
import { escapeHtml } from '../../lib/html';
import { toEgp } from '../../lib/money';

/** Amounts as the shop prints them: '249 جنيه', piastres only when there are any ('1,250.50 جنيه'). */
const formatEgp = (piastres: number) => formatEGP(toEgp(piastres));

/** A self-contained Arabic page (no external assets), used by the built-in test payment provider. */
function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="ar" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, "Segoe UI", Tahoma, sans-serif; background: #f4f5f7; color: #222; margin: 0; padding: 2rem 1rem; }
  main { max-width: 28rem; margin: 0 auto; background: #fff; border-radius: .75rem; padding: 1.5rem; box-shadow: 0 2px 10px rgba(0,0,0,.08); }
  h1 { font-size: 1.4rem; margin-block-start: 0; }
  ul { padding-inline-start: 1.2rem; }
  .amount { font-size: 1.6rem; font-weight: bold; margin: 1rem 0; }
  .note { color: #666; font-size: .9rem; }
  .actions { display: flex; gap: .75rem; margin-block-start: 1.5rem; }
  button { font: inherit; padding: .6rem 1.4rem; border-radius: .5rem; border: 0; cursor: pointer; }
  .pay { background: #198754; color: #fff; }
  .cancel { background: #e9ecef; color: #222; }
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

export function paymentPage(session: {
  id: string;
  total: number;
  lines: { count: number; price: number; product: { title?: string } }[];
}): string {
  const items = session.lines
    .map((l) => `<li>${escapeHtml(String(l.product.title ?? ''))} × ${l.count} — ${formatEgp(l.price * l.count)}</li>`)
    .join('');
  return layout(
    'الدفع التجريبي',
    `<h1>الدفع بالبطاقة (وضع تجريبي)</h1>
<p class="note">هذه صفحة دفع تجريبية؛ لن يتم خصم أي مبلغ.</p>
<ul>${items}</ul>
<p class="amount">الإجمالي: ${formatEgp(session.total)}</p>
<div class="actions">
  <form method="post" action="/payments/test/${session.id}/pay"><button class="pay" type="submit">ادفع الآن</button></form>
  <form method="post" action="/payments/test/${session.id}/cancel"><button class="cancel" type="submit">إلغاء</button></form>
</div>`,
  );
}

export function completedPage(successUrl: string): string {
  return layout('تم الدفع', `<h1>تم الدفع بنجاح</h1><p><a href="${escapeHtml(successUrl)}">عرض طلباتي</a></p>`);
}

export function outOfStockPage(cartUrl: string): string {
  return layout(
    'الكمية غير متوفرة',
    `<h1>لم يتم الدفع: الكمية المطلوبة لم تعد متوفرة</h1><p class="note">لم يتم خصم أي مبلغ.</p><p><a href="${escapeHtml(cartUrl)}">العودة إلى سلة التسوق</a></p>`,
  );
}

/** The cart of this payment was already ordered (by cash on delivery, or by paying it in another tab). */
export function alreadyOrderedPage(ordersUrl: string): string {
  return layout(
    'تم الطلب بالفعل',
    `<h1>لم يتم الدفع: تم إنشاء طلب من هذه السلة بالفعل</h1><p class="note">لم يتم خصم أي مبلغ.</p><p><a href="${escapeHtml(ordersUrl)}">عرض طلباتي</a></p>`,
  );
}

export function notFoundPage(): string {
  return layout('جلسة غير موجودة', '<h1>جلسة الدفع غير موجودة أو انتهت صلاحيتها</h1>');
}
