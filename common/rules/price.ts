/**
 * A price after discount counts from 1 EGP (SPEC §9, API.md §6.2): below that, or unset, the price stands. The one
 * statement of the rule for the server's totals and every screen; the database's generated `effective_price`
 * (migration 011) states it again in SQL, kept in step by tests/server/rules.test.ts.
 */
export const MIN_DISCOUNTED_PRICE_EGP = 1;

/** Whether an after-discount amount in EGP (a price or a cart total) is a discount at all. */
export const isDiscounted = (afterDiscount: number | null | undefined): afterDiscount is number =>
  typeof afterDiscount === 'number' && afterDiscount >= MIN_DISCOUNTED_PRICE_EGP;

/** The amount a shopper pays, in the unit it is given in (`unit`: piastres per EGP on the server, 1 on the web). */
export const effectivePrice = (price: number, afterDiscount: number | null | undefined, unit = 1) =>
  afterDiscount != null && afterDiscount >= MIN_DISCOUNTED_PRICE_EGP * unit ? afterDiscount : price;
