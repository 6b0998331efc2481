import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { broadcasts } from './broadcasts';
import { users } from './users';

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What happened: `announcement`, `order`, `message`, `product`, … (drives the icon and link). */
    type: varchar('type', { length: 40 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    body: text('body').notNull().default(''),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The announcement to many this came from (issue 17); one per user and broadcast at most. */
    broadcastId: integer('broadcast_id').references(() => broadcasts.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_user_unread_idx').on(t.userId, t.readAt),
    uniqueIndex('notifications_broadcast_user_idx').on(t.broadcastId, t.userId).where(sql`${t.broadcastId} IS NOT NULL`),
  ],
);

export type Notification = typeof notifications.$inferSelect;
