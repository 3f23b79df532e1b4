import type { DeliveryQuote } from '../../api/types';
import { formatEGP } from '../../../common/format';
import { quoteFigures } from './deliveryFigures';
import AmountRow from '../../components/AmountRow';

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
      <AmountRow term="المنتجات">{formatEGP(figures.items)}</AmountRow>
      {quote.discount > 0 && (
        <AmountRow term="خصم الكوبون" tone="saving">
          - {formatEGP(quote.discount)}
        </AmountRow>
      )}
      <AmountRow term="الشحن" testId="shipping-price">
        {quote.shippingPrice > 0 ? formatEGP(quote.shippingPrice) : 'شحن مجاني'}
      </AmountRow>
      {quote.shippingPrice > 0 && quote.freeShippingFrom != null && (
        <p className="small text-body-secondary mb-1">
          شحن مجاني للطلبات من {formatEGP(quote.freeShippingFrom)} الى هذه المحافظة
        </p>
      )}
      {cash && quote.cashOnDelivery.fee > 0 && (
        <AmountRow term="رسوم الدفع عند الاستلام" testId="cash-fee">
          {formatEGP(quote.cashOnDelivery.fee)}
        </AmountRow>
      )}
      <AmountRow term="الاجمالي" tone="total" testId="payable">
        {formatEGP(figures.total)}
      </AmountRow>
      {figures.vat > 0 && (
        <AmountRow term="شامل ضريبة القيمة المضافة" tone="note" testId="vat">
          {formatEGP(figures.vat)}
        </AmountRow>
      )}
    </dl>
  );
}
