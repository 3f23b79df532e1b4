-- A shop open for years (a million orders): the staff's order filters and the dashboard's best sellers read indexes
-- sized by what they return, not by the history.

-- The staff's order list filters on these flags and the payment method, newest first (API.md §2 filters arrive as
-- parameters, so the partial indexes of migration 017 cannot serve them): each filter reads its own range, and the
-- capped count (server/modules/orders/repository.ts) stops early.
CREATE INDEX orders_paid_created_idx ON orders (is_paid, created_at DESC, id DESC);
CREATE INDEX orders_delivered_created_idx ON orders (is_delivered, created_at DESC, id DESC);
CREATE INDEX orders_cancelled_created_idx ON orders (is_cancelled, created_at DESC, id DESC);
CREATE INDEX orders_method_created_idx ON orders (payment_method_type, created_at DESC, id DESC);

-- Best sellers sum 30 days of per-product rows from the index alone.
CREATE INDEX daily_product_sales_day_idx ON daily_product_sales (day) INCLUDE (product_id, sold, revenue);

-- A deleted product's figures go with it: the dashboard lists only products that still exist, so it can pick the top
-- rows before reading the products.
DELETE FROM daily_product_sales d WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.id = d.product_id);
ALTER TABLE daily_product_sales
  ADD CONSTRAINT daily_product_sales_product_fkey FOREIGN KEY (product_id) REFERENCES products (id) ON DELETE CASCADE;
