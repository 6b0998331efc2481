CREATE TABLE "auth_throttle" (
	"key" varchar(400) PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email" varchar(255);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_phone" varchar(32);--> statement-breakpoint
ALTER TABLE "auth_codes" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "auth_codes" ADD CONSTRAINT "auth_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "olympiad_participants" DROP COLUMN "failed_logins";--> statement-breakpoint
ALTER TABLE "olympiad_participants" DROP COLUMN "failed_logins_since";--> statement-breakpoint
-- Participants' addresses that were never verified stop being the account's address and wait for proof.
UPDATE "users" SET "pending_email" = "users"."email", "email" = NULL
FROM "olympiad_participants" p
WHERE p."user_id" = "users"."id" AND "users"."email" IS NOT NULL
  AND (p."email_verified_at" IS NULL OR p."verified_email" IS DISTINCT FROM "users"."email");
