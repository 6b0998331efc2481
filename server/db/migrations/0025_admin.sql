-- The admin area (issue 17): blocking accounts, and the audit log of every staff action.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "blocked_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "blocked_by" integer;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "admin_audit_log" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "actor_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "action" varchar(60) NOT NULL,
  "target_type" varchar(40) NOT NULL,
  "target_id" integer,
  "before" jsonb,
  "after" jsonb,
  "reason" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "admin_audit_created_idx" ON "admin_audit_log" USING btree ("created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "admin_audit_target_idx" ON "admin_audit_log" USING btree ("target_type", "target_id", "created_at" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "admin_audit_actor_idx" ON "admin_audit_log" USING btree ("actor_id", "created_at" DESC);
