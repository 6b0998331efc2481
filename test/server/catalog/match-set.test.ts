import { answerFrom, answerInSlices, toMatchSet, type MatchRow } from '../../../server/modules/catalog/search/match-set';

const row = (type: MatchRow['type'], id: number, fields: Partial<MatchRow> = {}): MatchRow => ({
  type,
  id,
  category_id: null,
  ad_category_id: null,
  price: null,
  discount: 0,
  rating_sum: 0,
  rating_count: 0,
  created: id * 1000,
  popularity: 0,
  rank: 0,
  ...fields,
});

const set = () =>
  toMatchSet(
    [
      row('product', 1, { category_id: 7, price: '500', discount: 10, rating_sum: 9, rating_count: 2, rank: 1.5 }),
      row('product', 2, { category_id: 7, price: '100', rating_sum: 3, rating_count: 1, rank: 2.5 }),
      row('service', 3, { category_id: 8, price: '300', discount: 50, rank: 0.5, popularity: 9 }),
      row('business', 4, { category_id: 7, rank: 3 }),
      row('ad', 5, { ad_category_id: 2, price: 200, rank: 0.1 }),
    ],
    true,
  );
const names = { business: new Map([[7, 'Обувь'], [8, 'Услуги']]), ad: new Map([[2, 'Личные вещи']]) };
const ask = (query: Record<string, unknown>) => answerFrom(set(), { page: 1, per_page: 10, ...query }, names);
const ids = (query: Record<string, unknown>) => ask(query).hits.map((hit) => hit.id);

test('every order of the search: relevance, price both ways with unpriced rows last, newest, popular', () => {
  expect(ids({})).toEqual([4, 2, 1, 3, 5]);
  expect(ids({ sort: 'price_asc' })).toEqual([2, 5, 3, 1, 4]);
  expect(ids({ sort: 'price_desc' })).toEqual([1, 3, 5, 2, 4]);
  expect(ids({ sort: 'newest' })).toEqual([5, 4, 3, 2, 1]);
  expect(ids({ sort: 'popular' })[0]).toBe(3);
});

test('each facet counts under every filter but its own; the total and page under all of them', () => {
  const answer = ask({ category_id: 7, discounted: '1' });
  expect(answer.total).toBe(1);
  expect(answer.hits).toEqual([{ type: 'product', id: 1 }]);
  // Under «discounted» alone: products 1 and 3 (category 7 and 8).
  expect(answer.facets.categories).toEqual([
    { id: 7, name: 'Обувь', count: 1 },
    { id: 8, name: 'Услуги', count: 1 },
  ]);
  // Under «category 7» alone: one of three rows is discounted.
  expect(answer.facets.discounted).toBe(1);
  expect(answer.facets.types).toEqual([
    { value: 'product', count: 1 },
    { value: 'service', count: 0 },
    { value: 'business', count: 0 },
    { value: 'ad', count: 0 },
  ]);
  expect(answer.facets.price).toEqual({ min: 500, max: 500 });
});

test('a price range drops unpriced rows; ratings count rated rows per bucket; a page past the end is empty', () => {
  expect(ids({ price_min: 150, price_max: 400, sort: 'price_asc' })).toEqual([5, 3]);
  const rated = ask({ rating_min: 4 });
  expect(rated.hits.map((hit) => hit.id)).toEqual([1]);
  expect(rated.facets.ratings).toEqual([
    { min: 4, count: 1 },
    { min: 3, count: 2 },
    { min: 2, count: 2 },
    { min: 1, count: 2 },
  ]);
  const past = ask({ page: 3, per_page: 2 });
  expect(past.hits).toEqual([{ type: 'ad', id: 5 }]);
  expect(ask({ page: 4, per_page: 2 }).hits).toEqual([]);
  expect(ask({ page: 4, per_page: 2 }).total).toBe(5);
});

test('a first page picked from the top rows is the page the full sort gives, in every order, under filters and at any depth', () => {
  // Many ties (few distinct ranks, prices, popularity), unpriced and raised rows: the orders' tie-breaks decide.
  let seed = 7;
  const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
  const types = ['product', 'service', 'business', 'ad'] as const;
  const rows = Array.from({ length: 3000 }, (_, i) =>
    row(types[next(4)], i + 1, {
      price: next(5) ? next(20) * 100 : null,
      discount: next(3) ? 0 : 10,
      rank: next(6) / 2,
      popularity: next(4),
      created: next(50),
      promo: next(10) ? 0 : next(3) + 1,
      rating_sum: next(10),
      rating_count: next(3),
    }),
  );
  const sorts = ['relevance', 'price_asc', 'price_desc', 'newest', 'popular'] as const;
  for (const sort of sorts) {
    for (const filter of [{}, { type: 'product,service' }, { discounted: '1' as const, price_min: 300 }]) {
      for (const [page, perPage] of [[1, 20], [3, 24], [5, 40], [1, 1]]) {
        const query = { page, per_page: perPage, sort, ...filter };
        // A fresh set answers from the top rows; the second question of the same order, from the full sort.
        const fresh = toMatchSet(rows, true);
        const first = answerFrom(fresh, query, names);
        expect(fresh.orders.has(sort)).toBe(false);
        const again = answerFrom(fresh, query, names);
        expect(fresh.orders.has(sort)).toBe(true);
        expect(first.hits).toEqual(again.hits);
        expect(first.hits.length).toBe(Math.max(0, Math.min(perPage, first.total - (page - 1) * perPage)));
      }
    }
  }
});

test('a large match set is answered in slices as it is at once, under filters, and other work runs meanwhile', async () => {
  // Enough rows that a walk over them takes several slices (match-set.ts, ROWS_A_STEP and SLICE_MS).
  let seed = 11;
  const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
  const types = ['product', 'service', 'business', 'ad'] as const;
  const rows = Array.from({ length: 300_000 }, (_, i) =>
    row(types[next(4)], i + 1, {
      category_id: next(3) ? 7 : 8,
      ad_category_id: next(5) ? null : 2,
      price: next(5) ? next(20_000) * 100 : null,
      discount: next(3) ? 0 : 10,
      rank: next(1000) / 7,
      popularity: next(40),
      rating_sum: next(10),
      rating_count: next(3),
    }),
  );
  for (const query of [{ page: 1, per_page: 24 }, { page: 2, per_page: 10, sort: 'price_asc' as const, category_id: 7, rating_min: 2 }]) {
    const atOnce = answerFrom(toMatchSet(rows, true), query, names);
    let ranMeanwhile = 0;
    const timer = setInterval(() => ranMeanwhile++, 0);
    const sliced = await answerInSlices(toMatchSet(rows, true), query, names);
    clearInterval(timer);
    expect(sliced).toEqual(atOnce);
    expect(sliced.hits).toHaveLength(query.per_page);
    expect(ranMeanwhile).toBeGreaterThan(0);
  }
});

test('category facets count small and large ids alike, and answers running side by side in slices keep their own counts', async () => {
  const rowsOf = (categories: number[]) => toMatchSet(categories.map((category_id, i) => row('product', i + 1, { category_id })), true);
  const named = { business: new Map([[7, 'Обувь'], [70_000, 'Сад'], [9, 'Книги']]), ad: new Map<number, string>() };
  // Slices of no time: a turn after every step, so the two facets' walks alternate (both sets equal in size).
  const first = rowsOf(Array.from({ length: 50_000 }, (_, i) => (i % 4 === 0 ? 70_000 : 7)));
  const second = rowsOf(Array.from({ length: 50_000 }, (_, i) => (i % 5 === 0 ? 9 : 7)));
  const query = { page: 1, per_page: 5 };
  const [fromFirst, fromSecond] = await Promise.all([answerInSlices(first, query, named, 0), answerInSlices(second, query, named, 0)]);
  expect(fromFirst.facets.categories).toEqual([
    { id: 7, name: 'Обувь', count: 37_500 },
    { id: 70_000, name: 'Сад', count: 12_500 },
  ]);
  expect(fromSecond.facets.categories).toEqual([
    { id: 7, name: 'Обувь', count: 40_000 },
    { id: 9, name: 'Книги', count: 10_000 },
  ]);
  // The counts lent out come back zeroed: asked again, the same.
  expect(answerFrom(first, query, named).facets.categories).toEqual(fromFirst.facets.categories);
});
