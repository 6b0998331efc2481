import { sql } from 'drizzle-orm';
import type { SearchType } from '../../../../shared/api/catalog-search';
import type { Language } from '../../../../shared/i18n/languages';
import type { Db } from '../../../db/client';
import { repeatedRows } from '../common/raw-rows';
import type { IndexMatches } from './product-index/index-matches';
import { ADS, BUSINESSES, PRODUCTS, runMatching, type Matches, type MemorySource, type Source } from './search-matching';
import type { SearchTerms } from './search-terms';

export interface Suggestion {
  type: SearchType;
  id: number;
  text: string;
}

/** A suggestion before its order: products found in memory come without their label (`text` unset). */
interface SuggestionRow {
  type: SearchType;
  id: number | string;
  text?: string | null;
  rank: number | string;
}

const isProduct = (row: SuggestionRow) => row.type === 'product' || row.type === 'service';
/** The statement's order within one source: rank, then the newest id (what each source's best few are cut by). */
const withinSource = (a: SuggestionRow, b: SuggestionRow) => Number(b.rank) - Number(a.rank) || Number(b.id) - Number(a.id);
/** The statement's order over all: rank, then type, then the newest id. */
const byRank = (a: SuggestionRow, b: SuggestionRow) =>
  Number(b.rank) - Number(a.rank) || (a.type < b.type ? -1 : a.type > b.type ? 1 : 0) || Number(b.id) - Number(a.id);

/**
 * A few names that match what has been typed so far, best first, without repeats: the search's matching (words,
 * corrected words, near names) over products, businesses and ads, each source's best few. With `memory` the
 * products come from the index in memory (search-repository.ts), ranked exactly as the statement ranks them,
 * and only the labels of the best few are read; the statement asks the businesses and ads.
 */
export async function suggestionsOf(db: Db, terms: SearchTerms, limit: number, lang: Language, memory?: MemorySource<IndexMatches>): Promise<Suggestion[]> {
  if (!terms.text) return [];
  const en = lang === 'en';
  const label = (alias: string, name: string, nameEn: string) => (en ? sql.raw(`coalesce(${alias}.${nameEn}, ${alias}.${name})`) : sql.raw(`${alias}.${name}`));
  const productsKept = limit * 2;
  const kept = new Map([
    [PRODUCTS.key, productsKept],
    [BUSINESSES.key, limit],
    [ADS.key, limit],
  ]);
  const sources: Source[] = [
    { ...PRODUCTS, columns: (rank) => sql`p.kind::text as type, p.id, ${label('p', 'name', 'name_en')} as text, ${rank} as rank` },
    { ...BUSINESSES, columns: (rank) => sql`'business' as type, b.id, ${label('b', 'name', 'name_en')} as text, ${rank} as rank` },
    { ...ADS, columns: (rank) => sql`'ad' as type, a.id, ${label('a', 'title', 'title_en')} as text, ${rank} as rank` },
  ];
  const statement = (matches: Matches) => sql`
    with ${sql.join(matches.ctes, sql`, `)}
    select type, id, text, rank from (
      ${sql.join(
        matches.rows.map((rows, index) => sql`(select * from (${rows}) s order by rank desc, id desc limit ${kept.get(matches.keys[index])})`),
        sql` union all `,
      )}
    ) s order by rank desc, type, id desc`;
  const rows = await runMatching<SuggestionRow, IndexMatches, SuggestionRow[]>(
    // A full list of suggestions needs no typos.
    { db, terms, sources, statement, wordsSuffice: (count) => count >= limit, memory },
    (found) => [...found.memory.flatMap((part) => part.rows()), ...found.rows],
  );
  const products = await labelled(db, rows.filter(isProduct).sort(withinSource).slice(0, productsKept), en);
  const ordered = [...products, ...rows.filter((row) => !isProduct(row))].sort(byRank);
  const seen = new Set<string>();
  const result: Suggestion[] = [];
  for (const row of ordered) {
    const text = row.text as string;
    const key = text.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    result.push({ type: row.type, id: Number(row.id), text });
    if (result.length >= limit) break;
  }
  return result;
}

/**
 * The products with the labels of those found in memory filled in, in the reader's language, with one read by id;
 * one deleted since the index last looked is left out.
 */
async function labelled(db: Db, products: SuggestionRow[], en: boolean): Promise<SuggestionRow[]> {
  const missing = products.filter((row) => row.text === undefined);
  if (!missing.length) return products;
  const found = await repeatedRows<{ id: number; text: string }>(
    db,
    sql`select p.id, ${en ? sql.raw('coalesce(p.name_en, p.name)') : sql.raw('p.name')} as text from products p
        where p.id = any(${`{${missing.map((row) => Number(row.id)).join(',')}}`}::int[])`,
  );
  const texts = new Map(found.map((row) => [Number(row.id), row.text]));
  for (const row of missing) row.text = texts.get(Number(row.id)) ?? null;
  return products.filter((row) => row.text != null);
}
