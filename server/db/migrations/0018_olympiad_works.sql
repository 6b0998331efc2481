CREATE TYPE "public"."work_file_kind" AS ENUM('image', 'pdf');--> statement-breakpoint
CREATE TYPE "public"."work_status" AS ENUM('moderation', 'approved', 'rejected');--> statement-breakpoint
CREATE TABLE "creative_contests" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_ru" varchar(200) NOT NULL,
	"title_en" varchar(200) NOT NULL,
	"description_ru" text NOT NULL,
	"description_en" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"stage_kinds" text[] DEFAULT '{}'::text[] NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"works_per_participant" integer DEFAULT 3 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "creative_work_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"work_id" integer NOT NULL,
	"moderator_id" integer,
	"decision" "work_status" NOT NULL,
	"reason" text,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "creative_work_likes" (
	"work_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creative_work_likes_work_id_user_id_pk" PRIMARY KEY("work_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "creative_works" (
	"id" serial PRIMARY KEY NOT NULL,
	"participant_id" integer NOT NULL,
	"contest_id" integer NOT NULL,
	"category" varchar(20) NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" text NOT NULL,
	"status" "work_status" DEFAULT 'moderation' NOT NULL,
	"rejection_reason" text,
	"file_kind" "work_file_kind" NOT NULL,
	"image_id" text,
	"pdf_key" text,
	"file_bytes" integer NOT NULL,
	"upload_key" uuid NOT NULL,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"score" numeric(8, 2),
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"claimed_by" integer,
	"claim_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creative_works_likes_nonnegative" CHECK ("creative_works"."likes_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "creative_contests" ADD CONSTRAINT "creative_contests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creative_work_decisions" ADD CONSTRAINT "creative_work_decisions_work_id_creative_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."creative_works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creative_work_decisions" ADD CONSTRAINT "creative_work_decisions_moderator_id_users_id_fk" FOREIGN KEY ("moderator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creative_work_likes" ADD CONSTRAINT "creative_work_likes_work_id_creative_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."creative_works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creative_work_likes" ADD CONSTRAINT "creative_work_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creative_works" ADD CONSTRAINT "creative_works_participant_id_users_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creative_works" ADD CONSTRAINT "creative_works_contest_id_creative_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."creative_contests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creative_works" ADD CONSTRAINT "creative_works_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creative_works" ADD CONSTRAINT "creative_works_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creative_work_decisions_work_idx" ON "creative_work_decisions" USING btree ("work_id","decided_at");--> statement-breakpoint
CREATE INDEX "creative_work_likes_user_idx" ON "creative_work_likes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "creative_works_upload_key_idx" ON "creative_works" USING btree ("participant_id","upload_key");--> statement-breakpoint
CREATE INDEX "creative_works_participant_idx" ON "creative_works" USING btree ("participant_id","contest_id");--> statement-breakpoint
CREATE INDEX "creative_works_queue_idx" ON "creative_works" USING btree ("submitted_at") WHERE "creative_works"."status" = 'moderation';