CREATE SEQUENCE "public"."support_events_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "support_events" ADD COLUMN "seq" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "support_events_seq_idx" ON "support_events" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "support_events_unsequenced_idx" ON "support_events" USING btree ("id") WHERE "support_events"."seq" is null;