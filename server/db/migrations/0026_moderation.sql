-- Moderation of businesses, ads and products (issue 17). Existing rows (and the demo data) stay
-- approved; owners' new and changed items enter the queue (server/modules/admin-moderation).
CREATE TYPE "moderation_status" AS ENUM ('approved', 'pending', 'review', 'rejected');--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "moderation_status" "moderation_status" DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "moderation_reason" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "moderation_submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "moderation_claimed_by" integer REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "moderation_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "moderated_by" integer REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "moderated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "moderation_public" boolean GENERATED ALWAYS AS ("moderation_status" IN ('approved', 'review')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "moderation_status" "moderation_status" DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "moderation_reason" text;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "moderation_submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "moderation_claimed_by" integer REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "moderation_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "moderated_by" integer REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "moderated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "moderation_public" boolean GENERATED ALWAYS AS ("moderation_status" IN ('approved', 'review')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "moderation_status" "moderation_status" DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "moderation_reason" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "moderation_submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "moderation_claimed_by" integer REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "moderation_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "moderated_by" integer REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "moderated_at" timestamp with time zone;--> statement-breakpoint
-- A product is public only while it and its business are: kept by the triggers below in the
-- statement that changes either, so lists and search filter on one column of the row, no join.
ALTER TABLE "products" ADD COLUMN "moderation_public" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE FUNCTION products_moderation_public() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.moderation_public := NEW.moderation_status IN ('approved', 'review')
    AND coalesce((SELECT b.moderation_status IN ('approved', 'review') FROM businesses b WHERE b.id = NEW.business_id), false);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER products_moderation_public BEFORE INSERT OR UPDATE OF moderation_status, business_id
  ON products FOR EACH ROW EXECUTE FUNCTION products_moderation_public();--> statement-breakpoint
CREATE FUNCTION businesses_moderation_cascade() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET moderation_public = (moderation_status IN ('approved', 'review') AND NEW.moderation_public)
    WHERE business_id = NEW.id AND moderation_public IS DISTINCT FROM (moderation_status IN ('approved', 'review') AND NEW.moderation_public);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER businesses_moderation_cascade AFTER UPDATE OF moderation_status ON businesses FOR EACH ROW
  WHEN (OLD.moderation_status IS DISTINCT FROM NEW.moderation_status)
  EXECUTE FUNCTION businesses_moderation_cascade();--> statement-breakpoint
CREATE INDEX "businesses_moderation_queue_idx" ON "businesses" USING btree ("moderation_submitted_at", "id") WHERE "moderation_status" IN ('pending', 'review');--> statement-breakpoint
CREATE INDEX "ads_moderation_queue_idx" ON "ads" USING btree ("moderation_submitted_at", "id") WHERE "moderation_status" IN ('pending', 'review');--> statement-breakpoint
CREATE INDEX "products_moderation_queue_idx" ON "products" USING btree ("moderation_submitted_at", "id") WHERE "moderation_status" IN ('pending', 'review');--> statement-breakpoint
CREATE TABLE "moderation_settings" (
  "kind" varchar(20) PRIMARY KEY NOT NULL,
  "approval_before_public" boolean NOT NULL,
  "updated_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- New businesses wait for a moderator; ads and products are published at once and reviewed after.
INSERT INTO "moderation_settings" ("kind", "approval_before_public") VALUES ('businesses', true), ('ads', false), ('products', false);
