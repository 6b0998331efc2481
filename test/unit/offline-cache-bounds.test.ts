import { API_CACHE_LIMITS, cacheTotals, fitsEntry, planEviction, type CacheEntryInfo } from '../../src/sw/cache-bounds';
import { isPublicRead } from '../../src/sw/public-reads';

const entry = (key: string, bytes: number, storedAt: number): CacheEntryInfo => ({ key, bytes, storedAt });
const limits = { maxEntries: 3, maxBytes: 1000, maxEntryBytes: 600 };

test('within both limits nothing is evicted', () => {
  expect(planEviction([entry('a', 100, 1), entry('b', 100, 2), entry('c', 100, 3)], limits)).toEqual([]);
});

test('past the entry limit the least recently stored go first', () => {
  const entries = [entry('old', 10, 1), entry('new', 10, 5), entry('mid', 10, 3), entry('older', 10, 2)];
  expect(planEviction(entries, limits)).toEqual(['old']);
  expect(planEviction([...entries, entry('newest', 10, 9)], limits)).toEqual(['older', 'old']);
});

test('past the byte limit the oldest go, strictly by age: a small old answer does not outlive a newer one', () => {
  const entries = [entry('a', 50, 1), entry('b', 300, 2), entry('c', 500, 3), entry('d', 100, 4)];
  // Newest first: d (100), c (600 in all), b (900): kept; a would make 950: fits, kept.
  expect(planEviction(entries, { ...limits, maxEntries: 10 })).toEqual([]);
  // A new 450-byte answer: e (450), d (550), c would make 1050: c and everything older go, a included.
  expect(planEviction([...entries, entry('e', 450, 5)], { ...limits, maxEntries: 10 })).toEqual(['c', 'b', 'a']);
});

test('the newest entry always stays, and an answer too large for one entry is never stored', () => {
  expect(planEviction([entry('huge', 5000, 9), entry('small', 10, 1)], limits)).toEqual(['small']);
  expect(fitsEntry(600, limits)).toBe(true);
  expect(fitsEntry(601, limits)).toBe(false);
});

test('the shipped limits and the totals the state page shows', () => {
  expect(API_CACHE_LIMITS).toEqual({ maxEntries: 200, maxBytes: 4 * 1024 * 1024, maxEntryBytes: 512 * 1024 });
  expect(cacheTotals([entry('a', 10, 1), entry('b', 32, 2)])).toEqual({ entries: 2, bytes: 42 });
});

test('only public catalogue, store and olympiad reads are kept for offline, never a person\'s own', () => {
  const read = (path: string, method = 'GET') => isPublicRead(method, new URL(path, 'http://shop.test'));
  for (const path of ['/v1/products/7', '/v1/get-products?business_id=3', '/v1/products/popular', '/v1/business/4', '/v1/businesses/ordered', '/v1/search?q=phone', '/v1/ads/12', '/v1/olympiad/content/rules', '/v1/olympiad/stages', '/v1/home/stats']) {
    expect([path, read(path)]).toEqual([path, true]);
  }
  for (const path of ['/v1/cart', '/v1/orders/user', '/v1/chats', '/v1/profile', '/v1/favorites', '/v1/me/subscribed-businesses', '/v1/olympiad/me', '/v1/business', '/v1/products?mine=1', '/v1/get-products?mine=1', '/v1/notifications', '/v1/support/chat']) {
    expect([path, read(path)]).toEqual([path, false]);
  }
  expect(read('/v1/products/7', 'POST')).toBe(false);
});
