import { bigserial, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Every staff action of the admin area (issue 17): who, what, on what, when, the state before
 * and after, and the reason given. Written in the transaction of the action itself, so the log
 * never says something happened that did not, or misses something that did. Never updated.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null only when the actor's account was deleted since (the row stays). */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** `user.block`, `user.unblock`, `user.role`, `moderation.approve`, `category.merge`, … (AUDIT_ACTIONS). */
    action: varchar('action', { length: 60 }).notNull(),
    /** What was acted on: `user`, `business`, `ad`, `product`, `banner`, `work`, `category`, `broadcast`, `setting`. */
    targetType: varchar('target_type', { length: 40 }).notNull(),
    targetId: integer('target_id'),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_audit_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('admin_audit_target_idx').on(t.targetType, t.targetId, t.createdAt.desc()),
    index('admin_audit_actor_idx').on(t.actorId, t.createdAt.desc()),
  ],
);

export type AdminAuditRow = typeof adminAuditLog.$inferSelect;
