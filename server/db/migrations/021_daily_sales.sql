-- The dashboard's figures kept up to date as orders change, so reading them costs the same at a million orders as at
-- ten: sales per Cairo day, and units and revenue per product per Cairo day. Cancelled orders count nowhere.
--
-- daily_sales is spread over 16 slots per day (by the connection's backend pid), so concurrent orders do not all
-- wait on one row of today; the dashboard sums the slots. A product's daily row is only changed by transactions that
-- have already locked that product (orders, payments and cancellations lock their products first), so it adds no wait.
CREATE TABLE daily_sales (
  day date NOT NULL,
  slot smallint NOT NULL,
  orders int NOT NULL DEFAULT 0,
  revenue bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (day, slot)
);
CREATE TABLE daily_product_sales (
  day date NOT NULL,
  product_id uuid NOT NULL,
  sold int NOT NULL DEFAULT 0,
  revenue bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (day, product_id)
);

CREATE FUNCTION shop_day(t timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT (t AT TIME ZONE 'Africa/Cairo')::date $$;

-- Adds (sign 1) or takes away (sign -1) an order's own figures, and with `with_items` those of its lines.
CREATE FUNCTION count_order_sales(order_row orders, sign int, with_items boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_sales AS d (day, slot, orders, revenue)
    VALUES (shop_day(order_row.created_at), pg_backend_pid() % 16, sign, sign * order_row.total_order_price)
    ON CONFLICT (day, slot) DO UPDATE SET orders = d.orders + EXCLUDED.orders, revenue = d.revenue + EXCLUDED.revenue;
  IF with_items THEN
    INSERT INTO daily_product_sales AS d (day, product_id, sold, revenue)
      SELECT shop_day(order_row.created_at), oi.product_id, sign * sum(oi.count), sign * sum(oi.count * oi.price::bigint)
      FROM order_items oi WHERE oi.order_id = order_row.id AND oi.product_id IS NOT NULL
      GROUP BY oi.product_id ORDER BY oi.product_id
      ON CONFLICT (day, product_id) DO UPDATE SET sold = d.sold + EXCLUDED.sold, revenue = d.revenue + EXCLUDED.revenue;
  END IF;
END $$;

CREATE FUNCTION orders_sales_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE o orders;
BEGIN
  FOR o IN SELECT * FROM new_orders WHERE NOT is_cancelled LOOP
    PERFORM count_order_sales(o, 1, false);
  END LOOP;
  RETURN NULL;
END $$;
CREATE TRIGGER orders_sales_inserted AFTER INSERT ON orders REFERENCING NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION orders_sales_inserted();

-- An order's lines count on their order's day (the shop writes an order and its lines in one statement; the order
-- row is there when this runs at its end).
CREATE FUNCTION order_items_sales_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_product_sales AS d (day, product_id, sold, revenue)
    SELECT shop_day(o.created_at), i.product_id, sum(i.count), sum(i.count * i.price::bigint)
    FROM new_items i JOIN orders o ON o.id = i.order_id
    WHERE NOT o.is_cancelled AND i.product_id IS NOT NULL
    GROUP BY 1, 2 ORDER BY 2, 1
    ON CONFLICT (day, product_id) DO UPDATE SET sold = d.sold + EXCLUDED.sold, revenue = d.revenue + EXCLUDED.revenue;
  RETURN NULL;
END $$;
CREATE TRIGGER order_items_sales_inserted AFTER INSERT ON order_items REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION order_items_sales_inserted();

-- A cancellation (or a changed total) moves the order's figures. Orders are never deleted (they outlive their
-- customer's account), so there is no delete trigger.
CREATE FUNCTION orders_sales_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT OLD.is_cancelled THEN PERFORM count_order_sales(OLD, -1, true); END IF;
  IF NOT NEW.is_cancelled THEN PERFORM count_order_sales(NEW, 1, true); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER orders_sales_changed AFTER UPDATE OF is_cancelled, total_order_price, created_at ON orders
  FOR EACH ROW WHEN (OLD.is_cancelled IS DISTINCT FROM NEW.is_cancelled
    OR OLD.total_order_price IS DISTINCT FROM NEW.total_order_price OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION orders_sales_changed();

-- The figures of the orders already there.
INSERT INTO daily_sales (day, slot, orders, revenue)
  SELECT shop_day(created_at), 0, count(*), sum(total_order_price) FROM orders WHERE NOT is_cancelled GROUP BY 1;
INSERT INTO daily_product_sales (day, product_id, sold, revenue)
  SELECT shop_day(o.created_at), oi.product_id, sum(oi.count), sum(oi.count * oi.price::bigint)
  FROM orders o JOIN order_items oi ON oi.order_id = o.id
  WHERE NOT o.is_cancelled AND oi.product_id IS NOT NULL GROUP BY 1, 2;
