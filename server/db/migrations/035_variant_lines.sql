-- A cart line and an order item are of one variant (migration 034): the same product in two sizes is two lines, and
-- stock is taken from, and put back to, the variant sold. A line written without one (an older client's statement)
-- is of its product's implicit variant.
ALTER TABLE cart_items ADD COLUMN variant_id uuid REFERENCES product_variants (id) ON DELETE CASCADE;
UPDATE cart_items ci SET variant_id = v.id
FROM product_variants v WHERE v.product_id = ci.product_id AND v.option_values = '{}';

CREATE FUNCTION line_implicit_variant() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.variant_id IS NULL AND NEW.product_id IS NOT NULL THEN
    NEW.variant_id := (SELECT id FROM product_variants
                       WHERE product_id = NEW.product_id AND option_values = '{}'
                       ORDER BY archived_at NULLS FIRST LIMIT 1);
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER cart_items_implicit_variant BEFORE INSERT ON cart_items
  FOR EACH ROW EXECUTE FUNCTION line_implicit_variant();
ALTER TABLE cart_items ALTER COLUMN variant_id SET NOT NULL;
ALTER TABLE cart_items DROP CONSTRAINT cart_items_cart_id_product_id_color_key;
CREATE UNIQUE INDEX cart_items_line_key ON cart_items (cart_id, variant_id, color);
CREATE INDEX cart_items_variant_idx ON cart_items (variant_id);

-- The variant sold, and its VariantRef as it was named when ordered (NULL for a product without options).
ALTER TABLE order_items ADD COLUMN variant_id uuid REFERENCES product_variants (id) ON DELETE SET NULL;
ALTER TABLE order_items ADD COLUMN variant_snapshot jsonb;
UPDATE order_items oi SET variant_id = v.id
FROM product_variants v WHERE v.product_id = oi.product_id AND v.option_values = '{}';
CREATE TRIGGER order_items_implicit_variant BEFORE INSERT ON order_items
  FOR EACH ROW EXECUTE FUNCTION line_implicit_variant();
CREATE INDEX order_items_variant_idx ON order_items (variant_id);
