/**
 * How the offline copy of API reads stays small: at most `maxEntries` answers and `maxBytes`
 * of bodies; when a new answer pushes past either, the least recently stored go first. An
 * answer is stored again each time the page is opened online (network first), so "stored" is
 * "last used online": LRU without writing on every offline read. Pure, so it is tested alone.
 */
export interface CacheLimits {
  maxEntries: number;
  maxBytes: number;
  /** A single answer larger than this is never kept (a huge search page would evict everything). */
  maxEntryBytes: number;
}

export const API_CACHE_LIMITS: CacheLimits = { maxEntries: 200, maxBytes: 4 * 1024 * 1024, maxEntryBytes: 512 * 1024 };

export interface CacheEntryInfo {
  key: string;
  bytes: number;
  /** When the answer was stored, ms since the epoch. */
  storedAt: number;
}

/** Whether an answer of this size may be kept at all. */
export const fitsEntry = (bytes: number, limits: CacheLimits) => bytes <= limits.maxEntryBytes;

/** The keys to delete so that what is left is within the limits, oldest first; the newest entry always stays. */
export function planEviction(entries: readonly CacheEntryInfo[], limits: CacheLimits): string[] {
  const newestFirst = [...entries].sort((a, b) => b.storedAt - a.storedAt || a.key.localeCompare(b.key));
  let count = 0;
  let bytes = 0;
  // Strictly by age: once one does not fit, it and everything older go (a small old answer does not outlive a newer one).
  for (const entry of newestFirst) {
    if (count > 0 && (count + 1 > limits.maxEntries || bytes + entry.bytes > limits.maxBytes)) break;
    count += 1;
    bytes += entry.bytes;
  }
  return newestFirst.slice(count).map((entry) => entry.key);
}

/** Totals for the state page (`/pwa-test`) and the README. */
export function cacheTotals(entries: Iterable<CacheEntryInfo>): { entries: number; bytes: number } {
  let count = 0;
  let bytes = 0;
  for (const entry of entries) {
    count += 1;
    bytes += entry.bytes;
  }
  return { entries: count, bytes };
}
