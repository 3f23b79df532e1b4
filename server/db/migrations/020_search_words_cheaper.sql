-- The vocabulary trigger of 018 looked up the changed words with `word = ANY(array)` for its clean-up even after
-- an insert, which decrements nothing: with a bulk insert's thousands of words that scan took seconds. Only words
-- whose count went down can reach 0, and those are found by a join.
CREATE OR REPLACE FUNCTION count_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
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
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM search_words s USING unnest(words, deltas) AS c(word, d)
    WHERE c.d < 0 AND s.word = c.word AND s.products <= 0;
  END IF;
  RETURN NULL;
END $$;
