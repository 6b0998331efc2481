/**
 * @jest-environment node
 */
// Node, not jsdom: RTK Query's fetchBaseQuery needs the platform's Request and Response.
import { combineReducers, configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import type { ProductPage, ProductSummary } from '../../shared/api/catalog-products';
import { catalogApi, catalogToggleArrived, catalogToggleSynced } from '../../src/features/catalog/catalog-api';
import { api } from '../../src/services/api';

jest.mock('../../src/services/app-config', () => ({ appConfig: () => ({ apiUrl: 'http://api.test' }) }));

const product = (id: number): ProductSummary => ({
  id,
  kind: 'product',
  status: 'published',
  name: `Product ${id}`,
  price: 10_000,
  final_price: 10_000,
  discount_percent: 0,
  currency: 'RUB',
  stock: null,
  image: null,
  business: { id: 1, name: 'Shop', kind: 'store', logo: null },
  category: null,
  rating: 0,
  rating_count: 0,
  favorites_count: 2,
  is_favorite: false,
  promoted: false,
  highlighted: false,
  published_at: null,
  created_at: '2025-01-01T00:00:00.000Z',
});
const PAGE: ProductPage = { data: [product(7), product(8)], meta: { current_page: 1, per_page: 24, total: 2, last_page: 1 } };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function deferred() {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((r) => (resolve = r));
  return { promise, resolve };
}

let toggleAnswer: ReturnType<typeof deferred>;
const seen: UnknownAction[] = [];

beforeEach(() => {
  seen.length = 0;
  toggleAnswer = deferred();
  globalThis.fetch = jest.fn((input: RequestInfo | URL) => {
    const request = input as Request;
    return request.url.includes('toggle-favorite') ? toggleAnswer.promise : Promise.resolve(json(200, PAGE));
  }) as typeof fetch;
});

const recorder: Middleware = () => (next) => (action) => {
  seen.push(action as UnknownAction);
  return next(action);
};

async function storeWithList() {
  const store = configureStore({
    reducer: combineReducers({
      [api.reducerPath]: api.reducer,
      auth: (state = { token: 'token' }) => state,
      language: (state = { current: 'en' }) => state,
    }),
    middleware: (d) =>
      d()
        .concat(api.middleware)
        .concat(recorder),
  });
  await store.dispatch(catalogApi.endpoints.products.initiate({ list: 'popular' }));
  const card = (id: number) => catalogApi.endpoints.products.select({ list: 'popular' })(store.getState()).data?.data.find((p) => p.id === id);
  return { store, card };
}

test('the heart is on before the server answers and the server count replaces the guess', async () => {
  const { store, card } = await storeWithList();
  const done = store.dispatch(catalogApi.endpoints.toggleFavorite.initiate({ type: 'product', id: 7, favorite: true }));
  await new Promise((r) => setTimeout(r, 0));
  expect(card(7)).toMatchObject({ is_favorite: true, favorites_count: 3 });
  expect(card(8)).toMatchObject({ is_favorite: false, favorites_count: 2 });

  toggleAnswer.resolve(json(200, { data: { type: 'product', id: 7, is_favorite: true, favorites_count: 10 } }));
  await done;
  expect(card(7)).toMatchObject({ is_favorite: true, favorites_count: 10 });
  // The other tabs hear about it.
  expect(seen.filter(catalogToggleSynced.match).map((a) => a.payload)).toEqual([{ kind: 'favorite', type: 'product', id: 7, value: true, count: 10 }]);
});

test('a refused toggle puts the heart back and tells no other tab', async () => {
  const { store, card } = await storeWithList();
  const done = store.dispatch(catalogApi.endpoints.toggleFavorite.initiate({ type: 'product', id: 7, favorite: true }));
  await new Promise((r) => setTimeout(r, 0));
  expect(card(7)?.is_favorite).toBe(true);
  toggleAnswer.resolve(json(404, { message: 'Not found' }));
  await done;
  expect(card(7)).toMatchObject({ is_favorite: false, favorites_count: 2 });
  expect(seen.filter(catalogToggleSynced.match)).toEqual([]);
});

test('a toggle from another tab is applied to this tab’s copies', async () => {
  const { store, card } = await storeWithList();
  store.dispatch(catalogToggleArrived({ kind: 'favorite', type: 'product', id: 8, value: true, count: 5 }));
  expect(card(8)).toMatchObject({ is_favorite: true, favorites_count: 5 });
  // A business with the same id is a different thing: the product stays as it is.
  store.dispatch(catalogToggleArrived({ kind: 'favorite', type: 'business', id: 7, value: true, count: 1 }));
  expect(card(7)).toMatchObject({ is_favorite: false });
});
