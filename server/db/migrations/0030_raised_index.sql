-- Public lists put raised items first (issue 16): each page asks for the rows raised now, which
-- without an index meant reading every published row of the list on every page. Only rows with the
-- `raise` perk are indexed (a few), by when their promotion ends.
CREATE INDEX IF NOT EXISTS "products_raised_idx" ON "products" ("promoted_until") WHERE "promotion_perks" @> ARRAY['raise']::text[];
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ads_raised_idx" ON "ads" ("promoted_until") WHERE "promotion_perks" @> ARRAY['raise']::text[];
