import { freshDataServed, savedDataReducer, savedDataServed, selectOldestShownSavedAt, selectShownSavedKeys } from '../../src/services/saved-data-slice';

const withQueries = (saved: ReturnType<typeof savedDataReducer>, queries: string[], subscriptions: Record<string, Record<string, unknown>> = {}) => ({
  savedData: saved,
  api: { queries: Object.fromEntries(queries.map((key) => [key, {}])), subscriptions },
});

test('the notice shows the oldest saved answer a screen still uses, and goes when each is fresh again', () => {
  let saved = savedDataReducer(undefined, savedDataServed({ queryCacheKey: 'product(7)', savedAt: 2000 }));
  saved = savedDataReducer(saved, savedDataServed({ queryCacheKey: 'products({"business_id":3})', savedAt: 1000 }));
  const both = ['product(7)', 'products({"business_id":3})'];
  expect(selectOldestShownSavedAt(withQueries(saved, both))).toBe(1000);

  saved = savedDataReducer(saved, freshDataServed('products({"business_id":3})'));
  expect(selectOldestShownSavedAt(withQueries(saved, both))).toBe(2000);
  saved = savedDataReducer(saved, freshDataServed('product(7)'));
  expect(selectOldestShownSavedAt(withQueries(saved, both))).toBeNull();
});

test('a saved answer of a screen left behind (no subscriber, or dropped from the cache) does not keep the notice up', () => {
  const saved = savedDataReducer(undefined, savedDataServed({ queryCacheKey: 'product(7)', savedAt: 2000 }));
  expect(selectShownSavedKeys(withQueries(saved, []))).toEqual([]);
  expect(selectShownSavedKeys(withQueries(saved, ['product(7)'], { 'product(7)': {} }))).toEqual([]);
  expect(selectShownSavedKeys(withQueries(saved, ['product(7)'], { 'product(7)': { sub1: {} } }))).toEqual(['product(7)']);
});
