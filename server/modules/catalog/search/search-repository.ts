import { sql, type SQL } from 'drizzle-orm';
import { RATING_BUCKETS, SEARCH_TYPES, type SearchQuery, type SearchSort, type SearchType } from '../../../../shared/api/catalog-search';
import { flagOn } from '../../../../shared/api/catalog-common';
import type { Language } from '../../../../shared/i18n/languages';
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
/** Fewer word matches than this in a table, and that table is searched for typos too. */
const TYPO_GATE = 24;

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
  total: number;
  page: Array<{ type: SearchType; id: number }> | null;
  types: Array<{ value: SearchType; count: number }> | null;
  categories: Array<{ id: number; name: string; count: number }> | null;
  ad_categories: Array<{ id: number; name: string; count: number }> | null;
  discounted: number;
  ratings: Record<string, number>;
  price: { min: number | string | null; max: number | string | null };
}

/**
 * The full-text query: every word must match, each as a prefix of its stem
 * (Latin words with the English stemmer, the others with the Russian one) or,
 * for stems of five letters or more, of the stem less its last letter, so the
 * forms whose stems differ in a fleeting vowel meet («ботинки» → «ботинк»,
 * «ботинок» → «ботинок»: both match «ботин»). Stop words drop out. A scalar
 * subquery is planned as an InitPlan: it is built once per search, not per row.
 */
function fullTextQuery(terms: SearchTerms): SQL {
  if (!terms.words.length) return sql`''::tsquery`;
  const words = sql`array[${sql.join(
    terms.words.map((word) => sql`${word}`),
    sql`, `,
  )}]::text[]`;
  return sql`(select to_tsquery('simple'::regconfig, coalesce(string_agg(
      case when length(l) >= 5 then '(' || l || ':* | ' || left(l, -1) || ':*)' else l || ':*' end, ' & '), ''))
    from unnest(${words}) as w(word)
    cross join lateral unnest(case when w.word ~ '^[a-z0-9]+$' then ts_lexize('english_stem', w.word)
                                   else ts_lexize('russian_stem', w.word) end) as l)`;
}

/** How one table matches the terms: by words (full-text) and, for short queries, by typos (trigrams). */
function matching(terms: SearchTerms, alias: string, nameColumn: string, nameEnColumn: string) {
  const a = sql.raw(alias);
  const name = sql.raw(`${alias}.${nameColumn}`);
  const nameEn = sql.raw(`coalesce(${alias}.${nameEnColumn}, '')`);
  if (!terms.text) return { words: sql`true`, typos: null, rank: sql`0::float8`, typoRank: sql`0::float8` };
  const tsq = fullTextQuery(terms);
  // Two or three typed letters share a trigram with half the catalogue, and a long phrase is close
  // to every other phrase that shares two of its words: typos are forgiven in one or two words of four letters or more.
  const typos = typosPossible(terms) ? sql`${terms.text} <% ${a}.search_name` : null;
  // Exact name first, then names that start with the query, then words of the name (their forms
  // included), then typos in the name (the closer the better), then words of the description; a
  // shorter name breaks ties. (ts_rank of a name word, weight A, is about 0.6; of a description word, C, about 0.1.)
  const start = sql`case when lower(${name}) = ${terms.text} or lower(${nameEn}) = ${terms.text} then 4 else 0 end
      + case when starts_with(lower(${name}), ${terms.text}) or starts_with(lower(${nameEn}), ${terms.text}) then 2 else 0 end
      - length(${a}.search_name) * 0.0001`;
  return {
    words: sql`${a}.search_vector @@ ${tsq}`,
    typos,
    rank: sql`(${start} + ts_rank(${a}.search_vector, ${tsq}) * 2)::float8`,
    typoRank: sql`(${start} + word_similarity(${terms.text}, ${a}.search_name))::float8`,
  };
}

interface Source {
  alias: string;
  name: string;
  nameEn: string;
  from: SQL;
  /** What may be found at all (published, …). */
  visible: SQL;
  /** The select list, given the rank expression. */
  columns: (rank: SQL) => SQL;
}

/**
 * Every word match of one table (`<key>_words`), plus, when the words find
 * little, at most TYPO_LIMIT rows that match by a typo alone (`<key>_typos`).
 * Checking a trigram candidate is the costly step of a search (it recomputes
 * the similarity), so the typo branch runs only when needed and stops early;
 * typo matches rank below word matches anyway. Returns the CTEs and the union of their rows.
 */
function sourceHits(terms: SearchTerms, source: Source, key: string): { ctes: SQL[]; rows: SQL } {
  const m = matching(terms, source.alias, source.name, source.nameEn);
  const words = sql.raw(`${key}_words`);
  const typos = sql.raw(`${key}_typos`);
  const ctes = [sql`${words} as materialized (select ${source.columns(m.rank)} from ${source.from} where ${source.visible} and ${m.words})`];
  if (!m.typos) return { ctes, rows: sql`select * from ${words}` };
  ctes.push(sql`${typos} as (select ${source.columns(m.typoRank)} from ${source.from}
     where (select count(*) from ${words}) < ${TYPO_GATE} and ${source.visible} and ${m.typos} and not (${m.words}) limit ${TYPO_LIMIT})`);
  return { ctes, rows: sql`select * from ${words} union all select * from ${typos}` };
}

const PRODUCTS: Omit<Source, 'columns'> = {
  alias: 'p',
  name: 'name',
  nameEn: 'name_en',
  from: sql`products p join businesses pb on pb.id = p.business_id`,
  visible: sql`p.status = 'published'`,
};
const BUSINESSES: Omit<Source, 'columns'> = { alias: 'b', name: 'name', nameEn: 'name_en', from: sql`businesses b`, visible: sql`true` };
const ADS: Omit<Source, 'columns'> = { alias: 'a', name: 'title', nameEn: 'title_en', from: sql`ads a`, visible: sql`a.status = 'published'` };

/** Every searchable row that matches the terms, in one shape: the CTEs to put first and the rows. */
function hitsUnion(terms: SearchTerms): { ctes: SQL[]; rows: SQL } {
  const parts = [
    sourceHits(
      terms,
      {
        ...PRODUCTS,
        columns: (rank) => sql`p.kind::text as type, p.id, pb.category_id, null::int as ad_category_id, p.final_price as price,
          p.discount_percent as discount, p.rating_sum, p.rating_count, coalesce(p.published_at, p.created_at) as created,
          p.orders_count * 10 + p.favorites_count as popularity, ${rank} as rank`,
      },
      'products',
    ),
    sourceHits(
      terms,
      {
        ...BUSINESSES,
        columns: (rank) => sql`'business' as type, b.id, b.category_id, null::int as ad_category_id, null::bigint as price, 0 as discount,
          b.rating_sum, b.rating_count, b.created_at as created, b.orders_count * 10 + b.subscribers_count + b.favorites_count as popularity, ${rank} as rank`,
      },
      'businesses',
    ),
    sourceHits(
      terms,
      {
        ...ADS,
        columns: (rank) => sql`'ad' as type, a.id, null::int as category_id, a.category_id as ad_category_id, a.price, 0 as discount,
          0 as rating_sum, 0 as rating_count, coalesce(a.published_at, a.created_at) as created, a.favorites_count as popularity, ${rank} as rank`,
      },
      'ads',
    ),
  ];
  return { ctes: parts.flatMap((part) => part.ctes), rows: sql.join(parts.map((part) => part.rows), sql` union all `) };
}

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

const typosPossible = (terms: SearchTerms) => terms.text.length >= TYPO_MIN_LENGTH && terms.words.length <= TYPO_MAX_WORDS;

/**
 * Runs a search with the typo threshold set for its transaction only (the
 * setting must not leak to other queries on a pooled connection); a search
 * that cannot look for typos skips the transaction.
 */
async function withTypoThreshold<T>(db: Db, terms: SearchTerms, run: (runner: Pick<Db, 'execute'>) => Promise<T>): Promise<T> {
  if (!typosPossible(terms)) return run(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${TYPO_THRESHOLD}, true)`);
    return run(tx);
  });
}

export function searchRepository(db: Db) {
  return {
    /**
     * One statement finds the matches once (a materialised CTE) and answers
     * the page, the total and every facet from them; the typo threshold is
     * set for this transaction only.
     */
    async search(terms: SearchTerms, query: SearchQuery, lang: Language): Promise<SearchOutcome> {
      const active = filters(query);
      const sort = query.sort ?? 'relevance';
      // Category names of the facets, in the reader's language.
      const categoryName = (alias: string) => (lang === 'en' ? sql.raw(`coalesce(${alias}.name_en, ${alias}.name)`) : sql.raw(`${alias}.name`));
      const limit = query.per_page;
      const offset = (query.page - 1) * query.per_page;
      const bucketCounts = sql.join(
        RATING_BUCKETS.map((min) => sql`'r${sql.raw(String(min))}', count(*) filter (where h.rating_count > 0 and h.rating_sum >= ${min} * h.rating_count)`),
        sql`, `,
      );
      const union = hitsUnion(terms);
      const statement = sql`
        with ${sql.join(union.ctes, sql`, `)},
        hits as materialized (${union.rows}),
        filtered as (select * from hits h where ${allBut(active)}),
        page as (select h.type, h.id, row_number() over (order by ${order(sort, Boolean(terms.text))}) as n
                 from filtered h order by ${order(sort, Boolean(terms.text))} limit ${limit} offset ${offset})
        select
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

      const [row] = await withTypoThreshold(db, terms, (runner) => rawRows<Row>(runner, statement));

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
      const parts = [
        [sourceHits(terms, { ...PRODUCTS, columns: (rank) => sql`p.kind::text as type, p.id, ${label('p', 'name', 'name_en')} as text, ${rank} as rank` }, 'products'), limit * 2],
        [sourceHits(terms, { ...BUSINESSES, columns: (rank) => sql`'business' as type, b.id, ${label('b', 'name', 'name_en')} as text, ${rank} as rank` }, 'businesses'), limit],
        [sourceHits(terms, { ...ADS, columns: (rank) => sql`'ad' as type, a.id, ${label('a', 'title', 'title_en')} as text, ${rank} as rank` }, 'ads'), limit],
      ] as const;
      const statement = sql`
        with ${sql.join(
          parts.flatMap(([part]) => part.ctes),
          sql`, `,
        )}
        select type, id, text from (
          ${sql.join(
            parts.map(([part, take]) => sql`(select * from (${part.rows}) s order by rank desc, id desc limit ${take})`),
            sql` union all `,
          )}
        ) s order by rank desc, type, id desc`;
      const rows = await withTypoThreshold(db, terms, (runner) => rawRows<{ type: SearchType; id: number; text: string }>(runner, statement));
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
