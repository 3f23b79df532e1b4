-- For products, `price` in sort and filters means the price the shopper pays (API.md §2): priceAfterDiscount
-- when it is at least 1 EGP, else price (the rule of effectivePrice in server/lib/money.ts). A stored column
-- lets the price sort and the side filter keep their indexes (004, 006) on the price that is shown.
ALTER TABLE products ADD COLUMN effective_price int
  GENERATED ALWAYS AS (CASE WHEN price_after_discount >= 100 THEN price_after_discount ELSE price END) STORED;
DROP INDEX products_price_idx;
CREATE INDEX products_price_idx ON products (effective_price, id);
DROP INDEX products_filter_idx;
CREATE INDEX products_filter_idx ON products (category_id, brand_id, effective_price);
