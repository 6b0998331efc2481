import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rawRows } from '../common/raw-rows';
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

/**
 * The stems of each word, as the database's stemmers give them (Latin words
 * with the English one, the others with the Russian one; a stop word has none).
 * Words repeat across searches far more than whole queries do, so each is
 * stemmed once per process and a search of known words needs no round trip.
 */
const stemsByWord = new Map<string, string[]>();
const WORDS_KEPT = 20_000;

async function stemsOf(db: Pick<Db, 'execute'>, words: string[]): Promise<string[][]> {
  const unknown = [...new Set(words.filter((word) => !stemsByWord.has(word)))];
  if (unknown.length) {
    const rows = await rawRows<{ word: string; stems: string[] | null }>(
      db,
      sql`select w.word, ts_lexize((case when w.word ~ '^[a-z0-9]+$' then 'english_stem' else 'russian_stem' end)::regdictionary, w.word) as stems
          from unnest(${sql`array[${sql.join(
            unknown.map((word) => sql`${word}`),
            sql`, `,
          )}]::text[]`}) as w(word)`,
    );
    for (const row of rows) {
      if (stemsByWord.size >= WORDS_KEPT) stemsByWord.delete(stemsByWord.keys().next().value as string);
      stemsByWord.set(row.word, row.stems ?? []);
    }
  }
  return words.map((word) => stemsByWord.get(word) ?? []);
}

/**
 * The full-text queries: every word must match, each as a prefix of its stem
 * or, for stems of five letters or more, of the stem less its last letter, so
 * the forms whose stems differ in a fleeting vowel meet («ботинки» → «ботинк»,
 * «ботинок» → «ботинок»: both match «ботин»). Stop words drop out. The words
 * are letters and digits only, so each quoted stem is a plain tsquery lexeme.
 *
 * Two forms of it: the ranking one keeps the whole stem as an alternative, so
 * the form typed ranks above its relatives; the matching one leaves it out,
 * since every lexeme it finds the shorter prefix finds too, and each prefix
 * costs the index a scan of its own.
 */
async function tsQueriesOf(db: Pick<Db, 'execute'>, words: string[]): Promise<{ match: string; rank: string }> {
  const prefix = (stem: string) => `'${stem}':*`;
  const stems = (await stemsOf(db, words)).flat().map((stem) => [...stem]);
  const long = (letters: string[]) => letters.length >= 5;
  return {
    match: stems.map((letters) => prefix((long(letters) ? letters.slice(0, -1) : letters).join(''))).join(' & '),
    rank: stems.map((letters) => (long(letters) ? `(${prefix(letters.join(''))} | ${prefix(letters.slice(0, -1).join(''))})` : prefix(letters.join('')))).join(' & '),
  };
}

/** The terms as the statements use them: the text, and its tsquery (text form, '' when no word is left). */
interface PreparedTerms extends SearchTerms {
  /** What a row must match, and what it is ranked by ('' when no word is left). */
  tsQuery: { match: string; rank: string };
}

const typosPossible = (terms: SearchTerms) => terms.text.length >= TYPO_MIN_LENGTH && terms.words.length <= TYPO_MAX_WORDS;

/** How one table matches the terms: by words (full-text) and, for short queries, by typos (trigrams). */
function matching(terms: PreparedTerms, alias: string, nameColumn: string) {
  const a = sql.raw(alias);
  const name = sql.raw(`${alias}.${nameColumn}`);
  if (!terms.text) return { words: sql`true`, typos: null, rank: sql`0::float8`, typoRank: sql`0::float8` };
  const matchQuery = sql`${terms.tsQuery.match}::tsquery`;
  const rankQuery = sql`${terms.tsQuery.rank}::tsquery`;
  // Two or three typed letters share a trigram with half the catalogue, and a long phrase is close
  // to every other phrase that shares two of its words: typos are forgiven in one or two words of four letters or more.
  const typos = typosPossible(terms) ? sql`${terms.text} <% ${a}.search_name` : null;
  // Exact name first, then names that start with the query, then words of the name (their forms
  // included), then typos in the name (the closer the better), then words of the description; a
  // shorter name breaks ties. (ts_rank of a name word, weight A, is about 0.6; of a description word, C, about 0.1.)
  // The name tests read the stored lower-case `search_name` (the name, a space, the English name):
  // lower-casing two names per matched row cost more than the rest of the rank.
  const textLength = sql`char_length(${terms.text})`;
  const enStart = sql`char_length(${name}) + 2`;
  const start = sql`case when starts_with(${a}.search_name, ${terms.text} || ' ') and char_length(${name}) = ${textLength}
            or substr(${a}.search_name, ${enStart}) = ${terms.text} then 4 else 0 end
      + case when starts_with(${a}.search_name, ${terms.text}) and char_length(${name}) >= ${textLength}
            or starts_with(substr(${a}.search_name, ${enStart}), ${terms.text}) then 2 else 0 end
      - length(${a}.search_name) * 0.0001`;
  return {
    words: sql`${a}.search_vector @@ ${matchQuery}`,
    typos,
    rank: sql`(${start} + ts_rank(${a}.search_vector, ${rankQuery}) * 2)::float8`,
    typoRank: sql`(${start} + word_similarity(${terms.text}, ${a}.search_name))::float8`,
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
  visible: sql`p.status = 'published'`,
};
export const BUSINESSES = { key: 'businesses', alias: 'b', name: 'name', from: sql`businesses b`, visible: sql`true` };
export const ADS = { key: 'ads', alias: 'a', name: 'title', from: sql`ads a`, visible: sql`a.status = 'published'` };

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
  const prepared: PreparedTerms = { ...terms, tsQuery: terms.text ? await tsQueriesOf(db, terms.words) : { match: '', rank: '' } };
  const byWords = await rawRows<T>(db, statement(matchesOf(prepared, sources, false)));
  if (!typosPossible(terms) || wordsSuffice(byWords)) return byWords;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${TYPO_THRESHOLD}, true)`);
    return rawRows<T>(tx, statement(matchesOf(prepared, sources, true)));
  });
}
