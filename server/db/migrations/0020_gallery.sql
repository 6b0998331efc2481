-- The gallery of creative works (issue 15). Published works are read in six orders (date, likes and
-- title, each both ways) with an optional contest and category, one keyset page at a time: each order
-- has a partial index over published works alone, plain and led by the contest or by the category, so
-- every page is an index range scan that stops after its rows. Each index ends with the id, the tie-breaker
-- of the keyset. Both filters together use the contest's index and check the category on the way (a
-- contest's works, at most a third of them skipped). The title order is by lower case with ё read as е
-- (the same expression in the queries: server/modules/olympiad-gallery/gallery-sorts.ts).
-- The date orders read published_at: a published work always has one (the works module sets it on approval).
ALTER TABLE "creative_works" ADD CONSTRAINT "creative_works_published_at_when_approved" CHECK ("status" <> 'approved' OR "published_at" IS NOT NULL);--> statement-breakpoint
CREATE INDEX "creative_works_gallery_date_idx" ON "creative_works" USING btree ("published_at", "id") WHERE "status" = 'approved';--> statement-breakpoint
CREATE INDEX "creative_works_gallery_likes_idx" ON "creative_works" USING btree ("likes_count", "id") WHERE "status" = 'approved';--> statement-breakpoint
CREATE INDEX "creative_works_gallery_title_idx" ON "creative_works" USING btree (translate(lower("title"), 'ё', 'е'), "id") WHERE "status" = 'approved';--> statement-breakpoint
CREATE INDEX "creative_works_gallery_contest_date_idx" ON "creative_works" USING btree ("contest_id", "published_at", "id") WHERE "status" = 'approved';--> statement-breakpoint
CREATE INDEX "creative_works_gallery_contest_likes_idx" ON "creative_works" USING btree ("contest_id", "likes_count", "id") WHERE "status" = 'approved';--> statement-breakpoint
CREATE INDEX "creative_works_gallery_contest_title_idx" ON "creative_works" USING btree ("contest_id", translate(lower("title"), 'ё', 'е'), "id") WHERE "status" = 'approved';--> statement-breakpoint
CREATE INDEX "creative_works_gallery_category_date_idx" ON "creative_works" USING btree ("category", "published_at", "id") WHERE "status" = 'approved';--> statement-breakpoint
CREATE INDEX "creative_works_gallery_category_likes_idx" ON "creative_works" USING btree ("category", "likes_count", "id") WHERE "status" = 'approved';--> statement-breakpoint
CREATE INDEX "creative_works_gallery_category_title_idx" ON "creative_works" USING btree ("category", translate(lower("title"), 'ё', 'е'), "id") WHERE "status" = 'approved';--> statement-breakpoint

-- The gallery's `total` on every page: counting 100,000 published works per request would cost more than
-- the page itself, so the number of published works per contest and category is kept here, exactly, by
-- triggers on creative_works (whoever publishes, unpublishes, moves or deletes a work: the works module,
-- staff, a seed). A like never fires them (they watch status, contest and category only).
CREATE TABLE "creative_gallery_totals" (
	"contest_id" integer NOT NULL,
	"category" varchar(20) NOT NULL,
	"published" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "creative_gallery_totals_pk" PRIMARY KEY("contest_id","category"),
	CONSTRAINT "creative_gallery_totals_nonnegative" CHECK ("published" >= 0)
);--> statement-breakpoint
ALTER TABLE "creative_gallery_totals" ADD CONSTRAINT "creative_gallery_totals_contest_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."creative_contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "creative_gallery_totals" ("contest_id", "category", "published")
  SELECT "contest_id", "category", count(*) FROM "creative_works" WHERE "status" = 'approved' GROUP BY "contest_id", "category";--> statement-breakpoint
CREATE FUNCTION creative_gallery_totals_add(contest integer, work_category varchar) RETURNS void LANGUAGE sql AS $$
  INSERT INTO creative_gallery_totals (contest_id, category, published) VALUES (contest, work_category, 1)
  ON CONFLICT (contest_id, category) DO UPDATE SET published = creative_gallery_totals.published + 1
$$;--> statement-breakpoint
-- A plain update: an insert's values are checked (published >= 0) before the conflict is seen.
CREATE FUNCTION creative_gallery_totals_remove(contest integer, work_category varchar) RETURNS void LANGUAGE sql AS $$
  UPDATE creative_gallery_totals SET published = published - 1 WHERE contest_id = contest AND category = work_category
$$;--> statement-breakpoint
-- Inserts and deletes count per statement (a seed of 100,000 works moves each total once).
CREATE FUNCTION creative_gallery_totals_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO creative_gallery_totals (contest_id, category, published)
    SELECT contest_id, category, count(*) FROM inserted_works WHERE status = 'approved' GROUP BY contest_id, category
  ON CONFLICT (contest_id, category) DO UPDATE SET published = creative_gallery_totals.published + EXCLUDED.published;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER creative_works_gallery_totals_insert AFTER INSERT ON creative_works
  REFERENCING NEW TABLE AS inserted_works FOR EACH STATEMENT EXECUTE FUNCTION creative_gallery_totals_inserted();--> statement-breakpoint
CREATE FUNCTION creative_gallery_totals_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE creative_gallery_totals t SET published = t.published - d.n
    FROM (SELECT contest_id, category, count(*)::integer AS n FROM deleted_works WHERE status = 'approved' GROUP BY contest_id, category) d
   WHERE t.contest_id = d.contest_id AND t.category = d.category;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER creative_works_gallery_totals_delete AFTER DELETE ON creative_works
  REFERENCING OLD TABLE AS deleted_works FOR EACH STATEMENT EXECUTE FUNCTION creative_gallery_totals_deleted();--> statement-breakpoint
-- Updates row by row: transition tables cannot be limited to columns, and a like must not pay for this.
CREATE FUNCTION creative_gallery_totals_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'approved' THEN PERFORM creative_gallery_totals_remove(OLD.contest_id, OLD.category); END IF;
  IF NEW.status = 'approved' THEN PERFORM creative_gallery_totals_add(NEW.contest_id, NEW.category); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER creative_works_gallery_totals_update AFTER UPDATE OF status, contest_id, category ON creative_works FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.contest_id IS DISTINCT FROM NEW.contest_id OR OLD.category IS DISTINCT FROM NEW.category)
  EXECUTE FUNCTION creative_gallery_totals_updated();
