import { sql, type SQL } from 'drizzle-orm';
import type { Language } from '../../../../shared/i18n/languages';
import type { Db } from '../../../db/client';
import { rawRows } from '../common/raw-rows';
import { toMatchSetInSlices, type CategoryNames, type MatchRow, type MatchSet } from './match-set';
import { ADS, BUSINESSES, FEW_MATCHES, PRODUCTS, runMatching, type Matches, type MemorySource, type Source } from './search-matching';
import type { SearchTerms } from './search-terms';
import type { IndexMatches } from './product-index/index-matches';
import { productIndexFeed } from './product-index/product-index-feed';
import { suggestionsOf, type Suggestion } from './search-suggestions';

/** A time as microseconds since the epoch: exact in a double, and as fine-grained as the column. */
const micros = (time: SQL) => sql`(extract(epoch from ${time}) * 1000000)::float8`;

/**
 * How far a row is raised by its promotion now (0: not raised; else its boost, at least 1): the
 * match set orders raised rows first (match-set.ts). Every promotion move drops the kept match sets.
 */
const promo = (alias: string) =>
  sql.raw(`case when coalesce(${alias}.promoted_until > now(), false) and ${alias}.promotion_perks @> array['raise']::text[] then greatest(${alias}.promotion_boost, 1) else 0 end`);

/** Every searchable row in one shape, built from the columns of each table. */
const SEARCH_SOURCES: Source[] = [
  {
    ...PRODUCTS,
    columns: (rank) => sql`p.kind::text as type, p.id, pb.category_id, null::int as ad_category_id, p.final_price as price,
      p.discount_percent as discount, p.rating_sum, p.rating_count, ${micros(sql`coalesce(p.published_at, p.created_at)`)} as created,
      p.orders_count * 10 + p.favorites_count as popularity, ${rank} as rank, ${promo('p')} as promo`,
  },
  {
    ...BUSINESSES,
    columns: (rank) => sql`'business' as type, b.id, b.category_id, null::int as ad_category_id, null::bigint as price, 0 as discount,
      b.rating_sum, b.rating_count, ${micros(sql`b.created_at`)} as created, b.orders_count * 10 + b.subscribers_count + b.favorites_count as popularity, ${rank} as rank, 0 as promo`,
  },
  {
    ...ADS,
    columns: (rank) => sql`'ad' as type, a.id, null::int as category_id, a.category_id as ad_category_id, a.price, 0 as discount,
      0 as rating_sum, 0 as rating_count, ${micros(sql`coalesce(a.published_at, a.created_at)`)} as created, a.favorites_count as popularity, ${rank} as rank, ${promo('a')} as promo`,
  },
];

/**
 * The products found in memory (product-index/) once the index has loaded, after it has caught up with every
 * change committed before the search; undefined while it loads (the statement finds them meanwhile).
 */
function productsInMemory(db: Db): MemorySource<IndexMatches> | undefined {
  const feed = productIndexFeed(db);
  if (!feed.ready) {
    // Starts the load if nothing has (or a failed one again); its failure is the startup's to report.
    feed.load().catch(() => undefined);
    return undefined;
  }
  return {
    key: PRODUCTS.key,
    holding: (work) => feed.index.holding(work),
    async ready() {
      try {
        await feed.fresh();
        return true;
      } catch {
        // The look for changes failed (a lost connection): the statement answers this search instead.
        return false;
      }
    },
    rows: (words, corrected) => feed.index.searchInSlices(words, corrected),
    // Called after `rows` (the index brought up to date by `ready`) within the same hold.
    near: (words, corrected, limit) => feed.index.searchNear(words, corrected, limit),
  };
}

export interface SearchRepositoryOptions {
  /** Find products in memory (SEARCH_INDEX=memory) rather than by the text index of the database. */
  memoryIndex: boolean;
}

export function searchRepository(db: Db, { memoryIndex }: SearchRepositoryOptions = { memoryIndex: false }) {
  return {
    /**
     * Every match of the text, by words and, when those are few, by typos:
     * the rows filters, facets and sorts are answered from (match-set.ts).
     */
    async matchSet(terms: SearchTerms): Promise<MatchSet> {
      const statement = (matches: Matches) => sql`with ${sql.join(matches.ctes, sql`, `)} ${sql.join(matches.rows, sql` union all `)}`;
      const memory = memoryIndex ? productsInMemory(db) : undefined;
      return runMatching<MatchRow, IndexMatches, Promise<MatchSet>>(
        { db, terms, sources: SEARCH_SOURCES, statement, wordsSuffice: (count) => count >= FEW_MATCHES, memory },
        (found) => toMatchSetInSlices(found.rows, Boolean(terms.text), found.memory),
      );
    },

    /** Names of the business and ad categories in the reader's language, for the facets. */
    async categoryNames(lang: Language): Promise<CategoryNames> {
      const name = (alias: string) => (lang === 'en' ? sql.raw(`coalesce(${alias}.name_en, ${alias}.name)`) : sql.raw(`${alias}.name`));
      const rows = await rawRows<{ kind: 'business' | 'ad'; id: number; name: string }>(
        db,
        sql`select 'business' as kind, c.id, ${name('c')} as name from business_categories c
            union all select 'ad' as kind, c.id, ${name('c')} as name from ad_categories c`,
      );
      const names: CategoryNames = { business: new Map(), ad: new Map() };
      for (const row of rows) names[row.kind].set(Number(row.id), row.name);
      return names;
    },

    /** A few names that match what has been typed so far, best first, without repeats (search-suggestions.ts). */
    suggest(terms: SearchTerms, limit: number, lang: Language): Promise<Suggestion[]> {
      return suggestionsOf(db, terms, limit, lang, memoryIndex ? productsInMemory(db) : undefined);
    },
  };
}
