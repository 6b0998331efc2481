import { and, desc, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Promotion in lists (issue 16): items raised by an active subscription (`promoted_until` in the
 * future and the `raise` perk; the subscription's moves keep these columns) come before the
 * others, a higher boost first, each group in the list's own order. Price orders are left exact:
 * a buyer who asks for the cheapest first gets exactly that.
 */
export const RAISED_SORTS = new Set(['newest', 'popular', 'rating', 'discount', 'relevance']);

/**
 * The SQL test "raised now" on a table's promotion columns, as the partial index of migration 0030
 * can answer it (`promoted_until` on the rows with the `raise` perk): null, not false, for a row never
 * promoted, so the others are `not coalesce(raised, false)` (raisedFirstPage). Wrapped in coalesce,
 * the test read every row of the list on every page: bench:catalog's product list fell to 21 req/s at
 * 100,000 products.
 */
export const raisedNow = (promotedUntil: AnyPgColumn, perks: AnyPgColumn): SQL =>
  sql`(${promotedUntil} > now() and ${perks} @> array['raise']::text[])`;

/**
 * One page of ids with the raised ones first, keeping offset paging exact: the raised rows of the
 * list (few; read whole, up to RAISED_CAP) fill the first places, and the rest of the page comes
 * from the others, shifted by how many raised ones there are. The total does not change.
 */
export const RAISED_CAP = 1000;

export async function raisedFirst(
  offset: number,
  limit: number,
  raised: () => Promise<number[]>,
  others: (offset: number, limit: number) => Promise<number[]>,
): Promise<number[]> {
  const first = await raised();
  const head = first.slice(offset, offset + limit);
  if (head.length === limit) return head;
  const rest = await others(Math.max(0, offset - first.length), limit - head.length);
  return [...head, ...rest];
}

/**
 * One public list page's ids, raised first (by `boost`, then `order`), through the list's own id
 * query: the raised rows are read whole, the others paged after them (raisedFirst).
 */
export function raisedFirstPage(
  idsOf: (where: SQL | undefined, order: SQL[], from: number, limit: number) => Promise<number[]>,
  list: { condition: SQL | undefined; raised: SQL; boost: AnyPgColumn; order: SQL[]; offset: number; limit: number },
): Promise<number[]> {
  const { condition, raised, boost, order, offset, limit } = list;
  return raisedFirst(
    offset,
    limit,
    () => idsOf(and(condition, raised), [desc(boost), ...order], 0, RAISED_CAP),
    (from, count) => idsOf(and(condition, sql`not coalesce(${raised}, false)`), order, from, count),
  );
}
