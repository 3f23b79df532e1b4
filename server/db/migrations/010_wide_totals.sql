-- Unit prices fit int piastres (at most 21,474,836.47 EGP), but a total of several lines does not: two of a
-- 12,000,000 EGP product overflowed. Totals are bigint piastres; the cart refuses lines past MAX_CART_TOTAL
-- (server/lib/money.ts), which keeps every total and its discount arithmetic exact in JS numbers.
ALTER TABLE carts ALTER COLUMN total_after_discount TYPE bigint;
ALTER TABLE payment_sessions ALTER COLUMN total TYPE bigint;
ALTER TABLE orders ALTER COLUMN total_order_price TYPE bigint;
