-- The seller dashboard (issue 16 item 5) counts today's orders of each of a seller's businesses: found
-- by business and creation time, without walking every order the business ever had.
CREATE INDEX IF NOT EXISTS "orders_business_created_idx" ON "orders" USING btree ("business_id", "created_at");
