/**
 * The arguments the catalogue's screens ask their queries with, in one place: the screen and the
 * queries started before it draws (app/first-queries.ts) must ask alike, or the cache misses.
 */
type Params = Record<string, string | number>;

/** A home strip of one product list. */
export const productStripArgs = (list: 'all' | 'popular' | 'discounted', params: Params = {}) => ({ list, per_page: 8, ...params });

/** A strip of businesses, the most popular first. */
export const businessStripArgs = (params: Params = {}) => ({ per_page: 8, sort: 'popular', ...params });

/** A store's products as its page lists them (its owner sees drafts too). */
export const storeProductsArgs = (id: number, { mine, categoryId, page }: { mine: boolean; categoryId: string; page: number }) => ({
  list: mine ? ('mine' as const) : ('all' as const),
  business_id: id,
  category_id: categoryId,
  page,
  per_page: 24,
});
