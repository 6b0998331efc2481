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
 * call of `take_stock_holds` (migration 0019), its own short transaction: the rows are locked in
 * product order (two buyers never deadlock), the stock is checked on the locked (latest) rows and
 * taken only if every line fits. A sought-after row stays locked just for that call and its commit,
 * never across the order transaction's round trips, so buyers racing for the last units queue
 * briefly, and the losers are refused after this one call instead of after a whole transaction.
 */
export async function takeHolds(db: Db, buyerId: number, idempotencyKey: string, lines: CartLine[]): Promise<HoldOutcome> {
  if (!lines.length) return { ok: true, holds: [] };
  const ids = lines.map((l) => l.product!.id);
  const quantities = lines.map((l) => l.item.quantity);
  const rows = await rawRows<{ held_product: number; left_stock: number | null; hold: number | null }>(
    db,
    sql`select * from take_stock_holds(${buyerId}, ${idempotencyKey}, ${intArray(ids)}, ${intArray(quantities)}, ${HOLD_MINUTES})`,
  );
  const byProduct = new Map(rows.map((r) => [r.held_product, r]));
  if (rows.length === lines.length && rows.every((r) => r.hold !== null)) {
    return { ok: true, holds: lines.map((l) => ({ id: byProduct.get(l.product!.id)!.hold!, productId: l.product!.id, quantity: l.item.quantity })) };
  }
  // Not taken: the first line that does not fit, with what is left of it now.
  const left = (l: CartLine) => byProduct.get(l.product!.id)?.left_stock ?? 0;
  const short = lines.find((l) => left(l) < l.item.quantity) ?? lines[0];
  return { ok: false, short, stock: left(short) };
}

const intArray = (values: number[]) => sql`${`{${values.map((v) => Math.trunc(v)).join(',')}}`}::integer[]`;

/** Gives back the stock of holds not turned into orders (given ids, or every one expired by a time), each once. */
async function giveBack(db: Db, ids: number[] | null, expiredBy: Date | null): Promise<number> {
  const [row] = await rawRows<{ released: number }>(
    db,
    sql`select release_stock_holds(${ids ? intArray(ids) : sql`null::integer[]`}, ${expiredBy ? expiredBy.toISOString() : null}::timestamptz) as released`,
  );
  return row?.released ?? 0;
}

export const releaseHolds = (db: Db, holds: Hold[]) => (holds.length ? giveBack(db, holds.map((h) => h.id), null) : Promise.resolve(0));

/** The sweep's part: holds whose checkout never finished (the API stopped between the two steps). */
export const releaseExpiredHolds = (db: Db, now: Date) => giveBack(db, null, now);

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
