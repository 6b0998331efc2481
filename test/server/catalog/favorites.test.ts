import { and, eq, ne } from 'drizzle-orm';
import { seedDemoAccounts } from '../../../server/db/seed/demo-accounts';
import { matchRoute } from '../../../shared/routes';
import { favorites, notifications, users } from '../../../server/db/schema';
import { signIn, SETUP_TIMEOUT } from '../helpers/test-app';
import { waitFor } from '../helpers/wait-for';
import { adCategoryId, api, createBusiness, createCatalogApp, createProduct, type CatalogTestContext } from './catalog-helpers';

let ctx: CatalogTestContext;
let seller: { token: string; userId: number };
let buyer: { token: string; userId: number };
let shopId: number;
let productId: number;
let adId: number;

beforeAll(async () => {
  ctx = await createCatalogApp();
  await seedDemoAccounts(ctx.database.db);
  seller = await signIn(ctx, 'seller@example.com');
  buyer = await signIn(ctx, 'buyer@example.com');
  shopId = (await createBusiness(ctx, seller.token)).id;
  productId = (await createProduct(ctx, seller.token, shopId)).id;
  const ad = await api(ctx, 'POST', '/v1/ads', seller.token, { category_id: await adCategoryId(ctx, 'hobby'), title: 'Гитара', price: 500_000 });
  adId = ad.body.data.id;
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

/**
 * Waits until the clock has left the millisecond in which `token`'s person followed the business.
 * A product is published at a whole millisecond of the clock, the follow is stored finer than
 * that: only from the next millisecond on does a product count as published after the follow.
 */
async function pastTheFollow(token: string, businessId: number): Promise<void> {
  const followed = await api(ctx, 'GET', '/v1/me/subscribed-businesses', token);
  const entry = (followed.body.data as Array<{ business: { id: number }; subscribed_at: string }>).find((e) => e.business.id === businessId)!;
  const followedAt = Date.parse(entry.subscribed_at);
  await waitFor(() => Date.now() > followedAt, { timeoutMs: 1_000, what: `the clock passes ${entry.subscribed_at}` });
}

describe('favorites', () => {
  test.each([
    ['products', 'product'],
    ['ads', 'ad'],
    ['businesses', 'business'],
    ['users', 'user'],
  ])('toggle-favorite on %s flips, and an explicit state is idempotent', async (segment, type) => {
    const id = { product: productId, ad: adId, business: shopId, user: seller.userId }[type]!;
    const url = `/v1/${segment}/${id}/toggle-favorite`;
    const on = await api(ctx, 'POST', url, buyer.token);
    expect(on.status).toBe(200);
    expect(on.body.data).toMatchObject({ type, id, is_favorite: true });
    const again = await api(ctx, 'POST', url, buyer.token, { favorite: true });
    expect(again.body.data.is_favorite).toBe(true);
    if (type !== 'user') expect(again.body.data.favorites_count).toBe(1);
    else expect(again.body.data.favorites_count).toBeNull();
    const rows = await ctx.database.db
      .select()
      .from(favorites)
      .where(and(eq(favorites.userId, buyer.userId), eq(favorites.targetId, id)));
    expect(rows.filter((r) => r.targetType === type)).toHaveLength(1);
    const off = await api(ctx, 'POST', url, buyer.token);
    expect(off.body.data.is_favorite).toBe(false);
    const offAgain = await api(ctx, 'POST', url, buyer.token, { favorite: false });
    expect(offAgain.body.data).toMatchObject({ is_favorite: false });
    if (type !== 'user') expect(offAgain.body.data.favorites_count).toBe(0);
  });

  test('concurrent "set on" calls from many tabs keep one row and a count of one', async () => {
    const url = `/v1/products/${productId}/toggle-favorite`;
    const results = await Promise.all(Array.from({ length: 6 }, () => api(ctx, 'POST', url, buyer.token, { favorite: true })));
    expect(results.every((r) => r.status === 200 && r.body.data.is_favorite)).toBe(true);
    const final = await api(ctx, 'POST', url, buyer.token, { favorite: true });
    expect(final.body.data.favorites_count).toBe(1);
    await api(ctx, 'POST', url, buyer.token, { favorite: false });
  });

  test('GET /v1/favorites: newest first with the card of each, counts per type, is_favorite marks elsewhere', async () => {
    await api(ctx, 'POST', `/v1/products/${productId}/toggle-favorite`, buyer.token, { favorite: true });
    await api(ctx, 'POST', `/v1/ads/${adId}/toggle-favorite`, buyer.token, { favorite: true });
    await api(ctx, 'POST', `/v1/users/${seller.userId}/toggle-favorite`, buyer.token, { favorite: true });
    const all = await api(ctx, 'GET', '/v1/favorites', buyer.token);
    expect(all.body.data.map((f: { type: string }) => f.type)).toEqual(['user', 'ad', 'product']);
    expect(all.body.data[0]).toMatchObject({ user: { id: seller.userId, name: 'Oleg Prodavtsov' }, product: null, ad: null, business: null });
    expect(all.body.data[1].ad).toMatchObject({ id: adId, title: 'Гитара', is_favorite: true });
    expect(all.body.data[2].product).toMatchObject({ id: productId, is_favorite: true });
    expect(all.body.meta).toMatchObject({ total: 3, counts: { product: 1, ad: 1, business: 0, user: 1 } });
    const onlyAds = await api(ctx, 'GET', '/v1/favorites?type=ad', buyer.token);
    expect(onlyAds.body.data.map((f: { id: number }) => f.id)).toEqual([adId]);
    expect(onlyAds.body.meta.total).toBe(1);
    const productPage = await api(ctx, 'GET', `/v1/products/${productId}`, buyer.token);
    expect(productPage.body.data.is_favorite).toBe(true);
    const asGuest = await api(ctx, 'GET', `/v1/products/${productId}`);
    expect(asGuest.body.data.is_favorite).toBe(false);
    expect((await api(ctx, 'GET', '/v1/favorites')).status).toBe(401);
  });

  test('toggling something that does not exist, or a stranger’s draft, is 404; a guest gets 401', async () => {
    expect((await api(ctx, 'POST', '/v1/products/999999/toggle-favorite', buyer.token)).status).toBe(404);
    const draft = await createProduct(ctx, seller.token, shopId, { status: 'draft', name: 'Секрет' });
    expect((await api(ctx, 'POST', `/v1/products/${draft.id}/toggle-favorite`, buyer.token)).status).toBe(404);
    expect((await api(ctx, 'POST', `/v1/products/${productId}/toggle-favorite`)).status).toBe(401);
  });
});

describe('subscriptions and the product-published notification', () => {
  test('toggle-subscription flips, an explicit state is idempotent, and the count follows', async () => {
    const url = `/v1/businesses/${shopId}/toggle-subscription`;
    const on = await api(ctx, 'POST', url, buyer.token);
    expect(on.body.data).toEqual({ business_id: shopId, is_subscribed: true, subscribers_count: 1 });
    const again = await api(ctx, 'POST', url, buyer.token, { subscribed: true });
    expect(again.body.data).toEqual({ business_id: shopId, is_subscribed: true, subscribers_count: 1 });
    const off = await api(ctx, 'POST', url, buyer.token);
    expect(off.body.data).toEqual({ business_id: shopId, is_subscribed: false, subscribers_count: 0 });
    expect((await api(ctx, 'POST', url, buyer.token, { subscribed: false })).body.data.subscribers_count).toBe(0);
    expect((await api(ctx, 'POST', '/v1/businesses/999999/toggle-subscription', buyer.token)).status).toBe(404);
  });

  test('followers get a notification (in their language, with a link) when the business publishes a product; drafts wait', async () => {
    const fan = await signIn(ctx, 'fan@example.com');
    await ctx.database.db.update(users).set({ locale: 'en' }).where(eq(users.id, fan.userId));
    await api(ctx, 'POST', `/v1/businesses/${shopId}/toggle-subscription`, buyer.token, { subscribed: true });
    await api(ctx, 'POST', `/v1/businesses/${shopId}/toggle-subscription`, fan.token, { subscribed: true });
    // The owner following their own shop hears nothing about their own products.
    await api(ctx, 'POST', `/v1/businesses/${shopId}/toggle-subscription`, seller.token, { subscribed: true });
    ctx.events.length = 0;

    const draft = await createProduct(ctx, seller.token, shopId, { name: 'Редис', name_en: 'Radish', status: 'draft' });
    // The seller's notice that their shop passed moderation (when the test made it) is another subject.
    const notificationsOf = (userId: number) => ctx.database.db.select().from(notifications).where(and(eq(notifications.userId, userId), ne(notifications.type, 'moderation')));
    expect(await notificationsOf(buyer.userId)).toHaveLength(0);

    await api(ctx, 'POST', `/v1/products/${draft.id}`, seller.token, { name: 'Редис', name_en: 'Radish', price: 9_000, status: 'published' });
    const [toBuyer] = await notificationsOf(buyer.userId);
    expect(toBuyer).toMatchObject({ type: 'product', title: 'Новинка от «Фермерская лавка»', body: 'Редис', data: { link: `/products/${draft.id}`, product_id: draft.id, business_id: shopId } });
    // The link opens the product screen of the SPA's own route table, not a 404.
    expect(matchRoute(String((toBuyer.data as { link: string }).link))).toMatchObject({ name: 'product', screen: true });
    const [toFan] = await notificationsOf(fan.userId);
    expect(toFan).toMatchObject({ title: 'New from Farm shop', body: 'Radish' });
    expect(await notificationsOf(seller.userId)).toHaveLength(0);
    expect(ctx.events.filter((e) => e.event === 'NotificationSent').map((e) => e.channel).sort()).toEqual(
      [`private-user.${buyer.userId}`, `private-user.${fan.userId}`].sort(),
    );

    // Editing an already published product does not announce it again.
    await api(ctx, 'POST', `/v1/products/${draft.id}`, seller.token, { name: 'Редис красный', price: 9_500, status: 'published' });
    expect(await notificationsOf(buyer.userId)).toHaveLength(1);
    const unread = await api(ctx, 'GET', '/v1/dashboard/summary', buyer.token);
    expect(unread.body.data.counts.unread_notifications).toBe(1);
  });

  test('GET /v1/me/subscribed-businesses: followed businesses with their newest products and how many are new', async () => {
    const reader = await signIn(ctx, 'reader@example.com');
    await createProduct(ctx, seller.token, shopId, { name: 'Старый товар' });
    await api(ctx, 'POST', `/v1/businesses/${shopId}/toggle-subscription`, reader.token, { subscribed: true });
    await pastTheFollow(reader.token, shopId);
    await createProduct(ctx, seller.token, shopId, { name: 'Новинка недели' });
    const page = await api(ctx, 'GET', '/v1/me/subscribed-businesses', reader.token);
    expect(page.status).toBe(200);
    expect(page.body.meta.total).toBe(1);
    const [entry] = page.body.data;
    expect(entry.business).toMatchObject({ id: shopId, is_subscribed: true });
    expect(entry.latest_products[0]).toMatchObject({ name: 'Новинка недели' });
    expect(entry.latest_products.length).toBeLessThanOrEqual(4);
    expect(entry.new_products_count).toBe(1);
    expect((await api(ctx, 'GET', '/v1/me/subscribed-businesses')).status).toBe(401);
  });

  test('a product published after following counts as new without any clock games', async () => {
    const watcher = await signIn(ctx, 'watcher@example.com');
    const shop = await createBusiness(ctx, seller.token, { name: 'Сырная лавка' });
    await createProduct(ctx, seller.token, shop.id, { name: 'Сыр старый' });
    await api(ctx, 'POST', `/v1/businesses/${shop.id}/toggle-subscription`, watcher.token, { subscribed: true });
    await pastTheFollow(watcher.token, shop.id);
    await createProduct(ctx, seller.token, shop.id, { name: 'Сыр новый' });
    const page = await api(ctx, 'GET', '/v1/me/subscribed-businesses', watcher.token);
    expect(page.body.data[0]).toMatchObject({ business: { id: shop.id }, new_products_count: 1 });
  });
});
