import type { Db } from '../../../db/client';
import { catalogGeneration } from './catalog-changes';

interface Entry<T> {
  /** The answer, or the computation of it still running: callers asking meanwhile share it. */
  value: Promise<T>;
  expires: number;
  generation: number;
  /** What the answer counts against `maxWeight` once it is known. */
  weight: number;
}

export interface ResultCacheOptions<T> {
  ttlMs?: number;
  maxEntries?: number;
  /** How much an answer weighs (rows, say); with `maxWeight`, the oldest answers go when the total is over. */
  weigh?: (value: T) => number;
  maxWeight?: number;
}

/**
 * Results that cost real database time and depend on nothing about the viewer
 * (search match sets and pages, list totals), kept for a short while
 * per key: people repeat the same searches and page through the same lists.
 * An entry dies after `ttlMs`, or at once when this process writes to the catalogue.
 * A key being computed is computed once: when a popular entry expires under load,
 * the requests that arrive meanwhile wait for that one query instead of each running it.
 */
export function resultCache<T>(db: Db, { ttlMs = 30_000, maxEntries = 1000, weigh, maxWeight = Infinity }: ResultCacheOptions<T> = {}) {
  const entries = new Map<string, Entry<T>>();
  let totalWeight = 0;

  function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    totalWeight -= entry.weight;
    entries.delete(key);
  }

  // Oldest first: a Map keeps insertion order, so the first key is the one to drop.
  function trim(keep: string) {
    for (const key of entries.keys()) {
      if (entries.size <= maxEntries && totalWeight <= maxWeight) return;
      if (key !== keep) drop(key);
    }
  }

  const fresh = (entry: Entry<T> | undefined, now: number, generation: number): entry is Entry<T> =>
    Boolean(entry && entry.expires > now && entry.generation === generation);

  function remember(key: string, value: Promise<T>, now: number, generation: number) {
    drop(key);
    const entry: Entry<T> = { value, expires: now + ttlMs, generation, weight: 0 };
    entries.set(key, entry);
    trim(key);
    value.then(
      (result) => {
        if (entries.get(key) !== entry || !weigh) return;
        entry.weight = weigh(result);
        totalWeight += entry.weight;
        trim(key);
      },
      // A failure is not remembered: the next caller tries again.
      () => {
        if (entries.get(key) === entry) drop(key);
      },
    );
  }

  return {
    async through(key: string, compute: () => Promise<T>): Promise<T> {
      const now = Date.now();
      const generation = catalogGeneration(db);
      const hit = entries.get(key);
      if (fresh(hit, now, generation)) return hit.value;
      const value = compute();
      remember(key, value, now, generation);
      return value;
    },

    /** Many keys at once: the ones not kept are computed together by one call of `computeMissing`. */
    async throughMany(keys: string[], computeMissing: (missing: string[]) => Promise<Map<string, T>>): Promise<T[]> {
      const now = Date.now();
      const generation = catalogGeneration(db);
      const values = new Map<string, Promise<T>>();
      const missing: string[] = [];
      for (const key of new Set(keys)) {
        const hit = entries.get(key);
        if (fresh(hit, now, generation)) values.set(key, hit.value);
        else missing.push(key);
      }
      if (missing.length) {
        const batch = computeMissing(missing);
        for (const key of missing) {
          const value = batch.then((found) => found.get(key) as T);
          values.set(key, value);
          remember(key, value, now, generation);
        }
      }
      return Promise.all(keys.map((key) => values.get(key) as Promise<T>));
    },
  };
}
