import { CHATS_PER_PAGE } from './api/chat-values';
import { searchReadPathOf } from './search-args';

/**
 * The API reads a screen makes first, as the SPA asks them (same path, same query, same order of
 * parameters): the server sends a guest's answers inside the page, so the screen draws without
 * waiting for the bundle to download, run and ask (src/services/first-reads.ts uses each once).
 * A read left out, or asked differently by the screen, simply goes to the network: this list only
 * ever saves time. Search's read follows its address's parameters (shared/search-args.ts).
 */
const HOME = ['/v1/ads/home-banners', '/v1/ads/home-promoted', '/v1/products/popular?per_page=8', '/v1/products/discounted?per_page=8', '/v1/businesses/ordered?per_page=8&sort=popular', '/v1/home/stats'];

const READS: Record<string, (id: number | null, query: URLSearchParams) => string[]> = {
  index: () => HOME,
  home: () => HOME,
  store: (id) => (id ? [`/v1/business/${id}`, `/v1/get-products?business_id=${id}&page=1&per_page=24`] : []),
  product: (id) => (id ? [`/v1/products/${id}`] : []),
  ad: (id) => (id ? [`/v1/ads/${id}`] : []),
  olympiad: () => ['/v1/olympiad/content/home', '/v1/olympiad/stages'],
  // Without words there is nothing to look for (the screen says so without asking).
  search: (_id, query) => (query.get('q')?.trim() ? [searchReadPathOf(query)] : []),
};

/**
 * A signed-in visitor's first reads: answered as that visitor, with the session the page request
 * carried, and taken only by requests of that same session (src/services/first-reads.ts). A child
 * reloading a test, on a phone's network, sees the question without one more round trip.
 */
/** A test attempt's read, as the test session asks it (its clock is measured over the page that brought it). */
export const attemptReadPath = (id: number) => `/v1/olympiad/attempts/${id}`;

const SIGNED_IN_READS: Record<string, (id: number | null) => string[]> = {
  chats: () => [`/v1/chats?page=1&per_page=${CHATS_PER_PAGE}`],
  'olympiad-attempt': (id) => (id ? [attemptReadPath(id)] : []),
  'olympiad-attempt-essay': (id) => (id ? [attemptReadPath(id)] : []),
};

/**
 * What the header shows a signed-in visitor on every screen: the name on the user menu, the cart's
 * count and what the menu lists. Sent with the page, the header draws whole in the first drawing
 * instead of drawing again (and shifting) as three requests come back.
 */
export const SIGNED_IN_HEADER_READS = ['/v1/profile', '/v1/cart', '/v1/me/workspace'];

/** The signed-in reads of the screen `route` (with its `:id`) and the header's. */
export const signedInFirstReadsOf = (route: string, id: number | null): string[] => [...(SIGNED_IN_READS[route]?.(id) ?? []), ...SIGNED_IN_HEADER_READS];

/** The reads of the screen `route` (with its `:id` and its address's parameters), or none. */
export const firstReadsOf = (route: string, id: number | null, query = new URLSearchParams()): string[] => READS[route]?.(id, query) ?? [];

/** Where a screen's largest picture is in its first reads, and the `sizes` its `<img>` uses (image-gallery.tsx). */
type HeroOwner = { images?: Picture[]; image?: Picture | null; cover?: Picture | null };

const HERO: Record<string, { read: (id: number) => string; pick: (thing: HeroOwner) => Picture | null | undefined; sizes: string }> = {
  product: { read: (id) => `/v1/products/${id}`, pick: (thing) => thing.images?.[0] ?? thing.image, sizes: '(max-width: 800px) 100vw, 600px' },
  ad: { read: (id) => `/v1/ads/${id}`, pick: (thing) => thing.images?.[0] ?? thing.image, sizes: '(max-width: 800px) 100vw, 600px' },
  // A store's cover spans the page (src/features/catalog/pages/store-page.tsx).
  store: { read: (id) => `/v1/business/${id}`, pick: (thing) => thing.cover, sizes: '100vw' },
};

interface Picture {
  url: string;
  srcset: string;
}

/**
 * The screen's largest picture (the first of the thing's pictures, else its fallback) as the page
 * should preload it: same `srcset` and `sizes` as the `<img>`, so the browser fetches it with the
 * page instead of after the bundle has drawn the screen. Null when the screen has none.
 */
export function heroImageOf(route: string, id: number | null, reads: Record<string, unknown>): { url: string; srcset: string; sizes: string } | null {
  const hero = HERO[route];
  if (!hero || id === null) return null;
  const thing = (reads[hero.read(id)] as { data?: HeroOwner } | undefined)?.data;
  const picture = thing ? (hero.pick(thing) ?? null) : null;
  return picture ? { url: picture.url, srcset: picture.srcset, sizes: hero.sizes } : null;
}
