import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rawRows } from '../common/raw-rows';
import { wordFormsOf } from './search-lexicon';
import { NO_QUERIES, searchQueries, synonymWords, type SearchQueries } from './search-query';
import { synonymGroupsOf } from './search-synonyms';
import type { SearchTerms } from './search-terms';

/**
 * How close a misspelt word must be (pg_trgm word similarity, 0–1). 0.5 lets
 * «чайнек» find «чайник» and «ботинки» find «ботинок» while keeping
 * unrelated names out; the default 0.6 is too strict for Russian endings.
 */
const TYPO_THRESHOLD = '0.5';
const TYPO_MIN_LENGTH = 4;
const TYPO_MAX_WORDS = 2;
const TYPO_LIMIT = 100;
/** Fewer word matches than this in all sources together, and a search looks for typos too. */
export const FEW_MATCHES = 24;

/** The terms as the statements use them: the text, and its tsqueries. */
interface PreparedTerms extends SearchTerms {
  queries: SearchQueries;
}

/** The tsqueries of the terms: their words' forms, the synonym list and the words of the list, looked up once each. */
async function queriesOf(db: Db, words: string[]): Promise<SearchQueries> {
  const groups = await synonymGroupsOf(db);
  const listWords = synonymWords(groups);
  const [typed, listed] = await Promise.all([wordFormsOf(db, words), wordFormsOf(db, listWords)]);
  const forms = new Map(listed.map((entry) => [entry.word, entry]));
  return searchQueries(typed, groups, (word) => forms.get(word) ?? { word, stems: [], key: null, cyrillic: false });
}

const typosPossible = (terms: SearchTerms) => terms.text.length >= TYPO_MIN_LENGTH && terms.words.length <= TYPO_MAX_WORDS;

/** How one table matches the terms: by words (full-text) and, for short queries, by typos (trigrams). */
function matching(terms: PreparedTerms, alias: string, nameColumn: string) {
  const a = sql.raw(alias);
  const name = sql.raw(`${alias}.${nameColumn}`);
  if (!terms.text) return { words: sql`true`, typos: null, rank: sql`0::float8`, typoRank: sql`0::float8` };
  if (!terms.queries.match) return { words: sql`false`, typos: null, rank: sql`0::float8`, typoRank: sql`0::float8` };
  const q = terms.queries;
  const vector = sql.raw(`${alias}.search_vector`);
  // Two or three typed letters share a trigram with half the catalogue, and a long phrase is close
  // to every other phrase that shares two of its words: typos are forgiven in one or two words of four letters or more.
  const typos = typosPossible(terms) ? sql`${terms.text} <% ${a}.search_name` : null;
  // Exact name first, then names that start with the query; then where the words matched: the name (the
  // words as typed above their synonyms), the categories' names, the business's name, the description last;
  // typos in the name sit between categories and business. So a product named or filed under what was
  // sought comes before a service whose description mentions it. ts_rank (at most about 1, halved) orders
  // within a tier, and a shorter name breaks ties.
  // The name tests read the stored lower-case `search_name` (the name, a space, the English name):
  // lower-casing two names per matched row cost more than the rest of the rank.
  const textLength = sql`char_length(${terms.text})`;
  const enStart = sql`char_length(${name}) + 2`;
  const start = sql`(case when starts_with(${a}.search_name, ${terms.text} || ' ') and char_length(${name}) = ${textLength}
            or substr(${a}.search_name, ${enStart}) = ${terms.text} then 8 else 0 end
      + case when starts_with(${a}.search_name, ${terms.text}) and char_length(${name}) >= ${textLength}
            or starts_with(substr(${a}.search_name, ${enStart}), ${terms.text}) then 4 else 0 end
      - length(${a}.search_name) * 0.0002)`;
  const tier = sql`case when ${vector} @@ ${q.inName}::tsquery then 6 when ${vector} @@ ${q.inCategories}::tsquery then 4
      when ${vector} @@ ${q.inBusiness}::tsquery then 2 else 0 end
    + case when ${vector} @@ ${q.typedInName}::tsquery then 1 else 0 end`;
  return {
    words: sql`${vector} @@ ${q.match}::tsquery`,
    typos,
    rank: sql`(${start} + ${tier} + ts_rank('{0.05,0.1,0.4,1}'::float4[], ${vector}, ${q.rank}::tsquery) * 0.5)::float8`,
    typoRank: sql`(${start} + 3 + word_similarity(${terms.text}, ${a}.search_name))::float8`,
  };
}

export interface Source {
  /** Names the source's CTEs (`<key>_words`, `<key>_typos`). */
  key: string;
  alias: string;
  /** The name column (the English one is part of `search_name`). */
  name: string;
  from: SQL;
  /** What may be found at all (published, …). */
  visible: SQL;
  /** The select list, given the rank expression. */
  columns: (rank: SQL) => SQL;
}

export const PRODUCTS = {
  key: 'products',
  alias: 'p',
  name: 'name',
  from: sql`products p join businesses pb on pb.id = p.business_id`,
  // `moderation_public` folds in the business's moderation (migration 0026): no join or subquery per row.
  visible: sql`p.status = 'published' and p.moderation_public`,
};
export const BUSINESSES = { key: 'businesses', alias: 'b', name: 'name', from: sql`businesses b`, visible: sql`b.moderation_public` };
export const ADS = { key: 'ads', alias: 'a', name: 'title', from: sql`ads a`, visible: sql`a.status = 'published' and a.moderation_public` };

/**
 * Every word match of each source (`<key>_words`) and, when `withTypos`, at
 * most TYPO_LIMIT rows per source that match by a typo alone (`<key>_typos`).
 * Returns the CTEs and, per source, the select of its rows.
 */
function matchesOf(terms: PreparedTerms, sources: Source[], withTypos: boolean): Matches {
  const ctes: SQL[] = [];
  const rows = sources.map((source) => {
    const m = matching(terms, source.alias, source.name);
    const words = sql.raw(`${source.key}_words`);
    ctes.push(sql`${words} as materialized (select ${source.columns(m.rank)} from ${source.from} where ${source.visible} and ${m.words})`);
    if (!withTypos || !m.typos) return sql`select * from ${words}`;
    const typos = sql.raw(`${source.key}_typos`);
    ctes.push(sql`${typos} as (select ${source.columns(m.typoRank)} from ${source.from}
       where ${source.visible} and ${m.typos} and not (${m.words}) limit ${TYPO_LIMIT})`);
    return sql`select * from ${words} union all select * from ${typos}`;
  });
  return { ctes, rows };
}

export interface Matches {
  ctes: SQL[];
  rows: SQL[];
}

/**
 * Runs a search statement built from the matches of `sources`: first by
 * words alone; only when that answer is not enough (`wordsSuffice`), again with the typo branches,
 * inside a transaction that sets the typo threshold for itself alone (the
 * setting must not leak to other queries on a pooled connection). Checking
 * trigram candidates is the costly part of a search, and even planning the
 * typo branches cost more than a whole search by words, so most searches never pay for them.
 */
export async function runMatching<T>(db: Db, terms: SearchTerms, sources: Source[], statement: (matches: Matches) => SQL, wordsSuffice: (rows: T[]) => boolean): Promise<T[]> {
  const prepared: PreparedTerms = { ...terms, queries: terms.text ? await queriesOf(db, terms.words) : NO_QUERIES };
  // Text without a word to search for (punctuation, emoji) finds nothing, and costs no statement.
  if (terms.text && !prepared.queries.match) return [];
  const byWords = await rawRows<T>(db, statement(matchesOf(prepared, sources, false)));
  if (!typosPossible(terms) || wordsSuffice(byWords)) return byWords;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${TYPO_THRESHOLD}, true)`);
    return rawRows<T>(tx, statement(matchesOf(prepared, sources, true)));
  });
}
