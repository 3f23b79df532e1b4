-- A filtered page of the product list (category, brand and a price range, in any of the storefront's sorts) is picked
-- from this index alone: it holds the filter's columns as keys and every sort's columns besides, so PostgreSQL reads
-- the few hundred matching entries from a handful of index pages, sorts them, and reads only the page's rows from the
-- table (listProducts asks for the page's ids first). Without it, it read one table page per matching product, or
-- walked a whole sort index. products_filter_idx stays: narrower, it serves the count and the filters without a
-- category at less cost.
CREATE INDEX products_filter_sort_idx ON products (category_id, brand_id, effective_price)
  INCLUDE (sold, ratings_average, created_at, id);
