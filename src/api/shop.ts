import { SHOP_NAME } from '../lib/shop';
import { getOnce } from './prefetch';

/** An online payment method (ours): a card everywhere; with Paymob also a mobile wallet, a kiosk or valU. */
export type PaymentMethod = 'card' | 'wallet' | 'kiosk' | 'valu';
const METHODS: PaymentMethod[] = ['card', 'wallet', 'kiosk', 'valu'];

/** What the web app must know about the shop it talks to (GET /shop, ours). */
export interface ShopInfo {
  /** Paymob's checkout is opened in the same tab and comes back to the order; the others open a new tab. */
  paymentProvider: 'paymob' | 'stripe' | 'test' | null;
  /** The online methods the pay page offers, in order (none: cash only). */
  paymentMethods: PaymentMethod[];
  /** Card payments go to the server's test page: nothing is really paid, and the storefront says so. */
  demo: boolean;
  /** Card checkout is offered at all (Stripe or the test page). */
  cardPayment: boolean;
  /** Ours, for the invoice: the shop's legal name, its address and tax registration number ('' when not set). */
  shopName: string;
  shopAddress: string;
  taxNumber: string;
  /** Ours: the VAT rate in percent that the shop's prices include (null: not known). */
  vatRate: number | null;
}

/** Another backend (API.md §8) has no /shop: there, payments are real and card checkout exists. */
export const OTHER_BACKEND_SHOP: ShopInfo = {
  paymentProvider: 'stripe',
  paymentMethods: ['card'],
  demo: false,
  cardPayment: true,
  shopName: SHOP_NAME,
  shopAddress: '',
  taxNumber: '',
  vatRate: null,
};

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export async function getShopInfo(): Promise<ShopInfo> {
  const { data } = await getOnce<{ data?: Partial<ShopInfo> }>('/shop');
  const vatRate = data.data?.vatRate;
  const cardPayment = data.data?.cardPayment !== false;
  const provider = data.data?.paymentProvider;
  const methods = Array.isArray(data.data?.paymentMethods)
    ? data.data.paymentMethods.filter((m) => METHODS.includes(m))
    : undefined;
  return {
    demo: data.data?.demo === true,
    cardPayment,
    paymentProvider:
      provider === 'paymob' || provider === 'test' || provider === null ? provider : cardPayment ? 'stripe' : null,
    // An older server of ours says only whether cards are taken.
    paymentMethods: methods ?? (cardPayment ? ['card'] : []),
    shopName: text(data.data?.shopName) || SHOP_NAME,
    shopAddress: text(data.data?.shopAddress),
    taxNumber: text(data.data?.taxNumber),
    vatRate: typeof vatRate === 'number' ? vatRate : null,
  };
}
