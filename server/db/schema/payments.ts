import { bigint, index, integer, pgEnum, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { CARD_BRANDS, PAYMENT_STATUSES } from '../../../shared/api/order-values';
import { orders } from './orders';
import { timestamps } from './shared-columns';
import { users } from './users';

export const cardBrandEnum = pgEnum('card_brand', CARD_BRANDS);
export const paymentStatusEnum = pgEnum('payment_status', PAYMENT_STATUSES);

/**
 * Saved cards: only what the payment provider hands back. The number and
 * CVC never get here (server/modules/payments tokenises them first).
 */
export const cards = pgTable(
  'cards',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 40 }).notNull(),
    providerToken: varchar('provider_token', { length: 255 }).notNull(),
    brand: cardBrandEnum('brand').notNull(),
    last4: varchar('last4', { length: 4 }).notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    holder: varchar('holder', { length: 100 }),
    ...timestamps,
  },
  (t) => [index('cards_user_idx').on(t.userId)],
);

/**
 * What every card charge records, whatever it pays for (an order here, a promotion in seller.ts):
 * the card, the provider and the key it was given, its charge id, outcome, amount and decline code.
 */
export const chargeColumns = () => ({
  cardId: integer('card_id').references(() => cards.id, { onDelete: 'set null' }),
  provider: varchar('provider', { length: 40 }).notNull(),
  idempotencyKey: varchar('idempotency_key', { length: 100 }).notNull(),
  providerChargeId: varchar('provider_charge_id', { length: 255 }),
  status: paymentStatusEnum('status').notNull().default('pending'),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  currency: varchar('currency', { length: 3 }).notNull(),
  failureCode: varchar('failure_code', { length: 60 }),
});

/**
 * One card charge of one order. `idempotency_key` is what the provider was
 * given, so a retried charge (after a crash, a timeout) is answered with the
 * first outcome instead of charging twice.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    ...chargeColumns(),
    providerRefundId: varchar('provider_refund_id', { length: 255 }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('payments_idempotency_idx').on(t.idempotencyKey), index('payments_order_idx').on(t.orderId)],
);

export type Card = typeof cards.$inferSelect;
export type Payment = typeof payments.$inferSelect;
