import { sql, type SQL } from 'drizzle-orm';

/** The day statistics count in: the UTC calendar day (the SPA's ranges and the dashboard's 7 days use the same), as SQL text (for named statements) and as a fragment. */
export const STATS_DAY_SQL = `(now() at time zone 'UTC')::date`;
export const STATS_DAY = sql.raw(STATS_DAY_SQL);

/**
 * One row for the item `kind`/`id` (SQL expressions of the enclosing query): whose it is
 * (`owner_id`: the business's owner, a product's business's owner, an ad's author), its
 * `business_id` (null for ads) and whether it is promoted this moment (`promoted_until > now()`;
 * businesses are never promoted themselves). No row when the item does not exist.
 * Used as `join lateral (…) o on true` by every writer of item_stats_daily, so a figure always
 * lands on the same owner and the same side of the promotion split.
 */
export function itemOwner(kind: SQL, id: SQL): SQL {
  return sql`
    select b.owner_id, b.id as business_id, false as promoted from businesses b where ${kind} = 'business' and b.id = ${id}
    union all
    select b.owner_id, p.business_id, coalesce(p.promoted_until > now(), false) from products p join businesses b on b.id = p.business_id
     where ${kind} = 'product' and p.id = ${id}
    union all
    select a.user_id, null::int, coalesce(a.promoted_until > now(), false) from ads a where ${kind} = 'ad' and a.id = ${id}`;
}
