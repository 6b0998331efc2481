-- Order figures counted off the checkout's path (bench:checkout): a checkout appends one row per
-- bought line here (an insert that never waits on another checkout), and the statistics loop adds
-- them into item_stats_daily within a second, moving them in one statement. Before, every checkout
-- upserted its business's and products' rows of today in its own transaction, so buyers of one
-- sought-after product queued on those rows for as long as each transaction lasted.
CREATE TABLE IF NOT EXISTS "order_stats_pending" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "day" date NOT NULL,
  "order_id" integer NOT NULL,
  "business_id" integer NOT NULL,
  "product_id" integer NOT NULL,
  "promoted" boolean NOT NULL,
  "total" bigint NOT NULL
);
