-- The unfiltered catalogue's size, kept exact by statement triggers, so GET /products answers `results`
-- without counting every row on each request (a full count costs milliseconds per request at 100k products).
-- Statement-level triggers with transition tables add one row update per INSERT/DELETE statement, bulk loads included.
CREATE TABLE product_count (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  n bigint NOT NULL
);
INSERT INTO product_count (n) SELECT count(*) FROM products;

CREATE FUNCTION product_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_count SET n = n + (SELECT count(*) FROM inserted_rows);
  RETURN NULL;
END $$;

CREATE FUNCTION product_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_count SET n = n - (SELECT count(*) FROM deleted_rows);
  RETURN NULL;
END $$;

CREATE FUNCTION product_count_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_count SET n = 0;
  RETURN NULL;
END $$;

CREATE TRIGGER products_count_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION product_count_inserted();
CREATE TRIGGER products_count_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION product_count_deleted();
CREATE TRIGGER products_count_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION product_count_truncated();
