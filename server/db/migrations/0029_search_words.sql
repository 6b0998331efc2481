-- Typo tolerance (issue 18): the vocabulary of the catalogue's names, so a misspelt query word is corrected to
-- the names' own words (trigram neighbours, then the true typo distance in the server) and searched by full
-- text like any word. Each word counts the rows whose name holds it, so a word leaves with its last name.
-- Every row's name counts, published or not: a correction only chooses a word, and the search keeps its own visibility.
CREATE TABLE IF NOT EXISTS "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"uses" integer NOT NULL
);--> statement-breakpoint
-- GIN, not GiST: a nearest-neighbour walk of a GiST trigram index over 285,000 words took 80 ms a word, while
-- GIN finds the words over a low similarity threshold in 1.5–5 ms (search_word_neighbours below).
CREATE INDEX IF NOT EXISTS "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- The words of a stored `search_name` (already lower case) that may be meant by a typo: letters only (model
-- numbers are not corrected) and four or more (a shorter word is never one typo from a word of five).
CREATE FUNCTION search_name_words(name text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT w ORDER BY w), '{}')
  FROM regexp_split_to_table(coalesce(name, ''), '[^a-zа-яё]+') AS w
  WHERE char_length(w) >= 4
$$;--> statement-breakpoint
-- The words a misspelt word may mean, nearest by trigrams first: none when the names hold the word itself. Trigrams
-- only shortlist (the server counts the typos): one typo can leave a five-letter word only 0.2 of its trigrams
-- («двиан» and «диван» share "  д" and "ан "), and two swaps leave a nine-letter word 0.16. The threshold lives
-- in the function's own SET clause, so it never changes another statement's `%`.
CREATE FUNCTION search_word_neighbours(typed text, n integer) RETURNS TABLE (word text, uses integer)
LANGUAGE plpgsql SET pg_trgm.similarity_threshold = 0.2 AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM search_words k WHERE k.word = typed) THEN
    RETURN;
  END IF;
  IF char_length(typed) >= 9 THEN
    PERFORM set_config('pg_trgm.similarity_threshold', '0.15', true);
  END IF;
  RETURN QUERY SELECT v.word, v.uses FROM search_words v
    WHERE v.word % typed AND char_length(v.word) BETWEEN char_length(typed) - 2 AND char_length(typed) + 2
    ORDER BY v.word <-> typed, v.uses DESC LIMIT n;
END
$$;--> statement-breakpoint
-- Adds a new name's words and takes away an old name's, in word order, so two writers never wait on each
-- other's words in opposite orders (a deadlock).
CREATE FUNCTION search_words_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_words text[] := CASE WHEN TG_OP <> 'INSERT' THEN search_name_words(OLD.search_name) ELSE '{}' END;
  new_words text[] := CASE WHEN TG_OP <> 'DELETE' THEN search_name_words(NEW.search_name) ELSE '{}' END;
  change record;
BEGIN
  FOR change IN
    SELECT s.w, sum(s.d) AS d FROM (SELECT unnest(new_words) AS w, 1 AS d UNION ALL SELECT unnest(old_words), -1) AS s
    GROUP BY s.w HAVING sum(s.d) <> 0 ORDER BY s.w
  LOOP
    IF change.d > 0 THEN
      INSERT INTO search_words (word, uses) VALUES (change.w, 1) ON CONFLICT (word) DO UPDATE SET uses = search_words.uses + 1;
    ELSE
      DELETE FROM search_words WHERE word = change.w AND uses <= 1;
      UPDATE search_words SET uses = uses - 1 WHERE word = change.w;
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Only a new name changes the words: stock, ratings and order counts update these rows far more often.
CREATE TRIGGER products_search_words AFTER INSERT OR DELETE ON products FOR EACH ROW EXECUTE FUNCTION search_words_count();--> statement-breakpoint
CREATE TRIGGER products_search_words_rename AFTER UPDATE OF name, name_en ON products FOR EACH ROW
  WHEN (OLD.search_name IS DISTINCT FROM NEW.search_name) EXECUTE FUNCTION search_words_count();--> statement-breakpoint
CREATE TRIGGER businesses_search_words AFTER INSERT OR DELETE ON businesses FOR EACH ROW EXECUTE FUNCTION search_words_count();--> statement-breakpoint
CREATE TRIGGER businesses_search_words_rename AFTER UPDATE OF name, name_en ON businesses FOR EACH ROW
  WHEN (OLD.search_name IS DISTINCT FROM NEW.search_name) EXECUTE FUNCTION search_words_count();--> statement-breakpoint
CREATE TRIGGER ads_search_words AFTER INSERT OR DELETE ON ads FOR EACH ROW EXECUTE FUNCTION search_words_count();--> statement-breakpoint
CREATE TRIGGER ads_search_words_rename AFTER UPDATE OF title, title_en ON ads FOR EACH ROW
  WHEN (OLD.search_name IS DISTINCT FROM NEW.search_name) EXECUTE FUNCTION search_words_count();--> statement-breakpoint
INSERT INTO search_words (word, uses)
  SELECT s.w, count(*) FROM (
    SELECT unnest(search_name_words(search_name)) AS w FROM products
    UNION ALL SELECT unnest(search_name_words(search_name)) FROM businesses
    UNION ALL SELECT unnest(search_name_words(search_name)) FROM ads
  ) AS s GROUP BY s.w
  ON CONFLICT (word) DO NOTHING;
