import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { api } from './api';

interface CachedQuery {
  endpointName?: string;
  originalArgs?: unknown;
  data?: unknown;
}
type Initiate = (arg: unknown, options: { forceRefetch: boolean; subscribe: boolean }) => ThunkAction<unknown, unknown, unknown, UnknownAction>;

/** An infinite query (a chat's history) keeps pages and is refetched its own way. */
const isPaged = (data: unknown) => typeof data === 'object' && data !== null && 'pages' in data && 'pageParams' in data;

/**
 * Asks the server again for the given cached queries (all held ones when no keys are given):
 * the saved-data notice's "try again" and its return online.
 */
export function refetchQueries(keys?: readonly string[]): ThunkAction<void, { api: { queries: Record<string, unknown> } }, unknown, UnknownAction> {
  return (dispatch, getState) => {
    const queries = getState().api.queries as Record<string, CachedQuery | undefined>;
    const endpoints = api.endpoints as Record<string, { initiate?: Initiate } | undefined>;
    for (const key of keys ?? Object.keys(queries)) {
      const query = queries[key];
      if (!query?.endpointName || isPaged(query.data)) continue;
      const initiate = endpoints[query.endpointName]?.initiate;
      if (initiate) void dispatch(initiate(query.originalArgs, { forceRefetch: true, subscribe: false }));
    }
  };
}
