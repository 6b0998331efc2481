-- The rating is computed on every read (issue 15 §6); these keep that read one quick pass. Finished attempts
-- need none: the read takes all of them, and a sort beats an index walk there (measured on 10,000 participants).
-- Essay points of the counting attempts: only essay rows, found by attempt without touching the snapshots.
CREATE INDEX IF NOT EXISTS "olympiad_attempt_questions_essay_idx" ON "olympiad_attempt_questions" USING btree ("attempt_id") INCLUDE ("points_hundredths") WHERE ("snapshot"->>'type') = 'essay';--> statement-breakpoint
-- Creative points: the scored, approved works.
CREATE INDEX IF NOT EXISTS "creative_works_scored_idx" ON "creative_works" USING btree ("participant_id") INCLUDE ("contest_id","score") WHERE "status" = 'approved' AND "score" IS NOT NULL;
