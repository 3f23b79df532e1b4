-- Search suggestions (GET /products/suggestions) list titles that start with what the shopper typed, from the
-- second letter on, where the trigram index cannot help (it needs three letters). search_text begins with the
-- folded title; a B-tree on its first 64 characters in byte order serves `LIKE 'prefix%'` and returns the
-- matches already in order, so a LIMIT stops the read early (the whole search_text, description included,
-- may exceed a B-tree entry's size).
CREATE INDEX products_search_prefix_idx ON products ((left(search_text, 64) COLLATE "C"));
-- Suggestions look for the keyword inside titles through a trigram index on the same 64 characters: the
-- whole-text index also holds every description, whose common words make its posting lists long (a phrase of
-- such words costs it tens of milliseconds at 100,000 products, this one a few).
CREATE INDEX products_search_start_trgm_idx ON products USING gin ((left(search_text, 64)) gin_trgm_ops);
