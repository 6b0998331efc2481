import { Type, type Static } from 'typebox';
import { Nullable, StringEnum } from './catalog-common';
import { Id } from './numbers';
import { CLIENT_ID_PATTERN, VIEWS_BATCH_MAX } from './seller-statistics-values';
import { STAT_ITEM_KINDS, VIEW_KINDS } from '../promotion/subscription-machine';
import { DAY_PATTERN, STATISTICS_PERIODS } from '../validation/statistics-range';

/**
 * A seller's statistics (issue 16 item 4). The calls:
 *
 * - `GET  /v1/statistics?business_id&item_kind&item_id&period|from&to&format`  (signed in)
 *     { data: StatisticsReport } — by day over the range, totals, top items and the promoted/regular split,
 *     summed from `item_stats_daily` over the caller's own items: one business (its page and its products),
 *     or one item (`item_kind` + `item_id`), or everything the caller sells (neither). `format=csv` answers the
 *     same days as a CSV download (Content-Disposition attachment, headers in the request's language).
 *     A business or item that is not the caller's is 404; a bad range (reversed, over a year, not a day) 422.
 * - `POST /v1/statistics/views` ViewsBody → 202 { data: { accepted } }  (anyone; the bearer token is optional)
 *     The SPA's batched impressions. Only checked and queued here: the counting happens off the request path
 *     (server/modules/statistics/view-batcher.ts).
 */
export const StatItemKindSchema = StringEnum(STAT_ITEM_KINDS);
export const ViewKindSchema = StringEnum(VIEW_KINDS);


export const StatisticsQuery = Type.Object({
  business_id: Type.Optional(Id()),
  item_kind: Type.Optional(StatItemKindSchema),
  item_id: Type.Optional(Id()),
  period: Type.Optional(StringEnum(STATISTICS_PERIODS)),
  from: Type.Optional(Type.String({ maxLength: 10 })),
  to: Type.Optional(Type.String({ maxLength: 10 })),
  format: Type.Optional(StringEnum(['json', 'csv'] as const, { default: 'json' })),
});
export type StatisticsQuery = Static<typeof StatisticsQuery>;

/** The figures of a day, a total, or a side of the promotion split. `conversion` is orders per page view (null without views). */
export const StatisticsFigures = Type.Object({
  page_views: Type.Integer(),
  list_views: Type.Integer(),
  favorites: Type.Integer(),
  subscriptions: Type.Integer(),
  chats: Type.Integer(),
  orders: Type.Integer(),
  /** Minor units. */
  revenue: Type.Integer(),
  conversion: Nullable(Type.Number()),
});
export type StatisticsFigures = Static<typeof StatisticsFigures>;

export const StatisticsDay = Type.Object({ day: Type.String({ pattern: DAY_PATTERN }), ...StatisticsFigures.properties });
export type StatisticsDay = Static<typeof StatisticsDay>;

export const StatisticsTopItem = Type.Object({
  kind: StatItemKindSchema,
  id: Type.Integer(),
  /** In the reader's language; null when the item is gone. */
  name: Nullable(Type.String()),
  ...StatisticsFigures.properties,
});
export type StatisticsTopItem = Static<typeof StatisticsTopItem>;

export const StatisticsReport = Type.Object({
  from: Type.String(),
  to: Type.String(),
  business_id: Nullable(Type.Integer()),
  item: Nullable(Type.Object({ kind: StatItemKindSchema, id: Type.Integer() })),
  /** Every day of the range, oldest first, zeros included. */
  days: Type.Array(StatisticsDay),
  totals: StatisticsFigures,
  /** The same figures counted while the item was promoted, and while it was not. */
  promotion: Type.Object({ promoted: StatisticsFigures, regular: StatisticsFigures }),
  /** Up to 10 items with the most orders, then page views. */
  top: Type.Array(StatisticsTopItem),
});
export type StatisticsReport = Static<typeof StatisticsReport>;

export const ViewEvent = Type.Object({ kind: StatItemKindSchema, id: Id(), view: ViewKindSchema }, { additionalProperties: false });
export type ViewEvent = Static<typeof ViewEvent>;

export const ViewsBody = Type.Object(
  {
    views: Type.Array(ViewEvent, { minItems: 1, maxItems: VIEWS_BATCH_MAX }),
    client_id: Type.Optional(Type.String({ pattern: CLIENT_ID_PATTERN })),
  },
  { additionalProperties: false },
);
export type ViewsBody = Static<typeof ViewsBody>;

export const ViewsAccepted = Type.Object({ data: Type.Object({ accepted: Type.Integer() }) });
