-- Search at a million products (issue 18): each API process keeps the products' search documents in memory
-- (server/modules/catalog/search/product-index), and this is how it learns what changed since it last looked.
-- Every insert or update of a product stamps the row with its transaction's id (the cascades of migrations 0017
-- and 0026 update the product rows too, so a renamed category or a moderated business stamps them as well), and
-- every delete leaves the id behind. A reader asks for the rows stamped at or after the oldest transaction that
-- was still running when it last asked (`pg_snapshot_xmin`), so a transaction that commits late is never skipped.
ALTER TABLE "products" ADD COLUMN "search_xid" xid8;--> statement-breakpoint
CREATE FUNCTION products_search_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_xid := pg_current_xact_id();
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_search_stamp BEFORE INSERT OR UPDATE ON products FOR EACH ROW EXECUTE FUNCTION products_search_stamp();--> statement-breakpoint
-- Read in pages of (stamp, id): one transaction may stamp more rows than a page holds.
CREATE INDEX "products_search_xid_idx" ON "products" ("search_xid", "id");--> statement-breakpoint
CREATE TABLE "product_removals" (
	"product_id" integer NOT NULL,
	"xid" xid8 DEFAULT pg_current_xact_id() NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "product_removals_xid_idx" ON "product_removals" ("xid");--> statement-breakpoint
CREATE FUNCTION products_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_removals (product_id) SELECT id FROM old_rows;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_removed AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_removed();
