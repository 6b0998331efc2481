import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Uploaded (or seeded) images. The files live in the file storage under
 * `images/<id>/<width>.webp`; the row keeps who uploaded it and the size of
 * each variant, so a resource can name every URL without touching storage.
 */
export const images = pgTable(
  'images',
  {
    /** Random, URL-safe: it is part of the public file path. */
    id: text('id').primaryKey(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    variants: jsonb('variants').$type<Array<{ width: number; height: number }>>().notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('images_owner_idx').on(t.ownerId)],
);

export type ImageRow = typeof images.$inferSelect;
