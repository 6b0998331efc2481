import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgEnum, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { OrderAddress } from '../../../shared/api/addresses';
import { PAYMENT_KINDS } from '../../../shared/api/order-values';
import { DELIVERY_KINDS, ORDER_ACTORS, ORDER_STATUSES } from '../../../shared/orders/order-machine';
import { businesses } from './businesses';
import { products } from './products';
import { timestamps } from './shared-columns';
import { users } from './users';

export const orderStatusEnum = pgEnum('order_status', ORDER_STATUSES);
export const orderActorEnum = pgEnum('order_actor', ORDER_ACTORS);
export const deliveryKindEnum = pgEnum('delivery_kind', DELIVERY_KINDS);
export const paymentKindEnum = pgEnum('payment_kind', PAYMENT_KINDS);

/**
 * One checkout attempt of a buyer, by the client's idempotency key: the
 * unique key is what makes a double click or a retried request create its
 * orders once (the second insert waits for the first and then fails).
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: serial('id').primaryKey(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: varchar('idempotency_key', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('checkouts_buyer_key_idx').on(t.buyerId, t.idempotencyKey)],
);

/** An order: one buyer, one business, prices and address copied at checkout. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    checkoutId: integer('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    status: orderStatusEnum('status').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    itemsTotal: bigint('items_total', { mode: 'number' }).notNull(),
    deliveryCost: bigint('delivery_cost', { mode: 'number' }).notNull().default(0),
    deliveryDiscount: bigint('delivery_discount', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull(),
    deliveryKind: deliveryKindEnum('delivery_kind').notNull(),
    /** The saved address it was sent to (null once deleted) and the copy the order keeps. */
    addressId: integer('address_id'),
    address: jsonb('address').$type<OrderAddress>(),
    paymentKind: paymentKindEnum('payment_kind').notNull(),
    cardBrand: varchar('card_brand', { length: 20 }),
    cardLast4: varchar('card_last4', { length: 4 }),
    comment: text('comment'),
    cancelReason: text('cancel_reason'),
    /** When the status last changed: the sweep's deadlines count from here. */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('orders_checkout_business_idx').on(t.checkoutId, t.businessId),
    index('orders_buyer_idx').on(t.buyerId, t.id.desc()),
    index('orders_business_idx').on(t.businessId, t.status, t.id.desc()),
    // Today's orders of a business (the seller dashboard).
    index('orders_business_created_idx').on(t.businessId, t.createdAt),
    index('orders_sweep_idx').on(t.status, t.statusChangedAt).where(sql`${t.status} in ('pending_payment', 'placed', 'delivered')`),
    check('orders_totals_check', sql`${t.itemsTotal} >= 0 and ${t.total} >= 0`),
  ],
);

/** The lines of an order, each with the price of the moment of checkout. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 120 }).notNull(),
    nameEn: varchar('name_en', { length: 120 }),
    imageId: text('image_id'),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId), index('order_items_product_idx').on(t.productId)],
);

/** Every move of every order: the timeline. `from` is null for the order's first state. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: orderStatusEnum('from_status'),
    toStatus: orderStatusEnum('to_status').notNull(),
    actor: orderActorEnum('actor').notNull(),
    /** The person who moved it (null for the system). */
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.id)],
);

/** The buyer's stars for an order: one per order (the primary key). */
export const orderRatings = pgTable(
  'order_ratings',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    stars: smallint('stars').notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('order_ratings_stars_check', sql`${t.stars} between 1 and 5`), index('order_ratings_business_idx').on(t.businessId)],
);

/**
 * Stock taken by an order (products with a stock limit only). Released, once,
 * when the order is cancelled or its payment fails; `released_at` says it was.
 */
/**
 * Stock a checkout has taken but not yet turned into orders: one autocommit statement takes the
 * stock and writes these, so a sought-after product's row is locked only for that statement (not
 * for the order transaction's round trips). The order transaction turns them into reservations;
 * a checkout that fails gives them back at once, and the sweep gives back any left past `expires_at`
 * (the API died between the two).
 */
export const stockHolds = pgTable(
  'stock_holds',
  {
    id: serial('id').primaryKey(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: varchar('idempotency_key', { length: 64 }).notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('stock_holds_checkout_idx').on(t.buyerId, t.idempotencyKey), index('stock_holds_expiry_idx').on(t.expiresAt)],
);

export const stockReservations = pgTable(
  'stock_reservations',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stock_reservations_order_idx').on(t.orderId)],
);

/** A courier order handed to a courier (`POST /v1/deliveries`): one per order. */
export const deliveries = pgTable('deliveries', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .unique()
    .references(() => orders.id, { onDelete: 'cascade' }),
  courierName: varchar('courier_name', { length: 100 }).notNull(),
  courierPhone: varchar('courier_phone', { length: 32 }),
  trackingCode: varchar('tracking_code', { length: 64 }),
  expectedAt: timestamp('expected_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type Order = typeof orders.$inferSelect;
export type OrderItem = typeof orderItems.$inferSelect;
export type OrderHistoryRow = typeof orderStatusHistory.$inferSelect;
export type OrderRating = typeof orderRatings.$inferSelect;
export type Delivery = typeof deliveries.$inferSelect;
