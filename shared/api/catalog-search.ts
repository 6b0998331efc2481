import { Type, type Static } from 'typebox';
import { AdSummary } from './catalog-ads';
import { BusinessSummary } from './catalog-businesses';
import { Nullable, PageQueryFields, QueryFlag, StringEnum } from './catalog-common';
import { ProductSummary } from './catalog-products';

import { SEARCH_SORTS, SEARCH_TYPES } from './catalog-values';
import { Id, MinorUnits } from './numbers';

export { SEARCH_SORTS, SEARCH_TYPES, type SearchSort, type SearchType } from './catalog-values';
/** The longest text searched; a longer one is cut to it. */
export const SEARCH_QUERY_MAX = 200;
/** The longest `q` accepted: a pasted paragraph is cut and searched rather than refused. */
export const SEARCH_QUERY_ACCEPTED = 2000;
/** Buckets of the rating facet: "4 and above", "3 and above", … */
export const RATING_BUCKETS = [4, 3, 2, 1] as const;

/**
 * `GET /v1/search`. Matches names, category names, the business's name and
 * descriptions in Russian and English (word forms: «ботинки» finds «ботинок»;
 * the last word is a prefix as one types), synonyms from the staff-kept list
 * («телефон» finds smartphones), names in the other alphabet («галакси» finds
 * "Galaxy"), and tolerates typos in names. Ranked by where the words matched:
 * name, then categories, then business name, then description. A `q` of only
 * punctuation or emoji finds nothing (an empty page, not an error); a `q`
 * longer than 200 characters is cut to them. Every filter is optional:
 * - `type`: one or more of product, service, business, ad (comma-separated);
 * - `category_id`: a business category (matches businesses and their goods and services, never ads);
 * - `ad_category_id`: an ad category (matches ads only);
 * - `price_min` / `price_max`: minor units, on the price the buyer pays (rows without a price drop out);
 * - `discounted=1`: goods and services with a discount;
 * - `rating_min` 1–5: rated at least that (unrated rows and ads drop out).
 * An empty `q` browses with the filters.
 */
export const SearchQuery = Type.Object({
  ...PageQueryFields,
  q: Type.Optional(Type.String({ maxLength: SEARCH_QUERY_ACCEPTED })),
  type: Type.Optional(Type.String({ maxLength: 100 })),
  category_id: Type.Optional(Id()),
  ad_category_id: Type.Optional(Id()),
  price_min: Type.Optional(MinorUnits({ minimum: 0 })),
  price_max: Type.Optional(MinorUnits({ minimum: 0 })),
  discounted: QueryFlag,
  rating_min: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
  sort: Type.Optional(StringEnum(SEARCH_SORTS)),
});
export type SearchQuery = Static<typeof SearchQuery>;

/** One result: the field named by `type` is filled (`product` also for services), the others are null. */
export const SearchHit = Type.Object({
  type: StringEnum(SEARCH_TYPES),
  id: Type.Integer(),
  product: Nullable(ProductSummary),
  business: Nullable(BusinessSummary),
  ad: Nullable(AdSummary),
});
export type SearchHit = Static<typeof SearchHit>;

const Count = { count: Type.Integer() };

/**
 * Counts for the filter panel. Each facet counts the matches under every
 * other active filter but not its own, so a user sees what picking another
 * value would give.
 */
export const SearchFacets = Type.Object({
  types: Type.Array(Type.Object({ value: StringEnum(SEARCH_TYPES), ...Count })),
  categories: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), ...Count })),
  ad_categories: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), ...Count })),
  discounted: Type.Integer(),
  ratings: Type.Array(Type.Object({ min: Type.Integer(), ...Count })),
  price: Type.Object({ min: Nullable(Type.Integer()), max: Nullable(Type.Integer()) }),
});
export type SearchFacets = Static<typeof SearchFacets>;

export const SearchResult = Type.Object({
  data: Type.Array(SearchHit),
  meta: Type.Object({
    current_page: Type.Integer(),
    per_page: Type.Integer(),
    total: Type.Integer(),
    last_page: Type.Integer(),
    /** The query as searched (trimmed). */
    q: Type.String(),
    sort: StringEnum(SEARCH_SORTS),
    facets: SearchFacets,
  }),
});
export type SearchResult = Static<typeof SearchResult>;

/** `GET /v1/search/suggest?q=`: a few names as one types (at most `limit`, default 8). */
export const SuggestQuery = Type.Object({
  q: Type.String({ maxLength: SEARCH_QUERY_ACCEPTED }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, default: 8 })),
});
export const Suggestion = Type.Object({ type: StringEnum(SEARCH_TYPES), id: Type.Integer(), text: Type.String() });
export type Suggestion = Static<typeof Suggestion>;
export const SuggestResult = Type.Object({ data: Type.Array(Suggestion) });
export type SuggestResult = Static<typeof SuggestResult>;

