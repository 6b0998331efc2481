import { and, eq, inArray } from 'drizzle-orm';
import { seedDemoAccounts } from '../../../server/db/seed/demo-accounts';
import { adminAuditLog } from '../../../server/db/schema';
import { isCategoryIcon } from '../../../shared/api/category-icon-values';
import { bearer, signIn, SETUP_TIMEOUT } from '../helpers/test-app';
import { nextIp } from '../olympiad/olympiad-helpers';
import { adCategoryId, businessCategoryId, createBusiness, createCatalogApp, type CatalogTestContext } from '../catalog/catalog-helpers';

/** Admins keep the ad and business categories: both names, an icon, the order; a used one is merged, never deleted. */

jest.setTimeout(60_000);
let ctx: CatalogTestContext;
let admin: { token: string; userId: number };
let moderator: { token: string; userId: number };
let user: { token: string; userId: number };

beforeAll(async () => {
  ctx = await createCatalogApp();
  await seedDemoAccounts(ctx.database.db);
  [admin, moderator, user] = await Promise.all([
    signIn(ctx, 'admin@example.com', { ip: nextIp() }),
    signIn(ctx, 'moderator@example.com', { ip: nextIp() }),
    signIn(ctx, `categories-user-${Date.now()}@example.com`, { ip: nextIp() }),
  ]);
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
async function call(method: Method, url: string, token?: string, payload?: object, lang = 'en') {
  const res = await ctx.app.inject({ method, url, headers: { ...(token ? bearer(token) : {}), 'accept-language': lang }, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.body ? res.json() : null };
}

let made = 0;
async function created(body: Record<string, unknown> = {}) {
  made += 1;
  const res = await call('POST', '/v1/admin/categories', admin.token, { type: 'ad', name: `Категория ${made}`, name_en: `Category ${made} ${Date.now()}`, icon: 'gift', ...body });
  if (res.status !== 201) throw new Error(`create → ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: number; slug: string; name: string; position: number; kind: string | null };
}

async function placeAd(categoryId: number, title = 'Велосипед') {
  const res = await call('POST', '/v1/ads', user.token, { category_id: categoryId, title, price: 1_000_000, location: 'Москва', condition: 'used' });
  if (res.status !== 201) throw new Error(`ad → ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id as number;
}

const auditOf = (targetType: string, ids: number[]) =>
  ctx.database.db.select().from(adminAuditLog).where(and(eq(adminAuditLog.targetType, targetType), inArray(adminAuditLog.targetId, ids)));

test('only admins: a moderator and a plain user get 403 on every call, a guest 401', async () => {
  const calls: Array<[Method, string, object?]> = [
    ['GET', '/v1/admin/categories?type=ad'],
    ['POST', '/v1/admin/categories', { type: 'ad', name: 'Х', name_en: 'X', icon: 'gift' }],
    ['PATCH', '/v1/admin/categories/ad/1', { name: 'Х' }],
    ['DELETE', '/v1/admin/categories/ad/1'],
    ['PUT', '/v1/admin/categories/order', { type: 'ad', ids: [1] }],
    ['POST', '/v1/admin/categories/ad/1/merge', { target_id: 2 }],
  ];
  for (const [method, url, body] of calls) {
    expect({ url, status: (await call(method, url, moderator.token, body)).status }).toEqual({ url, status: 403 });
    expect({ url, status: (await call(method, url, user.token, body)).status }).toEqual({ url, status: 403 });
    expect({ url, status: (await call(method, url, undefined, body)).status }).toEqual({ url, status: 401 });
  }
  const list = await call('GET', '/v1/admin/categories?type=business', admin.token);
  expect(list.status).toBe(200);
  expect(list.body.data.find((c: { slug: string }) => c.slug === 'groceries')).toMatchObject({ type: 'business', kind: 'store', name: 'Продукты', name_en: 'Groceries', icon: 'basket' });
});

test('every reference category has an icon the SPA can draw', async () => {
  for (const type of ['ad', 'business']) {
    const rows = (await call('GET', `/v1/admin/categories?type=${type}`, admin.token)).body.data as Array<{ slug: string; icon: string }>;
    expect(rows.filter((row) => !isCategoryIcon(row.icon)).map((row) => row.slug)).toEqual([]);
  }
});

test('a new category needs both names and an icon from the list; its slug comes from the English name; the catalogue shows it at once in both languages', async () => {
  // Read once before, so a kept answer would show if nothing dropped it.
  await call('GET', '/v1/ad-categories');
  const empty = await call('POST', '/v1/admin/categories', admin.token, { type: 'ad', name: ' ', name_en: '', icon: 'unicorn' });
  expect(empty.status).toBe(422);
  expect(empty.body.errors).toEqual({ name: ['The field is required.'], name_en: ['The field is required.'], icon: ['Choose an icon from the list.'] });
  const noKind = await call('POST', '/v1/admin/categories', admin.token, { type: 'business', name: 'Тест', name_en: 'Test', icon: 'gift' }, 'ru');
  expect(noKind.body.errors.kind).toEqual(['Выберите вид бизнеса: магазин, ресторан или услуги.']);
  const stamp = Date.now();
  const res = await call('POST', '/v1/admin/categories', admin.token, { type: 'ad', name: 'Настольные игры', name_en: `Board games & puzzles ${stamp}`, icon: 'toy' });
  expect(res.status).toBe(201);
  expect(res.body.data).toMatchObject({ type: 'ad', kind: null, slug: `board-games-puzzles-${stamp}`, name: 'Настольные игры', usage: 0 });
  const last = (await call('GET', '/v1/admin/categories?type=ad', admin.token)).body.data.at(-1);
  expect(last.id).toBe(res.body.data.id);
  const english = (await call('GET', '/v1/ad-categories', undefined, undefined, 'en')).body.data.find((c: { id: number }) => c.id === res.body.data.id);
  const russian = (await call('GET', '/v1/ad-categories', undefined, undefined, 'ru')).body.data.find((c: { id: number }) => c.id === res.body.data.id);
  expect([english?.name, russian?.name, english?.icon]).toEqual([`Board games & puzzles ${stamp}`, 'Настольные игры', 'toy']);
  const [row] = await auditOf('ad-category', [res.body.data.id]);
  expect(row).toMatchObject({ actorId: admin.userId, action: 'category.create', after: expect.objectContaining({ name: 'Настольные игры', icon: 'toy' }) });
});

test('a slug another category has is refused on the English name, translated; a name with no Latin letter too', async () => {
  const taken = await call('POST', '/v1/admin/categories', admin.token, { type: 'ad', name: 'Машины', name_en: 'Transport', icon: 'car' }, 'ru');
  expect(taken.status).toBe(422);
  expect(taken.body.errors.name_en).toEqual(['Адрес «transport» уже занят другой категорией: выберите другое английское название.']);
  const cyrillic = await call('POST', '/v1/admin/categories', admin.token, { type: 'ad', name: 'Машины', name_en: 'Машины', icon: 'car' });
  expect(cyrillic.body.errors.name_en).toEqual(["The English name needs at least one Latin letter or digit: the category's address is made from it."]);
  // Renaming into another's slug is refused the same way; the category keeps its names.
  const mine = await created();
  const renamed = await call('PATCH', `/v1/admin/categories/ad/${mine.id}`, admin.token, { name_en: 'Electronics' });
  expect(renamed.status).toBe(422);
  expect(renamed.body.errors.name_en).toEqual(['Another category already has the address “electronics”: choose a different English name.']);
  const edited = await call('PATCH', `/v1/admin/categories/ad/${mine.id}`, admin.token, { name: 'Другое имя', icon: 'leaf' });
  expect(edited.body.data).toMatchObject({ name: 'Другое имя', icon: 'leaf', slug: mine.slug });
  const rows = await auditOf('ad-category', [mine.id]);
  expect(rows.map((row) => row.action).sort()).toEqual(['category.create', 'category.update']);
  expect(rows.find((row) => row.action === 'category.update')).toMatchObject({ before: expect.objectContaining({ icon: 'gift' }), after: expect.objectContaining({ icon: 'leaf', name: 'Другое имя' }) });
});

test('reorder: one call with the new order of a kind; the public list follows; a stale or partial order is 409 and changes nothing', async () => {
  const before = (await call('GET', '/v1/admin/categories?type=business', admin.token)).body.data.filter((c: { kind: string }) => c.kind === 'restaurant');
  const ids = before.map((c: { id: number }) => c.id).reverse();
  const res = await call('PUT', '/v1/admin/categories/order', admin.token, { type: 'business', kind: 'restaurant', ids });
  expect(res.status).toBe(200);
  expect(res.body.data.map((c: { id: number }) => c.id)).toEqual(ids);
  const publicOrder = (await call('GET', '/v1/business-categories?kind=restaurant')).body.data.map((c: { id: number }) => c.id);
  expect(publicOrder).toEqual(ids);
  // Stores are untouched.
  const stores = (await call('GET', '/v1/business-categories?kind=store')).body.data.map((c: { slug: string }) => c.slug);
  expect(stores[0]).toBe('groceries');
  const partial = await call('PUT', '/v1/admin/categories/order', admin.token, { type: 'business', kind: 'restaurant', ids: ids.slice(1) });
  expect(partial.status).toBe(409);
  expect(partial.body.message).toBe('The list of categories changed meanwhile: reload the page and try again.');
  const mixed = await call('PUT', '/v1/admin/categories/order', admin.token, { type: 'business', kind: 'restaurant', ids: [...ids.slice(1), await businessCategoryId(ctx, 'groceries')] });
  expect(mixed.status).toBe(409);
  expect((await call('GET', '/v1/business-categories?kind=restaurant')).body.data.map((c: { id: number }) => c.id)).toEqual(ids);
  const audit = (await ctx.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'category.reorder'))).filter((row) => row.targetType === 'business-category');
  expect(audit).toHaveLength(1);
  expect(audit[0].after).toEqual({ kind: 'restaurant', ids });
});

test('a category in use cannot be deleted (409 that offers merging); an unused one can', async () => {
  const used = await created();
  await placeAd(used.id);
  const refused = await call('DELETE', `/v1/admin/categories/ad/${used.id}`, admin.token, undefined, 'ru');
  expect(refused.status).toBe(409);
  expect(refused.body.message).toBe('В категории 1 запись, поэтому её нельзя удалить. Объедините её с другой категорией.');
  const unused = await created();
  expect((await call('DELETE', `/v1/admin/categories/ad/${unused.id}`, admin.token)).status).toBe(204);
  expect((await call('DELETE', `/v1/admin/categories/ad/${unused.id}`, admin.token)).status).toBe(404);
  expect((await call('GET', '/v1/ad-categories')).body.data.some((c: { id: number }) => c.id === unused.id)).toBe(false);
  expect((await auditOf('ad-category', [used.id, unused.id])).map((row) => [row.targetId, row.action]).sort()).toEqual(
    [
      [used.id, 'category.create'],
      [unused.id, 'category.create'],
      [unused.id, 'category.delete'],
    ].sort(),
  );
});

test('merge moves every ad to the target and deletes the source; the ads show the new category at once', async () => {
  const source = await created({ name: 'Старые вещи' });
  const target = await adCategoryId(ctx, 'hobby');
  const first = await placeAd(source.id, 'Патефон');
  const second = await placeAd(source.id, 'Граммофон');
  // Read once before, so a kept answer would show if nothing dropped it.
  await call('GET', `/v1/ads?category_id=${target}`);
  const res = await call('POST', `/v1/admin/categories/ad/${source.id}/merge`, admin.token, { target_id: target });
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({ moved: 2, target: { id: target, slug: 'hobby' } });
  for (const id of [first, second]) expect((await call('GET', `/v1/ads/${id}`)).body.data.category).toMatchObject({ id: target });
  const inTarget = (await call('GET', `/v1/ads?category_id=${target}&per_page=100`)).body.data.map((ad: { id: number }) => ad.id);
  expect(inTarget).toEqual(expect.arrayContaining([first, second]));
  expect((await call('GET', '/v1/admin/categories?type=ad', admin.token)).body.data.some((c: { id: number }) => c.id === source.id)).toBe(false);
  const [merge] = (await auditOf('ad-category', [source.id])).filter((row) => row.action === 'category.merge');
  expect(merge).toMatchObject({ actorId: admin.userId, after: { merged_into: target, moved: 2 }, before: expect.objectContaining({ name: 'Старые вещи' }) });
});

test('merge refuses itself, another kind and another type (422, translated), and changes nothing', async () => {
  const source = await created();
  const ad = await placeAd(source.id);
  const self = await call('POST', `/v1/admin/categories/ad/${source.id}/merge`, admin.token, { target_id: source.id }, 'ru');
  expect(self.status).toBe(422);
  expect(self.body.errors.target_id).toEqual(['Категорию нельзя объединить с ней самой: выберите другую.']);
  // A business category is no target for an ad category: its id is not an ad category's.
  const business = await created({ type: 'business', kind: 'service', icon: 'tools' });
  const crossType = await call('POST', `/v1/admin/categories/ad/${source.id}/merge`, admin.token, { target_id: business.id });
  expect(crossType.status).toBe(422);
  expect(crossType.body.errors.target_id).toEqual(['Choose the category to merge into.']);
  // Business categories merge within their kind only.
  const owner = await signIn(ctx, `categories-owner-${Date.now()}@example.com`, { ip: nextIp() });
  const shop = await createBusiness(ctx, owner.token, { kind: 'service', category_id: business.id });
  const crossKind = await call('POST', `/v1/admin/categories/business/${business.id}/merge`, admin.token, { target_id: await businessCategoryId(ctx, 'groceries') });
  expect(crossKind.status).toBe(422);
  expect(crossKind.body.errors.target_id).toEqual(['Merge only into a category of the same type and kind of business.']);
  const sameKind = await call('POST', `/v1/admin/categories/business/${business.id}/merge`, admin.token, { target_id: await businessCategoryId(ctx, 'cleaning') });
  expect(sameKind.body.data).toMatchObject({ moved: 1, target: { slug: 'cleaning', kind: 'service' } });
  expect((await call('GET', `/v1/business/${shop.id}`)).body.data.category).toMatchObject({ id: await businessCategoryId(ctx, 'cleaning') });
  expect((await call('GET', `/v1/ads/${ad}`)).body.data.category).toMatchObject({ id: source.id });
  expect((await auditOf('ad-category', [source.id])).map((row) => row.action)).toEqual(['category.create']);
});
