import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './shared-columns';

/**
 * The synonym list search expands queries with, kept by staff. A query word
 * (or phrase) that is one of `terms` is also searched as every other term and
 * every expansion; an expansion leads nowhere further ("apple" finds iPhones,
 * "iphone" does not find every Apple product).
 */
export const searchSynonyms = pgTable('search_synonyms', {
  id: serial('id').primaryKey(),
  terms: text('terms').array().notNull(),
  expansions: text('expansions').array().notNull().default(sql`'{}'::text[]`),
  ...timestamps,
});

export type SearchSynonym = typeof searchSynonyms.$inferSelect;

/**
 * The vocabulary of the catalogue's names (words of four letters or more), kept
 * by triggers (migration 0029): a misspelt query word is corrected to one of
 * these. `uses` counts the rows whose name holds the word.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    uses: integer('uses').notNull(),
  },
  (t) => [index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops'))],
);

/**
 * Every lexeme of the search documents with the number of rows holding it,
 * kept by statement triggers (migration 0032; the column's collation is "C"):
 * a query's prefixes are spelt out as these exact lexemes (search-lexemes.ts).
 */
export const searchLexemes = pgTable('search_lexemes', {
  lexeme: text('lexeme').primaryKey(),
  uses: integer('uses').notNull(),
});
