import { sql, type SQL } from 'drizzle-orm';
import { RATING_BUCKETS, SEARCH_TYPES, type SearchQuery, type SearchSort, type SearchType } from '../../../../shared/api/catalog-search';
import { flagOn } from '../../../../shared/api/catalog-common';
import type { Language } from '../../../../shared/i18n/languages';
import type { Db } from '../../../db/client';
import { ADS, BUSINESSES, FEW_MATCHES, PRODUCTS, runMatching, type Matches, type Source } from './search-matching';
import type { SearchTerms } from './search-terms';

type FilterName = 'type' | 'category' | 'ad_category' | 'price' | 'discounted' | 'rating';

interface Facets {
  types: Array<{ value: SearchType; count: number }>;
  categories: Array<{ id: number; name: string; count: number }>;
  ad_categories: Array<{ id: number; name: string; count: number }>;
  discounted: number;
  ratings: Array<{ min: number; count: number }>;
  price: { min: number | null; max: number | null };
}

export interface SearchOutcome {
  hits: Array<{ type: SearchType; id: number }>;
  total: number;
  facets: Facets;
  sort: SearchSort;
}

interface Row {
  /** Every match, before any filter: whether typos are worth a look. */
  matched: number;
  total: number;
  page: Array<{ type: SearchType; id: number }> | null;
  types: Array<{ value: SearchType; count: number }> | null;
  categories: Array<{ id: number; name: string; count: number }> | null;
  ad_categories: Array<{ id: number; name: string; count: number }> | null;
  discounted: number;
  ratings: Record<string, number>;
  price: { min: number | string | null; max: number | string | null };
}

/** Every searchable row in one shape, built from the columns of each table. */
const SEARCH_SOURCES: Source[] = [
  {
    ...PRODUCTS,
    columns: (rank) => sql`p.kind::text as type, p.id, pb.category_id, null::int as ad_category_id, p.final_price as price,
      p.discount_percent as discount, p.rating_sum, p.rating_count, coalesce(p.published_at, p.created_at) as created,
      p.orders_count * 10 + p.favorites_count as popularity, ${rank} as rank`,
  },
  {
    ...BUSINESSES,
    columns: (rank) => sql`'business' as type, b.id, b.category_id, null::int as ad_category_id, null::bigint as price, 0 as discount,
      b.rating_sum, b.rating_count, b.created_at as created, b.orders_count * 10 + b.subscribers_count + b.favorites_count as popularity, ${rank} as rank`,
  },
  {
    ...ADS,
    columns: (rank) => sql`'ad' as type, a.id, null::int as category_id, a.category_id as ad_category_id, a.price, 0 as discount,
      0 as rating_sum, 0 as rating_count, coalesce(a.published_at, a.created_at) as created, a.favorites_count as popularity, ${rank} as rank`,
  },
];

function filters(query: SearchQuery): Map<FilterName, SQL> {
  const active = new Map<FilterName, SQL>();
  const types = (query.type ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter((t): t is SearchType => (SEARCH_TYPES as readonly string[]).includes(t));
  if (types.length) active.set('type', sql`h.type in (${sql.join(types.map((t) => sql`${t}`), sql`, `)})`);
  if (query.category_id) active.set('category', sql`h.category_id = ${query.category_id}`);
  if (query.ad_category_id) active.set('ad_category', sql`h.ad_category_id = ${query.ad_category_id}`);
  if (query.price_min !== undefined || query.price_max !== undefined) {
    active.set('price', sql`h.price is not null and h.price >= ${query.price_min ?? 0} and h.price <= ${query.price_max ?? Number.MAX_SAFE_INTEGER}`);
  }
  if (flagOn(query.discounted)) active.set('discounted', sql`h.discount > 0`);
  if (query.rating_min) active.set('rating', sql`h.rating_count > 0 and h.rating_sum >= ${query.rating_min} * h.rating_count`);
  return active;
}

/** Every active filter (but `except`), joined with AND. */
function allBut(active: Map<FilterName, SQL>, except?: FilterName): SQL {
  const parts = [...active].filter(([name]) => name !== except).map(([, condition]) => condition);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

function order(sort: SearchSort, hasText: boolean): SQL {
  switch (sort) {
    case 'price_asc':
      return sql`h.price asc nulls last, h.type, h.id`;
    case 'price_desc':
      return sql`h.price desc nulls last, h.type, h.id desc`;
    case 'newest':
      return sql`h.created desc, h.type, h.id desc`;
    case 'popular':
      return sql`h.popularity desc, h.rank desc, h.type, h.id desc`;
    default:
      return hasText ? sql`h.rank desc, h.popularity desc, h.type, h.id desc` : sql`h.popularity desc, h.created desc, h.type, h.id desc`;
  }
}

const toInt = (value: number | string | null) => (value === null ? null : Number(value));

export function searchRepository(db: Db) {
  return {
    /**
     * One statement finds the matches once (a materialised CTE) and answers
     * the page, the total and every facet from them; each facet counts under
     * every active filter but its own.
     */
    async search(terms: SearchTerms, query: SearchQuery, lang: Language): Promise<SearchOutcome> {
      const active = filters(query);
      const sort = query.sort ?? 'relevance';
      // Category names of the facets, in the reader's language.
      const categoryName = (alias: string) => (lang === 'en' ? sql.raw(`coalesce(${alias}.name_en, ${alias}.name)`) : sql.raw(`${alias}.name`));
      const ordering = order(sort, Boolean(terms.text));
      const bucketCounts = sql.join(
        RATING_BUCKETS.map((min) => sql`'r${sql.raw(String(min))}', count(*) filter (where h.rating_count > 0 and h.rating_sum >= ${min} * h.rating_count)`),
        sql`, `,
      );
      const statement = (matches: Matches) => sql`
        with ${sql.join(matches.ctes, sql`, `)},
        hits as materialized (${sql.join(matches.rows, sql` union all `)}),
        filtered as (select * from hits h where ${allBut(active)}),
        page as (select h.type, h.id, row_number() over (order by ${ordering}) as n
                 from filtered h order by ${ordering} limit ${query.per_page} offset ${(query.page - 1) * query.per_page})
        select
          (select count(*)::int from hits) as matched,
          (select count(*)::int from filtered) as total,
          (select json_agg(json_build_object('type', type, 'id', id) order by n) from page) as page,
          (select json_agg(json_build_object('value', t.type, 'count', t.n)) from
            (select h.type, count(*)::int as n from hits h where ${allBut(active, 'type')} group by h.type) t) as types,
          (select json_agg(json_build_object('id', t.id, 'name', ${categoryName('c')}, 'count', t.n) order by t.n desc, t.id) from
            (select h.category_id as id, count(*)::int as n from hits h where h.category_id is not null and ${allBut(active, 'category')} group by h.category_id) t
            join business_categories c on c.id = t.id) as categories,
          (select json_agg(json_build_object('id', t.id, 'name', ${categoryName('c')}, 'count', t.n) order by t.n desc, t.id) from
            (select h.ad_category_id as id, count(*)::int as n from hits h where h.ad_category_id is not null and ${allBut(active, 'ad_category')} group by h.ad_category_id) t
            join ad_categories c on c.id = t.id) as ad_categories,
          (select count(*)::int from hits h where h.discount > 0 and ${allBut(active, 'discounted')}) as discounted,
          (select json_build_object(${bucketCounts}) from hits h where ${allBut(active, 'rating')}) as ratings,
          (select json_build_object('min', min(h.price), 'max', max(h.price)) from hits h where h.price is not null and ${allBut(active, 'price')}) as price`;

      const [row] = await runMatching<Row>(db, terms, SEARCH_SOURCES, statement, ([first]) => Number(first.matched) >= FEW_MATCHES);
      const typeCounts = new Map((row.types ?? []).map((t) => [t.value, t.count]));
      return {
        hits: (row.page ?? []).map((hit) => ({ type: hit.type, id: Number(hit.id) })),
        total: Number(row.total),
        sort,
        facets: {
          types: SEARCH_TYPES.map((value) => ({ value, count: typeCounts.get(value) ?? 0 })),
          categories: row.categories ?? [],
          ad_categories: row.ad_categories ?? [],
          discounted: Number(row.discounted),
          ratings: RATING_BUCKETS.map((min) => ({ min, count: Number(row.ratings?.[`r${min}`] ?? 0) })),
          price: { min: toInt(row.price?.min ?? null), max: toInt(row.price?.max ?? null) },
        },
      };
    },

    /** A few names that match what has been typed so far, best first, without repeats. */
    async suggest(terms: SearchTerms, limit: number, lang: Language): Promise<Array<{ type: SearchType; id: number; text: string }>> {
      if (!terms.text) return [];
      const en = lang === 'en';
      const label = (alias: string, name: string, nameEn: string) =>
        en ? sql.raw(`coalesce(${alias}.${nameEn}, ${alias}.${name})`) : sql.raw(`${alias}.${name}`);
      const sources: Array<[Source, number]> = [
        [{ ...PRODUCTS, columns: (rank) => sql`p.kind::text as type, p.id, ${label('p', 'name', 'name_en')} as text, ${rank} as rank` }, limit * 2],
        [{ ...BUSINESSES, columns: (rank) => sql`'business' as type, b.id, ${label('b', 'name', 'name_en')} as text, ${rank} as rank` }, limit],
        [{ ...ADS, columns: (rank) => sql`'ad' as type, a.id, ${label('a', 'title', 'title_en')} as text, ${rank} as rank` }, limit],
      ];
      const statement = (matches: Matches) => sql`
        with ${sql.join(matches.ctes, sql`, `)}
        select type, id, text from (
          ${sql.join(
            matches.rows.map((rows, index) => sql`(select * from (${rows}) s order by rank desc, id desc limit ${sources[index][1]})`),
            sql` union all `,
          )}
        ) s order by rank desc, type, id desc`;
      const rows = await runMatching<{ type: SearchType; id: number; text: string }>(
        db,
        terms,
        sources.map(([source]) => source),
        statement,
        // A full list of suggestions needs no typos.
        (found) => found.length >= limit,
      );
      const seen = new Set<string>();
      const result = [];
      for (const row of rows) {
        const key = row.text.toLowerCase();
        if (seen.has(key)) continue;
        seen.add(key);
        result.push({ type: row.type, id: Number(row.id), text: row.text });
        if (result.length >= limit) break;
      }
      return result;
    },
  };
}
