import { toCsv } from '../../lib/csv';
import { toEgp } from '../../lib/money';
import type { Queryable } from '../../db';
import { orderItems, type OrderRow } from './repository';

/** Cairo wall-clock time as Excel reads a date-time: 2026-11-26 14:05. */
const cairoTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Africa/Cairo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
const when = (at: Date | null) => (at ? cairoTime.format(new Date(at)) : '');
const yesNo = (value: boolean) => (value ? 'نعم' : 'لا');
const PAYMENT = { cash: 'الدفع عند الاستلام', card: 'دفع إلكتروني' } as const;

/** One line per order, with Arabic headings, for the owner's spreadsheet. */
export function ordersCsv(rows: OrderRow[]): string {
  return toCsv(
    [
      'رقم الطلب',
      'التاريخ',
      'العميل',
      'البريد الإلكتروني',
      'هاتف العميل',
      'هاتف التوصيل',
      'المحافظة',
      'المدينة',
      'العنوان',
      'طريقة الدفع',
      'مدفوع',
      'مؤكد',
      'شركة الشحن',
      'رقم التتبع',
      'تم التوصيل',
      'ملغي',
      'الكوبون',
      'الشحن',
      'رسوم الدفع عند الاستلام',
      'ضريبة القيمة المضافة (ضمن الإجمالي)',
      'الإجمالي',
    ],
    rows.map((o) => {
      const a = o.shipping_address;
      return [
        o.order_number,
        when(o.created_at),
        o.user_snapshot.name,
        o.user_snapshot.email,
        o.user_snapshot.phone,
        a?.phone,
        a?.governorateName,
        a?.city,
        a?.details,
        PAYMENT[o.payment_method_type],
        yesNo(o.is_paid),
        yesNo(o.confirmed_at !== null),
        o.courier,
        o.tracking_number,
        yesNo(o.is_delivered),
        yesNo(o.is_cancelled),
        o.coupon,
        toEgp(o.shipping_price),
        toEgp(o.cash_fee),
        toEgp(Number(o.tax_price)),
        toEgp(Number(o.total_order_price)),
      ];
    }),
  );
}

/** One line per ordered product, with its order's number and date. */
export async function orderLinesCsv(q: Queryable, rows: OrderRow[]): Promise<string> {
  const items = rows.length
    ? await orderItems(
        q,
        rows.map((r) => r.id),
      )
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return toCsv(
    ['رقم الطلب', 'التاريخ', 'المنتج', 'كود المنتج', 'اللون', 'الكمية', 'سعر الوحدة', 'الإجمالي'],
    items.map((item) => {
      const order = byId.get(item.order_id)!;
      const product = item.product_snapshot as { title?: string; sku?: string };
      return [
        order.order_number,
        when(order.created_at),
        product.title,
        product.sku,
        item.color,
        item.count,
        toEgp(item.price),
        toEgp(item.price * item.count),
      ];
    }),
  );
}
