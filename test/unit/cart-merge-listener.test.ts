/**
 * @jest-environment node
 */
// Node, not jsdom: RTK Query's fetchBaseQuery needs the platform's Request and Response.
import { combineReducers, configureStore, type UnknownAction } from '@reduxjs/toolkit';
import { cartApi, cartSynced } from '../../src/components/cart/cart-api';
import { guestCartReducer, guestCartReplaced } from '../../src/components/cart/guest-cart-slice';
import { cartListeners } from '../../src/features/cart/cart-listeners';
import { cartWriteApi } from '../../src/features/cart/cart-write-api';
import { api } from '../../src/services/api';
import { authReducer, signedIn } from '../../src/session/session-slice';
import { cartGroup, cartItem, cartOf} from './orders-fixtures';
import { recorder } from './support/record-actions';

jest.mock('../../src/services/app-config', () => ({ appConfig: () => ({ apiUrl: 'http://api.test' }) }));

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let requests: Array<{ method: string; url: string; body: unknown }> = [];
let answer: (request: Request) => Response;

beforeEach(() => {
  requests = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const request = input as Request;
    const text = await request.clone().text();
    requests.push({ method: request.method, url: new URL(request.url).pathname, body: text ? JSON.parse(text) : undefined });
    return answer(request);
  }) as typeof fetch;
});

// The cache's unused-data timers end with each test.
const stores: Array<{ dispatch: (action: UnknownAction) => unknown }> = [];
afterEach(() => stores.splice(0).forEach((store) => store.dispatch(api.util.resetApiState())));

function tab() {
  const seen: UnknownAction[] = [];
  const store = configureStore({
    reducer: combineReducers({ [api.reducerPath]: api.reducer, auth: authReducer, language: (state = { current: 'en' }) => state, guestCart: guestCartReducer }),
    middleware: (d) =>
      d()
        .prepend(cartListeners.middleware)
        .concat(api.middleware, recorder(seen)),
  });
  stores.push(store);
  const cart = () => cartApi.endpoints.cart.select()(store.getState()).data;
  return { store, seen, cart };
}

const bread = { product_id: 5, quantity: 2, name: 'Bread', unit_price: 10_000, currency: 'RUB', stock: null, business: { id: 1, name: 'Bakery' }, image: null };
const milk = { ...bread, product_id: 6, quantity: 1, name: 'Milk' };
const merged = cartOf([cartGroup(1, 'Bakery', [cartItem(1, { product_id: 5, quantity: 3, line_total: 150_000 })])]);
const session = { token: 'token', userId: 7 };

// Waits for the listener's request and its answer, however many ticks they take.
const settle = async () => {
  for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};

test("signing in sends the guest's cart once, stores the merged cart, clears the local one and names what could not be added", async () => {
  answer = () => json(200, { data: merged, skipped: [6] });
  const { store, seen, cart } = tab();
  store.dispatch(guestCartReplaced([bread, milk]));
  store.dispatch(signedIn(session));
  await settle();

  expect(requests).toEqual([{ method: 'POST', url: '/v1/cart/merge', body: { items: [{ product_id: 5, quantity: 2 }, { product_id: 6, quantity: 1 }] } }]);
  expect(cart()?.items_count).toBe(3);
  expect(store.getState().guestCart).toEqual({ lines: [], skipped: ['Milk'] });
  // The merged cart goes to the other tabs too (the cross-tab saga relays cartSynced).
  expect(seen.filter((action) => cartSynced.match(action)).map((action) => action.payload)).toEqual([merged]);
});

test('a failed merge keeps the guest cart for the next sign-in', async () => {
  answer = () => json(500, { message: 'Server error' });
  const { store } = tab();
  store.dispatch(guestCartReplaced([bread]));
  store.dispatch(signedIn(session));
  await settle();
  expect(store.getState().guestCart.lines).toEqual([bread]);
});

test('a sign-in replayed from another tab does not merge again, and an empty guest cart sends nothing', async () => {
  answer = () => json(200, { data: merged, skipped: [] });
  const other = tab();
  other.store.dispatch(guestCartReplaced([bread]));
  other.store.dispatch({ ...signedIn(session), meta: { fromOtherTab: true } });
  const empty = tab();
  empty.store.dispatch(signedIn(session));
  await settle();
  expect(requests).toEqual([]);
});

test("another tab's cart is stored as this tab's at once, and not sent back", () => {
  const { store, seen, cart } = tab();
  store.dispatch({ ...cartSynced(merged), meta: { fromOtherTab: true } });
  expect(cart()).toEqual(merged);
  expect(seen.filter((action) => cartSynced.match(action))).toHaveLength(1);
});

test('accepting the changes stores the answered cart, without a refetch', async () => {
  const accepted = cartOf([cartGroup(1, 'Bakery', [cartItem(1, { unit_price: 60_000, seen_price: 60_000, line_total: 60_000 })])]);
  answer = () => json(200, { data: accepted });
  const { store, cart } = tab();
  await store.dispatch(cartWriteApi.endpoints.acceptCartChanges.initiate());
  expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /v1/cart/accept-changes']);
  expect(cart()).toEqual(accepted);
  expect(cart()?.has_problems).toBe(false);
});

test('a quantity of 0 removes the line (PUT), and the answer is the cart', async () => {
  answer = () => json(200, { data: cartOf([]) });
  const { store, cart } = tab();
  await store.dispatch(cartWriteApi.endpoints.updateCartItem.initiate({ id: 4, quantity: 0 }));
  expect(requests).toEqual([{ method: 'PUT', url: '/v1/cart/items/4', body: { quantity: 0 } }]);
  expect(cart()?.items_count).toBe(0);
});

test('a cart fetched in this tab (after checkout, say) is told to the other tabs too', async () => {
  answer = () => json(200, { data: merged });
  const { store, seen } = tab();
  const subscription = store.dispatch(cartApi.endpoints.cart.initiate());
  await subscription;
  subscription.unsubscribe();
  expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /v1/cart']);
  expect(seen.filter((action) => cartSynced.match(action)).map((action) => action.payload)).toEqual([merged]);
});

test('a cart read that the sign-in merge overtakes is read again, so every tab ends on the merged cart', async () => {
  // The server's cart: what a read sees depends on when it arrives, not when it is answered.
  let serverCart = cartOf([]);
  answer = (request) => {
    if (request.method === 'GET') return json(200, { data: serverCart });
    serverCart = merged;
    return json(200, { data: merged, skipped: [] });
  };
  let releaseFirstRead!: () => void;
  const firstReadHeld = new Promise<void>((resolve) => (releaseFirstRead = resolve));
  const plainFetch = globalThis.fetch;
  let reads = 0;
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    if ((input as Request).method !== 'GET' || ++reads > 1) return plainFetch(input);
    // The badge's read leaves as the page signs in, and is answered last, with the cart before the merge.
    const response = await plainFetch(input);
    await firstReadHeld;
    return response;
  }) as typeof fetch;
  const { store, seen, cart } = tab();
  store.dispatch(guestCartReplaced([bread]));
  const read = store.dispatch(cartApi.endpoints.cart.initiate());
  store.dispatch(signedIn(session));
  await settle();
  releaseFirstRead();
  await settle();
  read.unsubscribe();
  expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /v1/cart', 'POST /v1/cart/merge', 'GET /v1/cart']);
  expect(cart()).toEqual(merged);
  // The other tabs were told the merged cart last.
  expect(seen.filter((action) => cartSynced.match(action)).at(-1)?.payload).toEqual(merged);
});
