import { toCsv } from '../../lib/csv';
import { buildListQuery } from '../../lib/listQuery';
import { toEgp } from '../../lib/money';
import type { Db, Queryable } from '../../db';
import { STAFF_ORDER_LIST, listOrders, orderItems, orderSearch, type OrderRow } from './repository';

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
function ordersCsv(rows: OrderRow[]): string {
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
async function orderLinesCsv(q: Queryable, rows: OrderRow[]): Promise<string> {
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

/** At most this many orders in one export. */
const EXPORT_LIMIT = 50_000;

/**
 * The staff list's orders as CSV for a spreadsheet (ours), with its file name: the same filters and search as the
 * list, every page at once; one line per order, or (`lines`) one per ordered product.
 */
export async function exportOrders(db: Db, query: Record<string, unknown>, kind: 'orders' | 'lines') {
  const search = orderSearch(query);
  const q = buildListQuery(query, STAFF_ORDER_LIST, search.conditions, search.params);
  const { rows } = await listOrders(db, { ...q, page: 1, limit: EXPORT_LIMIT, offset: 0 }, { everyone: true });
  const day = new Date().toISOString().slice(0, 10);
  return kind === 'orders'
    ? { filename: `orders-${day}.csv`, csv: ordersCsv(rows) }
    : { filename: `order-lines-${day}.csv`, csv: await orderLinesCsv(db, rows) };
}
