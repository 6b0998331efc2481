/**
 * The API reads a page needs to open offline, and only those: public catalogue, store and
 * olympiad reads. Never the cart, orders, chats, profile, favorites, "my" lists, the
 * participant's own data or staff screens: those are the person's own, and a shared device
 * must not show them to the next person. What is kept is also keyed by the session that
 * read it (see api-cache.ts) and deleted on sign-out.
 */
const PUBLIC_READS: readonly RegExp[] = [
  /^\/v1\/home\/stats$/,
  /^\/v1\/get-products$/,
  /^\/v1\/products\/(\d+|popular|discounted)$/,
  /^\/v1\/get-business$/,
  /^\/v1\/business\/\d+$/,
  /^\/v1\/businesses\/ordered$/,
  /^\/v1\/business-categories$/,
  /^\/v1\/categories(\/\d+)?$/,
  /^\/v1\/ad-categories$/,
  /^\/v1\/ads\/\d+$/,
  /^\/v1\/ads\/(home|regular)-banners$/,
  /^\/v1\/ads\/users\/\d+$/,
  /^\/v1\/users\/\d+$/,
  /^\/v1\/search$/,
  /^\/v1\/olympiad\/content\/[a-z_-]+$/,
  /^\/v1\/olympiad\/stages$/,
];

/** Lists of one's own ride on public paths with a flag (`/v1/products?mine=1` is not listed, but be sure). */
const PERSONAL_PARAMS = ['mine'];

export function isPublicRead(method: string, url: URL): boolean {
  if (method !== 'GET') return false;
  if (PERSONAL_PARAMS.some((name) => url.searchParams.has(name))) return false;
  return PUBLIC_READS.some((pattern) => pattern.test(url.pathname));
}
