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
-- New rows add their names' words, once per statement (a bulk insert of a thousand products is one upsert, not
-- a thousand), in word order, so two writers never wait on each other's words in opposite orders (a deadlock).
CREATE FUNCTION search_words_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words AS s (word, uses)
    SELECT w, count(*) FROM added, unnest(search_name_words(added.search_name)) AS w GROUP BY w ORDER BY w
    ON CONFLICT (word) DO UPDATE SET uses = s.uses + excluded.uses;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Deleted rows take theirs away; a word goes with its last name. The words are locked in order first, as above.
CREATE FUNCTION search_words_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM search_words s WHERE s.word IN (SELECT unnest(search_name_words(removed.search_name)) FROM removed) ORDER BY s.word FOR UPDATE;
  WITH gone AS (SELECT w, count(*) AS n FROM removed, unnest(search_name_words(removed.search_name)) AS w GROUP BY w),
    dropped AS (DELETE FROM search_words s USING gone WHERE s.word = gone.w AND s.uses <= gone.n)
  UPDATE search_words s SET uses = s.uses - gone.n FROM gone WHERE s.word = gone.w AND s.uses > gone.n;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A renamed row (one at a time, and rare) swaps its old name's words for the new name's.
CREATE FUNCTION search_words_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change record;
BEGIN
  FOR change IN
    SELECT s.w, sum(s.d) AS d FROM (SELECT unnest(search_name_words(NEW.search_name)) AS w, 1 AS d
      UNION ALL SELECT unnest(search_name_words(OLD.search_name)), -1) AS s
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
CREATE TRIGGER products_search_words_added AFTER INSERT ON products REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_added();--> statement-breakpoint
CREATE TRIGGER products_search_words_removed AFTER DELETE ON products REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_removed();--> statement-breakpoint
CREATE TRIGGER products_search_words_renamed AFTER UPDATE OF name, name_en ON products FOR EACH ROW
  WHEN (OLD.search_name IS DISTINCT FROM NEW.search_name) EXECUTE FUNCTION search_words_renamed();--> statement-breakpoint
CREATE TRIGGER businesses_search_words_added AFTER INSERT ON businesses REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_added();--> statement-breakpoint
CREATE TRIGGER businesses_search_words_removed AFTER DELETE ON businesses REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_removed();--> statement-breakpoint
CREATE TRIGGER businesses_search_words_renamed AFTER UPDATE OF name, name_en ON businesses FOR EACH ROW
  WHEN (OLD.search_name IS DISTINCT FROM NEW.search_name) EXECUTE FUNCTION search_words_renamed();--> statement-breakpoint
CREATE TRIGGER ads_search_words_added AFTER INSERT ON ads REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_added();--> statement-breakpoint
CREATE TRIGGER ads_search_words_removed AFTER DELETE ON ads REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_removed();--> statement-breakpoint
CREATE TRIGGER ads_search_words_renamed AFTER UPDATE OF title, title_en ON ads FOR EACH ROW
  WHEN (OLD.search_name IS DISTINCT FROM NEW.search_name) EXECUTE FUNCTION search_words_renamed();--> statement-breakpoint
INSERT INTO search_words (word, uses)
  SELECT s.w, count(*) FROM (
    SELECT unnest(search_name_words(search_name)) AS w FROM products
    UNION ALL SELECT unnest(search_name_words(search_name)) FROM businesses
    UNION ALL SELECT unnest(search_name_words(search_name)) FROM ads
  ) AS s GROUP BY s.w
  ON CONFLICT (word) DO NOTHING;
--> statement-breakpoint
-- A fix found by the typo test: the transliteration keys (migration 0017) came from `array_to_tsvector`, whose
-- lexemes have no positions, and `setweight` marks positions: the keys carried no weight, and a query restricted
-- to the name (`:A`) matched a key of a business's name as if it were the product's own, so «кляска» listed a
-- bakery named «Колосок» above prams. Each key now has a position, so it carries its part's weight.
CREATE FUNCTION search_translit_vector(t text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(quote_literal(k) || ':1', ' ')::tsvector, ''::tsvector) FROM unnest(search_translit_keys(t)) AS k
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_search_document(name text, categories text, business text, description text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('russian'::regconfig, coalesce(name, '')) || to_tsvector('english'::regconfig, coalesce(name, ''))
           || search_translit_vector(name), 'A')
    || setweight(to_tsvector('russian'::regconfig, coalesce(categories, '')) || to_tsvector('english'::regconfig, coalesce(categories, ''))
           || search_translit_vector(categories), 'B')
    || setweight(to_tsvector('russian'::regconfig, coalesce(business, '')) || to_tsvector('english'::regconfig, coalesce(business, ''))
           || search_translit_vector(business), 'C')
    || setweight(to_tsvector('russian'::regconfig, coalesce(description, '')) || to_tsvector('english'::regconfig, coalesce(description, '')), 'D')
$$;--> statement-breakpoint
UPDATE businesses SET category_id = category_id;--> statement-breakpoint
UPDATE products SET business_id = business_id;--> statement-breakpoint
UPDATE ads SET category_id = category_id;
