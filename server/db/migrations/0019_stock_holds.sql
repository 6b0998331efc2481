CREATE TABLE "stock_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"buyer_id" integer NOT NULL,
	"idempotency_key" varchar(64) NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_holds" ADD CONSTRAINT "stock_holds_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_holds" ADD CONSTRAINT "stock_holds_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_holds_checkout_idx" ON "stock_holds" USING btree ("buyer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "stock_holds_expiry_idx" ON "stock_holds" USING btree ("expires_at");
--> statement-breakpoint
-- Taking stock for a checkout, all or nothing, in one call and its own short transaction. The rows are
-- locked in product order first (two buyers never deadlock); the check and the update are later
-- statements, so they read the rows as the last holder committed them. (One statement that locked
-- the rows in a CTE and then updated them deadlocked under load: its update, reading an older
-- snapshot, asked for the tuple lock again behind a waiter queued on it.)
CREATE FUNCTION take_stock_holds(p_buyer integer, p_key varchar, p_products integer[], p_quantities integer[], p_minutes integer)
RETURNS TABLE(held_product integer, left_stock integer, hold integer) LANGUAGE plpgsql AS $$
DECLARE
  fits boolean;
BEGIN
  -- Its commit need not wait for the disk: the order's own (durable) commit comes after it in the log and
  -- flushes it too; a crash before that loses the hold and its stock together (nothing was promised yet).
  -- So the sought-after row is locked for the statements only, not for a flush.
  PERFORM set_config('synchronous_commit', 'off', true);
  PERFORM 1 FROM products p WHERE p.id = ANY(p_products) ORDER BY p.id FOR NO KEY UPDATE;
  SELECT count(*) = cardinality(p_products) AND coalesce(bool_and(p.status = 'published' AND p.stock >= w.quantity), false)
    INTO fits
    FROM products p JOIN unnest(p_products, p_quantities) AS w(id, quantity) ON w.id = p.id;
  IF fits THEN
    RETURN QUERY
      WITH taken AS (
        UPDATE products p SET stock = p.stock - w.quantity, updated_at = now()
          FROM unnest(p_products, p_quantities) AS w(id, quantity)
         WHERE p.id = w.id
        RETURNING p.id AS product, p.stock AS stock_left, w.quantity AS quantity),
      held AS (
        INSERT INTO stock_holds (buyer_id, idempotency_key, product_id, quantity, expires_at)
        SELECT p_buyer, p_key, t.product, t.quantity, now() + make_interval(mins => p_minutes) FROM taken t
        RETURNING stock_holds.id AS hold_id, stock_holds.product_id AS product)
      SELECT t.product, t.stock_left, h.hold_id FROM taken t JOIN held h ON h.product = t.product;
  ELSE
    RETURN QUERY SELECT p.id, p.stock, NULL::integer FROM products p WHERE p.id = ANY(p_products);
  END IF;
END $$;
--> statement-breakpoint
-- Giving back the stock of holds (given ids, or every one expired by a time), each once, the same way:
-- the holds deleted first, then the rows locked in product order, then updated.
CREATE FUNCTION release_stock_holds(p_ids integer[], p_expired_by timestamptz)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_products integer[];
  v_quantities integer[];
BEGIN
  -- As for taking: a give-back lost in a crash leaves its holds, and the sweep gives them back later.
  PERFORM set_config('synchronous_commit', 'off', true);
  WITH gone AS (
    DELETE FROM stock_holds
     WHERE (p_ids IS NOT NULL AND id = ANY(p_ids)) OR (p_expired_by IS NOT NULL AND expires_at <= p_expired_by)
    RETURNING product_id, quantity)
  SELECT array_agg(g.product_id ORDER BY g.product_id), array_agg(g.quantity ORDER BY g.product_id)
    INTO v_products, v_quantities
    FROM (SELECT product_id, sum(quantity)::integer AS quantity FROM gone GROUP BY product_id) g;
  IF v_products IS NULL THEN
    RETURN 0;
  END IF;
  PERFORM 1 FROM products p WHERE p.id = ANY(v_products) ORDER BY p.id FOR NO KEY UPDATE;
  UPDATE products p SET stock = p.stock + w.quantity, updated_at = now()
    FROM unnest(v_products, v_quantities) AS w(id, quantity)
   WHERE p.id = w.id AND p.stock IS NOT NULL;
  RETURN cardinality(v_products);
END $$;
