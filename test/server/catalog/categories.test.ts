import { eq } from 'drizzle-orm';
import { seedDemoAccounts } from '../../../server/db/seed/demo-accounts';
import { productCategories, products } from '../../../server/db/schema';
import { signIn, SETUP_TIMEOUT } from '../helpers/test-app';
import { api, createBusiness, createCatalogApp, createProduct, type CatalogTestContext } from './catalog-helpers';

let ctx: CatalogTestContext;
let seller: { token: string; userId: number };
let buyer: { token: string; userId: number };
let shopId: number;

beforeAll(async () => {
  ctx = await createCatalogApp();
  await seedDemoAccounts(ctx.database.db);
  seller = await signIn(ctx, 'seller@example.com');
  buyer = await signIn(ctx, 'buyer@example.com');
  shopId = (await createBusiness(ctx, seller.token)).id;
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

test('the owner creates, renames and reorders product categories; anyone lists them in order with counts', async () => {
  const fruit = await api(ctx, 'POST', '/v1/categories', seller.token, { business_id: shopId, name: 'Фрукты', name_en: 'Fruit', position: 2 });
  expect(fruit.status).toBe(201);
  expect(fruit.body.data).toMatchObject({ business_id: shopId, name: 'Фрукты', name_ru: 'Фрукты', name_en: 'Fruit', position: 2, products_count: 0 });
  const veg = await api(ctx, 'POST', '/v1/categories', seller.token, { business_id: shopId, name: 'Овощи', position: 1 });
  await createProduct(ctx, seller.token, shopId, { category_id: veg.body.data.id });
  await createProduct(ctx, seller.token, shopId, { category_id: veg.body.data.id, status: 'draft' });

  const publicList = await api(ctx, 'GET', `/v1/categories?business_id=${shopId}`, buyer.token, undefined, 'en');
  expect(publicList.body.data.map((c: { name: string; products_count: number }) => [c.name, c.products_count])).toEqual([
    ['Овощи', 1],
    ['Fruit', 0],
  ]);
  // The owner's counts include drafts.
  const ownList = await api(ctx, 'GET', '/v1/categories?mine=1', seller.token);
  expect(ownList.body.data.map((c: { products_count: number }) => c.products_count)).toEqual([2, 0]);

  const renamed = await api(ctx, 'POST', `/v1/categories/${fruit.body.data.id}`, seller.token, { name: 'Фрукты и ягоды', name_en: '', position: 0 });
  expect(renamed.body.data).toMatchObject({ name: 'Фрукты и ягоды', name_en: null, position: 0 });
  const one = await api(ctx, 'GET', `/v1/categories/${veg.body.data.id}`);
  expect(one.body.data).toMatchObject({ name: 'Овощи', products_count: 2 });
  expect((await api(ctx, 'GET', '/v1/categories/999999')).status).toBe(404);
  expect((await api(ctx, 'GET', '/v1/categories?business_id=999999')).status).toBe(404);
  expect((await api(ctx, 'GET', '/v1/categories?mine=1')).status).toBe(401);
});

test('someone else’s category cannot be changed or deleted (403); a missing business is a 422', async () => {
  const category = await api(ctx, 'POST', '/v1/categories', seller.token, { business_id: shopId, name: 'Молочное' });
  const id = category.body.data.id;
  expect((await api(ctx, 'POST', `/v1/categories/${id}`, buyer.token, { name: 'Взлом' })).status).toBe(403);
  expect((await api(ctx, 'DELETE', `/v1/categories/${id}`, buyer.token)).status).toBe(403);
  expect((await api(ctx, 'POST', '/v1/categories', buyer.token, { business_id: shopId, name: 'Чужая' })).status).toBe(403);
  const [row] = await ctx.database.db.select().from(productCategories).where(eq(productCategories.id, id));
  expect(row.name).toBe('Молочное');
  const missing = await api(ctx, 'POST', '/v1/categories', seller.token, { business_id: 999_999, name: 'Нигде' }, 'en');
  expect(missing.status).toBe(422);
  expect(missing.body.errors).toEqual({ business_id: ['This business does not exist.'] });
  const blank = await api(ctx, 'POST', '/v1/categories', seller.token, { business_id: shopId, name: ' ' }, 'ru');
  expect(blank.body.errors).toEqual({ name: ['Поле обязательно.'] });
});

test('deleting a category keeps its products, uncategorised', async () => {
  const category = await api(ctx, 'POST', '/v1/categories', seller.token, { business_id: shopId, name: 'Сезонное' });
  const product = await createProduct(ctx, seller.token, shopId, { category_id: category.body.data.id });
  expect((await api(ctx, 'DELETE', `/v1/categories/${category.body.data.id}`, seller.token)).status).toBe(204);
  const [row] = await ctx.database.db.select().from(products).where(eq(products.id, product.id));
  expect(row.categoryId).toBeNull();
  expect((await api(ctx, 'GET', `/v1/products/${product.id}`)).body.data.category).toBeNull();
});
