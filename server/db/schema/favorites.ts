import { index, integer, pgEnum, pgTable, primaryKey, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { FAVORITE_TYPES } from '../../../shared/api/catalog-values';
import { businesses } from './businesses';
import { users } from './users';

export const favoriteTypeEnum = pgEnum('favorite_type', FAVORITE_TYPES);

/** What a user keeps: products, ads, businesses or other users. The unique index makes a toggle race-safe. */
export const favorites = pgTable(
  'favorites',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: favoriteTypeEnum('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('favorites_user_target_idx').on(t.userId, t.targetType, t.targetId),
    index('favorites_user_created_idx').on(t.userId, t.createdAt),
    index('favorites_target_idx').on(t.targetType, t.targetId),
  ],
);

/** Followers of a business: they hear about every product it publishes. */
export const businessSubscriptions = pgTable(
  'business_subscriptions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.businessId] }), index('business_subscriptions_business_idx').on(t.businessId)],
);

export type Favorite = typeof favorites.$inferSelect;
