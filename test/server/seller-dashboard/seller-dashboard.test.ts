import { sql } from 'drizzle-orm';
import { namedStatement } from '../../../server/db/client';
import { flushStatistics } from '../../../server/modules/statistics/statistics-routes';
import { adSubscriptions, itemStatsDaily, promotionPlans } from '../../../server/db/schema';
import type { SubscriptionStatus } from '../../../shared/promotion/subscription-machine';
import { adCategoryId, createBusiness, createProduct } from '../catalog/catalog-helpers';
import { SETUP_TIMEOUT, signIn } from '../helpers/test-app';
import { call, checkout, addToCart, ordersWorld, placeOrder, setStatus, type OrdersWorld, type Party } from '../orders/orders-kit';

/**
 * GET /v1/seller/dashboard: every block counts the caller's own businesses, ads, orders,
 * subscriptions and figures, and nobody else's. Subscriptions and daily figures are written
 * straight into their tables, as the promotion and statistics modules write them.
 */
let w: OrdersWorld;
let other: { party: Party; businessId: number; productId: number };
let planId: number;
let adId: number;
const DAY_MS = 86_400_000;

const dashboard = async (who: Party | undefined, lang = 'en') => call(w.ctx, 'GET', '/v1/seller/dashboard', who?.token, undefined, lang);

beforeAll(async () => {
  w = await ordersWorld();
  const business = await createBusiness(w.ctx, w.stranger.token, { name: 'Чужая лавка', name_en: 'Another shop' });
  const product = await createProduct(w.ctx, w.stranger.token, business.id, { name: 'Чужие огурцы', stock: null });
  other = { party: w.stranger, businessId: business.id, productId: product.id };
  const category = await adCategoryId(w.ctx, 'electronics');
  const ad = await call(w.ctx, 'POST', '/v1/ads', w.seller.token, { category_id: category, title: 'Велосипед', title_en: 'Bicycle', price: 1_500_000, location: 'Москва' });
  adId = ad.body.data.id;
  const [plan] = await w.ctx.database.db
    .insert(promotionPlans)
    .values({ slug: 'dashboard-test', name: 'Поднятие', nameEn: 'Raise', perks: ['raise'], boost: 1, durationDays: 7, price: 19_900 })
    .returning();
  planId = plan.id;
}, SETUP_TIMEOUT);
afterAll(() => w.ctx.close());

const subscribe = (userId: number, target: { adId?: number; productId?: number }, status: SubscriptionStatus, endsInDays: number) =>
  w.ctx.database.db.insert(adSubscriptions).values({
    userId,
    planId,
    adId: target.adId ?? null,
    productId: target.productId ?? null,
    status,
    idempotencyKey: `dash-${Math.random()}`,
    perks: ['raise'],
    boost: 1,
    durationDays: 7,
    price: 19_900,
    currency: 'RUB',
    startedAt: new Date(Date.now() - DAY_MS),
    endsAt: new Date(Date.now() + endsInDays * DAY_MS),
    pausedAt: status === 'paused' ? new Date() : null,
  });

describe('the seller dashboard', () => {
  test('guests are refused', async () => {
    expect((await dashboard(undefined)).status).toBe(401);
  });

  test('a person with nothing to sell gets every block empty', async () => {
    const nobody = await signIn(w.ctx, 'dashboard-nobody@example.com');
    const res = await dashboard(nobody);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      orders: { today: 0, to_accept: 0, to_dispatch: 0, latest: [] },
      unread_messages: 0,
      promotions: { total: 0, items: [] },
      figures: {
        days: 7,
        current: { page_views: 0, list_views: 0, favorites: 0, chats: 0, orders: 0, revenue: 0 },
        previous: { page_views: 0, list_views: 0, favorites: 0, chats: 0, orders: 0, revenue: 0 },
      },
      businesses: [],
      ads: 0,
    });
  });

  test("today's orders, the ones waiting for the seller, and my businesses; another seller's orders are not counted", async () => {
    const first = await placeOrder(w);
    const second = await placeOrder(w);
    expect((await setStatus(w, second, 'accepted')).status).toBe(200);
    // An order of yesterday still waits, but is not today's.
    const old = await placeOrder(w);
    await w.ctx.database.db.execute(sql`update orders set created_at = ((now() at time zone 'UTC')::date)::timestamp at time zone 'UTC' - interval '1 hour' where id = ${old}`);
    // An order to the other seller.
    await addToCart(w, w.buyer, other.productId);
    expect((await checkout(w, w.buyer)).status).toBe(201);

    const { body } = await dashboard(w.seller);
    expect(body.data.orders).toMatchObject({ today: 2, to_accept: 2, to_dispatch: 1 });
    expect(body.data.orders.latest.map((o: { id: number }) => o.id)).toEqual([second, first]);
    expect(body.data.orders.latest[0]).toMatchObject({ business: { id: w.businessId, name: 'Farm shop' }, status: 'accepted', currency: 'RUB' });
    expect(body.data.businesses).toEqual([{ id: w.businessId, name: 'Farm shop', kind: 'store', today: 2, waiting: 3 }]);
    expect(body.data.ads).toBe(1);

    const theirs = (await dashboard(other.party)).body.data;
    expect(theirs.orders).toMatchObject({ today: 1, to_accept: 1, to_dispatch: 0 });
    expect(theirs.businesses).toEqual([expect.objectContaining({ id: other.businessId, name: 'Another shop', today: 1, waiting: 1 })]);
    expect(theirs.ads).toBe(0);
  });

  test('running promotions (active and paused) ending soonest first, in the reader language; expired, archived and others are left out', async () => {
    await subscribe(w.seller.userId, { productId: w.productId }, 'active', 5);
    await subscribe(w.seller.userId, { adId }, 'paused', 2);
    await subscribe(w.seller.userId, { productId: w.unlimitedId }, 'expired', -1);
    await subscribe(w.seller.userId, { adId }, 'archived', 3);
    await subscribe(other.party.userId, { productId: other.productId }, 'active', 1);

    const { promotions } = (await dashboard(w.seller)).body.data;
    expect(promotions.total).toBe(2);
    expect(promotions.items).toEqual([
      { id: expect.any(Number), status: 'paused', plan: 'Raise', target: { kind: 'ad', id: adId, title: 'Bicycle' }, ends_at: expect.any(String) },
      { id: expect.any(Number), status: 'active', plan: 'Raise', target: { kind: 'product', id: w.productId, title: 'Огурцы' }, ends_at: expect.any(String) },
    ]);
    const russian = (await dashboard(w.seller, 'ru')).body.data.promotions.items;
    expect(russian[0]).toMatchObject({ plan: 'Поднятие', target: { title: 'Велосипед' } });
    expect((await dashboard(other.party)).body.data.promotions.total).toBe(1);
  });

  test("the last 7 days' figures against the 7 before, summed over my items (promoted or not), an order once (its business's row); older days and other sellers' rows are left out", async () => {
    const db = w.ctx.database.db;
    // Days are UTC calendar days, as statistics counts them.
    const [{ today }] = await namedStatement<{ today: string }>(db, 'dashboard_test_today', "select ((now() at time zone 'UTC')::date)::text as today")([]);
    const day = (daysAgo: number) => new Date(Date.parse(`${today}T00:00:00Z`) - daysAgo * DAY_MS).toISOString().slice(0, 10);
    const row = (ownerId: number, daysAgo: number, kind: 'business' | 'product' | 'ad', itemId: number, promoted: boolean, figures: Partial<typeof itemStatsDaily.$inferInsert>) =>
      db.insert(itemStatsDaily).values({ day: day(daysAgo), itemKind: kind, itemId, promoted, ownerId, ...figures });
    // The figures this file's orders and chats already counted (or appended) make way for the ones written here.
    await flushStatistics(w.ctx.app);
    await db.delete(itemStatsDaily);
    // Three orders today: on the business's row, and again as bought lines on the product's rows.
    await row(w.seller.userId, 0, 'business', w.businessId, false, { pageViews: 0, listViews: 0, orders: 3, revenue: 45_000 });
    await row(w.seller.userId, 0, 'product', w.productId, false, { pageViews: 10, listViews: 100, favorites: 1, chats: 1, orders: 2, revenue: 30_000 });
    await row(w.seller.userId, 0, 'product', w.productId, true, { pageViews: 5, listViews: 50, orders: 1, revenue: 15_000 });
    await row(w.seller.userId, 6, 'ad', adId, false, { pageViews: 7, favorites: 2, chats: 3 });
    await row(w.seller.userId, 7, 'business', w.businessId, false, { pageViews: 4, listViews: 40, orders: 1, revenue: 10_000 });
    await row(w.seller.userId, 7, 'product', w.productId, false, { orders: 1, revenue: 10_000 });
    await row(w.seller.userId, 13, 'ad', adId, false, { pageViews: 1 });
    await row(w.seller.userId, 14, 'ad', adId, false, { pageViews: 1000 });
    await row(other.party.userId, 0, 'business', other.businessId, false, { pageViews: 999, orders: 99 });

    const { figures } = (await dashboard(w.seller)).body.data;
    expect(figures).toEqual({
      days: 7,
      current: { page_views: 22, list_views: 150, favorites: 3, chats: 4, orders: 3, revenue: 45_000 },
      previous: { page_views: 5, list_views: 40, favorites: 0, chats: 0, orders: 1, revenue: 10_000 },
    });
    expect((await dashboard(other.party)).body.data.figures.current).toMatchObject({ page_views: 999, orders: 99 });
  });

  test('unread messages are the header badge figure', async () => {
    const sent = await call(w.ctx, 'POST', '/v1/messages', w.buyer.token, { recipient_id: w.seller.userId, content: 'Есть в наличии?', subject_type: 'business', subject_id: w.businessId });
    expect(sent.status).toBe(201);
    const badge = (await call(w.ctx, 'GET', '/v1/dashboard/summary', w.seller.token)).body.data.counts.unread_messages;
    expect(badge).toBeGreaterThan(0);
    expect((await dashboard(w.seller)).body.data.unread_messages).toBe(badge);
    expect((await dashboard(w.buyer)).body.data.unread_messages).toBe(0);
  });
});
