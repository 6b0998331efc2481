/**
 * What the page and the service worker (src/sw) say to each other. Kept in one small module
 * both import, so neither side spells a header or a message type of its own.
 */

/** On an API answer served from the offline copy: when it was saved (ms since the epoch). */
export const SAVED_AT_HEADER = 'x-bazaar-saved-at';

/** `<html data-offline="unsaved">`: the worker served the app for a page never opened online. */
export const OFFLINE_MARK = 'unsaved';

/** Messages to the worker. */
export type WorkerRequest =
  | { type: 'SKIP_WAITING' }
  | { type: 'PAGE_OPENED'; path: string }
  | { type: 'CLEAR_API_CACHE' }
  | { type: 'CACHE_STATS' }
  /** API reads the page made before the worker controlled it, with the headers it sent: the worker asks them again and saves them. */
  | { type: 'SAVE_READS'; reads: SavedRead[] };

export interface SavedRead {
  url: string;
  headers: Record<string, string>;
}

/** The worker's answer to CACHE_STATS (on the message's port), for the state page. */
export interface CacheStats {
  version: string;
  caches: Array<{ name: string; entries: number; bytes: number | null }>;
}
