import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rawRows } from '../common/raw-rows';
import { correctionsOf } from './search-corrections';
import { wordFormsOf } from './search-lexicon';
import { NO_QUERIES, searchQueries, synonymWords, type SearchQueries } from './search-query';
import { synonymGroupsOf } from './search-synonyms';
import type { SearchTerms } from './search-terms';

/**
 * How close a word must be by trigrams (pg_trgm word similarity, 0–1) when no
 * word of the query was misspelt but it still finds little: a form the stems
 * miss («ботинок» and «ботинки») is caught this way. 0.5 keeps unrelated names out;
 * the default 0.6 is too strict for Russian endings.
 */
const TRIGRAM_THRESHOLD = 0.5;
const TRIGRAM_MIN_LENGTH = 4;
/** The letters of a word a near form shares with it («ботинок», «ботинки»: «боти»), which the trigram rows must hold too. */
const NEAR_PREFIX = 4;
const TRIGRAM_MAX_WORDS = 2;
const TRIGRAM_LIMIT = 100;
/** Fewer word matches than this in all sources together, and a search looks for near forms by trigrams too. */
export const FEW_MATCHES = 24;
/**
 * The most rows of one source that a search ranks, per tier: the rows whose names hold the words first, then the rows
 * that hold them elsewhere, and as many corrected-word rows. At a million products a common word («премиум», a colour)
 * is in 60,000 names: reading and ranking every one took 0.7 s, and a page shows ten. Every row of the name tier
 * outranks every row of the rest (rankOf's tiers), so the first pages are still made of the best tier; within a tier
 * that holds more than this, the rows ranked are the first found, not the best of all, and the total and facet
 * counts are those of the rows ranked.
 */
export const MATCH_CAP = 500;
/**
 * The rest (words in categories, business names, descriptions) is read only when the names hold the words fewer
 * times than this: it ranks below all of them, and reading it is a second index scan, which for a common word's
 * prefix costs as much as the first (the index collects every row of every word the prefix starts).
 */
export const NAME_TIER_ENOUGH = 100;

/** The terms as the statements use them: the text, and its tsqueries. */
interface PreparedTerms extends SearchTerms {
  queries: SearchQueries;
}

/** Terms whose misspelt words were replaced: `fixed` are the words put in. */
interface CorrectedTerms extends PreparedTerms {
  fixed: string[];
}

/** The tsqueries of the terms: their words' forms, the synonym list and the words of the list, looked up once each. */
async function queriesOf(db: Db, words: string[]): Promise<SearchQueries> {
  const groups = await synonymGroupsOf(db);
  const listWords = synonymWords(groups);
  const [typed, listed] = await Promise.all([wordFormsOf(db, words), wordFormsOf(db, listWords)]);
  const forms = new Map(listed.map((entry) => [entry.word, entry]));
  return searchQueries(typed, groups, (word) => forms.get(word) ?? { word, stems: [], key: null, cyrillic: false });
}

/** Exact name 8, a name that starts with the text 4, less a little per letter of the name (shorter first). */
function startOf(text: string, alias: string, nameColumn: string): SQL {
  const a = sql.raw(alias);
  const name = sql.raw(`${alias}.${nameColumn}`);
  const textLength = sql`char_length(${text})`;
  const enStart = sql`char_length(${name}) + 2`;
  return sql`(case when starts_with(${a}.search_name, ${text} || ' ') and char_length(${name}) = ${textLength}
            or substr(${a}.search_name, ${enStart}) = ${text} then 8 else 0 end
      + case when starts_with(${a}.search_name, ${text}) and char_length(${name}) >= ${textLength}
            or starts_with(substr(${a}.search_name, ${enStart}), ${text}) then 4 else 0 end
      - length(${a}.search_name) * 0.0002)`;
}

/**
 * How a row ranks for the terms. Exact name first, then names that start with the query; then where the words
 * matched: the name (the words as typed above their synonyms), the categories' names, the business's name, the
 * description last. So a product named or filed under what was sought comes before a service whose description
 * mentions it. ts_rank (at most about 1, halved) orders within a tier, and a shorter name breaks ties.
 * The name tests read the stored lower-case `search_name` (the name, a space, the English name):
 * lower-casing two names per matched row cost more than the rest of the rank.
 */
function rankOf(terms: PreparedTerms, alias: string, nameColumn: string): SQL {
  const q = terms.queries;
  const vector = sql.raw(`${alias}.search_vector`);
  const start = startOf(terms.text, alias, nameColumn);
  const tier = sql`case when ${vector} @@ ${q.inName}::tsquery then 6 when ${vector} @@ ${q.inCategories}::tsquery then 4
      when ${vector} @@ ${q.inBusiness}::tsquery then 2 else 0 end
    + case when ${vector} @@ ${q.typedInName}::tsquery then 1 else 0 end`;
  return sql`(${start} + ${tier} + ts_rank('{0.05,0.1,0.4,1}'::float4[], ${vector}, ${q.rank}::tsquery) * 0.5)::float8`;
}

/**
 * What a search forgives besides its words: the words its misspelt words were corrected to (search-corrections.ts),
 * and, when asked, names close to the whole text by trigrams.
 */
interface Typos {
  corrected: CorrectedTerms | null;
  trigrams: boolean;
}

const NO_TYPOS: Typos = { corrected: null, trigrams: false };

/** One way a table's row may match besides the words, with its rank; a CTE `<key>_<name>` of its own. */
interface TypoBranch {
  name: string;
  where: SQL;
  /** The rows found otherwise already (the words', an earlier branch's): left out after the limit, not before. */
  found: SQL;
  rank: SQL;
  limit: number;
}

/** Every word of four letters or more, by its first four, within names (weight A); '' when no word is that long. */
function nearGuard(terms: SearchTerms): string {
  const starts = terms.words.filter((word) => [...word].length >= NEAR_PREFIX).map((word) => `'${[...word].slice(0, NEAR_PREFIX).join('')}':*A`);
  return [...new Set(starts)].join(' & ');
}

/**
 * How one table matches the terms: by words (full-text), `named` the part of those whose names hold them (the top
 * tier, ranked first), and by each of `typos`' branches.
 */
function matching(terms: PreparedTerms, alias: string, nameColumn: string, typos: Typos): { words: SQL; named: SQL; rank: SQL; typos: TypoBranch[] } {
  if (!terms.text) return { words: sql`true`, named: sql`true`, rank: sql`0::float8`, typos: [] };
  if (!terms.queries.match) return { words: sql`false`, named: sql`false`, rank: sql`0::float8`, typos: [] };
  const vector = sql.raw(`${alias}.search_vector`);
  const words = sql`${vector} @@ ${terms.queries.match}::tsquery`;
  const named = sql`${vector} @@ ${terms.queries.inName}::tsquery`;
  const branches: TypoBranch[] = [];
  let matched = words;
  if (typos.corrected) {
    // The corrected words match in names, categories and business names, not in descriptions. A row whose name holds
    // them ranks above the typed word's own name matches (7.6, over the name tier's 6 + 1 + 0.5 at most, short of an
    // exact or leading name): a corrected word is no name word, so what it matches as typed it matches by accident
    // (a stem's prefix, a transliteration key), and at a million products such accidents fill the first pages. Other
    // corrected rows rank between the categories' tier (4) and the business's (2). Up to MATCH_CAP such rows count, as
    // in a word tier. The stems match many forms («детей», «детский»), so a name holding the very word meant comes first.
    const where = sql`${vector} @@ ${typos.corrected.queries.inBusiness}::tsquery`;
    const inName = sql`${vector} @@ ${typos.corrected.queries.inName}::tsquery`;
    const searchName = sql.raw(`${alias}.search_name`);
    const exact = sql.join(
      typos.corrected.fixed.map((word) => sql`(strpos(${searchName}, ${word}) > 0)::int`),
      sql` + `,
    );
    const rank = sql`(case when ${inName} then 7.6 else 3 end + ${rankOf(typos.corrected, alias, nameColumn)} / 40 + 0.5 * (${exact}) / ${typos.corrected.fixed.length})::float8`;
    branches.push({ name: 'typos', where, found: matched, rank, limit: MATCH_CAP });
    matched = sql`(${matched} or ${where})`;
  }
  const guard = typos.trigrams ? nearGuard(terms) : '';
  if (guard) {
    const searchName = sql.raw(`${alias}.search_name`);
    // The name must hold the start of every word in the index before its trigrams are compared: at a million
    // products comparing every name that shares a trigram with the text took 0.7 s; the rows holding «боти» and
    // «зимн» in their names are a few hundred. A typo near a word's start is left to the corrections.
    branches.push({
      name: 'near',
      where: sql`${vector} @@ ${guard}::tsquery and word_similarity(${terms.text}, ${searchName}) >= ${TRIGRAM_THRESHOLD}`,
      found: matched,
      rank: sql`(${startOf(terms.text, alias, nameColumn)} + 3 + word_similarity(${terms.text}, ${searchName}))::float8`,
      limit: TRIGRAM_LIMIT,
    });
  }
  return { words, named, rank: rankOf(terms, alias, nameColumn), typos: branches };
}

export interface Source {
  /** Names the source's CTEs (`<key>_words`, `<key>_typos`). */
  key: string;
  alias: string;
  /** The name column (the English one is part of `search_name`). */
  name: string;
  from: SQL;
  /** The source's own table alone (what `visible` and the matching read), where its rows are found before `from` joins. */
  table: SQL;
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
  table: sql`products p`,
  // `moderation_public` folds in the business's moderation (migration 0026): no join or subquery per row.
  visible: sql`p.status = 'published' and p.moderation_public`,
};
export const BUSINESSES = { key: 'businesses', alias: 'b', name: 'name', from: sql`businesses b`, table: sql`businesses b`, visible: sql`b.moderation_public` };
export const ADS = { key: 'ads', alias: 'a', name: 'title', from: sql`ads a`, table: sql`ads a`, visible: sql`a.status = 'published' and a.moderation_public` };

/**
 * The word matches of each source (`<key>_words`: at most MATCH_CAP whose names hold the words, `<key>_named_ids`, and
 * only when those are fewer than NAME_TIER_ENOUGH, at most MATCH_CAP more that hold them elsewhere) and the rows that match only by a typo:
 * by a corrected word (`<key>_typos`, at most MATCH_CAP), or else by trigrams (`<key>_near`, at most TRIGRAM_LIMIT).
 * Returns the CTEs and, per source, the select of its rows.
 */
function matchesOf(terms: PreparedTerms, sources: Source[], typos: Typos): Matches {
  const ctes: SQL[] = [];
  const rows = sources.map((source) => {
    const m = matching(terms, source.alias, source.name, typos);
    const key = (name: string) => sql.raw(`${source.key}_${name}`);
    const id = sql.raw(`${source.alias}.id`);
    // Each tier finds the ids of at most `limit` rows in the table alone, then reads and ranks those rows by key.
    const ids = (name: string, where: SQL, limit: number) =>
      ctes.push(sql`${key(name)} as materialized (select ${id} from ${source.table} where ${source.visible} and ${where} limit ${limit})`);
    const rowsOf = (name: string, rank: SQL, where: SQL = sql`true`) =>
      sql`select ${source.columns(rank)} from ${source.from} where ${id} in (select id from ${key(name)}) and ${where}`;
    ids('named_ids', m.named, MATCH_CAP);
    // The rest is looked for only when the names hold the words fewer than NAME_TIER_ENOUGH times (a one-time filter: else no scan at all).
    ids('rest_ids', sql`${m.words} and not (${m.named}) and (select count(*) from ${key('named_ids')}) < ${NAME_TIER_ENOUGH}`, MATCH_CAP);
    ctes.push(sql`${key('words')} as materialized (${rowsOf('named_ids', m.rank)} union all ${rowsOf('rest_ids', m.rank)})`);
    const selects = [sql`select * from ${key('words')}`];
    for (const branch of m.typos) {
      // The first `limit` rows of the branch, then those not found already: leaving them out first made a corrected
      // common word («домашний», which the typed «домашнй» finds by its stem) read all its 67,000 rows to keep none.
      ids(`${branch.name}_ids`, branch.where, branch.limit);
      ctes.push(sql`${key(branch.name)} as (${rowsOf(`${branch.name}_ids`, branch.rank, sql`not (${branch.found})`)})`);
      selects.push(sql`select * from ${key(branch.name)}`);
    }
    return sql.join(selects, sql` union all `);
  });
  return { ctes, rows };
}

export interface Matches {
  ctes: SQL[];
  rows: SQL[];
}

/** The terms with each misspelt word replaced by the name word it most likely means; null when none was. */
async function correctedTerms(db: Db, terms: SearchTerms, corrections: Map<string, string>): Promise<CorrectedTerms | null> {
  if (!corrections.size) return null;
  const words = terms.words.map((word) => corrections.get(word) ?? word);
  const text = terms.text.replace(/[\p{L}\p{N}]+/gu, (word) => corrections.get(word) ?? word);
  const queries = await queriesOf(db, words);
  return queries.match ? { text, words, queries, fixed: [...new Set(corrections.values())] } : null;
}

const trigramsPossible = (terms: SearchTerms) => terms.text.length >= TRIGRAM_MIN_LENGTH && terms.words.length <= TRIGRAM_MAX_WORDS;

/**
 * The rows of a search statement, read through the indexes. Each tier reads at most MATCH_CAP rows, and a LIMIT over a
 * text search the planner thinks common («домашн»:* holds 67,000 names) makes it walk the table in order, expecting
 * to fill the limit early; when the tier's other condition leaves few or none (the corrected rows not already found
 * by the typed words), that walk read all million rows (1.5 s). So the statement runs with sequential and plain index
 * scans off (each tier finds its ids in its table alone first, so no join offers another way round), in a
 * transaction of its own that keeps the setting to itself (it must not leak to other queries on a pooled connection).
 */
async function indexedRows<T>(db: Db, statement: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    // Nor a walk of a b-tree in its order, filtering (the list indexes cover every published product): the text's
    // own index, read as a bitmap, is then the way to the rows.
    await tx.execute(sql`set local enable_indexscan = off`);
    return rawRows<T>(tx, statement);
  });
}

/**
 * Runs a search statement built from the matches of `sources`. A word no name
 * holds is first corrected to the name word it most likely means (one indexed
 * statement, search-corrections.ts; a primary-key probe alone when every word is
 * known), and the statement matches the corrected words too. The correction
 * does not wait for the typed words to find little: a typo often finds a few rows
 * by accident (its transliteration in a business's name, its stem in a description)
 * that would hide what was meant.
 * Only when that answer is not enough (`wordsSuffice`) the statement runs again
 * with trigram matching of the whole text too (which catches forms the stems miss,
 * «ботинок» for «ботинки»), among the names that hold the start of every word (nearGuard).
 * Checking trigram candidates is the costly part of a search, so most searches never pay for it.
 */
export async function runMatching<T>(db: Db, terms: SearchTerms, sources: Source[], statement: (matches: Matches) => SQL, wordsSuffice: (rows: T[]) => boolean): Promise<T[]> {
  if (!terms.text) return rawRows<T>(db, statement(matchesOf({ ...terms, queries: NO_QUERIES }, sources, NO_TYPOS)));
  const [queries, corrections] = await Promise.all([queriesOf(db, terms.words), correctionsOf(db, terms.words)]);
  // Text without a word to search for (punctuation, emoji) finds nothing, and costs no further statement.
  if (!queries.match) return [];
  const prepared: PreparedTerms = { ...terms, queries };
  const corrected = await correctedTerms(db, terms, corrections);
  const found = await indexedRows<T>(db, statement(matchesOf(prepared, sources, { corrected, trigrams: false })));
  if (!trigramsPossible(terms) || !nearGuard(terms) || wordsSuffice(found)) return found;
  return indexedRows<T>(db, statement(matchesOf(prepared, sources, { corrected, trigrams: true })));
}
