import { Type, type Static } from 'typebox';
import { BUSINESS_KINDS } from './catalog-values';
import { Nullable, StringEnum } from './catalog-common';
import { ORDER_STATUSES } from '../orders/order-machine';
import { PROMOTION_TARGETS, SUBSCRIPTION_STATUSES } from '../promotion/subscription-machine';

/**
 * `GET /v1/seller/dashboard` (signed in): the seller's home (issue 16 item 5), one answer with a
 * block per card, all about the caller's own businesses and ads only. A person with nothing to sell
 * gets the same shape with zeros and empty lists. "Today" and the days of the figures are UTC
 * calendar days, the days `item_stats_daily` is counted in. Money is integer minor units; revenue
 * is summed as counted (the demo and the checkout sell in RUB).
 */

/** A new order of today, for the card's short list (newest first). */
export const DashboardOrder = Type.Object({
  id: Type.Integer(),
  business: Type.Object({ id: Type.Integer(), name: Type.String() }),
  status: StringEnum(ORDER_STATUSES),
  total: Type.Integer(),
  currency: Type.String(),
  created_at: Type.String(),
});
export type DashboardOrder = Static<typeof DashboardOrder>;

export const DashboardOrders = Type.Object({
  /** Orders placed today (paid or cash; not those still waiting for, or refused, a payment). */
  today: Type.Integer({ minimum: 0 }),
  /** Waiting for the seller: `placed` ones to accept, `accepted` ones to make ready or ship. */
  to_accept: Type.Integer({ minimum: 0 }),
  to_dispatch: Type.Integer({ minimum: 0 }),
  /** The latest few of today's. */
  latest: Type.Array(DashboardOrder),
});

export const DashboardBusiness = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  kind: StringEnum(BUSINESS_KINDS),
  today: Type.Integer({ minimum: 0 }),
  waiting: Type.Integer({ minimum: 0 }),
});
export type DashboardBusiness = Static<typeof DashboardBusiness>;

/** A running promotion (`active` or `paused`): what it promotes, which plan, until when. */
export const DashboardPromotion = Type.Object({
  id: Type.Integer(),
  status: StringEnum(SUBSCRIPTION_STATUSES),
  plan: Type.String(),
  target: Type.Object({ kind: StringEnum(PROMOTION_TARGETS), id: Type.Integer(), title: Type.String() }),
  /** While paused the end moves on by the paused time when it resumes. */
  ends_at: Nullable(Type.String()),
});
export type DashboardPromotion = Static<typeof DashboardPromotion>;

export const DashboardFigures = Type.Object({
  page_views: Type.Integer({ minimum: 0 }),
  list_views: Type.Integer({ minimum: 0 }),
  favorites: Type.Integer({ minimum: 0 }),
  chats: Type.Integer({ minimum: 0 }),
  orders: Type.Integer({ minimum: 0 }),
  revenue: Type.Integer({ minimum: 0 }),
});
export type DashboardFigures = Static<typeof DashboardFigures>;
export type DashboardFigure = keyof DashboardFigures;

export const SellerDashboard = Type.Object({
  orders: DashboardOrders,
  /** Unread messages in all my chats (the header badge's figure). */
  unread_messages: Type.Integer({ minimum: 0 }),
  promotions: Type.Object({
    /** How many are running (the list shows the first few, ending soonest first). */
    total: Type.Integer({ minimum: 0 }),
    items: Type.Array(DashboardPromotion),
  }),
  /** The last 7 days (today included) and the 7 before them, summed over everything I sell. */
  figures: Type.Object({ days: Type.Integer(), current: DashboardFigures, previous: DashboardFigures }),
  businesses: Type.Array(DashboardBusiness),
  /** My published ads (a private seller promotes ads too). */
  ads: Type.Integer({ minimum: 0 }),
});
export type SellerDashboard = Static<typeof SellerDashboard>;

/** How many of today's orders and running promotions the cards list. */
export const DASHBOARD_LATEST_ORDERS = 5;
export const DASHBOARD_PROMOTIONS = 5;
export const DASHBOARD_FIGURE_DAYS = 7;
