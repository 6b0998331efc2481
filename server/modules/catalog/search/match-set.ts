import { RATING_BUCKETS, SEARCH_TYPES, type SearchQuery, type SearchSort, type SearchType } from '../../../../shared/api/catalog-search';
import { flagOn } from '../../../../shared/api/catalog-common';
import { runInSlices, runToEnd, SLICE_MS, type Steps } from '../../../lib/slice-turns';

/** One match as the database reports it, before any filter. */
export interface MatchRow {
  type: SearchType;
  id: number | string;
  category_id: number | null;
  ad_category_id: number | null;
  /** Minor units (bigint: a string from node-postgres). */
  price: number | string | null;
  discount: number;
  rating_sum: number;
  rating_count: number;
  /** Microseconds since the epoch: whole numbers well inside a double's exact range. */
  created: number | string;
  popularity: number | string;
  rank: number | string;
  /** The promotion's boost while the row is raised, else 0. */
  promo?: number;
}

/**
 * Every match of one search text, column by column: filters, facets, sorts
 * and pages are answered from here without the database, so refining a search
 * (a filter, another sort, the next page) costs microseconds instead of a query.
 */
export interface MatchSet {
  size: number;
  type: Uint8Array;
  id: Int32Array;
  category: Int32Array;
  adCategory: Int32Array;
  /** NaN where the row has no price. */
  price: Float64Array;
  discount: Int32Array;
  ratingSum: Int32Array;
  ratingCount: Int32Array;
  created: Float64Array;
  popularity: Float64Array;
  rank: Float64Array;
  promo: Int32Array;
  /** Row numbers in each order, made the second time the order is asked for (the first takes the top rows alone). */
  orders: Map<string, Int32Array>;
  /** The orders asked for once so far. */
  askedOnce: Set<string>;
  hasText: boolean;
}

export interface CategoryNames {
  business: Map<number, string>;
  ad: Map<number, string>;
}

export interface Facets {
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

/** Matches found outside the statement (the products' index in memory), written into the set's columns by themselves. */
export interface MatchColumns {
  readonly length: number;
  /** Fills the set's rows from `at` on with matches `from` to `to` (not included): the set's row `at + k` is match `k`. */
  writeTo(set: MatchSet, at: number, from: number, to: number): void;
}

/** The match set of the statement's `rows` and the matches found in memory (`more`), in that order. */
export function toMatchSet(rows: MatchRow[], hasText: boolean, more: readonly MatchColumns[] = []): MatchSet {
  return runToEnd(fillSteps(rows, hasText, more));
}

/**
 * toMatchSet letting other work run every MATCHES_A_TURN matches found in memory: a text matching 200,000 products
 * took 10–25 ms to copy, all other requests waiting. Within the hold of the index the matches came from.
 */
export function toMatchSetInSlices(rows: MatchRow[], hasText: boolean, more: readonly MatchColumns[] = []): Promise<MatchSet> {
  return runInSlices(fillSteps(rows, hasText, more), SLICE_MS);
}

/** Matches copied between two pauses of toMatchSetInSlices (a fifth of a millisecond's worth). */
const MATCHES_A_TURN = 2_048;

function* fillSteps(rows: MatchRow[], hasText: boolean, more: readonly MatchColumns[]): Steps<MatchSet> {
  const n = more.reduce((sum, part) => sum + part.length, rows.length);
  const set: MatchSet = {
    size: n,
    type: new Uint8Array(n),
    id: new Int32Array(n),
    category: new Int32Array(n),
    adCategory: new Int32Array(n),
    price: new Float64Array(n),
    discount: new Int32Array(n),
    ratingSum: new Int32Array(n),
    ratingCount: new Int32Array(n),
    created: new Float64Array(n),
    popularity: new Float64Array(n),
    rank: new Float64Array(n),
    promo: new Int32Array(n),
    orders: new Map(),
    askedOnce: new Set(),
    hasText,
  };
  rows.forEach((row, i) => {
    set.type[i] = SEARCH_TYPES.indexOf(row.type);
    set.id[i] = Number(row.id);
    set.category[i] = row.category_id ?? 0;
    set.adCategory[i] = row.ad_category_id ?? 0;
    set.price[i] = row.price === null ? NaN : Number(row.price);
    set.discount[i] = row.discount;
    set.ratingSum[i] = row.rating_sum;
    set.ratingCount[i] = row.rating_count;
    set.created[i] = Number(row.created);
    set.popularity[i] = Number(row.popularity);
    set.rank[i] = Number(row.rank);
    set.promo[i] = Number(row.promo ?? 0);
  });
  let at = rows.length;
  for (const part of more) {
    for (let from = 0; from < part.length; from += MATCHES_A_TURN) {
      part.writeTo(set, at, from, Math.min(part.length, from + MATCHES_A_TURN));
      yield;
    }
    at += part.length;
  }
  return set;
}

// Each filter is a bit: a row passes a facet's count when it fails no filter but (maybe) the facet's own.
const TYPE = 1;
const CATEGORY = 2;
const AD_CATEGORY = 4;
const PRICE = 8;
const DISCOUNTED = 16;
const RATING = 32;

/** Rows a walk over the whole set reads between two pauses of answerInSlices (well under a millisecond). */
const ROWS_A_STEP = 8_191;

/** Which filters each row fails, as bits. */
function* failures(set: MatchSet, query: SearchQuery): Steps<Uint8Array> {
  const types = new Set(
    (query.type ?? '')
      .split(',')
      .map((t) => SEARCH_TYPES.indexOf(t.trim() as SearchType))
      .filter((t) => t >= 0),
  );
  const priceFiltered = query.price_min !== undefined || query.price_max !== undefined;
  const priceMin = query.price_min ?? 0;
  const priceMax = query.price_max ?? Number.MAX_SAFE_INTEGER;
  const discounted = flagOn(query.discounted);
  const ratingMin = query.rating_min ?? 0;
  const failed = new Uint8Array(set.size);
  for (let i = 0; i < set.size; i++) {
    if ((i & ROWS_A_STEP) === ROWS_A_STEP) yield;
    let bits = 0;
    if (types.size && !types.has(set.type[i])) bits |= TYPE;
    if (query.category_id && set.category[i] !== query.category_id) bits |= CATEGORY;
    if (query.ad_category_id && set.adCategory[i] !== query.ad_category_id) bits |= AD_CATEGORY;
    // NaN (no price) fails both comparisons: rows without a price drop out of a price filter.
    if (priceFiltered && !(set.price[i] >= priceMin && set.price[i] <= priceMax)) bits |= PRICE;
    if (discounted && !(set.discount[i] > 0)) bits |= DISCOUNTED;
    if (ratingMin && !(set.ratingCount[i] > 0 && set.ratingSum[i] >= ratingMin * set.ratingCount[i])) bits |= RATING;
    failed[i] = bits;
  }
  return failed;
}

/** Descending by a column that always has a value. */
const desc = (column: Float64Array) => (a: number, b: number) => column[b] - column[a];
/** By a column either way, rows without a value (NaN) last both ways, as `nulls last` does. */
const nullsLast = (column: Float64Array, direction: 1 | -1) => (a: number, b: number) => {
  const x = column[a];
  const y = column[b];
  if (Number.isNaN(x) || Number.isNaN(y)) return Number(Number.isNaN(x)) - Number(Number.isNaN(y));
  return (x - y) * direction;
};

/** The orders of the search statement: each ends on type, then id (ascending for a cheapest-first list, else newest first). */
function comparator(set: MatchSet, sort: SearchSort): (a: number, b: number) => number {
  const byTypeThenId = (idAscending: boolean) => (a: number, b: number) => set.type[a] - set.type[b] || (idAscending ? set.id[a] - set.id[b] : set.id[b] - set.id[a]);
  const chain =
    (...steps: Array<(a: number, b: number) => number>) =>
    (a: number, b: number) => {
      for (const step of steps) {
        const result = step(a, b);
        if (result) return result;
      }
      return 0;
    };
  // Raised rows first (a higher boost first) in every order but the price ones (promoted-first.ts).
  const raised = (a: number, b: number) => set.promo[b] - set.promo[a];
  switch (sort) {
    case 'price_asc':
      return chain(nullsLast(set.price, 1), byTypeThenId(true));
    case 'price_desc':
      return chain(nullsLast(set.price, -1), byTypeThenId(false));
    case 'newest':
      return chain(raised, desc(set.created), byTypeThenId(false));
    case 'popular':
      return chain(raised, desc(set.popularity), desc(set.rank), byTypeThenId(false));
    default:
      return set.hasText ? chain(raised, desc(set.rank), desc(set.popularity), byTypeThenId(false)) : chain(raised, desc(set.popularity), desc(set.created), byTypeThenId(false));
  }
}

function orderOf(set: MatchSet, sort: SearchSort): Int32Array {
  let order = set.orders.get(sort);
  if (!order) {
    order = Int32Array.from({ length: set.size }, (_, i) => i).sort(comparator(set, sort));
    set.orders.set(sort, order);
  }
  return order;
}

/** Pages this deep are taken from the top rows alone when an order is asked for the first time. */
const TOP_ROWS_MAX = 200;

/**
 * The rows of one page that fail no filter, in `sort`'s order. A new search asks for its first page once and
 * often never again: its top rows are picked with a bounded heap (n log k instead of sorting every match,
 * which cost a tenth of the API's time at a million products); the whole order is made and kept when the same
 * order is asked for again (the next page, another filter).
 */
function* pageOf(set: MatchSet, sort: SearchSort, failed: Uint8Array, offset: number, size: number): Steps<Int32Array> {
  const wanted = offset + size;
  if (set.orders.has(sort) || set.askedOnce.has(sort) || wanted > TOP_ROWS_MAX) {
    const order = orderOf(set, sort);
    const page = new Int32Array(size);
    let n = 0;
    let passed = 0;
    for (let k = 0; k < order.length && n < size; k++) {
      const i = order[k];
      if (failed[i] || passed++ < offset) continue;
      page[n++] = i;
    }
    return page.subarray(0, n);
  }
  set.askedOnce.add(sort);
  return (yield* topRows(set.size, comparator(set, sort), failed, wanted)).subarray(offset);
}

/**
 * The first `k` rows by `compare` among those that fail no filter, in order: a heap keeps the k best seen so
 * far with the worst of them on top. `compare` is a total order (each ends on type and id), so these are
 * exactly the first k rows of the full sort.
 */
function* topRows(size: number, compare: (a: number, b: number) => number, failed: Uint8Array, k: number): Steps<Int32Array> {
  const heap = new Int32Array(k);
  let n = 0;
  const worse = (a: number, b: number) => compare(heap[a], heap[b]) > 0;
  const swap = (a: number, b: number) => {
    const row = heap[a];
    heap[a] = heap[b];
    heap[b] = row;
  };
  for (let i = 0; i < size; i++) {
    if ((i & ROWS_A_STEP) === ROWS_A_STEP) yield;
    if (failed[i]) continue;
    if (n < k) {
      heap[n] = i;
      for (let child = n++; child > 0; ) {
        const parent = (child - 1) >> 1;
        if (!worse(child, parent)) break;
        swap(child, parent);
        child = parent;
      }
    } else if (compare(i, heap[0]) < 0) {
      heap[0] = i;
      for (let parent = 0; ; ) {
        const left = 2 * parent + 1;
        const right = left + 1;
        let worst = parent;
        if (left < k && worse(left, worst)) worst = left;
        if (right < k && worse(right, worst)) worst = right;
        if (worst === parent) break;
        swap(parent, worst);
        parent = worst;
      }
    }
  }
  return heap.subarray(0, n).sort(compare);
}

/** Category ids below this are counted in an array (a Map's get and set per row were a third of a common word's answer). */
const COUNTED_IDS = 1 << 16;
/**
 * Zeroed arrays of counts by id, each lent to one facet at a time: facets of several searches run interleaved
 * (in slices), and a new array each time would be 256 KB of garbage a facet.
 */
const spareCounts: Int32Array[] = [];

/** Counts per category among the rows that pass every filter but `own`, named, most first (unknown categories left out). */
function* categoryFacet(set: MatchSet, column: Int32Array, failed: Uint8Array, own: number, names: Map<number, string>): Steps<Facets['categories']> {
  const large = new Map<number, number>();
  const seen: number[] = [];
  const counts = spareCounts.pop() ?? new Int32Array(COUNTED_IDS);
  for (let i = 0; i < set.size; i++) {
    if ((i & ROWS_A_STEP) === ROWS_A_STEP) yield;
    const id = column[i];
    if (!id || failed[i] & ~own) continue;
    if (id > 0 && id < COUNTED_IDS) {
      if (counts[id]++ === 0) seen.push(id);
    } else large.set(id, (large.get(id) ?? 0) + 1);
  }
  const all: Array<[number, number]> = seen.map((id) => [id, counts[id]]);
  for (const id of seen) counts[id] = 0;
  spareCounts.push(counts);
  all.push(...large);
  return all
    .filter(([id]) => names.has(id))
    .map(([id, count]) => ({ id, name: names.get(id) as string, count }))
    .sort((a, b) => b.count - a.count || a.id - b.id);
}

/**
 * The page, the total and every facet of a search over its match set. Each
 * facet counts under every active filter but its own, so a reader sees what
 * picking another value would give.
 */
export function answerFrom(set: MatchSet, query: SearchQuery, names: CategoryNames): SearchOutcome {
  return runToEnd(answerSteps(set, query, names));
}

/**
 * answerFrom letting other work run between slices: over the 200,000 matches of one word it is 11 ms of walks,
 * which every request arriving meanwhile had waited for.
 */
export function answerInSlices(set: MatchSet, query: SearchQuery, names: CategoryNames, sliceMs = SLICE_MS): Promise<SearchOutcome> {
  return runInSlices(answerSteps(set, query, names), sliceMs);
}

function* answerSteps(set: MatchSet, query: SearchQuery, names: CategoryNames): Steps<SearchOutcome> {
  const sort = query.sort ?? 'relevance';
  const failed = yield* failures(set, query);
  const typeCounts = new Array<number>(SEARCH_TYPES.length).fill(0);
  const buckets = RATING_BUCKETS;
  const ratingCounts = buckets.map(() => 0);
  let total = 0;
  let discounted = 0;
  let priceMin = Infinity;
  let priceMax = -Infinity;
  for (let i = 0; i < set.size; i++) {
    if ((i & ROWS_A_STEP) === ROWS_A_STEP) yield;
    const bits = failed[i];
    if (!bits) total++;
    if (!(bits & ~TYPE)) typeCounts[set.type[i]]++;
    if (!(bits & ~DISCOUNTED) && set.discount[i] > 0) discounted++;
    if (!(bits & ~RATING) && set.ratingCount[i] > 0) {
      // A plain loop over a local: a callback per rated row was a tenth of what a new search allocated, and the
      // imported array read in the loop is a getter call per read once compiled to CommonJS.
      for (let b = 0; b < buckets.length; b++) if (set.ratingSum[i] >= buckets[b] * set.ratingCount[i]) ratingCounts[b]++;
    }
    if (!(bits & ~PRICE) && !Number.isNaN(set.price[i])) {
      priceMin = Math.min(priceMin, set.price[i]);
      priceMax = Math.max(priceMax, set.price[i]);
    }
  }
  const offset = (query.page - 1) * query.per_page;
  const hits: SearchOutcome['hits'] = [];
  if (offset < total) {
    for (const i of yield* pageOf(set, sort, failed, offset, query.per_page)) hits.push({ type: SEARCH_TYPES[set.type[i]], id: set.id[i] });
  }
  const categories = yield* categoryFacet(set, set.category, failed, CATEGORY, names.business);
  const adCategories = yield* categoryFacet(set, set.adCategory, failed, AD_CATEGORY, names.ad);
  return {
    hits,
    total,
    sort,
    facets: {
      types: SEARCH_TYPES.map((value, t) => ({ value, count: typeCounts[t] })),
      categories,
      ad_categories: adCategories,
      discounted,
      ratings: RATING_BUCKETS.map((min, b) => ({ min, count: ratingCounts[b] })),
      price: priceMin === Infinity ? { min: null, max: null } : { min: priceMin, max: priceMax },
    },
  };
}
