ALTER TABLE "olympiad_attempts" ADD COLUMN "essays_not_submitted" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Empty essays used to be marked graded at the finish: they are "not submitted" now, with no grade date.
UPDATE "olympiad_attempt_questions" SET "graded_at" = NULL WHERE "snapshot"->>'type' = 'essay' AND "answer" IS NULL AND "graded_by" IS NULL;--> statement-breakpoint
UPDATE "olympiad_attempts" a SET "essays_not_submitted" = (
  SELECT count(*) FROM "olympiad_attempt_questions" q WHERE q."attempt_id" = a."id" AND q."snapshot"->>'type' = 'essay' AND q."answer" IS NULL
) WHERE a."finished_at" IS NOT NULL AND a."essays_total" > 0;
