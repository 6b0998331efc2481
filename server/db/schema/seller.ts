import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, date, index, integer, pgEnum, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { STAT_ITEM_KINDS, SUBSCRIPTION_ACTORS, SUBSCRIPTION_STATUSES, VIEW_KINDS } from '../../../shared/promotion/subscription-machine';
import { ads } from './ads';
import { businesses } from './businesses';
import { chargeColumns } from './payments';
import { products } from './products';
import { timestamps } from './shared-columns';
import { users } from './users';

/**
 * The seller's workspace (issue 16): promotion plans and the subscriptions that
 * buy them, their payments, and the daily statistics of what sellers offer.
 * Banners stay in ads.ts (they gained an owner and a moderation status).
 */

export const subscriptionStatusEnum = pgEnum('ad_subscription_status', SUBSCRIPTION_STATUSES);
export const subscriptionActorEnum = pgEnum('ad_subscription_actor', SUBSCRIPTION_ACTORS);
export const statItemKindEnum = pgEnum('stat_item_kind', STAT_ITEM_KINDS);
export const viewKindEnum = pgEnum('view_kind', VIEW_KINDS);

/** What a seller can buy: perks (PROMOTION_PERKS) for a number of days at a price. Staff keep the list; sellers only read it. */
export const promotionPlans = pgTable('promotion_plans', {
  id: serial('id').primaryKey(),
  slug: varchar('slug', { length: 40 }).notNull().unique(),
  name: varchar('name', { length: 80 }).notNull(),
  nameEn: varchar('name_en', { length: 80 }),
  description: text('description').notNull().default(''),
  descriptionEn: text('description_en'),
  perks: text('perks').array().notNull(),
  /** How far up a raised item goes: items of a higher boost come first among promoted ones. */
  boost: integer('boost').notNull().default(1),
  durationDays: integer('duration_days').notNull(),
  /** Minor units. */
  price: bigint('price', { mode: 'number' }).notNull(),
  currency: varchar('currency', { length: 3 }).notNull().default('RUB'),
  active: boolean('active').notNull().default(true),
  position: integer('position').notNull().default(0),
});

/**
 * One purchase of a plan for one ad or product (exactly one of `ad_id`, `product_id`).
 * `ends_at` is the current end: pausing sets `paused_at`, resuming moves `ends_at` on by the
 * paused time, so paused time is not consumed. Price, perks and duration are copied from the plan
 * at purchase. A retried purchase with the same key finds this row (unique per seller and key).
 */
export const adSubscriptions = pgTable(
  'ad_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => promotionPlans.id, { onDelete: 'restrict' }),
    adId: integer('ad_id').references(() => ads.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    status: subscriptionStatusEnum('status').notNull().default('pending_payment'),
    idempotencyKey: varchar('idempotency_key', { length: 100 }).notNull(),
    perks: text('perks').array().notNull(),
    boost: integer('boost').notNull(),
    durationDays: integer('duration_days').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    /** Set when the "ends tomorrow" notice went out, so the sweep sends it once. */
    expiryWarnedAt: timestamp('expiry_warned_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('ad_subscriptions_user_key_idx').on(t.userId, t.idempotencyKey),
    index('ad_subscriptions_user_idx').on(t.userId, t.createdAt.desc()),
    index('ad_subscriptions_due_idx').on(t.endsAt).where(sql`${t.status} in ('active', 'paused')`),
    index('ad_subscriptions_ad_idx').on(t.adId).where(sql`${t.adId} is not null`),
    index('ad_subscriptions_product_idx').on(t.productId).where(sql`${t.productId} is not null`),
    check('ad_subscriptions_one_target', sql`(${t.adId} is null) <> (${t.productId} is null)`),
  ],
);

/** Every move of a subscription: who, when, from, to. */
export const adSubscriptionHistory = pgTable(
  'ad_subscription_history',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => adSubscriptions.id, { onDelete: 'cascade' }),
    fromStatus: subscriptionStatusEnum('from_status'),
    toStatus: subscriptionStatusEnum('to_status').notNull(),
    actor: subscriptionActorEnum('actor').notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ad_subscription_history_subscription_idx').on(t.subscriptionId, t.at)],
);

/** One card charge of one subscription, as `payments` is for orders: the key makes a retried charge answer its first outcome. */
export const promotionPayments = pgTable(
  'promotion_payments',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => adSubscriptions.id, { onDelete: 'cascade' }),
    ...chargeColumns(),
    ...timestamps,
  },
  (t) => [uniqueIndex('promotion_payments_idempotency_idx').on(t.idempotencyKey), index('promotion_payments_subscription_idx').on(t.subscriptionId)],
);

/**
 * The figures of one item (a business, a product or an ad) on one day, split by whether it was
 * promoted that moment (the effect of promotion). `owner_id` is the seller (the business's owner
 * or the ad's author); `business_id` is the business of a product (and of a business row itself),
 * null for ads. Every figure is counted into this table as it happens, so a seller's screen sums
 * at most (items × days × 2) rows.
 */
export const itemStatsDaily = pgTable(
  'item_stats_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    itemKind: statItemKindEnum('item_kind').notNull(),
    itemId: integer('item_id').notNull(),
    promoted: boolean('promoted').notNull().default(false),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessId: integer('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    pageViews: integer('page_views').notNull().default(0),
    listViews: integer('list_views').notNull().default(0),
    favorites: integer('favorites').notNull().default(0),
    subscriptions: integer('subscriptions').notNull().default(0),
    chats: integer('chats').notNull().default(0),
    orders: integer('orders').notNull().default(0),
    /** Minor units, in the item's currency. */
    revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.itemKind, t.itemId, t.day, t.promoted] }),
    index('item_stats_daily_owner_idx').on(t.ownerId, t.day),
    index('item_stats_daily_business_idx').on(t.businessId, t.day).where(sql`${t.businessId} is not null`),
  ],
);

/**
 * Who has been counted as seeing an item today, so a person counts once per item, kind of view
 * and day (`viewer` is `u:<user id>` for a signed-in person, else `c:<hash of the client>`).
 * Rows older than two days are dropped: only today's (and yesterday's, near midnight) matter.
 */
export const itemViewers = pgTable(
  'item_viewers',
  {
    day: date('day', { mode: 'string' }).notNull(),
    itemKind: statItemKindEnum('item_kind').notNull(),
    itemId: integer('item_id').notNull(),
    viewKind: viewKindEnum('view_kind').notNull(),
    viewer: varchar('viewer', { length: 64 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.itemKind, t.itemId, t.viewKind, t.viewer] })],
);

/**
 * Order figures waiting to be added into item_stats_daily: one row per bought line, appended by
 * the checkout (never waiting on another checkout) and moved by the statistics loop within a
 * second (server/modules/statistics/order-stats.ts). `promoted` is the product's side of the
 * split at the moment of the order.
 */
export const orderStatsPending = pgTable('order_stats_pending', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  day: date('day', { mode: 'string' }).notNull(),
  orderId: integer('order_id').notNull(),
  businessId: integer('business_id').notNull(),
  productId: integer('product_id').notNull(),
  promoted: boolean('promoted').notNull(),
  total: bigint('total', { mode: 'number' }).notNull(),
});

export type PromotionPlan = typeof promotionPlans.$inferSelect;
export type AdSubscription = typeof adSubscriptions.$inferSelect;
export type PromotionPayment = typeof promotionPayments.$inferSelect;
export type ItemStatsDay = typeof itemStatsDaily.$inferSelect;
