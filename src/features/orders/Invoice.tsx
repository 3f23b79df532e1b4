import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import ToggleButton from 'react-bootstrap/ToggleButton';
import ToggleButtonGroup from 'react-bootstrap/ToggleButtonGroup';
import type { Order } from '../../api/types';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { CANCELLED_LABEL, paymentMethodLabel } from '../../components/orderLabels';
import { couponSaving, itemsSubtotal, lineTotal } from '../../components/orderMoney';
import { colorName } from '../../../common/colorNames';
import { variantLabel } from '../../../common/rules/variant';
import { formatDate, formatDateTime, formatEGP } from '../../../common/format';
import { fetchShopInfo, selectShopInfo } from '../../app/shopSlice';
import { addressPlace } from '../../content/addressTexts';
import './invoice.css';

type Paper = 'a4' | 'receipt';

/** Whether and when the order was paid, in the invoice's words. */
function paymentState(order: Order): string {
  if (order.isPaid) return order.paidAt ? `مدفوع في ${formatDateTime(order.paidAt)}` : 'مدفوع';
  return order.paymentMethodType === 'cash' ? 'غير مدفوع بعد، يدفع عند الاستلام' : 'غير مدفوع';
}

/** One line of the totals: a label and its amount. */
function Total({
  label,
  amount,
  strong,
  testId,
}: {
  label: string;
  amount: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div className={`invoice__total${strong ? ' invoice__total--grand' : ''}`}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{amount}</dd>
    </div>
  );
}

/**
 * An order's invoice, made for printing (A4 or an 80 mm receipt; the browser's "Save as PDF" makes the file, with
 * Arabic shaped and mixed-direction text right): the shop's name, address and tax number (GET /shop), the invoice
 * number and date, the customer and delivery address, the lines, the totals with the VAT they include, and the
 * payment. The customer's invoice page shows it, and so can the owner's.
 */
export default function Invoice({ order }: { order: Order }) {
  const dispatch = useAppDispatch();
  const shop = useAppSelector(selectShopInfo);
  const [paper, setPaper] = useState<Paper>('a4');

  useEffect(() => {
    void dispatch(fetchShopInfo());
  }, [dispatch]);

  const address = order.shippingAddress;
  const place = address ? addressPlace(address) : '';
  const saving = couponSaving(order);
  const cashFee = order.cashFee ?? 0;
  // A shop not registered for VAT (rate 0) charges none, and its invoice says nothing of it.
  const vat = order.taxPrice ?? 0;

  return (
    <div className="invoice-page">
      <div className="invoice-toolbar d-print-none d-flex flex-wrap align-items-center gap-2 mb-3">
        <Button variant="dark" onClick={() => window.print()}>
          طباعة / حفظ PDF
        </Button>
        <ToggleButtonGroup
          type="radio"
          name="invoice-paper"
          value={paper}
          onChange={(value: Paper) => setPaper(value)}
          aria-label="مقاس الورق"
        >
          <ToggleButton id="invoice-paper-a4" value="a4" variant="outline-dark" size="sm">
            ورق A4
          </ToggleButton>
          <ToggleButton id="invoice-paper-receipt" value="receipt" variant="outline-dark" size="sm">
            إيصال 80 مم
          </ToggleButton>
        </ToggleButtonGroup>
      </div>

      <article className={`invoice invoice--${paper}`} aria-labelledby="invoice-title" data-testid="invoice">
        <header className="invoice__header">
          <div>
            <p className="invoice__shop">{shop.shopName}</p>
            {shop.shopAddress && <p className="mb-0">{shop.shopAddress}</p>}
            {shop.taxNumber && (
              <p className="mb-0">
                الرقم الضريبي: <bdi dir="ltr">{shop.taxNumber}</bdi>
              </p>
            )}
          </div>
          <div className="invoice__number">
            <h1 id="invoice-title" className="invoice__title">
              فاتورة
            </h1>
            <p className="mb-0">
              رقم الفاتورة: <bdi data-testid="invoice-number">{order.id}</bdi>
            </p>
            <p className="mb-0">
              التاريخ: <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
            </p>
            {order.isCancelled && <p className="invoice__cancelled mb-0">الطلب {CANCELLED_LABEL}</p>}
          </div>
        </header>

        <section className="invoice__parties">
          <div>
            <h2 className="invoice__heading">العميل</h2>
            <p className="mb-0">{order.user.name}</p>
            {order.user.phone && (
              <p className="mb-0">
                <bdi dir="ltr">{order.user.phone}</bdi>
              </p>
            )}
          </div>
          <div>
            <h2 className="invoice__heading">عنوان التوصيل</h2>
            {address ? (
              <address className="mb-0">
                {place && <span className="d-block">{place}</span>}
                <span className="d-block">{address.details}</span>
                <span className="d-block">
                  الهاتف: <bdi dir="ltr">{address.phone}</bdi>
                </span>
              </address>
            ) : (
              <p className="mb-0">لا يوجد عنوان مسجل</p>
            )}
          </div>
        </section>

        <table className="invoice__lines">
          <thead>
            <tr>
              <th scope="col">المنتج</th>
              <th scope="col">الكمية</th>
              <th scope="col">سعر الوحدة</th>
              <th scope="col">الاجمالي</th>
            </tr>
          </thead>
          <tbody>
            {order.cartItems.map((item) => (
              <tr key={item._id}>
                <td>
                  {item.product.title}
                  {item.variant ? (
                    <span className="invoice__color"> ({variantLabel(item.variant.options)})</span>
                  ) : (
                    item.color && <span className="invoice__color"> ({colorName(item.color)})</span>
                  )}
                </td>
                <td>{item.count}</td>
                <td>{formatEGP(item.price)}</td>
                <td>{formatEGP(lineTotal(item))}</td>
              </tr>
            ))}
          </tbody>
        </table>

        <dl className="invoice__totals">
          <Total label="المجموع الفرعي" amount={formatEGP(itemsSubtotal(order))} />
          {saving > 0 && (
            <Total
              label={order.coupon ? `الخصم (كوبون ${order.coupon})` : 'الخصم'}
              amount={`- ${formatEGP(saving)}`}
              testId="invoice-discount"
            />
          )}
          <Total
            label="الشحن"
            amount={order.shippingPrice > 0 ? formatEGP(order.shippingPrice) : 'مجاني'}
            testId="invoice-shipping"
          />
          {cashFee > 0 && (
            <Total label="رسوم الدفع عند الاستلام" amount={formatEGP(cashFee)} testId="invoice-cash-fee" />
          )}
          <Total label="الاجمالي" amount={formatEGP(order.totalOrderPrice)} strong testId="invoice-total" />
          {vat > 0 && <Total label="شامل ضريبة القيمة المضافة" amount={formatEGP(vat)} testId="invoice-vat" />}
        </dl>

        <section className="invoice__payment">
          <p className="mb-0">طريقة الدفع: {paymentMethodLabel(order)}</p>
          <p className="mb-0" data-testid="invoice-payment-state">
            حالة الدفع: {paymentState(order)}
          </p>
        </section>

        <footer className="invoice__footer">
          {vat > 0 && 'الأسعار شاملة ضريبة القيمة المضافة. '}شكرا لتسوقكم معنا.
        </footer>
      </article>
    </div>
  );
}
