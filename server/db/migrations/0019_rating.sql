-- The rating is computed on every read (issue 15 §6); these keep that read one quick pass.
-- Essay points of the counting attempts: only essay rows, found by attempt without touching the snapshots.
CREATE INDEX IF NOT EXISTS "olympiad_attempt_questions_essay_idx" ON "olympiad_attempt_questions" USING btree ("attempt_id") INCLUDE ("points_hundredths") WHERE ("snapshot"->>'type') = 'essay';--> statement-breakpoint
-- Finished attempts in the order the counting attempt is picked (per participant and test, the best first).
CREATE INDEX IF NOT EXISTS "olympiad_attempts_counting_idx" ON "olympiad_attempts" USING btree ("user_id","test_id","points_hundredths" DESC,"speed_hundredths" DESC,"time_spent_ms","finished_at") WHERE "finished_at" IS NOT NULL;--> statement-breakpoint
-- Creative points: the scored, approved works.
CREATE INDEX IF NOT EXISTS "creative_works_scored_idx" ON "creative_works" USING btree ("participant_id") INCLUDE ("contest_id","score") WHERE "status" = 'approved' AND "score" IS NOT NULL;
