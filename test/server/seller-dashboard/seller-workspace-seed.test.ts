import { and, eq, gt, sql } from 'drizzle-orm';
import { seedCatalog } from '../../../server/db/seed/catalog-seed';
import { seedDemoAccounts } from '../../../server/db/seed/demo-accounts';
import { seedOrders } from '../../../server/db/seed/orders-seed';
import { seedSellerWorkspace } from '../../../server/db/seed/seller-workspace-seed';
import { adSubscriptions, ads, itemStatsDaily, products, promotionPlans } from '../../../server/db/schema';
import { createCatalogApp, type CatalogTestContext } from '../catalog/catalog-helpers';
import { signIn } from '../helpers/test-app';
import { call } from '../orders/orders-kit';

let ctx: CatalogTestContext;
let seconds = 0;
beforeAll(async () => {
  ctx = await createCatalogApp();
  await seedDemoAccounts(ctx.database.db);
  await seedCatalog(ctx.database.db, ctx.app.storage);
  await seedOrders(ctx.database.db);
  const started = Date.now();
  await seedSellerWorkspace(ctx.database.db);
  seconds = (Date.now() - started) / 1000;
}, 120_000);
afterAll(() => ctx.close());

describe('the demo seller workspace', () => {
  test("the demo seller's dashboard has running promotions and a week of figures to compare", async () => {
    const seller = await signIn(ctx, 'seller@example.com');
    const { body } = await call(ctx, 'GET', '/v1/seller/dashboard', seller.token);
    expect(body.data.promotions.total).toBe(3);
    expect(body.data.promotions.items.map((p: { status: string }) => p.status).sort()).toEqual(['active', 'active', 'paused']);
    expect(body.data.businesses.length).toBeGreaterThan(1);
    expect(body.data.ads).toBeGreaterThan(0);
    for (const part of ['current', 'previous'] as const) {
      for (const figure of ['page_views', 'list_views', 'favorites', 'chats', 'orders', 'revenue']) expect(body.data.figures[part][figure]).toBeGreaterThan(0);
    }
    // Seeding stays quick: one statement for 90 days of every item.
    expect(seconds).toBeLessThan(20);
  });

  test('the plans of the migration, by their slugs; promoted items match their active subscriptions, and nothing else is promoted', async () => {
    const db = ctx.database.db;
    expect((await db.select({ slug: promotionPlans.slug }).from(promotionPlans)).map((p) => p.slug).sort()).toEqual(['highlight-14', 'premium-30', 'raise-7']);
    const active = await db.select().from(adSubscriptions).where(eq(adSubscriptions.status, 'active'));
    const promotedProducts = await db.select().from(products).where(gt(products.promotionBoost, 0));
    const promotedAds = await db.select().from(ads).where(gt(ads.promotionBoost, 0));
    expect(promotedProducts.length + promotedAds.length).toBe(active.length);
    for (const s of active) {
      const item = s.productId ? promotedProducts.find((p) => p.id === s.productId) : promotedAds.find((a) => a.id === s.adId);
      expect(item).toMatchObject({ promotedUntil: s.endsAt, promotionBoost: s.boost, promotionPerks: s.perks });
    }
    // 90 days, deterministic: the same item and day always give the same figures.
    const [{ days }] = await db.select({ days: sql<number>`count(distinct ${itemStatsDaily.day})::int` }).from(itemStatsDaily);
    expect(days).toBe(90);
    const promotedDays = await db.select().from(itemStatsDaily).where(and(eq(itemStatsDaily.promoted, true), eq(itemStatsDaily.itemKind, 'product')));
    expect(promotedDays.length).toBeGreaterThan(0);
  });
});
