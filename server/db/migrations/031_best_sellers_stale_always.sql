-- An older order's change marked the best-seller sums stale only when they were not stale already. But while they are
-- computed again after such a change they are still marked stale, so a second change made meanwhile wrote nothing,
-- did not wait for the computation's lock on the state row, and the computation, which had read the figures before
-- it, then marked its sums fresh without it: a cancelled older order counted among the best sellers until the next
-- day. The mark is now always written, so it waits for a running computation and comes after it.
CREATE OR REPLACE FUNCTION daily_product_sales_past_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.day < shop_day(now()) THEN
    UPDATE best_sellers_state SET day = NULL;
  END IF;
  RETURN NULL;
END $$;
