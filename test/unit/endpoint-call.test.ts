import { configureStore } from '@reduxjs/toolkit';
import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query';
import createSagaMiddleware, { runSaga } from 'redux-saga';
import { callEndpoint, dispatchThunk, sagaContext } from '../../src/sagas/endpoint-call';

interface Refusal {
  status: number;
}

/** A stand-in API answering from memory: no network, same RTK Query machinery. */
const testApi = createApi({
  baseQuery: fakeBaseQuery<Refusal>(),
  // Short, so a released subscription lets the entry go within the test's fake time.
  keepUnusedDataFor: 5,
  endpoints: (build) => ({
    double: build.query<number, number>({ queryFn: (n) => (n < 0 ? { error: { status: 422 } } : { data: n * 2 }) }),
    shout: build.mutation<string, string>({ queryFn: (text) => (text === 'bad' ? { error: { status: 500 } } : { data: text.toUpperCase() }) }),
  }),
});

function setup() {
  // The failures asserted here are the point, not something to log.
  const sagas = createSagaMiddleware({ onError: () => undefined });
  const store = configureStore({
    reducer: { [testApi.reducerPath]: testApi.reducer },
    middleware: (d) => d().concat(testApi.middleware, sagas),
  });
  sagas.setContext(sagaContext(store.dispatch));
  const run = <T>(saga: () => Generator<unknown, T, unknown>) => sagas.run(saga).toPromise() as Promise<T>;
  const cached = () => Object.keys(store.getState().api.queries);
  const mutations = () => Object.keys(store.getState().api.mutations);
  return { store, run, cached, mutations };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('a query answers its data, and its subscription is let go (the entry expires like an unused one)', async () => {
  const { store, run, cached } = setup();
  await expect(run(() => callEndpoint(testApi.endpoints.double, 21))).resolves.toBe(42);
  expect(cached()).toEqual(['double(21)']);
  // For contrast, a plain dispatch keeps its subscription, so its entry stays.
  await store.dispatch(testApi.endpoints.double.initiate(1));
  await jest.advanceTimersByTimeAsync(5_000);
  expect(cached()).toEqual(['double(1)']);
});

test('a failing query throws the endpoint error and still lets its subscription go', async () => {
  const { run, cached } = setup();
  await expect(run(() => callEndpoint(testApi.endpoints.double, -1))).rejects.toEqual({ status: 422 });
  await jest.advanceTimersByTimeAsync(5_000);
  expect(cached()).toEqual([]);
});

test('a mutation answers its data and leaves no tracked entry behind', async () => {
  const { run, mutations } = setup();
  await expect(run(() => callEndpoint(testApi.endpoints.shout, 'hi'))).resolves.toBe('HI');
  expect(mutations()).toEqual([]);
  await expect(run(() => callEndpoint(testApi.endpoints.shout, 'bad'))).rejects.toEqual({ status: 500 });
  expect(mutations()).toEqual([]);
});

test('settled, the answer is { data } or { error } and nothing is thrown', async () => {
  const { run, mutations } = setup();
  await expect(run(() => callEndpoint(testApi.endpoints.shout, 'hi', { settle: true }))).resolves.toEqual({ data: 'HI' });
  await expect(run(() => callEndpoint(testApi.endpoints.shout, 'bad', { settle: true }))).resolves.toEqual({ error: { status: 500 } });
  await expect(run(() => callEndpoint(testApi.endpoints.double, -1, { settle: true }))).resolves.toEqual({ error: { status: 422 } });
  expect(mutations()).toEqual([]);
});

test("the endpoint's own options reach its initiate", async () => {
  const { run } = setup();
  const initiate = jest.spyOn(testApi.endpoints.double, 'initiate');
  await run(() => callEndpoint(testApi.endpoints.double, 2, { initiate: { forceRefetch: true, subscribe: false } }));
  expect(initiate).toHaveBeenCalledWith(2, { forceRefetch: true, subscribe: false });
  initiate.mockRestore();
});

test('dispatchThunk returns what the thunk returned; without the store dispatch in context it says so', async () => {
  const { run } = setup();
  await expect(run(() => dispatchThunk(() => 'done'))).resolves.toBe('done');
  const bare = runSaga({ dispatch: () => undefined, getState: () => ({}), onError: () => undefined }, () => dispatchThunk(() => 'done')).toPromise();
  await expect(bare).rejects.toThrow(/no store dispatch/);
});
