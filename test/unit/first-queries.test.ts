/**
 * @jest-environment node
 */
// Node, not jsdom: RTK Query's fetchBaseQuery needs the platform's Request and Response.
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { firstReadsOf, signedInFirstReadsOf, SIGNED_IN_HEADER_READS } from '../../shared/first-reads';
import { matchRoute, routeEntityId } from '../../shared/routes';
import { askFirstQueries, firstQueriesOf } from '../../src/app/first-queries';
import type { AppDispatch, AppStore } from '../../src/app/store';
import { catalogApi } from '../../src/features/catalog/catalog-api';
import { api } from '../../src/services/api';

jest.mock('../../src/services/app-config', () => ({ appConfig: () => ({ apiUrl: 'http://api.test' }) }));

// The page a guest gets for /products/7 comes with that product (server/plugins/spa.ts).
const PRODUCT = { data: { id: 7, name: 'Колонка', images: [] } };
const block = { textContent: JSON.stringify({ '/v1/products/7': PRODUCT }) };
Object.assign(globalThis, { document: { getElementById: (id: string) => (id === 'first-reads' ? block : null) } });

let asked: string[] = [];
beforeEach(() => {
  asked = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL((input as Request).url);
    asked.push(url.pathname + url.search);
    return new Response(JSON.stringify({ data: [] }), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
});

const stores: { dispatch: (action: unknown) => unknown }[] = [];
// Unheld entries wait a minute before RTK Query drops them; a reset clears those timers.
afterEach(() => stores.splice(0).forEach((store) => store.dispatch(api.util.resetApiState())));

const guestStore = (auth: { token: string | null; userId?: number } = { token: null }) => {
  const store = configureStore({
    reducer: combineReducers({
      [api.reducerPath]: api.reducer,
      auth: (state = auth) => state,
      language: (state = { current: 'ru' }) => state,
    }),
    middleware: (d) => d({ serializableCheck: false }).concat(api.middleware),
  });
  stores.push(store);
  return store;
};

test("a guest's product page has its product in the cache before it first draws, without a request", async () => {
  const store = guestStore();
  await askFirstQueries(store as unknown as AppStore, matchRoute('/products/7'), { pathname: '/products/7', search: '' });
  expect(catalogApi.endpoints.product.select(7)(store.getState()).data).toMatchObject({ id: 7, name: 'Колонка' });
  expect(asked).toEqual([]);
});

test.each(['/', '/home', '/stores/7', '/products/7', '/ads/7', '/olympiad', '/search?q=смартфон', '/search?q=red+shoes&type=product,ad&price_min=10&page=2&sort=price'])(
  'the queries started before %s draws ask exactly the reads the server puts in its page',
  async (address) => {
    const store = guestStore();
    const dispatch = store.dispatch as AppDispatch;
    const [pathname, search = ''] = address.split('?');
    const route = matchRoute(pathname)!;
    await Promise.all(firstQueriesOf(route, pathname, search).map((start) => start(dispatch)));
    const expected = firstReadsOf(route.name, route.entity ? routeEntityId(route, pathname) : null, new URLSearchParams(search));
    expect(expected.length).toBeGreaterThan(0);
    // (The page's one read was taken by the test above: every read here reaches the stand-in network.)
    expect([...asked].sort()).toEqual([...expected].sort());
  },
);

test('a screen without first reads, or a nonsense id, starts nothing', () => {
  const queriesAt = (pathname: string, search = '') => firstQueriesOf(matchRoute(pathname), pathname, search);
  expect(queriesAt('/chats')).toEqual([]);
  expect(queriesAt('/search', 'q=+')).toEqual([]);
  expect(queriesAt('/products/007')).toEqual([]);
  expect(queriesAt('/no-such-page')).toEqual([]);
});

test.each(['/products/7', '/chats'])("someone signed in on %s has the header's reads and the screen's own asked before the first drawing, as the server puts them in the page", async (pathname) => {
  const store = guestStore({ token: 'session-token', userId: 5 });
  await askFirstQueries(store as unknown as AppStore, matchRoute(pathname), { pathname, search: '' });
  const route = matchRoute(pathname)!;
  // The page's block here is a guest's: every read made with a session reaches the stand-in network.
  expect([...asked].sort()).toEqual([...signedInFirstReadsOf(route.name, null)].sort());
  expect(asked).toEqual(expect.arrayContaining(SIGNED_IN_HEADER_READS));
});
