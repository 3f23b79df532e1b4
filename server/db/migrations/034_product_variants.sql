-- Variants (sizes, colours, capacities): a product has up to three options, [{name, values: [{value, hex?}]}], and one
-- variant per kept combination of their values, each with its own stock, sales, price, SKU, barcode and photo. Every
-- product has variants: one without options has exactly one implicit variant (no option values) that carries its
-- stock. products.quantity and products.sold stay the sums of its variants (archived ones count for sales only), kept
-- by the triggers below in the same statement, so every reader of products.quantity (the listing's stock filter and
-- sort, the low-stock mail, the dashboard) keeps working.
ALTER TABLE products ADD COLUMN options jsonb NOT NULL DEFAULT '[]';

CREATE TABLE product_variants (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  position int NOT NULL DEFAULT 0,
  -- One value per option of the product, in the options' order; '{}' for the implicit variant.
  option_values text[] NOT NULL DEFAULT '{}',
  -- 'name=value' for each option value: what the listing's option filter matches (GIN index below).
  option_terms text[] NOT NULL DEFAULT '{}',
  quantity int NOT NULL DEFAULT 0 CHECK (quantity >= 0),
  sold int NOT NULL DEFAULT 0 CHECK (sold >= 0),
  -- Piastres; NULL = the product's. A variant with a price of its own has no discount unless it sets one.
  price int CHECK (price > 0),
  price_after_discount int CHECK (price_after_discount >= 0),
  -- Normalised as products.sku; unique across the shop together with products.sku (triggers below).
  sku text,
  barcode text,
  -- One of the product's images (a stored name or URL), shown when the variant is chosen.
  image text,
  -- A removed variant is archived, not deleted, so the carts and orders that hold it still name it.
  archived_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX product_variants_values_key ON product_variants (product_id, option_values)
  WHERE archived_at IS NULL;
CREATE UNIQUE INDEX product_variants_sku_key ON product_variants (sku) WHERE sku IS NOT NULL;
CREATE INDEX product_variants_product_idx ON product_variants (product_id, position);
-- The listing's option filter (`options=المقاس:42`) finds the in-stock variants holding the terms.
CREATE INDEX product_variants_terms_idx ON product_variants USING gin (option_terms)
  WHERE archived_at IS NULL AND quantity > 0;

-- The implicit variant of every product there is.
INSERT INTO product_variants (product_id, quantity, sold) SELECT id, quantity, sold FROM products;

-- The price a variant's buyer pays (piastres): its own price and discount, or the product's (the rule of
-- effectivePrice in server/lib/money.ts: a discount below 1 EGP is none).
CREATE FUNCTION variant_effective_price(v_price int, v_discount int, p_price int, p_discount int) RETURNS int
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN v_discount IS NOT NULL THEN CASE WHEN v_discount >= 100 THEN v_discount ELSE coalesce(v_price, p_price) END
    WHEN v_price IS NOT NULL THEN v_price
    WHEN p_discount >= 100 THEN p_discount
    ELSE p_price
  END
$$;

-- effective_price (migration 011) becomes a column the trigger writes: for a product with options it is its lowest
-- variant's price, so the listing's price, its sort and its filter agree with the "من …" the shopper reads.
ALTER TABLE products ALTER COLUMN effective_price DROP EXPRESSION;

CREATE FUNCTION product_effective_price() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.effective_price := CASE WHEN NEW.price_after_discount >= 100 THEN NEW.price_after_discount ELSE NEW.price END;
  IF NEW.options <> '[]'::jsonb THEN
    NEW.effective_price := coalesce(
      (SELECT min(variant_effective_price(v.price, v.price_after_discount, NEW.price, NEW.price_after_discount))
       FROM product_variants v WHERE v.product_id = NEW.id AND v.archived_at IS NULL),
      NEW.effective_price);
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER products_effective_price BEFORE INSERT OR UPDATE ON products
  FOR EACH ROW EXECUTE FUNCTION product_effective_price();

-- A new product gets its implicit variant (the service replaces it when the product has options).
CREATE FUNCTION product_implicit_variants() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_variants (product_id, quantity, sold) SELECT id, quantity, sold FROM inserted_products;
  RETURN NULL;
END $$;
CREATE TRIGGER products_implicit_variant AFTER INSERT ON products
  REFERENCING NEW TABLE AS inserted_products FOR EACH STATEMENT EXECUTE FUNCTION product_implicit_variants();

-- A write of a product's own stock (a product without options) is its implicit variant's; a product with options
-- takes and gets stock only through its variants.
CREATE FUNCTION product_stock_to_variant() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  IF NEW.options = '[]'::jsonb THEN
    UPDATE product_variants SET quantity = NEW.quantity, sold = NEW.sold, updated_at = now()
    WHERE product_id = NEW.id AND option_values = '{}' AND archived_at IS NULL;
  ELSE
    RAISE EXCEPTION 'product % has options: its stock is its variants''', NEW.id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER products_stock_to_variant AFTER UPDATE OF quantity, sold ON products
  FOR EACH ROW WHEN (OLD.quantity IS DISTINCT FROM NEW.quantity OR OLD.sold IS DISTINCT FROM NEW.sold)
  EXECUTE FUNCTION product_stock_to_variant();

-- A variant's change gives its product the new sums (and, through products_effective_price, its lowest price).
CREATE FUNCTION variant_sums_to_product() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pid uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.product_id ELSE NEW.product_id END;
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  UPDATE products p SET quantity = s.quantity, sold = s.sold
  FROM (
    SELECT coalesce(sum(quantity) FILTER (WHERE archived_at IS NULL), 0)::int AS quantity,
           coalesce(sum(sold), 0)::int AS sold
    FROM product_variants WHERE product_id = pid
  ) s
  WHERE p.id = pid;
  RETURN NULL;
END $$;
CREATE TRIGGER product_variants_sums AFTER INSERT OR UPDATE OR DELETE ON product_variants
  FOR EACH ROW EXECUTE FUNCTION variant_sums_to_product();

-- A SKU is one product's or one variant's in the whole shop (products_sku_key and product_variants_sku_key hold it
-- within each table; these triggers across them, answering the same unique violation).
CREATE FUNCTION variant_sku_unique() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.sku IS NOT NULL AND EXISTS (SELECT 1 FROM products WHERE sku = NEW.sku) THEN
    RAISE EXCEPTION 'duplicate sku %', NEW.sku USING ERRCODE = 'unique_violation', CONSTRAINT = 'product_variants_sku_key';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER product_variants_sku_unique BEFORE INSERT OR UPDATE OF sku ON product_variants
  FOR EACH ROW EXECUTE FUNCTION variant_sku_unique();

CREATE FUNCTION product_sku_unique() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.sku IS NOT NULL AND EXISTS (SELECT 1 FROM product_variants WHERE sku = NEW.sku) THEN
    RAISE EXCEPTION 'duplicate sku %', NEW.sku USING ERRCODE = 'unique_violation', CONSTRAINT = 'products_sku_key';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER products_sku_unique BEFORE INSERT OR UPDATE OF sku ON products
  FOR EACH ROW EXECUTE FUNCTION product_sku_unique();
