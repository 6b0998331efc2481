import { createApi, fetchBaseQuery, retry } from '@reduxjs/toolkit/query/react';
import type { FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { appConfig } from './app-config';
import { shouldRetry } from './retry-policy';
import { SAVED_AT_HEADER } from './offline-protocol';
import { freshDataServed, savedDataServed, type SavedDataState } from './saved-data-slice';

/** What the base query needs from the store; the store's state satisfies it. */
export interface ApiState {
  auth: { token: string | null };
  language: { current: string };
  savedData?: SavedDataState;
}

/** The headers every API call carries: who asks, in which language (the service worker's saved reads send the same). */
export function apiHeaders(state: ApiState, headers = new Headers()): Headers {
  if (state.auth.token) headers.set('authorization', `Bearer ${state.auth.token}`);
  const apiKey = appConfig().apiKey;
  if (apiKey) headers.set('x-api-key', apiKey);
  headers.set('accept-language', state.language.current);
  headers.set('accept', 'application/json');
  return headers;
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: `${appConfig().apiUrl}/v1`,
  timeout: 30_000,
  // Looked up per call, so tests and polyfills can provide fetch after this module loads.
  fetchFn: (input, init) => fetch(input, init),
  prepareHeaders: (headers, { getState }) => apiHeaders(getState() as ApiState, headers),
});

/** A query's answer from the service worker's offline copy is marked, so the page can say so (saved-data-slice.ts). */
const markedBaseQuery: typeof rawBaseQuery = async (args, queryApi, extraOptions) => {
  const result = await rawBaseQuery(args, queryApi, extraOptions);
  const key = queryApi.type === 'query' ? queryApi.queryCacheKey : undefined;
  if (!key || result.error) return result;
  const savedAt = Number(result.meta?.response?.headers.get(SAVED_AT_HEADER));
  if (savedAt > 0) queryApi.dispatch(savedDataServed({ queryCacheKey: key, savedAt }));
  else if ((queryApi.getState() as ApiState).savedData?.saved[key] !== undefined) queryApi.dispatch(freshDataServed(key));
  return result;
};

// The condition caps the attempts itself (retry() forbids maxRetries beside it).
const baseQuery = retry(markedBaseQuery, {
  retryCondition: (error, args, { attempt }) => shouldRetry(error as FetchBaseQueryError, args as string | FetchArgs, attempt),
});

/** The one API of the SPA; every feature adds its endpoints with `injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Notification', 'Profile', 'Session', 'HomeStats', 'Participant', 'OlympiadContent', 'Stage', 'Chat', 'Message', 'SupportConversation', 'Business', 'Product', 'Ad', 'Category', 'Favorite', 'Subscription', 'Attempt', 'OlympiadTest', 'Question', 'SupportQueue', 'SupportCounts', 'SupportMessages', 'SupportNote', 'CannedReply', 'SupportAgent', 'Cart', 'Order', 'Address', 'Card', 'Rating'],
  endpoints: () => ({}),
});

/** The `{ message, errors }` envelope of a failed call, if it is one. */
export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}

export function apiErrorBody(error: unknown): ApiErrorBody | null {
  const data = (error as { data?: unknown } | null)?.data;
  return typeof data === 'object' && data !== null && typeof (data as ApiErrorBody).message === 'string'
    ? (data as ApiErrorBody)
    : null;
}

/** What `requestOutsideStore` needs of the store: the state for the headers, dispatch for nothing but the type. */
interface StoreAccess {
  getState: () => unknown;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  dispatch: (action: any) => any;
}

/**
 * One call through the API's transport (base URL, headers, timeout, the `{ status, data }` error
 * shape forms read) that is not an RTK Query action: its body never enters the store, the action
 * log (Redux DevTools), a listener or a saga. For what a request must carry once and nothing may
 * keep: a card's number and CVC. Not retried: it is a write, and the user sees the outcome.
 */
export function requestOutsideStore(args: FetchArgs, store: StoreAccess, endpoint: string) {
  const controller = new AbortController();
  return rawBaseQuery(
    args,
    { signal: controller.signal, abort: () => controller.abort(), dispatch: store.dispatch, getState: store.getState, extra: undefined, endpoint, type: 'mutation' },
    {},
  );
}
