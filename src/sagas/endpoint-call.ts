import type { ThunkAction, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { call, getContext, select, type Effect } from 'redux-saga/effects';

/*
 * Thunks from sagas. redux-saga's `put` is typed for plain actions only, so a
 * thunk (an RTK Query initiate or cache update) went through `put` with a
 * cast and its result came back as `unknown`. Here the store's own dispatch,
 * handed to the saga middleware as context when the store is made, runs the
 * thunk and gives its result back typed.
 */

const DISPATCH = 'dispatch';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- RTK Query's thunks name their own slice of the state (or any); the store's is wider
type AnyState = any;

/** The store's dispatch as the sagas need it: plain actions and thunks. */
export type SagaDispatch = ThunkDispatch<AnyState, unknown, UnknownAction>;

/** The saga middleware's context for a store: `sagaMiddleware.setContext(sagaContext(store.dispatch))` before `run`. */
export const sagaContext = (dispatch: SagaDispatch) => ({ [DISPATCH]: dispatch });

/**
 * Dispatches a thunk through the store and returns what it returned, as is:
 * delegate with `yield*`, since `call` would wait for a returned promise
 * (an RTK Query request is one) and hand back its result instead.
 */
export function* dispatchThunk<R>(thunk: ThunkAction<R, AnyState, unknown, UnknownAction>): Generator<Effect, R, unknown> {
  const dispatch = (yield getContext(DISPATCH)) as SagaDispatch | undefined;
  if (!dispatch) throw new Error('dispatchThunk: the saga middleware has no store dispatch in its context (see sagaContext)');
  return dispatch(thunk);
}

/** What an RTK Query `initiate` gives back, as far as the helper uses it. */
interface EndpointRequest<Result> {
  unwrap(): Promise<Result>;
  /** This dispatch's own id; a query that joined a request in flight is not the one in the store. */
  requestId?: string;
  /** A query's subscription to its cache entry. */
  unsubscribe?(): void;
  /** A tracked mutation's entry in the store. */
  reset?(): void;
}

/** A query or mutation endpoint (`api.endpoints.x`). */
interface Endpoint<Arg, Result, Options> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as RTK Query declares its initiate thunks
  initiate(arg: Arg, options?: Options): ThunkAction<EndpointRequest<Result>, any, any, UnknownAction>;
  /** A query's: the selector of its cache entry for an argument (a mutation's takes a request id instead). */
  select?: unknown;
}

/** A query endpoint's `select`, as a fresh call reads it. */
type EntrySelector<Arg> = (arg: Arg) => (state: unknown) => { requestId?: string };

export type Settled<Result> = { data: Result; error?: undefined } | { data?: undefined; error: unknown };

export interface EndpointCallOptions<Options> {
  /** The endpoint's own initiate options (`forceRefetch`, `subscribe`, `track`…). */
  initiate?: Options;
  /** Answer `{ data }` or `{ error }` instead of throwing: for calls whose failure changes nothing here. */
  settle?: boolean;
  /**
   * For queries: the answer must come from a request sent now (so never from the cache: `forceRefetch`
   * is implied). RTK Query joins a request already in flight for the same argument, and that one's
   * answer may predate what made us ask (an event that overtook it, a reconnect): it is let end, and we ask again.
   */
  fresh?: boolean;
}

/**
 * Calls an RTK Query endpoint from a saga (its base URL, token, language and
 * cache invalidation) and waits for the answer: the data, or the endpoint's
 * error thrown. Whatever the call left in the store is let go afterwards —
 * a query's subscription, a tracked mutation's entry — so a saga's calls
 * never keep cache entries alive.
 *
 * Fire-and-forget: `yield spawn(callEndpoint, endpoint, arg, { settle: true })`.
 */
export function callEndpoint<Arg, Result, Options>(
  endpoint: Endpoint<Arg, Result, Options>,
  arg: Arg,
  options?: EndpointCallOptions<Options> & { settle?: false },
): Generator<Effect, Result, unknown>;
// Last, so `call`/`spawn` (which read the last signature) accept the settled form.
export function callEndpoint<Arg, Result, Options>(
  endpoint: Endpoint<Arg, Result, Options>,
  arg: Arg,
  options: EndpointCallOptions<Options> & { settle: true },
): Generator<Effect, Settled<Result>, unknown>;
export function* callEndpoint<Arg, Result, Options>(
  endpoint: Endpoint<Arg, Result, Options>,
  arg: Arg,
  options: EndpointCallOptions<Options> = {},
): Generator<Effect, Result | Settled<Result>, unknown> {
  const request = yield* send(endpoint, arg, options);
  try {
    const data = (yield call([request, request.unwrap])) as Result;
    return options.settle ? { data } : data;
  } catch (error) {
    if (options.settle) return { error };
    throw error;
  } finally {
    request.unsubscribe?.();
    request.reset?.();
  }
}

/** Dispatches the endpoint's initiate; a fresh call that found a request in flight waits it out and dispatches again. */
function* send<Arg, Result, Options>(
  endpoint: Endpoint<Arg, Result, Options>,
  arg: Arg,
  options: EndpointCallOptions<Options>,
): Generator<Effect, EndpointRequest<Result>, unknown> {
  // Without forceRefetch a cached answer would also come from another request than ours, and the loop would not end.
  const initiate = options.fresh ? ({ ...options.initiate, forceRefetch: true } as Options) : options.initiate;
  while (true) {
    const request = yield* dispatchThunk(endpoint.initiate(arg, initiate));
    if (!options.fresh || !endpoint.select) return request;
    const entry = (yield select((endpoint.select as EntrySelector<Arg>)(arg))) as { requestId?: string };
    if (entry.requestId === request.requestId) return request;
    yield call(() => request.unwrap().catch(() => undefined));
    request.unsubscribe?.();
  }
}
