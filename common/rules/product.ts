/**
 * A product's rules (API.md §5.5), read by the server's schema, the catalogue sheet's import and the owner's form.
 * Money here is in piastres, as the server keeps it; a count is at most what the database's `int` holds.
 */
export const PRODUCT_LIMITS = { titleMin: 3, titleMax: 100, descriptionMax: 2000 } as const;

/** The largest price (in piastres) or stock count the shop stores. */
export const MAX_STORED_INT = 2_147_483_647;

/** What is wrong with a price, or undefined for a price a product may have. */
export function priceProblem(piastres: number): 'notPositive' | 'tooLarge' | undefined {
  if (!(piastres > 0)) return 'notPositive';
  if (piastres > MAX_STORED_INT) return 'tooLarge';
  return undefined;
}

/** A price after discount is below the price it discounts (none, or no price to compare with, is fine). */
export const discountBelowPrice = (discount: number | null | undefined, price: number | null | undefined) =>
  discount == null || price == null || discount < price;

/** A stock count: a whole number from 0 to MAX_STORED_INT. */
export const isStockCount = (n: number) => Number.isInteger(n) && n >= 0 && n <= MAX_STORED_INT;
