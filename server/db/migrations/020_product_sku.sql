-- A product's stock-keeping unit: the owner's own code, optional, unique. Stored as the server normalised it
-- (trimmed, Western digits, Latin letters upper-cased), so "ab-١٢" and "AB-12" are the same code. The admin list
-- filters on it (`?sku=`), and a catalogue import matches rows to products by it.
ALTER TABLE products ADD COLUMN sku text;
CREATE UNIQUE INDEX products_sku_key ON products (sku) WHERE sku IS NOT NULL;
