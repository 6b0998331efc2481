import { seedDemoAccounts } from '../../../server/db/seed/demo-accounts';
import { signIn, SETUP_TIMEOUT } from '../helpers/test-app';
import { api, approveThroughModeration, businessCategoryId, createBusiness, createProduct, type CatalogTestContext, createCatalogApp } from './catalog-helpers';

/** Search by meaning on a small catalogue of its own: ranking by where words matched, staff synonyms, renames, transliteration. */
let ctx: CatalogTestContext;
let seller: { token: string; userId: number };
let moderator: { token: string; userId: number };
let buyer: { token: string; userId: number };
let store: { id: number };
let cleaning: { id: number };
let sectionId: number;

interface Hit {
  product: { name: string } | null;
  business: { name: string } | null;
  ad: { title: string } | null;
}
const names = (body: { data: Hit[] }) => body.data.map((h) => h.product?.name ?? h.business?.name ?? h.ad?.title);
const search = async (q: string) => names((await api(ctx, 'GET', `/v1/search?q=${encodeURIComponent(q)}`)).body);

async function inject(method: 'PATCH' | 'POST' | 'DELETE' | 'GET', url: string, token?: string, payload?: Record<string, unknown>) {
  const res = await ctx.app.inject({ method, url, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'accept-language': 'en' }, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.body ? res.json() : null };
}

beforeAll(async () => {
  ctx = await createCatalogApp();
  await seedDemoAccounts(ctx.database.db);
  seller = await signIn(ctx, 'seller@example.com');
  moderator = await signIn(ctx, 'moderator@example.com');
  buyer = await signIn(ctx, 'buyer@example.com');
  store = await createBusiness(ctx, seller.token, { kind: 'store', category_id: await businessCategoryId(ctx, 'home-garden'), name: 'Домовой', name_en: 'Brownie', description: 'Техника для дома' });
  cleaning = await createBusiness(ctx, seller.token, { kind: 'service', category_id: await businessCategoryId(ctx, 'cleaning'), name: 'Блеск', name_en: 'Shine', description: 'Уборка' });
  const section = await api(ctx, 'POST', '/v1/categories', seller.token, { business_id: store.id, name: 'Пылесосы', name_en: 'Vacuum cleaners' });
  sectionId = section.body.data.id;
  await createProduct(ctx, seller.token, store.id, { name: 'Dyson V15 Detect', name_en: 'Dyson V15 Detect', category_id: sectionId, price: 5_000_000 });
  await createProduct(ctx, seller.token, store.id, { name: 'Толстовка с капюшоном', name_en: 'Hooded sweatshirt', price: 300_000 });
  await createProduct(ctx, seller.token, cleaning.id, { kind: 'service', name: 'Уборка квартиры', name_en: 'Flat cleaning', price: 300_000, stock: null, description: 'Пылесос и средства привозим свои' });
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

test('a product filed under the word (its section) comes before a service whose description mentions it', async () => {
  expect(await search('пылесос')).toEqual(['Dyson V15 Detect', 'Уборка квартиры']);
});

test('a business’s name finds its goods, a Cyrillic spelling finds a Latin name', async () => {
  expect(await search('домовой')).toEqual(expect.arrayContaining(['Домовой', 'Dyson V15 Detect', 'Толстовка с капюшоном']));
  expect((await search('домовой'))[0]).toBe('Домовой');
  expect(await search('дайсон')).toEqual(['Dyson V15 Detect']);
});

test('renaming a business or a section rewrites the documents of its goods at once', async () => {
  const renamed = await api(ctx, 'POST', `/v1/business/${store.id}`, seller.token, {
    kind: 'store',
    category_id: await businessCategoryId(ctx, 'home-garden'),
    name: 'Чистюля',
    name_en: 'Tidy',
    description: 'Техника для дома',
    address: 'Москва, ул. Полевая, 1',
    working_hours: { mon: null, tue: null, wed: null, thu: null, fri: null, sat: null, sun: null },
  });
  expect(renamed.status).toBe(200);
  // A renamed business waits for the moderator again before it is public (issue 17).
  await approveThroughModeration(ctx, 'businesses', store.id);
  expect(await search('чистюля')).toEqual(expect.arrayContaining(['Чистюля', 'Dyson V15 Detect']));
  expect(await search('домовой')).toEqual([]);
  expect(await search('аккумуляторные')).toEqual([]);
  const section = await api(ctx, 'POST', `/v1/categories/${sectionId}`, seller.token, { business_id: store.id, name: 'Аккумуляторные пылесосы', name_en: 'Cordless vacuums' });
  expect(section.status).toBe(200);
  expect(await search('аккумуляторные')).toEqual(['Dyson V15 Detect']);
});

test('staff keep the synonym list: a new row works at once, a removed one stops; others may not touch it', async () => {
  expect(await search('худи')).toEqual([]);
  expect((await inject('GET', '/v1/search/synonyms')).status).toBe(401);
  expect((await inject('GET', '/v1/search/synonyms', buyer.token)).status).toBe(403);
  expect((await inject('POST', '/v1/search/synonyms', buyer.token, { terms: ['худи', 'толстовка'] })).status).toBe(403);
  const list = await inject('GET', '/v1/search/synonyms', moderator.token);
  expect(list.status).toBe(200);
  expect(list.body.data).toEqual(expect.arrayContaining([expect.objectContaining({ terms: expect.arrayContaining(['телефон', 'смартфон']) })]));

  const created = await inject('POST', '/v1/search/synonyms', moderator.token, { terms: ['  Худи ', 'толстовка', 'hoodie'] });
  expect(created.status).toBe(201);
  expect(created.body.data).toMatchObject({ terms: ['худи', 'толстовка', 'hoodie'], expansions: [] });
  expect(await search('худи')).toEqual(['Толстовка с капюшоном']);
  expect(await search('hoodies')).toEqual(['Толстовка с капюшоном']);

  const changed = await inject('PATCH', `/v1/search/synonyms/${created.body.data.id}`, moderator.token, { terms: ['кенгуруха', 'толстовка'] });
  expect(changed.status).toBe(200);
  expect(await search('худи')).toEqual([]);
  expect(await search('кенгуруха')).toEqual(['Толстовка с капюшоном']);

  expect((await inject('DELETE', `/v1/search/synonyms/${created.body.data.id}`, moderator.token)).status).toBe(204);
  expect(await search('кенгуруха')).toEqual([]);
  expect((await inject('DELETE', `/v1/search/synonyms/${created.body.data.id}`, moderator.token)).status).toBe(404);
});

test('a synonym row that could find nothing is refused with words on its field', async () => {
  const alone = await inject('POST', '/v1/search/synonyms', moderator.token, { terms: ['худи'] });
  expect(alone.status).toBe(422);
  expect(alone.body.errors.terms).toEqual(['Give at least two terms, or a term and what it finds.']);
  const symbols = await inject('POST', '/v1/search/synonyms', moderator.token, { terms: ['!!!', 'a b c d'] });
  expect(symbols.status).toBe(422);
  expect(symbols.body.errors['terms[0]']).toEqual(['A term is a word or a phrase of up to 3 words, letters and digits.']);
  expect(symbols.body.errors['terms[1]']).toEqual(['A term is a word or a phrase of up to 3 words, letters and digits.']);
});
