import { sql, type SQL } from 'drizzle-orm';
import type { StatisticsDay, StatisticsFigures, StatisticsReport, StatisticsTopItem } from '../../../shared/api/seller-statistics';
import type { Language } from '../../../shared/i18n/languages';
import type { StatItemKind } from '../../../shared/promotion/subscription-machine';
import { addDays } from '../../../shared/validation/statistics-range';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/http-error';
import { rawRows } from '../catalog/common/raw-rows';
import { itemOwner } from './item-owner';

/** Whose figures a report sums: one business (its page and its products), one item, or all a seller offers. */
export type StatisticsScope = { businessId: number } | { item: { kind: StatItemKind; id: number } } | { ownerId: number };

interface SumRow {
  page_views: number;
  list_views: number;
  favorites: number;
  subscriptions: number;
  chats: number;
  orders: number;
  revenue: number;
}

const SUMS = sql.raw(`sum(page_views)::int as page_views, sum(list_views)::int as list_views, sum(favorites)::int as favorites,
  sum(subscriptions)::int as subscriptions, sum(chats)::int as chats, sum(orders)::int as orders, sum(revenue)::float8 as revenue`);

const ZERO: SumRow = { page_views: 0, list_views: 0, favorites: 0, subscriptions: 0, chats: 0, orders: 0, revenue: 0 };

/** Orders per page view, to four places; null when nobody saw the page. */
export const conversion = (orders: number, pageViews: number): number | null => (pageViews > 0 ? Math.round((orders / pageViews) * 10_000) / 10_000 : null);

const figures = (row: SumRow): StatisticsFigures => ({
  page_views: Number(row.page_views),
  list_views: Number(row.list_views),
  favorites: Number(row.favorites),
  subscriptions: Number(row.subscriptions),
  chats: Number(row.chats),
  orders: Number(row.orders),
  revenue: Number(row.revenue),
  conversion: conversion(Number(row.orders), Number(row.page_views)),
});

function add(into: SumRow, row: SumRow): SumRow {
  for (const key of Object.keys(ZERO) as (keyof SumRow)[]) into[key] += Number(row[key]);
  return into;
}

function scopeWhere(scope: StatisticsScope): SQL {
  if ('businessId' in scope) return sql`business_id = ${scope.businessId}`;
  if ('item' in scope) return sql`item_kind = ${scope.item.kind}::stat_item_kind and item_id = ${scope.item.id}`;
  return sql`owner_id = ${scope.ownerId}`;
}

/** 404 unless the business or item exists and is the caller's (another seller's figures are not even confirmed to exist). */
export async function assertOwnScope(db: Db, userId: number, scope: StatisticsScope): Promise<void> {
  if ('ownerId' in scope) return;
  const kind = 'businessId' in scope ? 'business' : scope.item.kind;
  const id = 'businessId' in scope ? scope.businessId : scope.item.id;
  const [row] = await rawRows<{ owner_id: number }>(db, sql`select o.owner_id from (${itemOwner(sql`${kind}::stat_item_kind`, sql`${id}::int`)}) o`);
  if (!row || Number(row.owner_id) !== userId) throw notFound();
}

/**
 * The report of a scope over `from`…`to`: two grouped reads of item_stats_daily (by day and
 * promotion side; by item for the top), both by an index of the table (business or owner and day,
 * or the item's key), so a business's 90 days sum (items × 90 × 2) rows at most. The top lists
 * products and ads (a business is the scope, not one of its items).
 */
export async function statisticsReport(db: Db, scope: StatisticsScope, from: string, to: string, lang: Language): Promise<StatisticsReport> {
  const where = sql`${scopeWhere(scope)} and day between ${from}::date and ${to}::date`;
  const [byDay, top] = await Promise.all([
    rawRows<SumRow & { day: string; promoted: boolean; product: boolean }>(
      db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, promoted, item_kind = 'product' as product, ${SUMS}
            from item_stats_daily where ${where} group by day, promoted, item_kind = 'product'`,
    ),
    rawRows<SumRow & { item_kind: StatItemKind; item_id: number; name: string | null; name_en: string | null }>(
      db,
      sql`select t.*, coalesce(p.name, a.title, b.name) as name, coalesce(p.name_en, a.title_en, b.name_en) as name_en
            from (select item_kind, item_id, ${SUMS} from item_stats_daily where ${where} and (item_kind <> 'business' or ${'item' in scope})
                  group by item_kind, item_id order by sum(orders) desc, sum(page_views) desc, sum(list_views) desc, item_id limit 10) t
            left join products p on t.item_kind = 'product' and p.id = t.item_id
            left join ads a on t.item_kind = 'ad' and a.id = t.item_id
            left join businesses b on t.item_kind = 'business' and b.id = t.item_id
           order by t.orders desc, t.page_views desc, t.list_views desc, t.item_id`,
    ),
  ]);
  const perDay = new Map<string, SumRow>();
  const totals = { ...ZERO };
  const promoted = { ...ZERO };
  const regular = { ...ZERO };
  // An order is counted on its business's row and on each product's row (order-stats.ts): the business's row
  // is the order (totals and days), the products' rows are what was bought (the promotion split, the top).
  const productScope = 'item' in scope;
  for (const row of byDay) {
    const whole = productScope || !row.product ? row : { ...row, orders: 0, revenue: 0 };
    const bought = productScope || row.product ? row : { ...row, orders: 0, revenue: 0 };
    perDay.set(row.day, add(perDay.get(row.day) ?? { ...ZERO }, whole));
    add(totals, whole);
    add(row.promoted ? promoted : regular, bought);
  }
  const days: StatisticsDay[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push({ day, ...figures(perDay.get(day) ?? ZERO) });
  const topItems: StatisticsTopItem[] = top.map((row) => ({
    kind: row.item_kind,
    id: Number(row.item_id),
    name: lang === 'en' && row.name_en ? row.name_en : row.name,
    ...figures(row),
  }));
  return {
    from,
    to,
    business_id: 'businessId' in scope ? scope.businessId : null,
    item: 'item' in scope ? scope.item : null,
    days,
    totals: figures(totals),
    promotion: { promoted: figures(promoted), regular: figures(regular) },
    top: topItems,
  };
}
