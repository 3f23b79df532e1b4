-- The products' sums of their variants (migration 034) once per statement instead of once per variant row: a
-- statement that writes many variants (a catalogue import, the bench's generator, an order of many lines) sums each
-- product it touched once, where the row trigger summed a product again for every one of its variants.
DROP TRIGGER product_variants_sums ON product_variants;
DROP FUNCTION variant_sums_to_product();

CREATE FUNCTION variant_sums_to_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A write of the products' own (their implicit variants' stock, a product's deletion) has its sums already.
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  UPDATE products p SET quantity = s.quantity, sold = s.sold
  FROM (
    SELECT v.product_id, coalesce(sum(v.quantity) FILTER (WHERE v.archived_at IS NULL), 0)::int AS quantity,
           coalesce(sum(v.sold), 0)::int AS sold
    FROM product_variants v WHERE v.product_id IN (SELECT product_id FROM changed_variants)
    GROUP BY v.product_id
  ) s
  WHERE p.id = s.product_id;
  RETURN NULL;
END $$;
CREATE TRIGGER product_variants_sums_insert AFTER INSERT ON product_variants
  REFERENCING NEW TABLE AS changed_variants FOR EACH STATEMENT EXECUTE FUNCTION variant_sums_to_products();
CREATE TRIGGER product_variants_sums_update AFTER UPDATE ON product_variants
  REFERENCING NEW TABLE AS changed_variants FOR EACH STATEMENT EXECUTE FUNCTION variant_sums_to_products();
CREATE TRIGGER product_variants_sums_delete AFTER DELETE ON product_variants
  REFERENCING OLD TABLE AS changed_variants FOR EACH STATEMENT EXECUTE FUNCTION variant_sums_to_products();
