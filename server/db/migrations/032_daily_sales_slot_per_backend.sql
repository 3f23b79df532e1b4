-- Orders placed at the same time never wait for one another's daily figures. daily_sales (migration 021) spread each
-- day over 16 rows by pg_backend_pid() % 16, but the server's pool holds up to 20 connections, so some always shared a
-- row: an order then waited, from its insert to its commit, for the order that held that row. Under 32 concurrent cash
-- orders that wait (Lock/transactionid on the order's insert) was most of their time in the database. The row is now
-- the backend's own, by its whole pid: two transactions running at the same time never have the same pid. A day has
-- as many rows as backends that wrote an order that day; the dashboard sums them as before.
ALTER TABLE daily_sales ALTER COLUMN slot TYPE int;

CREATE OR REPLACE FUNCTION count_order_sales(order_row orders, sign int, with_items boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_sales AS d (day, slot, orders, revenue)
    VALUES (shop_day(order_row.created_at), pg_backend_pid(), sign, sign * order_row.total_order_price)
    ON CONFLICT (day, slot) DO UPDATE SET orders = d.orders + EXCLUDED.orders, revenue = d.revenue + EXCLUDED.revenue;
  IF with_items THEN
    INSERT INTO daily_product_sales AS d (day, product_id, sold, revenue)
      SELECT shop_day(order_row.created_at), oi.product_id, sign * sum(oi.count), sign * sum(oi.count * oi.price::bigint)
      FROM order_items oi WHERE oi.order_id = order_row.id AND oi.product_id IS NOT NULL
      GROUP BY oi.product_id ORDER BY oi.product_id
      ON CONFLICT (day, product_id) DO UPDATE SET sold = d.sold + EXCLUDED.sold, revenue = d.revenue + EXCLUDED.revenue;
  END IF;
END $$;
