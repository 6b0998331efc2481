import { sql, type SQL } from 'drizzle-orm';
import { customType, integer, text } from 'drizzle-orm/pg-core';

/** PostgreSQL's `tsvector`; only ever written by the database (generated columns). */
export const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/**
 * The full-text document of a catalogue row: names weigh most (A), then
 * descriptions (C). Each text is parsed with both the Russian and the English
 * configuration, so Russian word forms and English stems both match.
 */
export function searchVector(name: string, nameEn: string, description: string, descriptionEn: string): SQL {
  const names = `coalesce(${name}, '') || ' ' || coalesce(${nameEn}, '')`;
  const texts = `coalesce(${description}, '') || ' ' || coalesce(${descriptionEn}, '')`;
  return sql.raw(
    `setweight(to_tsvector('russian'::regconfig, ${names}), 'A') || setweight(to_tsvector('english'::regconfig, ${names}), 'A') || ` +
      `setweight(to_tsvector('russian'::regconfig, ${texts}), 'C') || setweight(to_tsvector('english'::regconfig, ${texts}), 'C')`,
  );
}

/** Lower-cased names in both languages: what the trigram (typo) index looks at. */
export const searchName = (name: string, nameEn: string): SQL =>
  sql.raw(`lower(coalesce(${name}, '') || ' ' || coalesce(${nameEn}, ''))`);

/** Mean rating, popularity and favorites: integers kept by later features (orders, ratings). */
export const ratingColumns = () => ({
  ratingSum: integer('rating_sum').notNull().default(0),
  ratingCount: integer('rating_count').notNull().default(0),
  favoritesCount: integer('favorites_count').notNull().default(0),
});

export const searchColumns = (name: string, nameEn: string, description: string, descriptionEn: string) => ({
  searchVector: tsvector('search_vector')
    .notNull()
    .generatedAlwaysAs(searchVector(name, nameEn, description, descriptionEn)),
  searchName: text('search_name').notNull().generatedAlwaysAs(searchName(name, nameEn)),
});
