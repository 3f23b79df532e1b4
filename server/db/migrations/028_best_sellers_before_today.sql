-- The dashboard's best sellers at any number of orders: the 30 days' sums of every product sold would be tens of
-- thousands of rows to add up on each read. The 29 days before today change only when an older order does (a
-- cancellation, a refund), so their per-product sums are kept here, computed once a day (on the first read of the day,
-- server/modules/dashboard/repository.ts); a read then adds today's rows to them. The five best of the 30 days are
-- among the five best before today and the products sold today (today's figures are never negative: a cancellation
-- counts on its order's own day), so only those are summed.
CREATE TABLE best_sellers_before (
  product_id uuid PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE,
  sold int NOT NULL,
  revenue bigint NOT NULL
);
CREATE INDEX best_sellers_before_rank_idx ON best_sellers_before (sold DESC, revenue DESC, product_id);

-- The Cairo day the sums were computed on (they cover the 29 days before it); NULL once a figure of a day before
-- today changed, so the next read computes them again.
CREATE TABLE best_sellers_state (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  day date
);
INSERT INTO best_sellers_state DEFAULT VALUES;

CREATE FUNCTION daily_product_sales_past_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.day < shop_day(now()) THEN
    UPDATE best_sellers_state SET day = NULL WHERE day IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER daily_product_sales_past_changed AFTER INSERT OR UPDATE ON daily_product_sales
  FOR EACH ROW EXECUTE FUNCTION daily_product_sales_past_changed();
