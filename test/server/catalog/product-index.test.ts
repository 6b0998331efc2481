import { sql } from 'drizzle-orm';
import { seedCatalog } from '../../../server/db/seed/catalog-seed';
import { seedDemoAccounts } from '../../../server/db/seed/demo-accounts';
import { rawRows } from '../../../server/modules/catalog/common/raw-rows';
import type { MatchSet } from '../../../server/modules/catalog/search/match-set';
import { LOOK_STANDS_MS, productIndexFeed } from '../../../server/modules/catalog/search/product-index/product-index-feed';
import { trigramsOf, wordSimilarity } from '../../../server/modules/catalog/search/product-index/word-similarity';
import { searchRepository } from '../../../server/modules/catalog/search/search-repository';
import { searchTerms } from '../../../server/modules/catalog/search/search-terms';
import { signIn } from '../helpers/test-app';
import { waitFor } from '../helpers/wait-for';
import { api, createBusiness, createCatalogApp, createProduct, type CatalogTestContext } from './catalog-helpers';
import { RELEVANCE_SET } from './search-relevance-set';

/**
 * The products' index in memory (server/modules/catalog/search/product-index) must answer exactly as the
 * search statement does: the same rows, ranked the same to the last bit (ts_rank and word_similarity are
 * computed as PostgreSQL computes them), with the same columns; and it must see every change at once.
 */
let ctx: CatalogTestContext;

beforeAll(async () => {
  ctx = await createCatalogApp();
  await seedDemoAccounts(ctx.database.db);
  await seedCatalog(ctx.database.db, ctx.app.storage);
  // The index loaded when the app started (an empty catalogue); the seed's rows come in on the next look.
  await productIndexFeed(ctx.database.db).load();
  await productIndexFeed(ctx.database.db).look();
}, 120_000);
afterAll(() => ctx.close());

/** Each row of a match set by type and id, with what the search orders and filters by. */
function rowsOf(set: MatchSet) {
  const rows = new Map<string, Record<string, number>>();
  for (let i = 0; i < set.size; i++) {
    rows.set(`${set.type[i]}:${set.id[i]}`, {
      rank: set.rank[i],
      price: set.price[i],
      category: set.category[i],
      discount: set.discount[i],
      ratingSum: set.ratingSum[i],
      ratingCount: set.ratingCount[i],
      created: set.created[i],
      popularity: set.popularity[i],
      promo: set.promo[i],
    });
  }
  return rows;
}

async function bothWays(text: string) {
  const terms = searchTerms(text);
  const inMemory = await searchRepository(ctx.database.db, { memoryIndex: true }).matchSet(terms);
  const inDatabase = await searchRepository(ctx.database.db, { memoryIndex: false }).matchSet(terms);
  return { inMemory: rowsOf(inMemory), inDatabase: rowsOf(inDatabase) };
}

// The relevance set (synonyms, transliteration, brands, typos, categories, English), typos of every kind, texts
// that find little and go on to near names by trigrams («ботинок»), a lone common word, a word repeated, and punctuation.
const TEXTS = [
  ...new Set([
    ...RELEVANCE_SET.map((c) => c.q),
    'ботинок',
    'ботинки зимние',
    'кросовки',
    'наушнеки беспроводные',
    'пицца',
    'сыр',
    'м²',
    'iphone 15',
    'доставка',
    'ремонт телефонов',
    "кофе 'арабика'",
    'детский',
    // One word twice, in two forms: equal sides of an AND, taken once in memory.
    'ботинки зимние зимний',
    'xyzzyq',
  ]),
];

test('every text finds the same products, ranked the same, in memory as in the database', async () => {
  expect(productIndexFeed(ctx.database.db).index.size).toBeGreaterThan(100);
  for (const text of TEXTS) {
    const { inMemory, inDatabase } = await bothWays(text);
    // Equal maps: the same rows, the same rank to the last bit, the same columns.
    expect({ text, rows: Object.fromEntries(inMemory) }).toEqual({ text, rows: Object.fromEntries(inDatabase) });
  }
}, 120_000);

test('suggestions as one types are the same from memory as from the database, in both languages and lengths', async () => {
  // Whole texts and what is typed on the way to them (the last word cut short).
  const typed = [...TEXTS, 'боти', 'чайн', 'кофе ара', 'pizz', 'наушн', 'ботинки зим', 'iph'];
  for (const text of typed) {
    for (const [lang, limit] of [['ru', 8], ['en', 8], ['ru', 3]] as const) {
      const terms = searchTerms(text);
      const inMemory = await searchRepository(ctx.database.db, { memoryIndex: true }).suggest(terms, limit, lang);
      const inDatabase = await searchRepository(ctx.database.db, { memoryIndex: false }).suggest(terms, limit, lang);
      expect({ text, lang, limit, suggestions: inMemory }).toEqual({ text, lang, limit, suggestions: inDatabase });
    }
  }
  // Not vacuous: the typed beginnings suggest names.
  expect((await searchRepository(ctx.database.db, { memoryIndex: true }).suggest(searchTerms('боти'), 8, 'ru')).length).toBeGreaterThan(0);
}, 120_000);

test('word similarity is pg_trgm’s, to the last bit, for names with words, digits, punctuation and signs', async () => {
  const names = await rawRows<{ name: string }>(ctx.database.db, sql`select search_name as name from products order by id limit 60`);
  const queries = ['пицца маргарита', 'ботинок', 'м² покраска', 'iphone', 'наушники', 'сыр 45%', 'кофе-машина'];
  for (const query of queries) {
    const rows = await rawRows<{ name: string; similarity: number }>(
      ctx.database.db,
      sql`select n as name, word_similarity(${query}, n)::float8 as similarity from unnest(${sql`array[${sql.join(
        names.map((row) => sql`${row.name}`),
        sql`, `,
      )}]::text[]`}) as n`,
    );
    const trigrams = new Set(trigramsOf(query));
    for (const row of rows) expect({ query, name: row.name, similarity: wordSimilarity(trigrams, row.name) }).toEqual({ query, name: row.name, similarity: row.similarity });
  }
});

test('a change is seen by the next search: a new product, a rename, an unpublished and a deleted one', async () => {
  const seller = await signIn(ctx, `index-seller-${Date.now()}@example.com`);
  const store = await createBusiness(ctx, seller.token, { name: 'Лавка сверчков' });
  const search = async (text: string) => {
    const res = await api(ctx, 'GET', `/v1/search?q=${encodeURIComponent(text)}`);
    expect(res.status).toBe(200);
    return (res.body.data as Array<{ product: { id: number; name: string } | null }>).flatMap((hit) => (hit.product ? [hit.product.name] : []));
  };
  const feed = productIndexFeed(ctx.database.db);
  const before = feed.index.size;

  const product = await createProduct(ctx, seller.token, store.id, { name: 'Квазитрон лунный' });
  expect(await search('квазитрон')).toEqual(['Квазитрон лунный']);
  expect(feed.index.size).toBe(before + 1);

  const renamed = await api(ctx, 'POST', `/v1/products/${product.id}`, seller.token, { business_id: store.id, name: 'Гиперболоид лунный', price: 15000, stock: 10 });
  expect(renamed.status).toBe(200);
  expect(await search('квазитрон')).toEqual([]);
  expect(await search('гиперболоид')).toEqual(['Гиперболоид лунный']);

  // Written past the API, with no catalogue notice (so the kept pages of a text already asked stay as they were
  // for their 30 s): the row's stamp still brings the change into the index within LOOK_STANDS_MS, for a text not asked yet.
  const indexed = feed.index.size;
  await ctx.database.db.execute(sql`update products set status = 'draft' where id = ${product.id}`);
  await waitFor(
    async () => {
      await feed.fresh();
      return feed.index.size === indexed - 1;
    },
    { timeoutMs: 3 * LOOK_STANDS_MS, what: 'the unpublished product out of the index' },
  );
  expect(await search('гиперболоид лунный')).toEqual([]);
  await ctx.database.db.execute(sql`update products set status = 'published' where id = ${product.id}`);
  await feed.look();
  expect(await search('лунный гиперболоид')).toEqual(['Гиперболоид лунный']);

  expect((await api(ctx, 'DELETE', `/v1/products/${product.id}`, seller.token)).status).toBe(204);
  expect(await search('гиперболоид')).toEqual([]);
  expect(feed.index.size).toBe(before);
  // Every search above was answered from memory, and the statement agrees with it.
  const { inMemory, inDatabase } = await bothWays('лунный');
  expect(Object.fromEntries(inMemory)).toEqual(Object.fromEntries(inDatabase));
});

test('searches with no catalogue change between them share one look for changes; a change makes the next search look', async () => {
  const feed = productIndexFeed(ctx.database.db);
  const seller = await signIn(ctx, `index-looks-${Date.now()}@example.com`);
  const store = await createBusiness(ctx, seller.token, { name: 'Лавка счётов' });
  await createProduct(ctx, seller.token, store.id, { name: 'Абакус дубовый' });
  const search = (text: string) => api(ctx, 'GET', `/v1/search?q=${encodeURIComponent(text)}`);
  const names = (res: Awaited<ReturnType<typeof search>>) =>
    (res.body.data as Array<{ product: { name: string } | null }>).flatMap((hit) => (hit.product ? [hit.product.name] : []));
  // The write moved the catalogue's counter: the first search looks, and finds the new product.
  const before = feed.looks;
  const started = performance.now();
  expect(names(await search('абакус дубовый'))).toContain('Абакус дубовый');
  const after = feed.looks;
  expect(after).toBe(before + 1);
  // Texts never asked (no kept page answers them): no round trip for changes while the look stands (on a machine
  // slow enough to take longer than that, one more look per LOOK_STANDS_MS gone by).
  for (const text of ['дубовый абакус', 'абакус', 'дубовый']) expect((await search(text)).status).toBe(200);
  expect(feed.looks - after).toBeLessThanOrEqual(Math.floor((performance.now() - started) / LOOK_STANDS_MS));
});
