import type { Static } from 'typebox';
import type { PaymentMethod as PaymentMethodSchema, Shop } from '../../common/contract/shop';
import { SHOP_NAME } from '../lib/shop';
import { readGet } from './firstAnswers';

/** An online payment method (ours): a card everywhere; with Paymob also a mobile wallet, a kiosk or valU. */
export type PaymentMethod = Static<typeof PaymentMethodSchema>;
export const PAYMENT_METHODS: readonly PaymentMethod[] = ['card', 'wallet', 'kiosk', 'valu'];

/**
 * What the web app must know about the shop it talks to (GET /shop, ours). `vatRate` is null when not known (another
 * backend, or an older server of ours); `cashOnDelivery` is not read here (the delivery quote says it per order).
 */
export type ShopInfo = Omit<Static<typeof Shop>, 'vatRate' | 'cashOnDelivery'> & { vatRate: number | null };

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
  const data = await readGet<{ data?: Partial<ShopInfo> }>('/shop');
  const vatRate = data.data?.vatRate;
  const cardPayment = data.data?.cardPayment !== false;
  const provider = data.data?.paymentProvider;
  const methods = Array.isArray(data.data?.paymentMethods)
    ? data.data.paymentMethods.filter((m) => PAYMENT_METHODS.includes(m))
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
