/**
 * A coupon's rules (API.md §5.10): a name of at most 32 characters, and a discount in percent above 0 and at most 100,
 * kept with 2 decimals (so one that rounds to 0 is none), and a new coupon's expiry ahead. The server's schema and the
 * owner's form read them here.
 */
export const COUPON_NAME_MAX = 32;
export const COUPON_DISCOUNT_MAX = 100;

/** The discount as it is stored: 2 decimals. */
export const storedDiscount = (percent: number) => Math.round(percent * 100) / 100;

/** Whether a discount in percent is one a coupon may have. */
export const isCouponDiscount = (percent: number) =>
  Number.isFinite(percent) && storedDiscount(percent) > 0 && percent <= COUPON_DISCOUNT_MAX;

/**
 * Whether a new coupon's expiry lies ahead (API.md §5.10: `Coupon expire date must be in the future`). A date alone
 * expires at the end of that day: in Cairo on the server, in the owner's calendar in the form.
 */
export const expiresAhead = (expire: Date, now = Date.now()) => expire.getTime() > now;
