-- Product lists always end ORDER BY with the id in the direction of the last key (stable pages), so the
-- sort indexes must carry id in the same direction to be read without a separate sort (API.md §2).
DROP INDEX products_sold_idx;
DROP INDEX products_ratings_idx;
DROP INDEX products_category_idx;
DROP INDEX products_brand_idx;
CREATE INDEX products_sold_idx ON products (sold, id);
CREATE INDEX products_ratings_idx ON products (ratings_average, id);
CREATE INDEX products_category_idx ON products (category_id, created_at DESC, id DESC);
CREATE INDEX products_brand_idx ON products (brand_id, created_at DESC, id DESC);
