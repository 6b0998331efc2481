import { LRUCache } from 'lru-cache';
import type { Db } from '../../../db/client';
import { catalogGeneration } from './catalog-changes';

export interface ResultCacheOptions<T> {
  ttlMs?: number;
  maxEntries?: number;
  /** How much an answer weighs (rows, say); with `maxWeight`, the least recently used answers go when the total is over. */
  weigh?: (value: T) => number;
  maxWeight?: number;
  /** The clock for time to live, for tests (milliseconds; `performance.now()` by default). */
  now?: () => number;
}

/** lru-cache drops `undefined` values, and "no such card" is an answer worth keeping. */
interface Box<T> {
  value: T;
}

/**
 * Results that cost real database time and depend on nothing about the viewer
 * (search match sets and pages, list totals), kept for a short while per key:
 * people repeat the same searches and page through the same lists. An entry dies
 * after `ttlMs`, at once when any API process writes to the catalogue, or when it is
 * the least recently used one and the entries or their weight are over budget (an
 * answer heavier than the whole budget is not kept: it would push out everything
 * else). A key being computed is computed once: when a popular entry expires under
 * load, the requests that arrive meanwhile share that one query.
 */
export function resultCache<T>(db: Db, { ttlMs = 30_000, maxEntries = 1000, weigh, maxWeight = Infinity, now }: ResultCacheOptions<T> = {}) {
  const weighed = weigh && Number.isFinite(maxWeight);
  const cache = new LRUCache<string, Box<T>, () => Promise<T>>({
    max: maxEntries,
    ttl: ttlMs,
    ...(now ? { perf: { now }, ttlResolution: 0 } : {}),
    ...(weighed ? { maxSize: maxWeight, sizeCalculation: (box: Box<T>) => Math.max(1, weigh(box.value)) } : {}),
    fetchMethod: async (_key, _stale, { context }) => ({ value: await context() }),
    // A change (here or, through notices, in another process) clears the cache mid-computation: the
    // callers still get the answer they waited for, and it is not kept (it may predate the change).
    ignoreFetchAbort: true,
  });
  let generation = catalogGeneration(db);

  /** A write to the catalogue by this process makes everything kept stale. */
  function dropIfStale() {
    const current = catalogGeneration(db);
    if (current === generation) return;
    generation = current;
    cache.clear();
  }

  /** Keys whose computation is running, so a batch does not compute them a second time. */
  const running = new Set<string>();

  // A failed computation is not kept (lru-cache forgets a rejected fetch): the next caller tries again.
  async function through(key: string, compute: () => Promise<T>): Promise<T> {
    // A kept answer comes straight back; a computation still running is joined through fetch below.
    const kept = cache.get(key);
    if (kept) return kept.value;
    running.add(key);
    try {
      return ((await cache.fetch(key, { context: compute })) as Box<T>).value;
    } finally {
      running.delete(key);
    }
  }

  return {
    through(key: string, compute: () => Promise<T>): Promise<T> {
      dropIfStale();
      return through(key, compute);
    },

    /** Many keys at once: the ones not kept (nor being computed) are computed together by one call of `computeMissing`. */
    async throughMany(keys: string[], computeMissing: (missing: string[]) => Promise<Map<string, T>>): Promise<T[]> {
      dropIfStale();
      const unique = [...new Set(keys)];
      const missing = unique.filter((key) => !cache.has(key) && !running.has(key));
      const batch = missing.length ? computeMissing(missing) : null;
      const values = new Map(unique.map((key) => [key, through(key, async () => (await batch!).get(key) as T)]));
      return Promise.all(keys.map((key) => values.get(key)!));
    },
  };
}
