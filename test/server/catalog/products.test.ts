import { count, eq } from 'drizzle-orm';
import { seedDemoAccounts } from '../../../server/db/seed/demo-accounts';
import { products } from '../../../server/db/schema';
import { signIn, SETUP_TIMEOUT } from '../helpers/test-app';
import { api, businessCategoryId, createBusiness, createCatalogApp, createProduct, type CatalogTestContext } from './catalog-helpers';

let ctx: CatalogTestContext;
let seller: { token: string; userId: number };
let buyer: { token: string; userId: number };
let shopId: number;
let salonId: number;

beforeAll(async () => {
  ctx = await createCatalogApp();
  await seedDemoAccounts(ctx.database.db);
  seller = await signIn(ctx, 'seller@example.com');
  buyer = await signIn(ctx, 'buyer@example.com');
  shopId = (await createBusiness(ctx, seller.token)).id;
  salonId = (await createBusiness(ctx, seller.token, { kind: 'service', category_id: await businessCategoryId(ctx, 'beauty-salon'), name: 'Салон «Локон»' })).id;
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

const productCount = async () => Number((await ctx.database.db.select({ value: count() }).from(products))[0].value);

describe('creating products and services', () => {
  test('a product: integer prices, the discount applied in integers, stock, category', async () => {
    const category = await api(ctx, 'POST', '/v1/categories', seller.token, { business_id: shopId, name: 'Овощи', name_en: 'Vegetables' });
    const product = await createProduct(ctx, seller.token, shopId, { price: 99_999, discount_percent: 15, stock: 7, category_id: category.body.data.id, name_en: 'Cucumbers' });
    // 99 999 × 15 % = 14 999.85 → 15 000 off: the buyer pays 84 999 kopecks.
    expect(product).toMatchObject({ kind: 'product', status: 'published', price: 99_999, discount_percent: 15, final_price: 84_999, currency: 'RUB', stock: 7 });
    expect(product).toMatchObject({ category: { id: category.body.data.id, name: 'Овощи' }, business: { id: shopId, name: 'Фермерская лавка' }, can_edit: true, duration_minutes: null });
    expect(typeof product.published_at).toBe('string');
    const english = await api(ctx, 'GET', `/v1/products/${product.id}`, undefined, undefined, 'en');
    expect(english.body.data).toMatchObject({ name: 'Cucumbers', category: { name: 'Vegetables' }, can_edit: false, texts: { name: 'Огурцы', name_en: 'Cucumbers' } });
  });

  test('a service has a duration and no stock', async () => {
    const service = await createProduct(ctx, seller.token, salonId, { kind: 'service', name: 'Стрижка', price: 150_000, stock: 5, duration_minutes: 60 });
    expect(service).toMatchObject({ kind: 'service', stock: null, duration_minutes: 60, final_price: 150_000 });
  });

  test('bad input: negative price, discount over 100 %, wrong types — translated, on the right fields, nothing saved', async () => {
    const before = await productCount();
    const body = { business_id: shopId, name: 'Огурцы', price: -100, discount_percent: 150, stock: -1, currency: 'XXX' };
    const ru = await api(ctx, 'POST', '/v1/products', seller.token, body, 'ru');
    expect(ru.status).toBe(422);
    expect(ru.body.errors).toEqual({
      price: ['Цена не может быть отрицательной.'],
      discount_percent: ['Укажите процент от 0 до 100.'],
      stock: ['Остаток должен быть от 0 до 1000000.'],
      currency: ['Выберите одно из допустимых значений.'],
    });
    const en = await api(ctx, 'POST', '/v1/products', seller.token, body, 'en');
    expect(en.body.errors.price).toEqual(['The price cannot be negative.']);
    expect(en.body.errors.discount_percent).toEqual(['Enter a percentage from 0 to 100.']);
    const wrongTypes = await api(ctx, 'POST', '/v1/products', seller.token, { business_id: shopId, name: 'Огурцы', price: 'дорого' }, 'en');
    expect(wrongTypes.status).toBe(422);
    expect(wrongTypes.body.errors).toEqual({ price: ['The value has the wrong type.'] });
    const fractional = await api(ctx, 'POST', '/v1/products', seller.token, { business_id: shopId, name: 'Огурцы', price: 10.5 }, 'en');
    expect(fractional.status).toBe(422);
    expect(Object.keys(fractional.body.errors)).toEqual(['price']);
    expect(await productCount()).toBe(before);
  });

  test('a category that does not exist, or belongs to another business, is refused; so is a stranger’s image', async () => {
    const before = await productCount();
    const otherShop = await createBusiness(ctx, buyer.token, { name: 'Чужая лавка' });
    const foreign = await api(ctx, 'POST', '/v1/categories', buyer.token, { business_id: otherShop.id, name: 'Чужое' });
    for (const categoryId of [999_999, foreign.body.data.id]) {
      const res = await api(ctx, 'POST', '/v1/products', seller.token, { business_id: shopId, name: 'Огурцы', price: 100, category_id: categoryId }, 'en');
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ category_id: ['This category does not exist.'] });
    }
    const image = await api(ctx, 'POST', '/v1/products', seller.token, { business_id: shopId, name: 'Огурцы', price: 100, image_ids: ['nope'] }, 'ru');
    expect(image.body.errors).toEqual({ image_ids: ['Изображение не найдено. Загрузите его снова.'] });
    const missingBusiness = await api(ctx, 'POST', '/v1/products', seller.token, { business_id: 999_999, name: 'Огурцы', price: 100 }, 'en');
    expect(missingBusiness.body.errors).toEqual({ business_id: ['This business does not exist.'] });
    expect(await productCount()).toBe(before);
  });

  test('adding a product to someone else’s business is 403; a guest gets 401', async () => {
    expect((await api(ctx, 'POST', '/v1/products', buyer.token, { business_id: shopId, name: 'Огурцы', price: 100 })).status).toBe(403);
    expect((await api(ctx, 'POST', '/v1/products', undefined, { business_id: shopId, name: 'Огурцы', price: 100 })).status).toBe(401);
  });
});

describe('editing, deleting and drafts', () => {
  test('only the owner edits or deletes a product (403), and the row stays as it was', async () => {
    const product = await createProduct(ctx, seller.token, shopId, { name: 'Морковь', price: 5_000 });
    const change = { name: 'Морковь мытая', price: 6_000 };
    expect((await api(ctx, 'POST', `/v1/products/${product.id}`, buyer.token, change)).status).toBe(403);
    expect((await api(ctx, 'DELETE', `/v1/products/${product.id}`, buyer.token)).status).toBe(403);
    const [row] = await ctx.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ name: 'Морковь', price: 5_000 });

    const updated = await api(ctx, 'POST', `/v1/products/${product.id}`, seller.token, { ...change, business_id: 999 });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: 'Морковь мытая', price: 6_000, business: { id: shopId } });
    expect((await api(ctx, 'DELETE', `/v1/products/${product.id}`, seller.token)).status).toBe(204);
    expect((await api(ctx, 'GET', `/v1/products/${product.id}`)).status).toBe(404);
    expect((await api(ctx, 'POST', `/v1/products/${product.id}`, seller.token, change)).status).toBe(404);
  });

  test('a draft is seen by its owner only; mine=1 lists every state of my products', async () => {
    const draft = await createProduct(ctx, seller.token, shopId, { name: 'Черновик редиски', price: 1_000, status: 'draft' });
    expect(draft.status).toBe('draft');
    expect(draft.published_at).toBeNull();
    expect((await api(ctx, 'GET', `/v1/products/${draft.id}`)).status).toBe(404);
    expect((await api(ctx, 'GET', `/v1/products/${draft.id}`, buyer.token)).status).toBe(404);
    expect((await api(ctx, 'GET', `/v1/products/${draft.id}`, seller.token)).status).toBe(200);

    const publicIds = (await api(ctx, 'GET', '/v1/get-products?per_page=100')).body.data.map((p: { id: number }) => p.id);
    expect(publicIds).not.toContain(draft.id);
    const mine = await api(ctx, 'GET', '/v1/products?mine=1&per_page=100', seller.token);
    expect(mine.body.data.map((p: { id: number }) => p.id)).toContain(draft.id);
    const drafts = await api(ctx, 'GET', '/v1/products?mine=1&status=draft', seller.token);
    expect(drafts.body.data.map((p: { id: number; status: string }) => [p.id, p.status])).toEqual([[draft.id, 'draft']]);
    expect((await api(ctx, 'GET', '/v1/products?mine=1')).status).toBe(401);
    const buyersOwn = await api(ctx, 'GET', '/v1/products?mine=1', buyer.token);
    expect(buyersOwn.body.data.every((p: { business: { id: number } }) => p.business.id !== shopId)).toBe(true);
  });
});

describe('product lists', () => {
  let listShop: number;
  beforeAll(async () => {
    listShop = (await createBusiness(ctx, seller.token, { name: 'Магазин для списков' })).id;
    await createProduct(ctx, seller.token, listShop, { name: 'Дешёвый', price: 1_000 });
    await createProduct(ctx, seller.token, listShop, { name: 'Средний', price: 5_000, discount_percent: 10 });
    await createProduct(ctx, seller.token, listShop, { name: 'Дорогой', price: 9_000, discount_percent: 50, stock: 0 });
  });

  test('get-products filters by business, price on the final price, discount and stock, and sorts', async () => {
    const list = (query: string) => api(ctx, 'GET', `/v1/get-products?business_id=${listShop}&${query}`).then((r) => r.body);
    expect((await list('sort=price_asc')).data.map((p: { name: string }) => p.name)).toEqual(['Дешёвый', 'Средний', 'Дорогой']);
    expect((await list('sort=price_desc')).data.map((p: { final_price: number }) => p.final_price)).toEqual([4_500, 4_500, 1_000]);
    expect((await list('price_min=2000&price_max=4500')).data.map((p: { name: string }) => p.name).sort()).toEqual(['Дорогой', 'Средний']);
    expect((await list('discounted=1')).meta.total).toBe(2);
    expect((await list('in_stock=1')).data.map((p: { name: string }) => p.name).sort()).toEqual(['Дешёвый', 'Средний']);
    expect((await list('sort=newest&per_page=2')).meta).toEqual({ current_page: 1, per_page: 2, total: 3, last_page: 2 });
    expect((await list('kind=service')).data).toEqual([]);
  });

  test('discounted lists biggest discount first; popular follows orders then favorites', async () => {
    const discounted = await api(ctx, 'GET', `/v1/products/discounted?business_id=${listShop}`);
    expect(discounted.body.data.map((p: { discount_percent: number }) => p.discount_percent)).toEqual([50, 10]);
    const [cheap] = (await api(ctx, 'GET', `/v1/get-products?business_id=${listShop}&sort=price_asc&per_page=1`)).body.data;
    await ctx.database.db.update(products).set({ ordersCount: 99 }).where(eq(products.id, cheap.id));
    const popular = await api(ctx, 'GET', `/v1/products/popular?business_id=${listShop}`);
    expect(popular.body.data[0].id).toBe(cheap.id);
  });

  test('a bad query string is a 422 on its parameter', async () => {
    const res = await api(ctx, 'GET', '/v1/get-products?sort=sideways&per_page=1000', undefined, undefined, 'en');
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['per_page', 'sort']);
  });
});
