/**
 * The API reads a screen makes first, as the SPA asks them (same path, same query, same order of
 * parameters): the server sends a guest's answers inside the page, so the screen draws without
 * waiting for the bundle to download, run and ask (src/services/first-reads.ts uses each once).
 * A read left out, or asked differently by the screen, simply goes to the network: this list only
 * ever saves time. Screens whose reads depend on what the person typed (search) are not listed.
 */
const HOME = ['/v1/ads/home-banners', '/v1/products/popular?per_page=8', '/v1/products/discounted?per_page=8', '/v1/businesses/ordered?per_page=8&sort=popular', '/v1/home/stats'];

const READS: Record<string, (id: number | null) => string[]> = {
  index: () => HOME,
  home: () => HOME,
  store: (id) => (id ? [`/v1/business/${id}`, `/v1/get-products?business_id=${id}&page=1&per_page=24`] : []),
  product: (id) => (id ? [`/v1/products/${id}`] : []),
  ad: (id) => (id ? [`/v1/ads/${id}`] : []),
  olympiad: () => ['/v1/olympiad/content/home', '/v1/olympiad/stages'],
};

/** The reads of the screen `route` (with its `:id`), or none. */
export const firstReadsOf = (route: string, id: number | null): string[] => READS[route]?.(id) ?? [];
