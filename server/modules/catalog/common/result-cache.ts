import type { Db } from '../../../db/client';
import { catalogGeneration } from './catalog-changes';

interface Entry<T> {
  value: T;
  expires: number;
  generation: number;
}

/**
 * Results that cost real database time and depend on nothing about the viewer
 * (search outcomes: ids, total, facets; list totals), kept for a short while
 * per key: people repeat the same searches and page through the same lists.
 * An entry dies after `ttlMs`, or at once when this process writes to the catalogue.
 */
export function resultCache<T>(db: Db, ttlMs = 30_000, maxEntries = 1000) {
  const entries = new Map<string, Entry<T>>();
  return {
    async through(key: string, compute: () => Promise<T>): Promise<T> {
      const now = Date.now();
      const generation = catalogGeneration(db);
      const hit = entries.get(key);
      if (hit && hit.expires > now && hit.generation === generation) return hit.value;
      const value = await compute();
      // Oldest first: a Map keeps insertion order, so the first key is the one to drop.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.delete(key);
      entries.set(key, { value, expires: now + ttlMs, generation });
      return value;
    },
  };
}
