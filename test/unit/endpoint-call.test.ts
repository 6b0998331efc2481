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
    /** The server's figure at the moment each request is answered, in order of sending; answers wait for `answer()`. */
    counter: build.query<number, void>({ queryFn: () => counterReads.next() }),
    shout: build.mutation<string, string>({ queryFn: (text) => (text === 'bad' ? { error: { status: 500 } } : { data: text.toUpperCase() }) }),
  }),
});

/** Requests of the counter query, each answered when the test says, with the figure the server holds then. */
const counterReads = {
  figure: 0,
  sent: 0,
  waiting: [] as Array<() => void>,
  next(): Promise<{ data: number }> {
    counterReads.sent++;
    // The server reads its figure when the request arrives, as a database would.
    const figure = counterReads.figure;
    return new Promise((resolve) => counterReads.waiting.push(() => resolve({ data: figure })));
  },
  answerAll() {
    for (const answer = counterReads.waiting.splice(0); answer.length; ) answer.shift()!();
  },
};

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

test('a fresh query call does not ride on a request sent before it: it waits that one out and asks again', async () => {
  const { run } = setup();
  Object.assign(counterReads, { figure: 1, sent: 0, waiting: [] });
  const options = { initiate: { forceRefetch: true, subscribe: false } } as const;
  const before = run(() => callEndpoint(testApi.endpoints.counter, undefined, options));
  await jest.advanceTimersByTimeAsync(0);
  // What made us ask again happened after the first request was read at the server.
  counterReads.figure = 0;
  const joined = run(() => callEndpoint(testApi.endpoints.counter, undefined, options));
  const fresh = run(() => callEndpoint(testApi.endpoints.counter, undefined, { ...options, fresh: true }));
  await jest.advanceTimersByTimeAsync(0);
  expect(counterReads.sent).toBe(1);
  counterReads.answerAll();
  // RTK Query's own behaviour, the reason for `fresh`: the plain call got the earlier request's answer.
  await expect(before).resolves.toBe(1);
  await expect(joined).resolves.toBe(1);
  await jest.advanceTimersByTimeAsync(0);
  expect(counterReads.sent).toBe(2);
  counterReads.answerAll();
  await expect(fresh).resolves.toBe(0);
});
