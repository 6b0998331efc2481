import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { STATS_DAY } from './item-owner';

export interface OrderStatsLine {
  businessId: number;
  productId: number;
  /** Minor units: the line's price times its quantity. */
  total: number;
}

/**
 * A data-modifying CTE for the checkout's last statement (checkout-writer.ts): today's orders and
 * revenue of each bought product and of each business (an order per business, its items total),
 * counted into item_stats_daily in the checkout's own transaction without a statement of its own
 * (checkout is the hot path of bench:checkout). The buyer is never the owner (the cart refuses
 * one's own products), so no one is left out here.
 */
export function orderStatsCte(tx: Db, lines: OrderStatsLine[]) {
  const rows = JSON.stringify(lines.map((l) => ({ b: l.businessId, p: l.productId, t: l.total })));
  return tx.$with('order_stats', {}).as(sql`
    insert into item_stats_daily (day, item_kind, item_id, promoted, owner_id, business_id, orders, revenue)
    select ${STATS_DAY}, x.kind::stat_item_kind, x.id, x.promoted, b.owner_id, b.id, x.orders, x.revenue
      from (
        select 'product' as kind, l.p as id, coalesce(p.promoted_until > now(), false) as promoted, l.b, 1 as orders, l.t as revenue
          from jsonb_to_recordset(${rows}::jsonb) as l(b int, p int, t bigint) join products p on p.id = l.p
        union all
        select 'business', l.b, false, l.b, 1, sum(l.t)::bigint
          from jsonb_to_recordset(${rows}::jsonb) as l(b int, p int, t bigint) group by l.b
      ) x(kind, id, promoted, b, orders, revenue)
      join businesses b on b.id = x.b
    on conflict (item_kind, item_id, day, promoted) do update
      set orders = item_stats_daily.orders + excluded.orders, revenue = item_stats_daily.revenue + excluded.revenue`);
}
