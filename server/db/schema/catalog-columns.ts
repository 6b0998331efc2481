import { sql, type SQL } from 'drizzle-orm';
import { customType, integer, text, timestamp } from 'drizzle-orm/pg-core';

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
