-- Keyword search by words (server/lib/searchText.ts) instead of a substring of the folded text.
-- search_vector holds every word of the title (weight A) and the description (weight D) twice: as itself, marked
-- `=`, and as its light stem. The server writes it with each title or description (the stemmer lives in
-- TypeScript, for the keyword and the stored text alike); NULL means "not analysed yet": rows of an older
-- database, and every row after a change of the analysis, are filled in at start (products/searchIndex.ts).
ALTER TABLE products ADD COLUMN search_vector tsvector;
CREATE INDEX products_search_vector_idx ON products USING gin (search_vector);
-- The substring search and its indexes (001, 015) are replaced by the words.
DROP INDEX products_search_idx;
DROP INDEX products_search_prefix_idx;
DROP INDEX products_search_start_trgm_idx;
ALTER TABLE products DROP COLUMN search_text;

-- "Also known as" names that search and suggestions match like the name itself: Latin spellings, common
-- misspellings, product lines ("samsung", "galaxy").
ALTER TABLE categories ADD COLUMN aliases text[] NOT NULL DEFAULT '{}';
ALTER TABLE subcategories ADD COLUMN aliases text[] NOT NULL DEFAULT '{}';
ALTER TABLE brands ADD COLUMN aliases text[] NOT NULL DEFAULT '{}';

-- The analysis the stored vectors were made with (searchIndex.ts compares it with its own).
CREATE TABLE search_index_state (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  analysis int NOT NULL
);

-- The shop's vocabulary: every folded word of the product texts with how many products hold it, for the typo
-- fallback (a keyword word the shop does not have is replaced by the most similar word it has, by trigrams).
-- Kept by statement triggers from the `=` terms of search_vector, so every way of writing products keeps it.
CREATE TABLE search_words (
  word text PRIMARY KEY,
  products int NOT NULL
);
CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops);

CREATE FUNCTION search_words_of(v tsvector) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS
$$ SELECT substr(t, 2) FROM unnest(tsvector_to_array(v)) AS t WHERE left(t, 1) = '=' $$;

-- One aggregated change per statement (a bulk insert of 5,000 products is one upsert), in word order so two
-- writers that share words lock them in the same order. A statement that leaves every vector as it was (a stock
-- or rating change) changes nothing here.
CREATE FUNCTION count_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  words text[];
  deltas int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(word ORDER BY word), array_agg(d ORDER BY word) INTO words, deltas
    FROM (SELECT w AS word, count(*)::int AS d FROM new_rows, search_words_of(search_vector) AS w GROUP BY w) c;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(word ORDER BY word), array_agg(d ORDER BY word) INTO words, deltas
    FROM (SELECT w AS word, -count(*)::int AS d FROM old_rows, search_words_of(search_vector) AS w GROUP BY w) c;
  ELSE
    SELECT array_agg(word ORDER BY word), array_agg(d ORDER BY word) INTO words, deltas
    FROM (
      SELECT word, sum(d)::int AS d FROM (
        SELECT search_words_of(n.search_vector) AS word, 1 AS d
        FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.search_vector IS DISTINCT FROM o.search_vector
        UNION ALL
        SELECT search_words_of(o.search_vector), -1
        FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.search_vector IS DISTINCT FROM o.search_vector
      ) x GROUP BY word HAVING sum(d) <> 0
    ) c;
  END IF;
  IF words IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO search_words (word, products) SELECT * FROM unnest(words, deltas)
    ON CONFLICT (word) DO UPDATE SET products = search_words.products + excluded.products;
  DELETE FROM search_words WHERE word = ANY(words) AND products <= 0;
  RETURN NULL;
END $$;

CREATE TRIGGER products_search_words_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_search_words();
CREATE TRIGGER products_search_words_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_search_words();
CREATE TRIGGER products_search_words_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_search_words();
