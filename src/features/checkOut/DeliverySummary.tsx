import type { DeliveryQuote } from '../../api/types';
import { formatEGP } from '../../../common/format';
import { quoteFigures } from './deliveryFigures';

/**
 * What the shopper pays for the cart delivered to the chosen governorate, before committing: items, coupon, shipping
 * (or free), the cash fee when paying cash, the total for the chosen way of paying and the VAT it includes.
 */
export default function DeliverySummary({
  quote,
  cash,
  vatRate,
}: {
  quote: DeliveryQuote;
  /** Paying cash on delivery: its fee is added and its total shown. */
  cash: boolean;
  /** The shop's VAT rate (GET /shop), for the VAT of the cash total. */
  vatRate: number | null;
}) {
  const figures = quoteFigures(quote, cash, vatRate);
  return (
    <dl className="mb-0" data-testid="delivery-summary">
      <div className="d-flex justify-content-between gap-2">
        <dt className="fw-normal">المنتجات</dt>
        <dd className="mb-1">{formatEGP(figures.items)}</dd>
      </div>
      {quote.discount > 0 && (
        <div className="d-flex justify-content-between gap-2 text-success">
          <dt className="fw-normal">خصم الكوبون</dt>
          <dd className="mb-1">- {formatEGP(quote.discount)}</dd>
        </div>
      )}
      <div className="d-flex justify-content-between gap-2">
        <dt className="fw-normal">الشحن</dt>
        <dd className="mb-1" data-testid="shipping-price">
          {quote.shippingPrice > 0 ? formatEGP(quote.shippingPrice) : 'شحن مجاني'}
        </dd>
      </div>
      {quote.shippingPrice > 0 && quote.freeShippingFrom != null && (
        <p className="small text-body-secondary mb-1">
          شحن مجاني للطلبات من {formatEGP(quote.freeShippingFrom)} الى هذه المحافظة
        </p>
      )}
      {cash && quote.cashOnDelivery.fee > 0 && (
        <div className="d-flex justify-content-between gap-2">
          <dt className="fw-normal">رسوم الدفع عند الاستلام</dt>
          <dd className="mb-1" data-testid="cash-fee">
            {formatEGP(quote.cashOnDelivery.fee)}
          </dd>
        </div>
      )}
      <div className="d-flex justify-content-between gap-2 border-top pt-2 fw-bold fs-5">
        <dt>الاجمالي</dt>
        <dd className="mb-0" data-testid="payable">
          {formatEGP(figures.total)}
        </dd>
      </div>
      {figures.vat > 0 && (
        <div className="d-flex justify-content-between gap-2 small text-body-secondary">
          <dt className="fw-normal">شامل ضريبة القيمة المضافة</dt>
          <dd className="mb-0" data-testid="vat">
            {formatEGP(figures.vat)}
          </dd>
        </div>
      )}
    </dl>
  );
}
