-- The storefront's side filter narrows by category, brand and price range together; this index answers the
-- count of such a filter from the index alone (index-only scan) and feeds the page as a bitmap.
CREATE INDEX products_filter_idx ON products (category_id, brand_id, price);
