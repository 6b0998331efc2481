-- Search at a million products (issue 18): every query word matches as a stem prefix ('макс':*), and GIN gathers
-- every row of every lexeme under a prefix into a bitmap before it can intersect, however few rows all the words
-- share. Spelt out as its exact lexemes ('сем' | 'семейн' | 'семьи'), a word lets GIN skip through the rarer word's
-- list instead. This is the vocabulary the server spells prefixes out through: every lexeme of every search
-- document (products, businesses, ads; published or not, as the documents are) with the number of rows holding it,
-- so a lexeme leaves with its last row. Collation "C": a prefix's lexemes are then one range of the primary key, in
-- the byte order a tsquery prefix compares in.
CREATE TABLE IF NOT EXISTS "search_lexemes" (
	"lexeme" text COLLATE "C" PRIMARY KEY NOT NULL,
	"uses" integer NOT NULL
);--> statement-breakpoint
-- Every change of the counts goes through one upsert of signed deltas, in lexeme order: two writers then lock the
-- lexemes they share in the same order and never wait on each other in a circle (a deadlock). A count that falls to
-- zero removes its lexeme, still under the lock the upsert took.
CREATE FUNCTION search_lexemes_count(lexemes text[], deltas integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  gone text[];
BEGIN
  WITH counted AS (
    INSERT INTO search_lexemes AS s (lexeme, uses)
      SELECT d.lexeme, d.delta FROM unnest(lexemes, deltas) AS d(lexeme, delta) WHERE d.delta <> 0 ORDER BY d.lexeme COLLATE "C"
      ON CONFLICT (lexeme) DO UPDATE SET uses = s.uses + excluded.uses
      RETURNING s.lexeme, s.uses)
  SELECT array_agg(c.lexeme) INTO gone FROM counted c WHERE c.uses <= 0;
  IF gone IS NOT NULL THEN
    DELETE FROM search_lexemes WHERE lexeme = ANY (gone);
  END IF;
END
$$;--> statement-breakpoint
-- New rows add their documents' lexemes, once per statement (a seed's 10,000 rows are one upsert).
CREATE FUNCTION search_lexemes_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_lexemes_count(array_agg(d.lexeme), array_agg(d.n)) FROM (
    SELECT l AS lexeme, count(*)::int AS n FROM new_rows, unnest(tsvector_to_array(new_rows.search_vector)) AS l GROUP BY l) AS d;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION search_lexemes_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_lexemes_count(array_agg(d.lexeme), array_agg(-d.n)) FROM (
    SELECT l AS lexeme, count(*)::int AS n FROM old_rows, unnest(tsvector_to_array(old_rows.search_vector)) AS l GROUP BY l) AS d;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- An update changes a document when its name, description, category or business changes (and through the
-- cascades of migration 0017, many rows at once); stock, ratings and order counts change far more rows and no
-- document, so only the rows whose document differs are unnested.
CREATE FUNCTION search_lexemes_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_lexemes_count(array_agg(d.lexeme), array_agg(d.delta)) FROM (
    WITH c AS (SELECT o.search_vector AS before, n.search_vector AS after FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.search_vector IS DISTINCT FROM o.search_vector)
    SELECT s.l AS lexeme, sum(s.delta)::int AS delta FROM (
      SELECT unnest(tsvector_to_array(c.after)) AS l, 1 AS delta FROM c
      UNION ALL SELECT unnest(tsvector_to_array(c.before)), -1 FROM c
    ) AS s GROUP BY s.l HAVING sum(s.delta) <> 0) AS d;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Transition tables cannot name columns (`UPDATE OF`), so the update trigger fires on every update statement; a
-- statement that changes no document costs it a join of the rows it changed and nothing more.
CREATE TRIGGER products_search_lexemes_added AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexemes_added();--> statement-breakpoint
CREATE TRIGGER products_search_lexemes_removed AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexemes_removed();--> statement-breakpoint
CREATE TRIGGER products_search_lexemes_changed AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexemes_changed();--> statement-breakpoint
CREATE TRIGGER businesses_search_lexemes_added AFTER INSERT ON businesses REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexemes_added();--> statement-breakpoint
CREATE TRIGGER businesses_search_lexemes_removed AFTER DELETE ON businesses REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexemes_removed();--> statement-breakpoint
CREATE TRIGGER businesses_search_lexemes_changed AFTER UPDATE ON businesses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexemes_changed();--> statement-breakpoint
CREATE TRIGGER ads_search_lexemes_added AFTER INSERT ON ads REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexemes_added();--> statement-breakpoint
CREATE TRIGGER ads_search_lexemes_removed AFTER DELETE ON ads REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexemes_removed();--> statement-breakpoint
CREATE TRIGGER ads_search_lexemes_changed AFTER UPDATE ON ads REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexemes_changed();--> statement-breakpoint
-- The documents already written (ts_stat's ndoc: the rows holding each lexeme).
INSERT INTO search_lexemes (lexeme, uses)
  SELECT word, ndoc FROM ts_stat('SELECT search_vector FROM products UNION ALL SELECT search_vector FROM businesses UNION ALL SELECT search_vector FROM ads')
  ON CONFLICT (lexeme) DO NOTHING;
