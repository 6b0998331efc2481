import { routeEntityId, type RouteEntry } from '../../shared/routes';
import { catalogApi } from '../features/catalog/catalog-api';
import { homeApi } from '../features/catalog/home-api';
import { businessStripArgs, productStripArgs, storeProductsArgs } from '../features/catalog/screen-args';
import { olympiadApi } from '../features/olympiad/olympiad-api';
import { stagesApi } from '../olympiad/stages-api';
import { searchArgsOf } from '../../shared/search-args';
import { firstReadPaths } from '../services/first-reads';
import { chatsApi } from '../features/chats/chats-api';
import { openSessionEarly } from '../features/olympiad-tests/session/open-session-early';
import { profileApi } from '../session/profile-api';
import { cartApi } from '../components/cart/cart-api';
import { workspaceApi } from '../session/workspace-api';
import { selectIsSignedIn } from '../session/session-slice';
import type { AppDispatch, AppStore } from './store';

/** Fills the cache without holding it: the screen's own hooks subscribe when they mount. */
const UNHELD = { subscribe: false } as const;

type Start = (dispatch: AppDispatch) => Promise<unknown>;

const HOME: Start[] = [
  (dispatch) => dispatch(catalogApi.endpoints.banners.initiate('home', UNHELD)),
  (dispatch) => dispatch(homeApi.endpoints.homePromoted.initiate(undefined, UNHELD)),
  (dispatch) => dispatch(catalogApi.endpoints.products.initiate(productStripArgs('popular'), UNHELD)),
  (dispatch) => dispatch(catalogApi.endpoints.products.initiate(productStripArgs('discounted'), UNHELD)),
  (dispatch) => dispatch(catalogApi.endpoints.businesses.initiate(businessStripArgs(), UNHELD)),
  (dispatch) => dispatch(homeApi.endpoints.homeStats.initiate(undefined, UNHELD)),
];

/**
 * A guest's first screen asks these, with the arguments the screen itself uses; the server sends the
 * same reads inside the page (shared/first-reads.ts; a unit test holds the two lists equal).
 */
const FIRST_QUERIES: Record<string, (id: number, query: URLSearchParams) => Start[]> = {
  index: () => HOME,
  home: () => HOME,
  store: (id) => [
    (dispatch) => dispatch(catalogApi.endpoints.business.initiate(id, UNHELD)),
    (dispatch) => dispatch(catalogApi.endpoints.products.initiate(storeProductsArgs(id, { mine: false, categoryId: '', page: 1 }), UNHELD)),
  ],
  product: (id) => [(dispatch) => dispatch(catalogApi.endpoints.product.initiate(id, UNHELD))],
  ad: (id) => [(dispatch) => dispatch(catalogApi.endpoints.ad.initiate(id, UNHELD))],
  olympiad: () => [
    (dispatch) => dispatch(olympiadApi.endpoints.olympiadContent.initiate('home', UNHELD)),
    (dispatch) => dispatch(stagesApi.endpoints.stages.initiate(undefined, UNHELD)),
  ],
  search: (_id, query) => (query.get('q')?.trim() ? [(dispatch) => dispatch(catalogApi.endpoints.search.initiate(searchArgsOf(query), UNHELD))] : []),
};

/**
 * A signed-in visitor's first screens, started from the reads the page came with answered as them
 * (shared/first-reads.ts' signed-in reads): the chat list, and a test's session, which loads its
 * attempt through the test-session saga rather than a screen's query.
 */
const SIGNED_IN_STARTS: Partial<Record<string, (id: number, store: AppStore) => Promise<unknown>>> = {
  chats: (_id, store) => store.dispatch(chatsApi.endpoints.chats.initiate(1, UNHELD)),
  'olympiad-attempt': (id, store) => openSessionEarly(store, id),
  'olympiad-attempt-essay': (id, store) => openSessionEarly(store, id),
};

/** The header's queries on every screen of someone signed in (shared/first-reads.ts' SIGNED_IN_HEADER_READS, in that order). */
const SIGNED_IN_HEADER: Start[] = [
  (dispatch) => dispatch(profileApi.endpoints.profile.initiate(undefined, UNHELD)),
  (dispatch) => dispatch(cartApi.endpoints.cart.initiate(undefined, UNHELD)),
  (dispatch) => dispatch(workspaceApi.endpoints.workspace.initiate(undefined, UNHELD)),
];

/** The first queries of `route`'s screen at `pathname` with its `search` (none when the route has none or its id is nonsense). */
export function firstQueriesOf(route: RouteEntry | null, pathname: string, search = ''): Start[] {
  if (!route || !FIRST_QUERIES[route.name]) return [];
  const id = route.entity ? routeEntityId(route, pathname) : 0;
  return id === null ? [] : FIRST_QUERIES[route.name](id, new URLSearchParams(search));
}

/** The header's queries, and the screen's own start when it has one (none when its id is nonsense). */
function signedInStarts(store: AppStore, route: RouteEntry, pathname: string): Promise<unknown>[] {
  const header = SIGNED_IN_HEADER.map((start) => start(store.dispatch));
  const screen = SIGNED_IN_STARTS[route.name];
  const id = route.entity ? routeEntityId(route, pathname) : 0;
  return screen && id !== null ? [...header, screen(id, store)] : header;
}

/**
 * When the page came with its screen's first reads, starts the screen's queries (a guest's), or its
 * signed-in start, before React draws anything: their answers are in the page, so they settle within a
 * few microtasks, and the first drawing already shows the content. Without this the screen draws its
 * skeletons first and then everything again in one blocking render when the answers land, which
 * on a slow phone is most of the blocking time and a late largest paint. Resolves when they have
 * settled; how long to wait for one that went to the network after all is the caller's patience.
 */
export function askFirstQueries(store: AppStore, route: RouteEntry | null, { pathname, search }: { pathname: string; search: string }): Promise<void> {
  if (!firstReadPaths().length || !route) return Promise.resolve();
  const asked = selectIsSignedIn(store.getState()) ? signedInStarts(store, route, pathname) : firstQueriesOf(route, pathname, search).map((start) => start(store.dispatch));
  return Promise.all(asked.map((start) => start.catch(() => undefined))).then(() => undefined);
}
