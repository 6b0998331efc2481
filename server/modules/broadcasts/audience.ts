import { sql, type SQL } from 'drizzle-orm';
import type { BroadcastAudience } from '../../../shared/api/admin-broadcasts-values';
import type { Db } from '../../db/client';
import { rawRows } from '../catalog/common/raw-rows';

/**
 * The users a broadcast reaches, as a condition on `users u`. Blocked accounts are left out (they
 * cannot read anything). Sellers own at least one business (of a category, if chosen);
 * participants have an olympiad participant account (of an age category, if chosen: the
 * olympiad's only grouping of people, junior/middle/senior).
 */
export function audienceCondition(audience: BroadcastAudience): SQL {
  const open = sql`u.blocked_at is null`;
  switch (audience.kind) {
    case 'user':
      return sql`${open} and u.id = ${audience.user_id}`;
    case 'users':
      return sql`${open} and u.id in (${sql.join(audience.user_ids.map((id) => sql`${id}`), sql`, `)})`;
    case 'role':
      return sql`${open} and u.role = ${audience.role}`;
    case 'sellers':
      return audience.business_category_id
        ? sql`${open} and exists (select 1 from businesses b where b.owner_id = u.id and b.category_id = ${audience.business_category_id})`
        : sql`${open} and exists (select 1 from businesses b where b.owner_id = u.id)`;
    case 'participants':
      return audience.category
        ? sql`${open} and exists (select 1 from olympiad_participants p where p.user_id = u.id and p.category = ${audience.category})`
        : sql`${open} and exists (select 1 from olympiad_participants p where p.user_id = u.id)`;
    case 'everyone':
      return open;
  }
}

/** How many the audience reaches now, and how many of them read English (the rest Russian). */
export async function countAudience(db: Db, audience: BroadcastAudience): Promise<{ total: number; en: number }> {
  const [row] = await rawRows<{ total: number; en: number }>(
    db,
    sql`select count(*)::int as total, (count(*) filter (where u.locale = 'en'))::int as en from users u where ${audienceCondition(audience)}`,
  );
  return { total: row?.total ?? 0, en: row?.en ?? 0 };
}

/** The ids an audience names by hand that are no account at all (a typo is a clear error, not a smaller audience). */
export async function unknownUserIds(db: Db, audience: BroadcastAudience): Promise<number[]> {
  const named = audience.kind === 'user' ? [audience.user_id] : audience.kind === 'users' ? audience.user_ids : [];
  if (!named.length) return [];
  const found = await rawRows<{ id: number }>(db, sql`select id from users where id in (${sql.join(named.map((id) => sql`${id}`), sql`, `)})`);
  const known = new Set(found.map((row) => Number(row.id)));
  return named.filter((id) => !known.has(id));
}
