-- Owner tools: the admin order search, the dashboard aggregates and their indexes.

-- Orders are found by customer name, e-mail or phone as they were when the order was made (the user snapshot),
-- or by the delivery phone. The text is folded like product search (server/lib/arabic.ts foldArabic: Arabic
-- letter variants, diacritics and tatweel, lower case) so the search pattern, folded the same way, matches it.
CREATE FUNCTION fold_search_text(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(translate(t, 'أإآٱىةًٌٍَُِّْٰٕٖٜٟٓٔٗ٘ٙٚٛٝٞۖۗۘۙۚۛۜ۝۞ۣ۟۠ۡۢۤۥۦۧۨ۩۪ۭ۫۬ـ', 'اااايه')) $$;

ALTER TABLE orders ADD COLUMN search_text text GENERATED ALWAYS AS (fold_search_text(
  coalesce(user_snapshot->>'name', '') || ' ' || coalesce(user_snapshot->>'email', '') || ' ' ||
  coalesce(user_snapshot->>'phone', '') || ' ' || coalesce(shipping_address->>'phone', ''))) STORED;
CREATE INDEX orders_search_idx ON orders USING gin (search_text gin_trgm_ops);

-- Dashboard (GET /dashboard): sales by Cairo day over the last 30 days read from the index alone (cancelled
-- orders count nowhere, so the flag is in the index too).
CREATE INDEX orders_created_total_idx ON orders (created_at) INCLUDE (total_order_price, is_cancelled);
-- Orders waiting for payment or delivery (never the cancelled ones): few rows each in a working shop, so small
-- partial indexes, which the admin list's "not paid / not delivered, not cancelled" filters use too.
CREATE INDEX orders_unpaid_idx ON orders (created_at DESC) WHERE NOT is_paid AND NOT is_cancelled;
CREATE INDEX orders_undelivered_idx ON orders (created_at DESC) WHERE NOT is_delivered AND NOT is_cancelled;
-- Best sellers: the lines of the last 30 days' orders without visiting the order_items heap.
CREATE INDEX order_items_order_sales_idx ON order_items (order_id) INCLUDE (product_id, count, price);
