import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { stockHolds } from '../../db/schema';
import { rawRows } from '../catalog/common/raw-rows';
import type { CartLine } from '../cart/cart-repository';

/** How long taken stock waits for its order transaction before the sweep gives it back. */
export const HOLD_MINUTES = 10;

export interface Hold {
  id: number;
  productId: number;
  quantity: number;
}

/** Not taken: the line that does not fit and what is left of it. */
export type HoldOutcome = { ok: true; holds: Hold[] } | { ok: false; short: CartLine; stock: number };

/**
 * Takes the stock of every limited line at once, all or nothing, and writes a hold for each, in one
 * autocommit statement: the rows are locked in product order (two buyers never deadlock), the
 * stock is checked on the locked (latest) rows and taken only if every line fits. A sought-after
 * row stays locked just for this statement and its commit, never across the order transaction's
 * round trips, so buyers racing for the last units queue for microseconds, and the losers are
 * refused after this one statement instead of after a whole transaction.
 */
export async function takeHolds(db: Db, buyerId: number, idempotencyKey: string, lines: CartLine[]): Promise<HoldOutcome> {
  if (!lines.length) return { ok: true, holds: [] };
  const wanted = sql.join(lines.map((l) => sql`(${l.product!.id}::int, ${l.item.quantity}::int)`), sql`, `);
  const rows = await rawRows<{ id: number; stock: number | null; hold_id: number | null }>(
    db,
    sql`with wanted(id, quantity) as (values ${wanted}),
        locked as (select p.id, p.stock, p.status from products p where p.id in (select id from wanted) order by p.id for no key update),
        enough as (select count(*) = ${lines.length} and bool_and(l.status = 'published' and l.stock >= w.quantity) as ok
                     from locked l join wanted w on w.id = l.id),
        taken as (update products p set stock = p.stock - w.quantity, updated_at = now()
                    from wanted w, enough where enough.ok and p.id = w.id
                  returning p.id, w.quantity),
        held as (insert into stock_holds (buyer_id, idempotency_key, product_id, quantity, expires_at)
                 select ${buyerId}, ${idempotencyKey}, id, quantity, now() + make_interval(mins => ${HOLD_MINUTES}) from taken
                 returning id, product_id)
        select l.id, l.stock, h.id as hold_id from locked l left join held h on h.product_id = l.id`,
  );
  const byProduct = new Map(rows.map((r) => [r.id, r]));
  if (rows.length === lines.length && rows.every((r) => r.hold_id !== null)) {
    return { ok: true, holds: lines.map((l) => ({ id: byProduct.get(l.product!.id)!.hold_id!, productId: l.product!.id, quantity: l.item.quantity })) };
  }
  // Not taken: the first line that does not fit, with what is left of it now.
  const short = lines.find((l) => (byProduct.get(l.product!.id)?.stock ?? 0) < l.item.quantity) ?? lines[0];
  return { ok: false, short, stock: byProduct.get(short.product!.id)?.stock ?? 0 };
}

/**
 * Gives back the stock of holds not turned into orders (given ids, or every one expired by
 * `expiredBy`), each once: the hold's delete and the stock's return are one statement.
 */
async function giveBack(db: Db, which: ReturnType<typeof sql>): Promise<number> {
  const rows = await rawRows<{ id: number }>(
    db,
    sql`with gone as (delete from stock_holds where ${which} returning product_id, quantity),
        per_product as (select product_id, sum(quantity)::int as quantity from gone group by product_id),
        locked as (select p.id from products p where p.id in (select product_id from per_product) order by p.id for no key update)
        update products p set stock = p.stock + g.quantity, updated_at = now()
          from per_product g, locked where locked.id = g.product_id and p.id = g.product_id and p.stock is not null
        returning p.id`,
  );
  return rows.length;
}

export const releaseHolds = (db: Db, holds: Hold[]) =>
  holds.length ? giveBack(db, sql`id in (${sql.join(holds.map((h) => sql`${h.id}`), sql`, `)})`) : Promise.resolve(0);

/** The sweep's part: holds whose checkout never finished (the API stopped between the two steps). */
export const releaseExpiredHolds = (db: Db, now: Date) => giveBack(db, sql`expires_at <= ${now.toISOString()}::timestamptz`);

/** Whether a request with this key still holds stock (it is between taking it and committing its orders). */
export async function holdsPending(db: Db, buyerId: number, idempotencyKey: string): Promise<boolean> {
  const [row] = await db
    .select({ id: stockHolds.id })
    .from(stockHolds)
    .where(and(eq(stockHolds.buyerId, buyerId), eq(stockHolds.idempotencyKey, idempotencyKey)))
    .limit(1);
  return Boolean(row);
}

/**
 * Whether another request with this key holds stock or has written its checkout. Asked in a
 * statement of its own after a refused hold: the hold statement's snapshot predates the lock it
 * waited for, so it cannot see a twin that committed meanwhile.
 */
export async function twinOf(db: Db, buyerId: number, idempotencyKey: string): Promise<boolean> {
  const [row] = await rawRows<{ twin: boolean }>(
    db,
    sql`select exists (select 1 from stock_holds where buyer_id = ${buyerId} and idempotency_key = ${idempotencyKey})
            or exists (select 1 from checkouts where buyer_id = ${buyerId} and idempotency_key = ${idempotencyKey}) as twin`,
  );
  return Boolean(row?.twin);
}
