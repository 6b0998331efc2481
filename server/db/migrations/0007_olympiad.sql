CREATE TYPE "public"."olympiad_sex" AS ENUM('male', 'female');--> statement-breakpoint
CREATE TYPE "public"."olympiad_stage_kind" AS ENUM('training', 'first', 'second', 'final');--> statement-breakpoint
CREATE TABLE "olympiad_email_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"email" varchar(255) NOT NULL,
	"token_hash" varchar(128) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "olympiad_email_verifications_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "olympiad_pages" (
	"key" varchar(40) PRIMARY KEY NOT NULL,
	"title_ru" varchar(200) NOT NULL,
	"title_en" varchar(200) NOT NULL,
	"body_ru" text NOT NULL,
	"body_en" text NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "olympiad_participants" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"login" varchar(32) NOT NULL,
	"password_hash" varchar(255) NOT NULL,
	"full_name" varchar(255) NOT NULL,
	"birth_date" date NOT NULL,
	"sex" "olympiad_sex" NOT NULL,
	"country" varchar(100) NOT NULL,
	"city" varchar(100) NOT NULL,
	"school" varchar(255) NOT NULL,
	"social_link" varchar(512) DEFAULT '' NOT NULL,
	"referral_source" varchar(20) NOT NULL,
	"category" varchar(20) NOT NULL,
	"agreement_accepted_at" timestamp with time zone NOT NULL,
	"email_verified_at" timestamp with time zone,
	"verified_email" varchar(255),
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"failed_logins_since" timestamp with time zone,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "olympiad_password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(128) NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "olympiad_password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "olympiad_stages" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "olympiad_stage_kind" NOT NULL,
	"position" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"time_limit_minutes" integer,
	"attempts_allowed" integer,
	"essay_minutes" integer,
	"essay_max_chars" integer,
	"in_person" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "olympiad_stages_kind_unique" UNIQUE("kind")
);
--> statement-breakpoint
ALTER TABLE "olympiad_email_verifications" ADD CONSTRAINT "olympiad_email_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "olympiad_pages" ADD CONSTRAINT "olympiad_pages_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "olympiad_participants" ADD CONSTRAINT "olympiad_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "olympiad_password_resets" ADD CONSTRAINT "olympiad_password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "olympiad_email_verifications_user_idx" ON "olympiad_email_verifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "olympiad_participants_login_lower_idx" ON "olympiad_participants" USING btree (lower("login"));--> statement-breakpoint
CREATE INDEX "olympiad_password_resets_user_idx" ON "olympiad_password_resets" USING btree ("user_id","created_at");