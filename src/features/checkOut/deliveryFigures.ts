import type { DeliveryQuote } from '../../api/types';
import { includedVat } from '../../../common/vat';

const piastres = (egp: number) => Math.round(egp * 100);

/**
 * The figures the pay page shows for a quote, in pounds: the items before the coupon, the total for the chosen way
 * of paying and the VAT it includes. The quote's `taxPrice` is the online total's; the cash total's (it adds the
 * cash fee) is worked out with the shop's rate exactly as the server will record it, else the online one stands.
 */
export function quoteFigures(quote: DeliveryQuote, cash: boolean, vatRate: number | null) {
  const total = cash ? quote.totalCash : quote.totalOnline;
  const vat = cash && vatRate !== null ? includedVat(piastres(total), vatRate) / 100 : quote.taxPrice;
  return { items: (piastres(quote.itemsPrice) + piastres(quote.discount)) / 100, total, vat };
}
