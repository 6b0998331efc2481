import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * Which of the API's cached queries hold an answer the service worker served from its offline
 * copy, and when that copy was saved. The base query (api.ts) writes it: an answer carrying
 * the worker's saved-at header marks its query, a fresh answer for a marked query clears it.
 */
export interface SavedDataState {
  saved: Record<string, number>;
}

const initialState: SavedDataState = { saved: {} };

const savedDataSlice = createSlice({
  name: 'savedData',
  initialState,
  reducers: {
    savedDataServed(state, action: PayloadAction<{ queryCacheKey: string; savedAt: number }>) {
      state.saved[action.payload.queryCacheKey] = action.payload.savedAt;
    },
    freshDataServed(state, action: PayloadAction<string>) {
      delete state.saved[action.payload];
    },
  },
});

export const { savedDataServed, freshDataServed } = savedDataSlice.actions;
export const savedDataReducer = savedDataSlice.reducer;

interface QueryCacheView {
  queries: Record<string, unknown>;
  subscriptions?: Record<string, Record<string, unknown> | undefined>;
}
type WithSaved = { savedData: SavedDataState; api: QueryCacheView };

/** The saved queries a screen on display still uses. */
export function selectShownSavedKeys(state: WithSaved): string[] {
  return Object.keys(state.savedData.saved).filter((key) => {
    if (!state.api.queries[key]) return false;
    const subscribers = state.api.subscriptions?.[key];
    return subscribers === undefined || Object.keys(subscribers).length > 0;
  });
}

/** When the oldest saved answer on screen was saved, or null when everything shown is fresh. */
export function selectOldestShownSavedAt(state: WithSaved): number | null {
  const times = selectShownSavedKeys(state).map((key) => state.savedData.saved[key]);
  return times.length ? Math.min(...times) : null;
}
