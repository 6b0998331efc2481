import { ProductIndex } from '../../../server/modules/catalog/search/product-index/product-index';
import { toMatchSet, toMatchSetInSlices } from '../../../server/modules/catalog/search/match-set';
import type { ProductDocument } from '../../../server/modules/catalog/search/product-index/product-slots';
import type { QueryNode } from '../../../server/modules/catalog/search/search-query';

/** A product whose document holds `words` in its name (weight A) and «доставка» in its description. */
function product(id: number, xid: number, words: string[], visible = true): ProductDocument {
  const name = words.join(' ');
  const document = [...words.map((word, i) => `'${word}':${i + 1}A`), `'доставк':${words.length + 3}`].sort().join(' ');
  return {
    id,
    xid,
    visible,
    document,
    searchName: `${name} `,
    nameLength: name.length,
    type: 'product',
    categoryId: 7,
    price: 1000 + id,
    discount: id % 3,
    ratingSum: 9,
    ratingCount: 2,
    created: 1_700_000_000_000_000 + id,
    popularity: id,
    promotedUntil: null,
    raise: false,
    boost: 0,
  };
}

const word = (term: string): QueryNode => ({ term, prefix: true });
const query = (text: string, ...terms: string[]) => {
  const tree: QueryNode = terms.length === 1 ? word(terms[0]) : { all: terms.map(word) };
  return { text, trees: { match: tree, rank: tree, typed: tree } };
};
const ids = (index: ProductIndex, text: string, ...terms: string[]) =>
  index
    .search(query(text, ...terms), null, 0)
    .rows()
    .map((row) => [row.id, row.rank])
    .sort((a, b) => Number(a[0]) - Number(b[0]));

test('a product changed many times keeps one slot alive, and compacting changes no answer', () => {
  const index = new ProductIndex();
  for (let id = 1; id <= 40; id++) index.apply(product(id, 1, id % 2 ? ['шапка', 'вязаная'] : ['шарф', 'вязаный']));
  // Every product changes three times; odd ones turn into scarves on the last change, and a few leave.
  for (let round = 2; round <= 4; round++) {
    for (let id = 1; id <= 40; id++) index.apply(product(id, round, round === 4 || id % 2 === 0 ? ['шарф', 'вязаный'] : ['шапка', 'вязаная'], id % 10 !== 0));
  }
  index.remove(7);
  // Unchanged (the same transaction's stamp): left alone.
  index.apply(product(3, 4, ['шапка']));
  expect(index.size).toBe(35);
  const before = { scarves: ids(index, 'шарф', 'шарф'), knitted: ids(index, 'вязан шарф', 'вязан', 'шарф'), hats: ids(index, 'шапка', 'шапк') };
  expect(before.hats).toEqual([]);
  expect(before.scarves).toHaveLength(35);
  expect(index.slots.dead).toBeGreaterThan(100);

  index.tidy(1);
  expect(index.slots.dead).toBe(0);
  expect(index.slots.length).toBe(35);
  expect({ scarves: ids(index, 'шарф', 'шарф'), knitted: ids(index, 'вязан шарф', 'вязан', 'шарф'), hats: ids(index, 'шапка', 'шапк') }).toEqual(before);
  // Near names still come from the renumbered name words.
  expect(index.searchNear(query('шарфы вязанные', 'нетслова'), null, 100, 0).rows().map((row) => row.id)).toHaveLength(35);
  // New products after compaction append as before.
  index.apply(product(41, 5, ['шапка']));
  expect(ids(index, 'шапка', 'шапк').map(([id]) => id)).toEqual([41]);
});

test('each product keeps its own name through kills, growth and compaction, and names starting with the text still rank first', () => {
  const index = new ProductIndex();
  const names = ['шапка', 'шапочка', 'шарф', 'шарфик', 'шарф тёплый', 'варежки', 'носки'];
  // Past the first 1,024 slots, so the names' units grow too.
  for (let id = 1; id <= 1500; id++) index.apply(product(id, 1, [names[id % names.length], 'вязаный']));
  for (let id = 1; id <= 1500; id += 3) index.remove(id);
  for (let id = 2; id <= 1500; id += 5) index.apply(product(id, 2, [names[(id + 1) % names.length], 'вязаный']));
  const expected = (id: number) => `${names[(id % 5 === 2 ? id + 1 : id) % names.length]} вязаный `;
  const named = () => {
    const byId = new Map<number, string>();
    for (let slot = 0; slot < index.slots.length; slot++) if (index.slots.alive(slot)) byId.set(index.slots.id(slot), index.slots.searchName(slot));
    return byId;
  };
  const before = { names: named(), ranks: ids(index, 'шарф', 'вязан') };
  for (const [id, name] of before.names) expect(name).toBe(expected(id));
  index.tidy(1);
  expect(index.slots.dead).toBe(0);
  expect(named()).toEqual(before.names);
  const ranks = ids(index, 'шарф', 'вязан');
  expect(ranks).toEqual(before.ranks);
  // A name starting with «шарф» ranks 4 above one that does not.
  const rankOf = new Map(ranks.map(([id, rank]) => [Number(id), Number(rank)]));
  const starting = [...before.names].find(([, name]) => name.startsWith('шарф '))?.[0] as number;
  const other = [...before.names].find(([, name]) => name.startsWith('носки'))?.[0] as number;
  expect((rankOf.get(starting) as number) - (rankOf.get(other) as number)).toBeGreaterThan(3.9);
});

test('which slots live is kept across kills, growth and compaction, slots past a word of bits included', () => {
  const index = new ProductIndex();
  // Past the first 1,024 slots (the slots grow) and not a multiple of 32 after compaction.
  for (let id = 1; id <= 1_500; id++) index.apply(product(id, 1, ['шарф']));
  for (let id = 1; id <= 1_500; id += 3) index.remove(id);
  const living = () => Array.from({ length: index.slots.length }, (_, slot) => index.slots.alive(slot));
  const liveIds = () => living().flatMap((alive, slot) => (alive ? [index.slots.id(slot)] : []));
  const expected = Array.from({ length: 1_500 }, (_, i) => i + 1).filter((id) => (id - 1) % 3 !== 0);
  expect(liveIds()).toEqual(expected);
  index.tidy(1);
  expect(index.slots.length).toBe(expected.length);
  expect(living().every(Boolean)).toBe(true);
  expect(liveIds()).toEqual(expected);
  // A slot past the live ones after compaction is not alive until a product takes it.
  expect(index.slots.alive(index.slots.length)).toBe(false);
  index.apply(product(2_000, 2, ['шарф']));
  expect(index.slots.alive(index.slots.length - 1)).toBe(true);
  expect(ids(index, 'шарф', 'шарф')).toHaveLength(expected.length + 1);
});

test("the match set's columns written from the index are its rows' columns, promotions and missing prices included", () => {
  const index = new ProductIndex();
  for (let id = 1; id <= 12; id++) {
    const raised = id % 4 === 0;
    index.apply({
      ...product(id, 1, ['шарф', 'вязаный']),
      price: id % 5 ? 1000 + id : null,
      categoryId: id % 3 ? 7 : null,
      promotedUntil: raised ? (id === 8 ? 50 : 5_000) : null,
      raise: raised,
      boost: id === 12 ? 3 : 0,
    });
  }
  const found = index.search(query('шарф', 'шарф'), null, 100);
  const columns = toMatchSet([], true, [found]);
  const rows = toMatchSet(found.rows(), true);
  expect(columns.size).toBe(12);
  expect(columns).toEqual(rows);
  // Raised until 5,000 at 100: promoted (boost at least 1); until 50: no longer.
  expect([...columns.promo].filter(Boolean).sort()).toEqual([1, 3]);
  expect([...columns.price].filter(Number.isNaN)).toHaveLength(2);
});

/** The rows of a search as [id, rank], by id. */
const byId = (found: { rows(): Array<{ id: number | string; rank: number | string }> }) =>
  found
    .rows()
    .map((row) => [Number(row.id), Number(row.rank)])
    .sort((a, b) => a[0] - b[0]);

test('a search in slices finds and ranks what the search at once does, and lets other work run between its slices', async () => {
  const index = new ProductIndex();
  for (let id = 1; id <= 3000; id++) index.apply(product(id, 1, id % 3 ? ['шарф', 'вязаный'] : ['шарф', 'тёплый', 'вязаный']));
  const knitted = query('вязаный шарф', 'вязан', 'шарф');
  const atOnce = index.search(knitted, null, 0);
  let ranMeanwhile = 0;
  const timer = setInterval(() => ranMeanwhile++, 0);
  // No time to spare: it pauses at every step it offers.
  const sliced = await index.holding(() => index.searchInSlices(knitted, null, 0, 0));
  clearInterval(timer);
  expect(sliced.length).toBe(3000);
  expect(byId(sliced)).toEqual(byId(atOnce));
  expect(ranMeanwhile).toBeGreaterThan(0);
  expect(() => index.searchInSlices(knitted, null, 0)).toThrow(/within holding/);
});

test('compaction waits while a search holds its slots, and runs when the last hold ends; the held matches stay those of the search', async () => {
  const index = new ProductIndex();
  for (let id = 1; id <= 2000; id++) index.apply(product(id, 1, ['шарф', 'вязаный']));
  const scarves = query('шарф', 'шарф');
  const expected = byId(index.search(scarves, null, 0));
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held = index.holding(async () => {
    const found = await index.searchInSlices(scarves, null, 0, 0);
    // Another request's look applies changes and asks for a compaction while these slots are still to be read.
    await gate;
    return toMatchSet([], true, [found]);
  });
  await new Promise((resolve) => setImmediate(resolve));
  for (let id = 1; id <= 1500; id++) index.apply(product(id, 2, ['шапка']));
  index.tidy(1);
  expect(index.slots.dead).toBe(1500);
  release();
  const set = await held;
  expect([...set.id].sort((a, b) => a - b)).toEqual(expected.map(([id]) => id));
  // The hold is over: the compaction asked for has run.
  expect(index.slots.dead).toBe(0);
  expect(index.search(scarves, null, 0).length).toBe(500);
});

test('a large match set filled in slices is the one filled at once, and other work runs while it is filled', async () => {
  const index = new ProductIndex();
  // More matches than one turn copies (match-set.ts, MATCHES_A_TURN), in two parts.
  for (let id = 1; id <= 70_000; id++) index.apply(product(id, 1, id % 2 ? ['шарф', 'вязаный'] : ['шапка', 'вязаная']));
  const scarves = index.search(query('шарф', 'шарф'), null, 0);
  const hats = index.search(query('шапка', 'шапк'), null, 0);
  const atOnce = toMatchSet([], true, [scarves, hats]);
  let ranMeanwhile = 0;
  const timer = setInterval(() => ranMeanwhile++, 0);
  const sliced = await toMatchSetInSlices([], true, [scarves, hats]);
  clearInterval(timer);
  expect(sliced.size).toBe(70_000);
  expect(sliced).toEqual(atOnce);
  expect(ranMeanwhile).toBeGreaterThan(0);
});

test('a name starts with a text of any length, in either name, and a letter that folds like another is not taken for it', () => {
  const index = new ProductIndex();
  const named = (id: number, searchName: string, nameLength: number) => ({ ...product(id, 1, ['чай']), searchName, nameLength });
  index.apply(named(1, 'чай зелёный green tea', 11));
  index.apply(named(2, 'зелёный чай green tea', 11));
  // «а» (U+0430) folds to the byte of «0» (U+0030): the fold only narrows, the units decide.
  index.apply(named(3, 'а чай tea', 5));
  const rankOf = (text: string) => new Map(index.search(query(text, 'чай'), null, 0).rows().map((row) => [Number(row.id), Number(row.rank)]));
  // Starting with the text adds 4 (search-matching.ts, startOf), less 0.0002 a letter of the stored name either way.
  for (const text of ['ч', 'ча', 'чай', 'чай з', 'чай зелёны']) {
    const ranks = rankOf(text);
    expect((ranks.get(1) as number) - (ranks.get(2) as number)).toBeCloseTo(4, 6);
  }
  // The whole name: exact too (8 more).
  expect((rankOf('чай зелёный').get(1) as number) - (rankOf('чай зелёный').get(2) as number)).toBeCloseTo(12, 6);
  for (const text of ['g', 'gr', 'gre', 'green', 'green t']) {
    const ranks = rankOf(text);
    expect(ranks.get(1)).toBeCloseTo(ranks.get(2) as number, 6);
    expect((ranks.get(1) as number) - (ranks.get(3) as number)).toBeGreaterThan(3.9);
  }
  const zero = rankOf('0');
  expect(Math.abs((zero.get(3) as number) - (zero.get(2) as number))).toBeLessThan(0.01);
  expect((rankOf('а').get(3) as number) - (rankOf('а').get(2) as number)).toBeGreaterThan(3.9);
});
