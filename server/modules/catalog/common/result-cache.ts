import type { Db } from '../../../db/client';
import { catalogGeneration } from './catalog-changes';

interface Entry<T> {
  /** The answer, or the computation of it still running: callers asking meanwhile share it. */
  value: Promise<T>;
  expires: number;
  generation: number;
}

/**
 * Results that cost real database time and depend on nothing about the viewer
 * (search outcomes: ids, total, facets; list totals), kept for a short while
 * per key: people repeat the same searches and page through the same lists.
 * An entry dies after `ttlMs`, or at once when this process writes to the catalogue.
 * A key being computed is computed once: when a popular entry expires under load,
 * the requests that arrive meanwhile wait for that one query instead of each running it.
 */
export function resultCache<T>(db: Db, ttlMs = 30_000, maxEntries = 1000) {
  const entries = new Map<string, Entry<T>>();
  return {
    async through(key: string, compute: () => Promise<T>): Promise<T> {
      const now = Date.now();
      const generation = catalogGeneration(db);
      const hit = entries.get(key);
      if (hit && hit.expires > now && hit.generation === generation) return hit.value;
      const value = compute();
      // Oldest first: a Map keeps insertion order, so the first key is the one to drop.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.delete(key);
      const entry: Entry<T> = { value, expires: now + ttlMs, generation };
      entries.set(key, entry);
      // A failure is not remembered: the next caller tries again.
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
  };
}
