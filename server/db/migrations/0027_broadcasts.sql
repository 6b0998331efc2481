-- Notifications to many (issue 17): a broadcast row per announcement, delivered in batches by a
-- cursor over user ids; each delivered notification names its broadcast, and the unique index
-- makes a second delivery to the same user impossible (exactly once across restarts).
CREATE TABLE IF NOT EXISTS "broadcasts" (
  "id" serial PRIMARY KEY NOT NULL,
  "created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "title_ru" varchar(200) NOT NULL,
  "body_ru" text NOT NULL,
  "title_en" varchar(200) NOT NULL,
  "body_en" text NOT NULL,
  "audience" jsonb NOT NULL,
  "status" varchar(20) NOT NULL,
  "send_at" timestamp with time zone NOT NULL,
  "total" integer DEFAULT 0 NOT NULL,
  "delivered" integer DEFAULT 0 NOT NULL,
  "cursor" integer DEFAULT 0 NOT NULL,
  "started_at" timestamp with time zone,
  "finished_at" timestamp with time zone,
  "cancelled_at" timestamp with time zone,
  "cancelled_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "broadcasts_created_idx" ON "broadcasts" USING btree ("created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "broadcasts_due_idx" ON "broadcasts" USING btree ("send_at") WHERE "status" IN ('scheduled', 'sending');--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN IF NOT EXISTS "broadcast_id" integer REFERENCES "broadcasts"("id") ON DELETE SET NULL;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "notifications_broadcast_user_idx" ON "notifications" USING btree ("broadcast_id", "user_id") WHERE "broadcast_id" IS NOT NULL;
