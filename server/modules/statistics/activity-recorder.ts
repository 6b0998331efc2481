import { sql } from 'drizzle-orm';
import type { StatItemKind } from '../../../shared/promotion/subscription-machine';
import type { Db } from '../../db/client';
import { itemOwner, STATS_DAY } from './item-owner';

/** The figures counted where they happen (views come through the batcher; orders through orderStatsCte). */
export type ActivityFigure = 'favorites' | 'subscriptions' | 'chats';

const COLUMNS: Record<ActivityFigure, string> = { favorites: 'favorites', subscriptions: 'subscriptions', chats: 'chats' };

export interface Activity {
  kind: StatItemKind;
  id: number;
  figure: ActivityFigure;
  /** Who did it: the item's owner doing it to their own item is not counted. */
  actorId: number;
}

/**
 * Counts one fact into today's item_stats_daily row of the item, in the caller's transaction,
 * as one statement: the fact and its count commit (or roll back) together. Only additions are
 * counted (a favorite removed later does not subtract): the figure is "how many people added it
 * in the period", which a later change of mind does not undo.
 */
export async function recordActivity(tx: Pick<Db, 'execute'>, activity: Activity): Promise<void> {
  const column = sql.raw(COLUMNS[activity.figure]);
  const kind = sql`${activity.kind}::stat_item_kind`;
  await tx.execute(sql`
    insert into item_stats_daily (day, item_kind, item_id, promoted, owner_id, business_id, ${column})
    select ${STATS_DAY}, ${kind}, ${activity.id}::int, o.promoted, o.owner_id, o.business_id, 1
      from (${itemOwner(kind, sql`${activity.id}::int`)}) o
     where o.owner_id <> ${activity.actorId}
    on conflict (item_kind, item_id, day, promoted) do update set ${column} = item_stats_daily.${column} + 1`);
}
