import { count, eq } from 'drizzle-orm';
import { seedDemoAccounts } from '../../../server/db/seed/demo-accounts';
import { ads, banners } from '../../../server/db/schema';
import { signIn, SETUP_TIMEOUT } from '../helpers/test-app';
import { adCategoryId, api, createBusiness, createCatalogApp, type CatalogTestContext } from './catalog-helpers';

let ctx: CatalogTestContext;
let seller: { token: string; userId: number };
let buyer: { token: string; userId: number };
let electronics: number;

beforeAll(async () => {
  ctx = await createCatalogApp();
  await seedDemoAccounts(ctx.database.db);
  seller = await signIn(ctx, 'seller@example.com');
  buyer = await signIn(ctx, 'buyer@example.com');
  electronics = await adCategoryId(ctx, 'electronics');
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

const placeAd = async (token: string, body: Record<string, unknown> = {}) => {
  const res = await api(ctx, 'POST', '/v1/ads', token, { category_id: electronics, title: 'Ноутбук Lenovo', price: 3_200_000, location: 'Москва', condition: 'used', ...body });
  if (res.status !== 201) throw new Error(`POST /v1/ads → ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};

test('ad categories are listed with counts of published ads', async () => {
  await placeAd(buyer.token);
  const res = await api(ctx, 'GET', '/v1/ad-categories', undefined, undefined, 'en');
  expect(res.body.data).toHaveLength(10);
  expect(res.body.data.find((c: { slug: string }) => c.slug === 'electronics')).toMatchObject({ name: 'Electronics', ads_count: 1 });
});

test('a user places an ad; the offer page shows it to anyone', async () => {
  const ad = await placeAd(buyer.token, { title_en: 'Lenovo laptop', description: 'Почти новый' });
  expect(ad).toMatchObject({ status: 'published', title: 'Ноутбук Lenovo', price: 3_200_000, currency: 'RUB', condition: 'used', category: { id: electronics }, user: { id: buyer.userId }, can_edit: true });
  const english = await api(ctx, 'GET', `/v1/ads/${ad.id}`, undefined, undefined, 'en');
  expect(english.body.data).toMatchObject({ title: 'Lenovo laptop', description: 'Почти новый', can_edit: false, texts: { name: 'Ноутбук Lenovo', name_en: 'Lenovo laptop' } });
  const priceOnRequest = await placeAd(buyer.token, { price: null, title: 'Отдам даром' });
  expect(priceOnRequest.price).toBeNull();
});

test('bad input: missing category, negative price — translated; nothing saved', async () => {
  const before = Number((await ctx.database.db.select({ value: count() }).from(ads))[0].value);
  const res = await api(ctx, 'POST', '/v1/ads', buyer.token, { category_id: 999_999, title: 'Т', price: -5, condition: 'broken' }, 'en');
  expect(res.status).toBe(422);
  expect(res.body.errors).toEqual({ title: ['At least 2 characters.'], price: ['The price cannot be negative.'], condition: ['Choose one of the allowed values.'] });
  const category = await api(ctx, 'POST', '/v1/ads', buyer.token, { category_id: 999_999, title: 'Телефон' }, 'ru');
  expect(category.body.errors).toEqual({ category_id: ['Такой категории нет.'] });
  expect(Number((await ctx.database.db.select({ value: count() }).from(ads))[0].value)).toBe(before);
});

test('only the author edits or deletes an ad (403)', async () => {
  const ad = await placeAd(buyer.token);
  const change = { category_id: electronics, title: 'Ноутбук Lenovo ThinkPad', price: 2_900_000 };
  expect((await api(ctx, 'POST', `/v1/ads/${ad.id}`, seller.token, change)).status).toBe(403);
  expect((await api(ctx, 'DELETE', `/v1/ads/${ad.id}`, seller.token)).status).toBe(403);
  expect((await ctx.database.db.select().from(ads).where(eq(ads.id, ad.id)))[0].title).toBe('Ноутбук Lenovo');
  const updated = await api(ctx, 'POST', `/v1/ads/${ad.id}`, buyer.token, change);
  expect(updated.body.data).toMatchObject({ title: 'Ноутбук Lenovo ThinkPad', price: 2_900_000 });
  expect((await api(ctx, 'DELETE', `/v1/ads/${ad.id}`, buyer.token)).status).toBe(204);
  expect((await api(ctx, 'GET', `/v1/ads/${ad.id}`)).status).toBe(404);
});

test('a user’s ads: the author sees drafts and archived ones with their state, others only published', async () => {
  const author = await signIn(ctx, 'author@example.com');
  const published = await placeAd(author.token, { title: 'Плеер' });
  const draft = await placeAd(author.token, { title: 'Черновик', status: 'draft' });
  const archived = await placeAd(author.token, { title: 'Продано', status: 'archived' });
  const ids = (body: { data: Array<{ id: number }> }) => body.data.map((a) => a.id).sort();
  expect(ids((await api(ctx, 'GET', `/v1/ads/users/${author.userId}`, buyer.token)).body)).toEqual([published.id]);
  expect(ids((await api(ctx, 'GET', `/v1/ads/users/${author.userId}`, author.token)).body)).toEqual([published.id, draft.id, archived.id].sort());
  const drafts = await api(ctx, 'GET', `/v1/ads/users/${author.userId}?status=draft`, author.token);
  expect(drafts.body.data.map((a: { status: string }) => a.status)).toEqual(['draft']);
  expect((await api(ctx, 'GET', `/v1/ads/${draft.id}`, buyer.token)).status).toBe(404);
  expect((await api(ctx, 'GET', `/v1/ads/${draft.id}`, author.token)).status).toBe(200);
  // Publishing a draft later stamps the publication time.
  const publishedLater = await api(ctx, 'POST', `/v1/ads/${draft.id}`, author.token, { category_id: electronics, title: 'Черновик', status: 'published' });
  expect(typeof publishedLater.body.data.published_at).toBe('string');
});

test('GET /v1/ads filters by category and price and sorts', async () => {
  const hobby = await adCategoryId(ctx, 'hobby');
  const poster = await signIn(ctx, 'poster@example.com');
  await placeAd(poster.token, { category_id: hobby, title: 'Гитара', price: 900_000 });
  await placeAd(poster.token, { category_id: hobby, title: 'Палатка', price: 750_000 });
  const list = await api(ctx, 'GET', `/v1/ads?category_id=${hobby}&sort=price_asc`);
  expect(list.body.data.map((a: { title: string }) => a.title)).toEqual(['Палатка', 'Гитара']);
  const cheap = await api(ctx, 'GET', `/v1/ads?category_id=${hobby}&price_max=800000`);
  expect(cheap.body.meta.total).toBe(1);
});

test('home and regular banners: active ones in order, in the reader’s language', async () => {
  await ctx.database.db.insert(banners).values([
    { placement: 'home', title: 'Скидки', titleEn: 'Sale', link: '/page/stores', position: 2 },
    { placement: 'home', title: 'Новинки', titleEn: 'New', link: '/home', position: 1 },
    { placement: 'home', title: 'Старое', link: '/home', position: 0, endsAt: new Date(Date.now() - 1000) },
    { placement: 'home', title: 'Выключено', link: '/home', active: false },
    { placement: 'regular', title: 'Подпишитесь', link: '/subscriptions' },
  ]);
  const home = await api(ctx, 'GET', '/v1/ads/home-banners', undefined, undefined, 'en');
  expect(home.body.data.map((b: { title: string }) => b.title)).toEqual(['New', 'Sale']);
  const regular = await api(ctx, 'GET', '/v1/ads/regular-banners');
  expect(regular.body.data).toEqual([expect.objectContaining({ placement: 'regular', title: 'Подпишитесь', link: '/subscriptions', image: null })]);
});

test('the public page of a user: profile, published ads, businesses; 404 for nobody', async () => {
  const person = await signIn(ctx, 'person@example.com');
  await placeAd(person.token, { title: 'Велосипед' });
  await placeAd(person.token, { title: 'Скрытое', status: 'draft' });
  await createBusiness(ctx, person.token, { name: 'Лавка соседа' });
  const page = await api(ctx, 'GET', `/v1/users/${person.userId}`, buyer.token);
  expect(page.status).toBe(200);
  expect(page.body.data).toMatchObject({ id: person.userId, ads_count: 1, is_favorite: false, businesses: [expect.objectContaining({ name: 'Лавка соседа' })] });
  expect(page.body.data.ads.map((a: { title: string }) => a.title)).toEqual(['Велосипед']);
  expect(page.body.data).not.toHaveProperty('email');
  expect((await api(ctx, 'GET', '/v1/users/999999')).status).toBe(404);
});
