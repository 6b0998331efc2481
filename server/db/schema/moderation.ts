import { boolean, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { ModeratedKind } from '../../../shared/moderation/moderation-values';
import { users } from './users';

/**
 * Whether a kind of item (businesses, ads, products) waits for a moderator before it is public
 * (`pending`) or is public at once and reviewed after (`review`). One row per kind, seeded by
 * migration 0026; admins change it, and the change applies to the next submission.
 */
export const moderationSettings = pgTable('moderation_settings', {
  kind: varchar('kind', { length: 20 }).$type<ModeratedKind>().primaryKey(),
  approvalBeforePublic: boolean('approval_before_public').notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ModerationSetting = typeof moderationSettings.$inferSelect;
