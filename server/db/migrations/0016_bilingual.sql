ALTER TABLE "businesses" ADD COLUMN "address_en" varchar(255);--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "location_en" varchar(120);