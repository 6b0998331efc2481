import { index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { BroadcastAudience, BroadcastStatus } from '../../../shared/api/admin-broadcasts-values';
import { users } from './users';

/**
 * An announcement to many (issue 17), in both languages. Delivered in batches in the order of
 * user ids: `cursor` is the last user id covered, advanced in the transaction that inserts the
 * batch's notifications, so a restart resumes exactly where the last commit left off.
 */
export const broadcasts = pgTable(
  'broadcasts',
  {
    id: serial('id').primaryKey(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    titleRu: varchar('title_ru', { length: 200 }).notNull(),
    bodyRu: text('body_ru').notNull(),
    titleEn: varchar('title_en', { length: 200 }).notNull(),
    bodyEn: text('body_en').notNull(),
    audience: jsonb('audience').$type<BroadcastAudience>().notNull(),
    /** scheduled → sending → done; scheduled or sending → cancelled. */
    status: varchar('status', { length: 20 }).$type<BroadcastStatus>().notNull(),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    /** Recipients counted when delivery began (the preview's count until then). */
    total: integer('total').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    cursor: integer('cursor').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: integer('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('broadcasts_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('broadcasts_due_idx').on(t.sendAt).where(sql`${t.status} IN ('scheduled', 'sending')`),
  ],
);

export type Broadcast = typeof broadcasts.$inferSelect;
