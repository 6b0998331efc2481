import { eq, sql } from 'drizzle-orm';
import { businesses, products } from '../../../server/db/schema';
import { seedDemoAccounts } from '../../../server/db/seed/demo-accounts';
import { rawRows } from '../../../server/modules/catalog/common/raw-rows';
import { lexemesUnder, SPELT_MAX } from '../../../server/modules/catalog/search/search-lexemes';
import { searchQueries } from '../../../server/modules/catalog/search/search-query';
import { signIn, SETUP_TIMEOUT } from '../helpers/test-app';
import { api, businessCategoryId, createBusiness, createProduct, createCatalogApp, type CatalogTestContext } from './catalog-helpers';

// The lexeme vocabulary (migration 0032) and the prefixes spelt out through it (search-lexemes.ts): the
// vocabulary must hold every lexeme of every document with its row count whatever writes the rows, or a
// spelt-out word would miss rows its prefix finds.

let ctx: CatalogTestContext;
let seller: { token: string; userId: number };
let shopId: number;

const db = () => ctx.database.db;
const usesOf = async (lexeme: string) =>
  (await rawRows<{ uses: number }>(db(), sql`select uses from search_lexemes where lexeme = ${lexeme}`))[0]?.uses ?? 0;
/** The vocabulary as it should be: ts_stat over every document now (ndoc: the rows holding each lexeme). */
async function vocabularyDrift(): Promise<string[]> {
  const rows = await rawRows<{ lexeme: string; kept: number | null; actual: number | null }>(
    db(),
    sql`select coalesce(k.lexeme, a.word) as lexeme, k.uses as kept, a.ndoc as actual
        from search_lexemes k
        full join ts_stat('select search_vector from products union all select search_vector from businesses union all select search_vector from ads') a
          on a.word = k.lexeme
        where k.uses is distinct from a.ndoc`,
  );
  return rows.map((row) => `${row.lexeme}: kept ${row.kept}, actual ${row.actual}`);
}
const search = async (text: string) => (await api(ctx, 'GET', `/v1/search?q=${encodeURIComponent(text)}&per_page=100`)).body as { data: Array<{ id: number }>; meta: { total: number } };

beforeAll(async () => {
  ctx = await createCatalogApp();
  await seedDemoAccounts(ctx.database.db);
  seller = await signIn(ctx, 'seller@example.com');
  shopId = (await createBusiness(ctx, seller.token, { kind: 'store', category_id: await businessCategoryId(ctx, 'clothing'), name: 'Обувной двор', name_en: 'Shoe Yard' })).id;
  await createProduct(ctx, seller.token, shopId, { name: 'Ботинки зимние', name_en: 'Winter boots' });
  await createProduct(ctx, seller.token, shopId, { name: 'Кожаный ботинок', description: 'Семейный магазин обуви' });
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

describe('the vocabulary', () => {
  test('holds every lexeme of every document with the rows holding it, after the migration and the writes so far', async () => {
    expect(await vocabularyDrift()).toEqual([]);
    expect(await usesOf('ботинк')).toBeGreaterThanOrEqual(1);
  });

  test('a lexeme appears with its first row, follows a renamed row, and leaves with its last row', async () => {
    expect(await usesOf('зюзюблик')).toBe(0);
    const first = await createProduct(ctx, seller.token, shopId, { name: 'Зюзюблик садовый' });
    const second = await createProduct(ctx, seller.token, shopId, { name: 'Зюзюблик комнатный' });
    expect(await usesOf('зюзюблик')).toBe(2);
    // A rename through an update statement: the old lexeme loses a row, the new one appears.
    await db().update(products).set({ name: 'Кракозябр садовый' }).where(eq(products.id, first.id));
    expect(await usesOf('зюзюблик')).toBe(1);
    expect(await usesOf('кракозябр')).toBe(1);
    // An update that changes no document (stock) leaves the counts alone.
    await db().update(products).set({ stock: 3 });
    expect(await vocabularyDrift()).toEqual([]);
    await db().delete(products).where(eq(products.id, second.id));
    expect(await usesOf('зюзюблик')).toBe(0);
    await db().delete(products).where(eq(products.id, first.id));
    expect(await usesOf('кракозябр')).toBe(0);
    expect(await vocabularyDrift()).toEqual([]);
  });

  test('a business renamed changes the documents of its products too (the cascade is one statement over many rows)', async () => {
    const shop = await createBusiness(ctx, seller.token, { kind: 'store', category_id: await businessCategoryId(ctx, 'clothing'), name: 'Лавка Пампушкина' });
    await createProduct(ctx, seller.token, shop.id, { name: 'Сапоги резиновые' });
    await createProduct(ctx, seller.token, shop.id, { name: 'Сапоги валяные' });
    expect(await usesOf('пампушкин')).toBe(3);
    await db().update(businesses).set({ name: 'Лавка Ватрушкина' }).where(eq(businesses.id, shop.id));
    expect(await usesOf('пампушкин')).toBe(0);
    expect(await usesOf('ватрушкин')).toBe(3);
    expect(await vocabularyDrift()).toEqual([]);
  });
});

describe('prefixes spelt out', () => {
  test('a prefix becomes its lexemes, and one under no lexeme or under too many stays a prefix', async () => {
    // Forty brands under one prefix: more than SPELT_MAX lexemes.
    const brands = Array.from({ length: SPELT_MAX + 8 }, (_, i) => `zorb${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}x`);
    for (const brand of brands) await createProduct(ctx, seller.token, shopId, { name: `Фонарь ${brand}` });
    const spelt = await lexemesUnder(db(), ['ботин', 'zorb', 'щщщщ']);
    expect(spelt.get('ботин')).toEqual(expect.arrayContaining(['ботинк', 'ботинок']));
    expect(spelt.has('zorb')).toBe(false);
    expect(spelt.has('щщщщ')).toBe(false);
    // The prefix that stayed still finds every row; the spelt-out one finds what the prefix does.
    expect((await search('фонарь zorb')).meta.total).toBe(brands.length);
    expect((await search('ботинки обувной')).meta.total).toBe(3);
  });

  test('the queries the index is asked spell prefixes out, quoted and weighted; the rank keeps the prefix; a word alone is not spelt', () => {
    const formsOf = (word: string) => ({ word, stems: [], key: null, cyrillic: false });
    const boots = { word: 'ботин', stems: ['ботин'], key: null, cyrillic: true };
    const queries = searchQueries([boots, { word: 'кожа', stems: ['кож'], key: null, cyrillic: true }], [], formsOf);
    expect(queries.prefixes).toEqual(['боти', 'кож']);
    const spelt = queries.spelt(new Map([['боти', ['ботинк', 'ботинок', "боти'с"]]]));
    expect(spelt.match).toBe("(('ботинк' | 'ботинок' | 'боти''с') & 'кож':*)");
    expect(spelt.inBusiness).toBe("(('ботинк':ABC | 'ботинок':ABC | 'боти''с':ABC) & 'кож':*ABC)");
    expect(queries.rank).toBe("(('ботин':* | 'боти':*) & 'кож':*)");
    expect(queries.spelt(new Map()).match).toBe(queries.match);
    expect(searchQueries([boots], [], formsOf).prefixes).toEqual([]);
  });

  test('a lexeme added under a prefix already spelt out is found at once (the kept spellings go with the catalogue change)', async () => {
    // Three words: no trigram near forms join the count (search-matching.ts asks for them up to two words).
    const text = 'кожаные ботин обувной';
    const before = (await search(text)).meta.total;
    await createProduct(ctx, seller.token, shopId, { name: 'Ботиночки кожаные' });
    expect(await usesOf('ботиночк')).toBe(1);
    expect((await search(text)).meta.total).toBe(before + 1);
  });
});
