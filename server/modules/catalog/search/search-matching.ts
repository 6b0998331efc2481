import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rawRows, repeatedRows } from '../common/raw-rows';
import { correctionsOf } from './search-corrections';
import { lexemesUnder } from './search-lexemes';
import { wordFormsOf } from './search-lexicon';
import { NO_QUERIES, searchQueries, synonymWords, type IndexedQueries, type SearchQueries } from './search-query';
import { synonymGroupsOf } from './search-synonyms';
import type { SearchTerms } from './search-terms';
import type { IndexQuery } from './product-index/index-search';

const TRIGRAM_MIN_LENGTH = 4;
const TRIGRAM_MAX_WORDS = 2;
const TRIGRAM_LIMIT = 100;
/** Fewer word matches than this in all sources together, and a search looks for near forms by trigrams too. */
export const FEW_MATCHES = 24;

/** The terms as the statements use them: the text, its tsqueries, and those the index is asked, spelt out. */
interface PreparedTerms extends SearchTerms {
  queries: SearchQueries;
  indexed: IndexedQueries;
}

/** Terms whose misspelt words were replaced: `fixed` are the words put in. */
interface CorrectedTerms extends PreparedTerms {
  fixed: string[];
}

/**
 * The tsqueries of the terms: their words' forms, the synonym list and the words of the list, looked up once each;
 * then the prefixes of what the index is asked spelt out as the documents' lexemes under them (search-lexemes.ts).
 */
async function queriesOf(db: Db, words: string[]): Promise<{ queries: SearchQueries; indexed: IndexedQueries }> {
  const groups = await synonymGroupsOf(db);
  const listWords = synonymWords(groups);
  const [typed, listed] = await Promise.all([wordFormsOf(db, words), wordFormsOf(db, listWords)]);
  const forms = new Map(listed.map((entry) => [entry.word, entry]));
  const queries = searchQueries(typed, groups, (word) => forms.get(word) ?? { word, stems: [], key: null, cyrillic: false });
  return { queries, indexed: queries.spelt(await lexemesUnder(db, queries.prefixes)) };
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
  rank: SQL;
  limit: number | null;
}

/** How one table matches the terms: by words (full-text) and by each of `typos`' branches. */
function matching(terms: PreparedTerms, alias: string, nameColumn: string, typos: Typos): { words: SQL; rank: SQL; typos: TypoBranch[] } {
  if (!terms.text) return { words: sql`true`, rank: sql`0::float8`, typos: [] };
  if (!terms.queries.match) return { words: sql`false`, rank: sql`0::float8`, typos: [] };
  const vector = sql.raw(`${alias}.search_vector`);
  const words = sql`${vector} @@ ${terms.indexed.match}::tsquery`;
  const branches: TypoBranch[] = [];
  let matched = words;
  if (typos.corrected) {
    // The corrected words match in names, categories and business names, not in descriptions; such a row ranks as
    // the corrected words would, squeezed between the categories' tier (4) and the business's (2): below the words
    // as typed, above a mention in a business's name or a description. Every such row counts (as in a word search).
    // The stems match many forms («детей», «детский»), so a name holding the very word meant comes first.
    const where = sql`${vector} @@ ${typos.corrected.indexed.inBusiness}::tsquery`;
    const searchName = sql.raw(`${alias}.search_name`);
    const exact = sql.join(
      typos.corrected.fixed.map((word) => sql`(strpos(${searchName}, ${word}) > 0)::int`),
      sql` + `,
    );
    const rank = sql`(3 + ${rankOf(typos.corrected, alias, nameColumn)} / 40 + 0.5 * (${exact}) / ${typos.corrected.fixed.length})::float8`;
    branches.push({ name: 'typos', where: sql`${where} and not (${matched})`, rank, limit: null });
    matched = sql`(${matched} or ${where})`;
  }
  if (typos.trigrams) {
    const searchName = sql.raw(`${alias}.search_name`);
    branches.push({
      name: 'near',
      where: sql`${terms.text} <% ${searchName} and not (${matched})`,
      rank: sql`(${startOf(terms.text, alias, nameColumn)} + 3 + word_similarity(${terms.text}, ${searchName}))::float8`,
      limit: TRIGRAM_LIMIT,
    });
  }
  return { words, rank: rankOf(terms, alias, nameColumn), typos: branches };
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
 * Every word match of each source (`<key>_words`) and the rows that match
 * only by a typo: by a corrected word (`<key>_typos`), or else by trigrams
 * (`<key>_near`, at most TRIGRAM_LIMIT per source).
 * Returns the CTEs and, per source, the select of its rows.
 */
function matchesOf(terms: PreparedTerms, sources: Source[], typos: Typos): Matches {
  const ctes: SQL[] = [];
  const rows = sources.map((source) => {
    const m = matching(terms, source.alias, source.name, typos);
    const words = sql.raw(`${source.key}_words`);
    ctes.push(sql`${words} as materialized (select ${source.columns(m.rank)} from ${source.from} where ${source.visible} and ${m.words})`);
    const selects = [sql`select * from ${words}`];
    for (const branch of m.typos) {
      const cte = sql.raw(`${source.key}_${branch.name}`);
      ctes.push(sql`${cte} as (select ${source.columns(branch.rank)} from ${source.from}
         where ${source.visible} and ${branch.where}${branch.limit ? sql` limit ${branch.limit}` : sql``})`);
      selects.push(sql`select * from ${cte}`);
    }
    return sql.join(selects, sql` union all `);
  });
  return { ctes, rows, keys: sources.map((source) => source.key) };
}

export interface Matches {
  ctes: SQL[];
  rows: SQL[];
  /** The source (its key) each entry of `rows` selects from. */
  keys: string[];
}

/** The terms with each misspelt word replaced by the name word it most likely means; null when none was. */
async function correctedTerms(db: Db, terms: SearchTerms, corrections: Map<string, string>): Promise<CorrectedTerms | null> {
  if (!corrections.size) return null;
  const words = terms.words.map((word) => corrections.get(word) ?? word);
  const text = terms.text.replace(/[\p{L}\p{N}]+/gu, (word) => corrections.get(word) ?? word);
  const { queries, indexed } = await queriesOf(db, words);
  return queries.match ? { text, words, queries, indexed, fixed: [...new Set(corrections.values())] } : null;
}

/**
 * One source's word and typo matches found outside the statement: the products in memory (product-index/), as
 * `M` (the index's own compact form). `rows` answers null when it cannot (the index still loading), and the
 * statement finds them as before.
 */
export interface MemorySource<M extends { readonly length: number }> {
  key: string;
  /** Runs `work`, which searches through this source and reads what it found, with the matches kept valid until it ends. */
  holding<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Brings the source up to date with every change committed before the call; false when it cannot (the index still
   * loading, a lost connection), and the statement finds these rows as before.
   */
  ready(): Promise<boolean>;
  /** The word and typo matches; called after `ready` said true, within the same hold. */
  rows(words: IndexQuery, corrected: (IndexQuery & { fixed: string[] }) | null): Promise<M>;
  /** The trigram branch (`<key>_near`): names near the text that neither the words nor the corrected words match, at most `limit`. */
  near(words: IndexQuery, corrected: (IndexQuery & { fixed: string[] }) | null, limit: number): M;
}

/** One search as runMatching takes it. */
export interface MatchingSearch<M extends { readonly length: number }> {
  db: Db;
  terms: SearchTerms;
  sources: Source[];
  /** The statement over the matches of the sources it is given. */
  statement: (matches: Matches) => SQL;
  /** Whether this many matches are enough, or the near names by trigrams are wanted too. */
  wordsSuffice: (found: number) => boolean;
  memory: MemorySource<M> | undefined;
}

/** What a search found: the statement's rows, and the parts found in memory. */
export interface Matched<T, M> {
  rows: T[];
  memory: M[];
}

/** The rows of `statement` over `sources`; none when no source is left to ask. */
async function statementRows<T>(db: Db, sources: Source[], statement: (matches: Matches) => SQL, matches: (sources: Source[]) => Matches): Promise<T[]> {
  return sources.length ? repeatedRows<T>(db, statement(matches(sources))) : [];
}

const trigramsPossible = (terms: SearchTerms) => terms.text.length >= TRIGRAM_MIN_LENGTH && terms.words.length <= TRIGRAM_MAX_WORDS;

/**
 * Runs a search statement built from the matches of `sources`. A word no name
 * holds is first corrected to the name word it most likely means (one indexed
 * statement, search-corrections.ts; a primary-key probe alone when every word is
 * known), and the statement matches the corrected words too. The correction
 * does not wait for the typed words to find little: a typo often finds a few rows
 * by accident (its transliteration in a business's name, its stem in a description)
 * that would hide what was meant.
 * Only when that answer is not enough (`wordsSuffice` of how many it found) the statement runs again
 * with trigram matching of the whole text too (which catches forms the stems miss,
 * «ботинок» for «ботинки»), at the threshold every connection begins with (db/session-settings.ts).
 * Checking trigram candidates is the costly part of a search, so most searches never pay for it.
 * With `memory`, that source's matches (words, typos, near names) come from it, and the statements ask the others;
 * `read` takes what was found while those matches are still valid (within MemorySource.holding).
 */
export function runMatching<T, M extends { readonly length: number }, R>(search: MatchingSearch<M>, read: (found: Matched<T, M>) => R): Promise<R> {
  const run = async () => read(await matched<T, M>(search));
  return search.memory ? search.memory.holding(run) : run();
}

async function matched<T, M extends { readonly length: number }>({ db, terms, sources, statement, wordsSuffice, memory }: MatchingSearch<M>): Promise<Matched<T, M>> {
  if (!terms.text) {
    return { rows: await rawRows<T>(db, statement(matchesOf({ ...terms, queries: NO_QUERIES, indexed: NO_QUERIES.spelt(new Map()) }, sources, NO_TYPOS))), memory: [] };
  }
  // The memory's look for changes begins at once, beside the words' lookups: under load each round trip waits its
  // turn for a connection and for the event loop, and these had been one after the other.
  const ready = memory ? memory.ready() : null;
  const [{ queries, indexed }, corrections] = await Promise.all([queriesOf(db, terms.words), correctionsOf(db, terms.words)]);
  // Text without a word to search for (punctuation, emoji) finds nothing, and costs no further statement.
  if (!queries.match) {
    await ready;
    return { rows: [], memory: [] };
  }
  const prepared: PreparedTerms = { ...terms, queries, indexed };
  const corrected = await correctedTerms(db, terms, corrections);
  const asMemory = memory && queries.trees ? { text: terms.text, trees: queries.trees } : null;
  const correctedAsMemory = corrected?.queries.trees ? { text: corrected.text, trees: corrected.queries.trees, fixed: corrected.fixed } : null;
  const wordRows = (only: Source[]) => statementRows<T>(db, only, statement, (some) => matchesOf(prepared, some, { corrected, trigrams: false }));
  const others = memory ? sources.filter((source) => source.key !== memory.key) : sources;
  // The other sources' statement runs while the memory is searched; should the memory not answer, the statement
  // over every source replaces it.
  const othersRows = asMemory ? wordRows(others) : null;
  // Handled here too, so its failure is not reported as unhandled when something before its await throws.
  othersRows?.catch(() => undefined);
  const remembered = memory && asMemory && othersRows && (await ready) ? await memory.rows(asMemory, correctedAsMemory) : null;
  const inMemory = remembered ? [remembered] : [];
  const asked = remembered ? others : sources;
  let rows: T[];
  if (remembered && othersRows) rows = await othersRows;
  else {
    await othersRows?.catch(() => undefined);
    rows = await wordRows(sources);
  }
  if (!trigramsPossible(terms) || wordsSuffice(rows.length + (remembered?.length ?? 0))) return { rows, memory: inMemory };
  const withNear = remembered && memory && asMemory ? [remembered, memory.near(asMemory, correctedAsMemory, TRIGRAM_LIMIT)] : [];
  if (!asked.length) return { rows: [], memory: withNear };
  // Every connection begins with the trigram threshold set (db/session-settings.ts).
  return { rows: await repeatedRows<T>(db, statement(matchesOf(prepared, asked, { corrected, trigrams: true }))), memory: withNear };
}
