import { sql, type SQL } from 'drizzle-orm';
import { boolean, customType, integer, pgEnum, text, timestamp } from 'drizzle-orm/pg-core';
import { MODERATION_STATUSES } from '../../../shared/moderation/moderation-values';

/** PostgreSQL's `tsvector`; only ever written by the database (triggers of migration 0016). */
export const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/** Lower-cased names in both languages: what the trigram (typo) index looks at. */
export const searchName = (name: string, nameEn: string): SQL =>
  sql.raw(`lower(coalesce(${name}, '') || ' ' || coalesce(${nameEn}, ''))`);

/** Mean rating, popularity and favorites: integers kept by later features (orders, ratings). */
export const ratingColumns = () => ({
  ratingSum: integer('rating_sum').notNull().default(0),
  ratingCount: integer('rating_count').notNull().default(0),
  favoritesCount: integer('favorites_count').notNull().default(0),
});

/**
 * The promotion an ad or product has now (issue 16), copied from its active subscription by every
 * move of it (bought, paused, resumed, expired, archived): lists and search rank by it without a
 * join, and a paused one stops at once (the move clears it). `promoted_until` is the subscription's
 * end, so an item stops being promoted at that moment even before the sweep marks it expired.
 */
export const promotionColumns = {
  promotedUntil: timestamp('promoted_until', { withTimezone: true }),
  promotionBoost: integer('promotion_boost').notNull().default(0),
  promotionPerks: text('promotion_perks').array().notNull().default(sql`'{}'::text[]`),
};

export const searchColumns = (name: string, nameEn: string) => ({
  /**
   * The full-text document: the row's name (A), its categories' names (B), its business's name (C) and
   * its description (D), in Russian and English, plus transliteration keys of the names. It reads other
   * tables, so triggers keep it (`catalog_search_document` in migration 0016), not a generated column.
   */
  searchVector: tsvector('search_vector').notNull().default(sql`''::tsvector`),
  searchName: text('search_name').notNull().generatedAlwaysAs(searchName(name, nameEn)),
});

export const moderationStatusEnum = pgEnum('moderation_status', MODERATION_STATUSES);

/**
 * Moderation of an owner's business, ad or product (issue 17, migration 0026): its state, the
 * moderator's reason (kept after a resubmission, so the queue can tell a fixed item), when it
 * entered the queue (the queue's order), who holds it now and who decided it last.
 * `moderation_public` is what public reads filter on: generated from the state on businesses and
 * ads; on products a trigger also folds in the business's state (`productModerationPublic`).
 * The user references are plain integers here (as `claimed_by` elsewhere): the migration adds
 * their foreign keys, and the tables that hold them are declared before `users` is importable.
 */
export const moderationColumns = () => ({
  moderationStatus: moderationStatusEnum('moderation_status').notNull().default('approved'),
  moderationReason: text('moderation_reason'),
  moderationSubmittedAt: timestamp('moderation_submitted_at', { withTimezone: true }),
  moderationClaimedBy: integer('moderation_claimed_by'),
  moderationClaimedAt: timestamp('moderation_claimed_at', { withTimezone: true }),
  moderatedBy: integer('moderated_by'),
  moderatedAt: timestamp('moderated_at', { withTimezone: true }),
});

export const generatedModerationPublic = () => ({
  moderationPublic: boolean('moderation_public')
    .notNull()
    .generatedAlwaysAs(sql.raw(`moderation_status in ('approved', 'review')`)),
});

/** Written by the triggers of migration 0026 only (never by the app): the product's and its business's state together. */
export const productModerationPublic = () => ({
  moderationPublic: boolean('moderation_public').notNull().default(true),
});
