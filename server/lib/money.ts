import { effectivePrice as sharedEffectivePrice } from '../../common/rules/price';

/** Money is stored and computed in whole piastres (1/100 EGP) and answered as EGP numbers. */
export const toPiastres = (egp: number) => Math.round(egp * 100);
export const toEgp = (piastres: number) => piastres / 100;

/** total − total × percent / 100, in piastres, halves rounded up (API.md §6.3). */
export function applyDiscount(totalPiastres: number, percent: number): number {
  // Work in hundredths of a percent so the arithmetic stays in integers.
  const basisPoints = Math.round(percent * 100);
  const discount = Math.floor((totalPiastres * basisPoints + 5000) / 10000);
  return totalPiastres - discount;
}

/** The price a shopper pays, in piastres: priceAfterDiscount when it is set and at least 1 EGP (common/rules/price.ts). */
export const effectivePrice = (price: number, priceAfterDiscount: number | null | undefined) =>
  sharedEffectivePrice(price, priceAfterDiscount, 100);

/**
 * The largest cart or order total, in piastres (1,000,000,000 EGP). Totals are bigint columns (migration 010);
 * this bound keeps them, and total × basis points in applyDiscount, exact in JS numbers.
 */
export const MAX_CART_TOTAL = 100_000_000_000;
export const CART_TOTAL_TOO_LARGE = `Cart total may be at most ${MAX_CART_TOTAL / 100} EGP`;

// The VAT included in a price is worked out as the web app shows it, from the one implementation in common/.
export { includedVat } from '../../common/vat';
