import { sql } from 'drizzle-orm';
import type { StatItemKind, ViewKind } from '../../../shared/promotion/subscription-machine';
import type { Db } from '../../db/client';
import { rawRows } from '../catalog/common/raw-rows';
import { itemOwner } from './item-owner';

/** One impression as queued: the day it was seen (UTC), the item, the kind of view and who saw it. */
export interface QueuedView {
  day: string;
  kind: StatItemKind;
  id: number;
  view: ViewKind;
  /** `u:<user id>` or `c:<hash>` (viewer-key.ts). */
  viewer: string;
}

/** Views one statement counts at most: a flush of more runs several. */
export const VIEWS_PER_STATEMENT = 5_000;

/**
 * Counts a batch of impressions in one statement: the ones whose viewer is new for that item,
 * kind of view and day (item_viewers' key; `on conflict do nothing returning` tells which)
 * add one to the item's page or list views of that day, on the side of the promotion split the
 * item is on right now. Views of items that do not exist, and the owner's own views, are dropped
 * before anything is written. Returns how many views were counted.
 */
export async function countViews(db: Db, views: QueuedView[]): Promise<number> {
  let counted = 0;
  for (let start = 0; start < views.length; start += VIEWS_PER_STATEMENT) {
    const chunk = views.slice(start, start + VIEWS_PER_STATEMENT).map((v) => ({ d: v.day, k: v.kind, i: v.id, v: v.view, w: v.viewer }));
    const [row] = await rawRows<{ counted: number }>(
      db,
      sql`
      with incoming as (
        select distinct x.d as day, x.k::stat_item_kind as item_kind, x.i as item_id, x.v::view_kind as view_kind, x.w as viewer
          from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as x(d date, k text, i int, v text, w varchar(64))
      ),
      items as (
        select i.item_kind, i.item_id, o.owner_id, o.business_id, o.promoted
          from (select distinct item_kind, item_id from incoming) i
          join lateral (${itemOwner(sql`i.item_kind`, sql`i.item_id`)}) o on true
      ),
      fresh as (
        insert into item_viewers (day, item_kind, item_id, view_kind, viewer)
        select n.day, n.item_kind, n.item_id, n.view_kind, n.viewer
          from incoming n join items it on it.item_kind = n.item_kind and it.item_id = n.item_id
         where n.viewer <> 'u:' || it.owner_id
        on conflict do nothing
        returning day, item_kind, item_id, view_kind
      ),
      added as (
        insert into item_stats_daily (day, item_kind, item_id, promoted, owner_id, business_id, page_views, list_views)
        select f.day, f.item_kind, f.item_id, it.promoted, it.owner_id, it.business_id,
               count(*) filter (where f.view_kind = 'page'), count(*) filter (where f.view_kind = 'list')
          from fresh f join items it on it.item_kind = f.item_kind and it.item_id = f.item_id
         group by f.day, f.item_kind, f.item_id, it.promoted, it.owner_id, it.business_id
        on conflict (item_kind, item_id, day, promoted) do update
          set page_views = item_stats_daily.page_views + excluded.page_views, list_views = item_stats_daily.list_views + excluded.list_views
        returning page_views
      )
      select (select count(*) from fresh)::int as counted, (select count(*) from added)::int as days`,
    );
    counted += Number(row?.counted ?? 0);
  }
  return counted;
}

/** Drops who-saw-what older than yesterday: a person is counted once per day, so older rows decide nothing. */
export async function pruneViewers(db: Db, today: string): Promise<void> {
  await db.execute(sql`delete from item_viewers where day < ${today}::date - 1`);
}
