-- The words of each product's title alone (the weight-A terms of search_vector, without positions or weights): a
-- common keyword's matches with every word in the title are read from this index instead of by visiting every
-- match (products/search.ts, commonWordPage).
CREATE INDEX products_title_words_idx ON products USING gin (strip(ts_filter(search_vector, '{a}')));
ANALYZE products;
