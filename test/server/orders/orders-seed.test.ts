import { eq, sql } from 'drizzle-orm';
import { seedCatalog } from '../../../server/db/seed/catalog-seed';
import { seedDemoAccounts } from '../../../server/db/seed/demo-accounts';
import { seedOrders } from '../../../server/db/seed/orders-seed';
import { businesses, users } from '../../../server/db/schema';
import { ORDER_STATUSES } from '../../../shared/orders/order-machine';
import { createCatalogApp, type CatalogTestContext } from '../catalog/catalog-helpers';
import { signIn } from '../helpers/test-app';
import { call } from './orders-kit';

let ctx: CatalogTestContext;
beforeAll(async () => {
  ctx = await createCatalogApp();
  await seedDemoAccounts(ctx.database.db);
  await seedCatalog(ctx.database.db, ctx.app.storage);
  await seedOrders(ctx.database.db);
}, 90_000);
afterAll(() => ctx.close());

const rows = async <T>(query: ReturnType<typeof sql>) => (await ctx.database.db.execute(query)) as unknown as { rows: T[] };

describe('demo orders', () => {
  test('the demo seller sees incoming orders in every state; the demo buyer has a history', async () => {
    const seller = await signIn(ctx, 'seller@example.com');
    const seen = new Set<string>();
    for (const status of ORDER_STATUSES) {
      const res = await call(ctx, 'GET', `/v1/orders/business?status=${status}&per_page=1`, seller.token);
      if (res.body.meta.total > 0) seen.add(status);
    }
    expect([...seen].sort()).toEqual([...ORDER_STATUSES].sort());
    const buyer = await signIn(ctx, 'buyer@example.com');
    const history = await call(ctx, 'GET', '/v1/orders/user', buyer.token);
    expect(history.body.meta.total).toBeGreaterThan(5);
    expect((await call(ctx, 'GET', '/v1/cards', buyer.token)).body.data).toEqual([expect.objectContaining({ last4: '4242', is_expired: false })]);
    expect((await call(ctx, 'GET', '/v1/addresses', buyer.token)).body.data).toHaveLength(1);
    const one = await call(ctx, 'GET', `/v1/orders/${history.body.data[0].id}`, buyer.token);
    expect(one.status).toBe(200);
    expect(one.body.data.timeline.length).toBeGreaterThan(0);
  });

  test('ratings and order counts are the orders’ own, not invented', async () => {
    const { rows: mismatched } = await rows<{ id: number }>(sql`
      select b.id from businesses b
       where b.orders_count <> (select count(*) from orders o where o.business_id = b.id and o.status in ('delivered', 'completed'))
          or b.rating_count <> (select count(*) from order_ratings r where r.business_id = b.id)
          or b.rating_sum <> coalesce((select sum(stars) from order_ratings r where r.business_id = b.id), 0)`);
    expect(mismatched).toEqual([]);
    const { rows: unrated } = await rows<{ n: number }>(sql`select count(*)::int as n from products where rating_count > 0 and id not in (select product_id from order_items i join order_ratings r on r.order_id = i.order_id where product_id is not null)`);
    expect(unrated[0].n).toBe(0);
    const [owner] = await ctx.database.db.select().from(users).where(eq(users.email, 'seller@example.com'));
    const owned = await ctx.database.db.select().from(businesses).where(eq(businesses.ownerId, owner.id));
    expect(owned.some((b) => b.ratingCount > 0)).toBe(true);
    const popular = await call(ctx, 'GET', '/v1/products/popular?per_page=3');
    expect(popular.status).toBe(200);
  });
});
