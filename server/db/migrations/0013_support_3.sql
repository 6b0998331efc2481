-- Events logged before the sequencer keep their id as seq (ids were the seqs then); the sequence continues after them.
UPDATE "support_events" SET "seq" = "id" WHERE "seq" IS NULL;--> statement-breakpoint
SELECT setval('support_events_seq', coalesce((SELECT max("seq") FROM "support_events"), 0) + 1, false);
