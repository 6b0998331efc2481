import { SEARCH_TYPES } from './api/catalog-values';
import { withoutEmpty } from './without-empty';

/** The page number of a URL's parameters (1 when absent or nonsense). */
export function pageParamOf(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** A price bound typed in whole roubles, in the API's minor units; anything else is no bound. */
const toMinor = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) * 100 : undefined);

/**
 * The search screen's query, read from its address's parameters. One builder for the screen, the
 * queries asked before it first draws (src/app/first-queries.ts) and the reads the server puts in the
 * page (first-reads.ts): built differently, they would miss each other's cache.
 */
export function searchArgsOf(params: URLSearchParams) {
  const types = (params.get('type') ?? '').split(',').filter((t) => (SEARCH_TYPES as readonly string[]).includes(t));
  return {
    q: params.get('q') ?? '',
    page: pageParamOf(params),
    per_page: 24,
    type: types.join(','),
    category_id: params.get('category_id') ?? undefined,
    ad_category_id: params.get('ad_category_id') ?? undefined,
    price_min: toMinor(params.get('price_min')),
    price_max: toMinor(params.get('price_max')),
    discounted: params.get('discounted') === '1' ? 1 : undefined,
    rating_min: params.get('rating_min') ?? undefined,
    sort: params.get('sort') ?? undefined,
  };
}

/** The API path the search screen asks for these parameters, spelled as the SPA's base query spells it. */
export function searchReadPathOf(params: URLSearchParams): string {
  const query = Object.entries(withoutEmpty(searchArgsOf(params))).map(([key, value]): [string, string] => [key, String(value)]);
  return `/v1/search?${new URLSearchParams(query).toString()}`;
}
