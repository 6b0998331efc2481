import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { ADDRESS_FIELD_MAX as MAX } from '../../../shared/api/order-values';
import { timestamps } from './shared-columns';
import { users } from './users';

/** A buyer's saved delivery addresses; orders keep their own copy, so these may change or go. */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    city: varchar('city', { length: MAX.city }).notNull(),
    street: varchar('street', { length: MAX.street }).notNull(),
    house: varchar('house', { length: MAX.house }).notNull(),
    flat: varchar('flat', { length: MAX.flat }),
    entrance: varchar('entrance', { length: MAX.entrance }),
    floor: varchar('floor', { length: MAX.floor }),
    intercom: varchar('intercom', { length: MAX.intercom }),
    comment: varchar('comment', { length: MAX.comment }),
    isDefault: boolean('is_default').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    // At most one default per user, whatever two tabs do at once.
    uniqueIndex('addresses_one_default_idx').on(t.userId).where(sql`${t.isDefault}`),
  ],
);

export type Address = typeof addresses.$inferSelect;
