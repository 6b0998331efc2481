import { DASHBOARD_FIGURE_DAYS, DASHBOARD_LATEST_ORDERS, DASHBOARD_PROMOTIONS, type DashboardFigures } from '../../../shared/api/seller-dashboard';
import type { BusinessKind } from '../../../shared/api/catalog-values';
import type { OrderStatus } from '../../../shared/orders/order-machine';
import type { PromotionTarget, SubscriptionStatus } from '../../../shared/promotion/subscription-machine';
import { namedStatement, type Db } from '../../db/client';
import { STATS_DAY_SQL } from '../statistics/item-owner';

/**
 * The seller dashboard's reads: one named statement per block, each scoped to the caller and
 * served by an index (businesses_owner_idx, orders_business_created_idx and orders_business_idx,
 * ad_subscriptions_user_idx, item_stats_daily_owner_idx, ads_user_idx). The route runs them at once.
 */

/** An order counts as new when it was placed: not one still waiting for, or refused, its payment. */
const PLACED = `o.status not in ('pending_payment', 'payment_failed')`;

/** Days are UTC calendar days, as statistics counts them into item_stats_daily; `TODAY_START` is its first instant. */
const TODAY = STATS_DAY_SQL;
const TODAY_START = `(${TODAY})::timestamp at time zone 'UTC'`;

export interface BusinessRow {
  id: number;
  name: string;
  name_en: string | null;
  kind: BusinessKind;
  today: number;
  to_accept: number;
  to_dispatch: number;
}

export interface LatestOrderRow {
  id: number;
  business_id: number;
  status: OrderStatus;
  total: number;
  currency: string;
  created_at: string;
}

export interface OrdersBlockRow {
  businesses: BusinessRow[];
  latest: LatestOrderRow[];
  ads: number;
}

/**
 * My businesses with today's and waiting orders of each, today's latest orders, and my published
 * ads. Today's orders come from (business_id, created_at), the waiting ones from (business_id, status).
 */
const ORDERS_BLOCK = `
  with mine as (select id, name, name_en, kind from businesses where owner_id = $1),
  today as (
    select o.id, o.business_id, o.status, o.total, o.currency, o.created_at
      from orders o
     where o.business_id in (select id from mine) and o.created_at >= ${TODAY_START} and ${PLACED}),
  waiting as (
    select o.business_id, o.status from orders o
     where o.business_id in (select id from mine) and o.status in ('placed', 'accepted'))
  select
    coalesce((
      select json_agg(json_build_object(
               'id', m.id, 'name', m.name, 'name_en', m.name_en, 'kind', m.kind,
               'today', (select count(*) from today t where t.business_id = m.id),
               'to_accept', (select count(*) from waiting w where w.business_id = m.id and w.status = 'placed'),
               'to_dispatch', (select count(*) from waiting w where w.business_id = m.id and w.status = 'accepted'))
             order by m.id)
        from mine m), '[]'::json) as businesses,
    coalesce((
      select json_agg(json_build_object('id', l.id, 'business_id', l.business_id, 'status', l.status, 'total', l.total,
                                        'currency', l.currency, 'created_at', l.created_at) order by l.created_at desc, l.id desc)
        from (select * from today order by created_at desc, id desc limit ${DASHBOARD_LATEST_ORDERS}) l), '[]'::json) as latest,
    (select count(*)::int from ads where user_id = $1 and status = 'published') as ads`;

export interface PromotionRow {
  id: number;
  status: SubscriptionStatus;
  plan: string;
  plan_en: string | null;
  target_kind: PromotionTarget;
  target_id: number;
  title: string;
  title_en: string | null;
  ends_at: Date | null;
  total: number;
}

/** My running promotions, ending soonest first, with the count of all of them. */
const PROMOTIONS_BLOCK = `
  select s.id, s.status, p.name as plan, p.name_en as plan_en,
         case when s.ad_id is not null then 'ad' else 'product' end as target_kind,
         coalesce(s.ad_id, s.product_id) as target_id,
         coalesce(a.title, pr.name) as title, coalesce(a.title_en, pr.name_en) as title_en,
         s.ends_at, (count(*) over ())::int as total
    from ad_subscriptions s
    join promotion_plans p on p.id = s.plan_id
    left join ads a on a.id = s.ad_id
    left join products pr on pr.id = s.product_id
   where s.user_id = $1 and s.status in ('active', 'paused')
   order by s.ends_at asc nulls last, s.id
   limit ${DASHBOARD_PROMOTIONS}`;

type FigureRow = Record<`${'cur' | 'prev'}_${keyof DashboardFigures}`, number>;

const FIGURES = ['page_views', 'list_views', 'favorites', 'chats', 'orders', 'revenue'] as const satisfies ReadonlyArray<keyof DashboardFigures>;

/** An order is counted on its business's row and again on each bought product's row: the business's row is the order. */
const ORDER_FIGURES: ReadonlyArray<keyof DashboardFigures> = ['orders', 'revenue'];

/** The last N days (today included) and the N before, from my rows of item_stats_daily. */
const FIGURES_BLOCK = `
  select ${FIGURES.map((f) => {
    const rows = ORDER_FIGURES.includes(f) ? ` and item_kind <> 'product'` : '';
    return (
      `coalesce(sum(${f}) filter (where day > ${TODAY} - ${DASHBOARD_FIGURE_DAYS}${rows}), 0)::float8 as cur_${f}, ` +
      `coalesce(sum(${f}) filter (where day <= ${TODAY} - ${DASHBOARD_FIGURE_DAYS}${rows}), 0)::float8 as prev_${f}`
    );
  }).join(',\n         ')}
    from item_stats_daily
   where owner_id = $1 and day > ${TODAY} - ${2 * DASHBOARD_FIGURE_DAYS} and day <= ${TODAY}`;

export function sellerDashboardRepository(db: Db) {
  const orders = namedStatement<OrdersBlockRow>(db, 'seller_dashboard_orders', ORDERS_BLOCK);
  const promotions = namedStatement<PromotionRow>(db, 'seller_dashboard_promotions', PROMOTIONS_BLOCK);
  const figures = namedStatement<FigureRow>(db, 'seller_dashboard_figures', FIGURES_BLOCK);
  return {
    async orders(userId: number): Promise<OrdersBlockRow> {
      const [row] = await orders([userId]);
      return row;
    },
    promotions: (userId: number): Promise<PromotionRow[]> => promotions([userId]),
    async figures(userId: number): Promise<{ current: DashboardFigures; previous: DashboardFigures }> {
      const [row] = await figures([userId]);
      const pick = (prefix: 'cur' | 'prev') => Object.fromEntries(FIGURES.map((f) => [f, Number(row[`${prefix}_${f}`])])) as DashboardFigures;
      return { current: pick('cur'), previous: pick('prev') };
    },
  };
}
