import { count, eq } from 'drizzle-orm';
import { seedDemoAccounts } from '../../../server/db/seed/demo-accounts';
import { businesses } from '../../../server/db/schema';
import { signIn, SETUP_TIMEOUT } from '../helpers/test-app';
import { api, businessCategoryId, createBusiness, createCatalogApp, createProduct, WEEK, type CatalogTestContext } from './catalog-helpers';

let ctx: CatalogTestContext;
let seller: { token: string; userId: number };
let buyer: { token: string; userId: number };

beforeAll(async () => {
  ctx = await createCatalogApp();
  await seedDemoAccounts(ctx.database.db);
  seller = await signIn(ctx, 'seller@example.com');
  buyer = await signIn(ctx, 'buyer@example.com');
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

const businessCount = async () => Number((await ctx.database.db.select({ value: count() }).from(businesses))[0].value);

describe('business categories', () => {
  test('are listed in both languages, by kind, with business counts', async () => {
    const all = await api(ctx, 'GET', '/v1/business-categories');
    expect(all.status).toBe(200);
    expect(all.body.data.length).toBeGreaterThanOrEqual(20);
    expect(all.body.data[0]).toMatchObject({ slug: 'groceries', kind: 'store', name: 'Продукты', icon: 'basket', businesses_count: expect.any(Number) });
    const restaurants = await api(ctx, 'GET', '/v1/business-categories?kind=restaurant', undefined, undefined, 'en');
    expect(restaurants.body.data.every((c: { kind: string }) => c.kind === 'restaurant')).toBe(true);
    expect(restaurants.body.data.map((c: { name: string }) => c.name)).toContain('Pizzerias');
  });
});

describe('creating and editing a business', () => {
  test('the owner creates a business; the page shows it with hours, owner and can_edit', async () => {
    const created = await createBusiness(ctx, seller.token, { delivery_discount_percent: 15, phone: '+7 900 123-45-67' });
    expect(created).toMatchObject({
      kind: 'store',
      name: 'Фермерская лавка',
      category: { name: 'Продукты' },
      working_hours: WEEK,
      delivery_discount_percent: 15,
      owner: { id: seller.userId, name: 'Oleg Prodavtsov' },
      can_edit: true,
      texts: { name: 'Фермерская лавка', name_en: 'Farm shop' },
      products_count: 0,
      services_count: 0,
      is_subscribed: false,
    });
    const english = await api(ctx, 'GET', `/v1/business/${created.id}`, buyer.token, undefined, 'en');
    expect(english.body.data).toMatchObject({ name: 'Farm shop', description: 'Свежие овощи с грядки', category: { name: 'Groceries' }, can_edit: false });
  });

  test('a guest may read a business but not create one', async () => {
    const created = await createBusiness(ctx, seller.token);
    expect((await api(ctx, 'GET', `/v1/business/${created.id}`)).status).toBe(200);
    const body = { kind: 'store', category_id: await businessCategoryId(ctx, 'groceries'), name: 'Лавка', address: 'Москва' };
    expect((await api(ctx, 'POST', '/v1/business', undefined, body)).status).toBe(401);
    expect((await api(ctx, 'GET', '/v1/business/999999')).status).toBe(404);
  });

  test('bad input: translated messages on the right fields, nothing saved', async () => {
    const before = await businessCount();
    const body = {
      kind: 'castle',
      category_id: 999999,
      name: 'Я',
      address: '',
      delivery_discount_percent: 150,
      working_hours: { ...WEEK, mon: { open: '25:00', close: '10:00' }, tue: { open: '10:00', close: '10:00' } },
    };
    const ru = await api(ctx, 'POST', '/v1/business', seller.token, body, 'ru');
    expect(ru.status).toBe(422);
    expect(ru.body.errors).toMatchObject({
      kind: ['Выберите одно из допустимых значений.'],
      name: ['Не менее 2 символов.'],
      address: ['Поле обязательно.'],
      delivery_discount_percent: ['Укажите процент от 0 до 100.'],
      'working_hours.mon.open': ['Укажите время в формате ЧЧ:ММ.'],
      'working_hours.tue': ['Время открытия и закрытия должно различаться.'],
    });
    const en = await api(ctx, 'POST', '/v1/business', seller.token, body, 'en');
    expect(en.body.errors.delivery_discount_percent).toEqual(['Enter a percentage from 0 to 100.']);
    expect(en.body.errors['working_hours.mon.open']).toEqual(['Enter the time as HH:MM.']);
    expect(await businessCount()).toBe(before);
  });

  test('a category that does not exist or does not fit the kind is refused on category_id', async () => {
    const missing = await api(ctx, 'POST', '/v1/business', seller.token, { kind: 'store', category_id: 999999, name: 'Лавка', address: 'Москва' }, 'en');
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ category_id: ['This category does not exist.'] });
    const wrongKind = await api(ctx, 'POST', '/v1/business', seller.token, { kind: 'store', category_id: await businessCategoryId(ctx, 'pizza'), name: 'Лавка', address: 'Москва' }, 'ru');
    expect(wrongKind.body.errors).toEqual({ category_id: ['Категория не подходит для этого вида бизнеса.'] });
    const wrongType = await api(ctx, 'POST', '/v1/business', seller.token, { kind: 'store', category_id: 'abc', name: 'Лавка', address: 'Москва' }, 'en');
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.errors.category_id).toEqual(['The value has the wrong type.']);
  });

  test('only the owner updates or deletes (403 for anyone else)', async () => {
    const created = await createBusiness(ctx, seller.token);
    const changes = { kind: 'store', category_id: await businessCategoryId(ctx, 'groceries'), name: 'Лавка у дома', address: 'Москва, ул. Новая, 2', working_hours: WEEK };
    expect((await api(ctx, 'POST', `/v1/business/${created.id}`, buyer.token, changes)).status).toBe(403);
    expect((await api(ctx, 'DELETE', `/v1/business/${created.id}`, buyer.token)).status).toBe(403);
    const [unchanged] = await ctx.database.db.select().from(businesses).where(eq(businesses.id, created.id));
    expect(unchanged.name).toBe('Фермерская лавка');

    const updated = await api(ctx, 'POST', `/v1/business/${created.id}`, seller.token, changes);
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: 'Лавка у дома', address: 'Москва, ул. Новая, 2', texts: { name_en: null } });

    await createProduct(ctx, seller.token, created.id);
    expect((await api(ctx, 'DELETE', `/v1/business/${created.id}`, seller.token)).status).toBe(204);
    expect((await api(ctx, 'GET', `/v1/business/${created.id}`)).status).toBe(404);
    expect((await api(ctx, 'POST', `/v1/business/${created.id}`, seller.token, changes)).status).toBe(404);
  });
});

describe('business lists', () => {
  let cafeId: number;
  beforeAll(async () => {
    const cafe = await createBusiness(ctx, buyer.token, {
      kind: 'restaurant',
      category_id: await businessCategoryId(ctx, 'cafe'),
      name: 'Кофейня на углу',
      name_en: 'Corner Coffee',
      delivery_discount_percent: 40,
    });
    cafeId = cafe.id;
    await createBusiness(ctx, buyer.token, { kind: 'service', category_id: await businessCategoryId(ctx, 'cleaning'), name: 'Блеск', delivery_discount_percent: 5 });
  });

  test('get-business filters by kind, category, name and owner, paged with meta', async () => {
    const restaurants = await api(ctx, 'GET', '/v1/get-business?kind=restaurant');
    expect(restaurants.body.data.map((b: { id: number }) => b.id)).toEqual([cafeId]);
    const byCategory = await api(ctx, 'GET', `/v1/get-business?category_id=${await businessCategoryId(ctx, 'cleaning')}`);
    expect(byCategory.body.data.map((b: { name: string }) => b.name)).toEqual(['Блеск']);
    const byName = await api(ctx, 'GET', `/v1/get-business?q=${encodeURIComponent('углу')}`);
    expect(byName.body.data.map((b: { id: number }) => b.id)).toEqual([cafeId]);
    const wildcard = await api(ctx, 'GET', `/v1/get-business?q=${encodeURIComponent('%')}`);
    expect(wildcard.body.data).toEqual([]);
    const paged = await api(ctx, 'GET', `/v1/get-business?owner_id=${buyer.userId}&per_page=1&page=2`);
    expect(paged.body.meta).toEqual({ current_page: 2, per_page: 1, total: 2, last_page: 2 });
  });

  test('ordered sorts by the asked order; delivery-discounts lists biggest discount first', async () => {
    const byName = await api(ctx, 'GET', '/v1/businesses/ordered?sort=name&per_page=100');
    const names = byName.body.data.map((b: { name: string }) => b.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'ru')));
    const discounts = await api(ctx, 'GET', '/v1/businesses/delivery-discounts');
    const percents = discounts.body.data.map((b: { delivery_discount_percent: number }) => b.delivery_discount_percent);
    expect(percents[0]).toBe(40);
    expect(percents.every((p: number) => p > 0)).toBe(true);
    expect(percents).toEqual([...percents].sort((a, b) => b - a));
  });

  test('GET /v1/business lists my own businesses only (401 for a guest)', async () => {
    expect((await api(ctx, 'GET', '/v1/business')).status).toBe(401);
    const mine = await api(ctx, 'GET', '/v1/business', buyer.token);
    expect(mine.body.data).toHaveLength(2);
    expect(mine.body.data.every((b: { owner_id: number }) => b.owner_id === buyer.userId)).toBe(true);
  });
});
