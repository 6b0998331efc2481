import type { Db } from '../../../server/db/client';
import { catalogChanged } from '../../../server/modules/catalog/common/catalog-changes';
import { resultCache } from '../../../server/modules/catalog/common/result-cache';

// The cache only uses the database object as a key for its write counter.
const fakeDb = () => ({}) as unknown as Db;

test('callers asking for a key while it is being computed share the one computation', async () => {
  const cache = resultCache<number>(fakeDb());
  let runs = 0;
  let finish: (value: number) => void = () => undefined;
  const compute = () => {
    runs++;
    return new Promise<number>((resolve) => (finish = resolve));
  };
  const waiting = Array.from({ length: 20 }, () => cache.through('ботинки', compute));
  finish(42);
  expect(await Promise.all(waiting)).toEqual(Array(20).fill(42));
  expect(runs).toBe(1);
  expect(await cache.through('ботинки', compute)).toBe(42);
  expect(runs).toBe(1);
});

test('a failed computation is not remembered, and a catalogue write drops what was kept', async () => {
  const db = fakeDb();
  const cache = resultCache<string>(db);
  await expect(cache.through('k', () => Promise.reject(new Error('database went away')))).rejects.toThrow('database went away');
  expect(await cache.through('k', async () => 'first')).toBe('first');
  expect(await cache.through('k', async () => 'second')).toBe('first');
  catalogChanged(db);
  expect(await cache.through('k', async () => 'after the write')).toBe('after the write');
});

test('a catalogue write during a computation: its callers still get the answer, which is not kept', async () => {
  const db = fakeDb();
  const cache = resultCache<string>(db);
  let finish: (value: string) => void = () => undefined;
  const waiting = [1, 2].map(() => cache.through('k', () => new Promise<string>((resolve) => (finish = resolve))));
  catalogChanged(db);
  // The next caller sees the write (its own computation), while the earlier ones still wait for theirs.
  const after = cache.through('k', async () => 'after the write');
  finish('before the write');
  expect(await Promise.all(waiting)).toEqual(['before the write', 'before the write']);
  expect(await after).toBe('after the write');
  expect(await cache.through('k', async () => 'again')).toBe('after the write');
});

test('an entry lives for its time to live only', async () => {
  let clock = 1_000_000;
  const cache = resultCache<string>(fakeDb(), { ttlMs: 30_000, now: () => clock });
  expect(await cache.through('k', async () => 'old')).toBe('old');
  clock += 29_000;
  expect(await cache.through('k', async () => 'new')).toBe('old');
  clock += 2_000;
  expect(await cache.through('k', async () => 'new')).toBe('new');
});

test('with a weight budget the least recently used answers make room; one heavier than the whole budget is not kept', async () => {
  const cache = resultCache<number[]>(fakeDb(), { weigh: (rows) => rows.length, maxWeight: 10 });
  let runs = 0;
  const rows = (n: number) => async () => {
    runs++;
    return Array(n).fill(0);
  };
  await cache.through('a', rows(4));
  await cache.through('b', rows(4));
  await cache.through('a', rows(4)); // «a» is now the more recently used
  await cache.through('c', rows(4)); // 12 > 10: «b» goes, not the older «a»
  expect(runs).toBe(3);
  await cache.through('a', rows(4));
  await cache.through('c', rows(4));
  expect(runs).toBe(3);
  await cache.through('b', rows(4));
  expect(runs).toBe(4);
  await cache.through('huge', rows(50));
  await cache.through('huge', rows(50));
  expect(runs).toBe(6);
  // The huge answer pushed nothing out.
  await cache.through('c', rows(4));
  await cache.through('b', rows(4));
  expect(runs).toBe(6);
});

test('at most maxEntries answers are kept, the least recently used going first', async () => {
  const cache = resultCache<string>(fakeDb(), { maxEntries: 2 });
  const calls: string[] = [];
  const value = (key: string) => async () => {
    calls.push(key);
    return key;
  };
  await cache.through('x', value('x'));
  await cache.through('y', value('y'));
  await cache.through('x', value('x'));
  await cache.through('z', value('z'));
  await cache.through('x', value('x'));
  await cache.through('y', value('y'));
  expect(calls).toEqual(['x', 'y', 'z', 'y']);
});

test('many keys at once: only the ones not kept are computed, in one call, and kept for the next', async () => {
  const cache = resultCache<string | undefined>(fakeDb());
  const calls: string[][] = [];
  const compute = async (missing: string[]) => {
    calls.push(missing);
    return new Map(missing.filter((key) => key !== 'gone').map((key) => [key, key.toUpperCase()]));
  };
  expect(await cache.throughMany(['a', 'b', 'a'], compute)).toEqual(['A', 'B', 'A']);
  expect(await cache.throughMany(['b', 'c', 'gone'], compute)).toEqual(['B', 'C', undefined]);
  expect(calls).toEqual([['a', 'b'], ['c', 'gone']]);
});
