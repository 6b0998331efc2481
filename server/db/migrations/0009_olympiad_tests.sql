CREATE TYPE "public"."olympiad_finished_by" AS ENUM('participant', 'deadline', 'staff');--> statement-breakpoint
CREATE TYPE "public"."olympiad_question_type" AS ENUM('single_choice', 'multiple_choice', 'ordering', 'matching', 'open_text', 'closed_text', 'essay');--> statement-breakpoint
CREATE TYPE "public"."olympiad_test_format" AS ENUM('quiz', 'essay');--> statement-breakpoint
CREATE TABLE "olympiad_attempt_questions" (
	"attempt_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"position" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"layout" jsonb NOT NULL,
	"answer" jsonb,
	"version" bigint DEFAULT 0 NOT NULL,
	"saved_at" timestamp with time zone,
	"visited_at" timestamp with time zone,
	"correct" boolean,
	"points_hundredths" integer,
	"grade_comment" text,
	"graded_by" integer,
	"graded_at" timestamp with time zone,
	CONSTRAINT "olympiad_attempt_questions_attempt_id_question_id_pk" PRIMARY KEY("attempt_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "olympiad_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"test_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"number" integer NOT NULL,
	"seed" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone,
	"time_limit_seconds" integer,
	"current_index" integer DEFAULT 0 NOT NULL,
	"finished_at" timestamp with time zone,
	"finished_by" "olympiad_finished_by",
	"closed_at" timestamp with time zone,
	"correct" integer DEFAULT 0 NOT NULL,
	"auto_total" integer DEFAULT 0 NOT NULL,
	"question_count" integer DEFAULT 0 NOT NULL,
	"points_hundredths" integer DEFAULT 0 NOT NULL,
	"max_points_hundredths" integer DEFAULT 0 NOT NULL,
	"speed_hundredths" integer DEFAULT 0 NOT NULL,
	"time_spent_ms" bigint DEFAULT 0 NOT NULL,
	"essays_pending" integer DEFAULT 0 NOT NULL,
	"essays_total" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "olympiad_final_results" (
	"stage_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"points_hundredths" integer NOT NULL,
	"place" integer,
	"comment" text DEFAULT '' NOT NULL,
	"entered_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "olympiad_final_results_stage_id_user_id_pk" PRIMARY KEY("stage_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "olympiad_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" "olympiad_question_type" NOT NULL,
	"category" varchar(255) DEFAULT '' NOT NULL,
	"name" varchar(255) DEFAULT '' NOT NULL,
	"text" text NOT NULL,
	"text_en" text,
	"content" jsonb NOT NULL,
	"max_points" integer DEFAULT 1 NOT NULL,
	"source" varchar(255) DEFAULT '' NOT NULL,
	"created_by" integer,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "olympiad_test_questions" (
	"test_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "olympiad_test_questions_test_id_question_id_pk" PRIMARY KEY("test_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "olympiad_tests" (
	"id" serial PRIMARY KEY NOT NULL,
	"stage_id" integer NOT NULL,
	"format" "olympiad_test_format" DEFAULT 'quiz' NOT NULL,
	"title" varchar(200) NOT NULL,
	"title_en" varchar(200),
	"description" text DEFAULT '' NOT NULL,
	"description_en" text,
	"attempts_allowed" integer,
	"time_limit_minutes" integer,
	"question_count" integer,
	"categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"opens_at" timestamp with time zone,
	"closes_at" timestamp with time zone,
	"published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "olympiad_attempt_questions" ADD CONSTRAINT "olympiad_attempt_questions_attempt_id_olympiad_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."olympiad_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "olympiad_attempt_questions" ADD CONSTRAINT "olympiad_attempt_questions_question_id_olympiad_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."olympiad_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "olympiad_attempt_questions" ADD CONSTRAINT "olympiad_attempt_questions_graded_by_users_id_fk" FOREIGN KEY ("graded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "olympiad_attempts" ADD CONSTRAINT "olympiad_attempts_test_id_olympiad_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."olympiad_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "olympiad_attempts" ADD CONSTRAINT "olympiad_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "olympiad_final_results" ADD CONSTRAINT "olympiad_final_results_stage_id_olympiad_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."olympiad_stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "olympiad_final_results" ADD CONSTRAINT "olympiad_final_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "olympiad_final_results" ADD CONSTRAINT "olympiad_final_results_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "olympiad_questions" ADD CONSTRAINT "olympiad_questions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "olympiad_test_questions" ADD CONSTRAINT "olympiad_test_questions_test_id_olympiad_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."olympiad_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "olympiad_test_questions" ADD CONSTRAINT "olympiad_test_questions_question_id_olympiad_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."olympiad_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "olympiad_tests" ADD CONSTRAINT "olympiad_tests_stage_id_olympiad_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."olympiad_stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "olympiad_attempt_questions_position_idx" ON "olympiad_attempt_questions" USING btree ("attempt_id","position");--> statement-breakpoint
CREATE INDEX "olympiad_attempt_questions_question_idx" ON "olympiad_attempt_questions" USING btree ("question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "olympiad_attempts_number_idx" ON "olympiad_attempts" USING btree ("test_id","user_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "olympiad_attempts_running_idx" ON "olympiad_attempts" USING btree ("test_id","user_id") WHERE "olympiad_attempts"."finished_at" is null;--> statement-breakpoint
CREATE INDEX "olympiad_attempts_deadline_idx" ON "olympiad_attempts" USING btree ("deadline") WHERE "olympiad_attempts"."finished_at" is null;--> statement-breakpoint
CREATE INDEX "olympiad_attempts_user_idx" ON "olympiad_attempts" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE INDEX "olympiad_questions_category_idx" ON "olympiad_questions" USING btree ("category") WHERE "olympiad_questions"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "olympiad_test_questions_question_idx" ON "olympiad_test_questions" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "olympiad_tests_stage_idx" ON "olympiad_tests" USING btree ("stage_id");