// The API side of `npm run bench:statistics`, forked by bench/statistics.mjs (run with tsx, from the
// sources), as `npm start` runs it, on a fresh database (PostgreSQL when BENCH_DATABASE_URL is set,
// else PGlite files in BENCH_DATA_DIR).
// It creates BENCH_BUSINESSES (1,000) sellers, each with a business of BENCH_PRODUCTS (10) products,
// and the statistics of the last 90 days as they stand after 10 million counted view events: the
// daily aggregate rows those events become (item_stats_daily), written directly in SQL with
// generate_series (replaying 10 million events through the API would take hours and measure nothing
// the live part does not). Then it answers the driver over IPC: `figures` counts the views counted
// today (after counting what is still queued, as closing the app would), `usage` reports CPU and
// event-loop delay, `stop` closes everything.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { businessCategories, businesses, products, users } from '../server/db/schema';
import { tokensRepository } from '../server/modules/auth/tokens-repository';
import { rawRows } from '../server/modules/catalog/common/raw-rows';
import { flushStatistics } from '../server/modules/statistics/statistics-routes';
import { listenBenchApi, openBenchDatabase } from './support/bench-api';
import { processUsage } from './support/process-usage';
import { prepareDatabase } from '../server/db/prepare-database';

const env = process.env;
const businessCount = Number(env.BENCH_BUSINESSES ?? 1000);
const productsPerBusiness = Number(env.BENCH_PRODUCTS ?? 10);
const sellersWithTokens = Math.min(businessCount, Number(env.BENCH_SELLER_TOKENS ?? 200));
const DAYS = 90;
const WEEK = { open: '09:00', close: '21:00' };

const reply = (message: Record<string, unknown>) => process.send?.(message);

async function main() {
  const { config, database } = await openBenchDatabase();
  await prepareDatabase(database, { seedDemo: false });
  const { db } = database;

  const sellerIds: number[] = [];
  for (let i = 0; i < businessCount; i += 250) {
    const rows = Array.from({ length: Math.min(250, businessCount - i) }, (_, j) => ({ email: `bench-stats-seller-${i + j}@example.com`, name: `Продавец ${i + j}` }));
    sellerIds.push(...(await db.insert(users).values(rows).returning({ id: users.id })).map((r) => r.id));
  }
  const [category] = await db.insert(businessCategories).values({ slug: 'bench', kind: 'store', name: 'Бенч' }).onConflictDoNothing().returning();
  const categoryId = category?.id ?? (await db.select().from(businessCategories).limit(1))[0].id;
  const shops: Array<{ id: number; ownerId: number }> = [];
  for (let i = 0; i < sellerIds.length; i += 250) {
    const rows = sellerIds.slice(i, i + 250).map((ownerId, j) => ({ ownerId, kind: 'store' as const, categoryId, name: `Магазин ${i + j}`, address: `Москва, ${i + j}`, workingHours: { mon: WEEK, tue: WEEK, wed: WEEK, thu: WEEK, fri: WEEK, sat: null, sun: null } }));
    shops.push(...(await db.insert(businesses).values(rows).returning({ id: businesses.id, ownerId: businesses.ownerId })));
  }
  const offer: Array<{ id: number; businessId: number }> = [];
  for (let i = 0; i < shops.length; i += 100) {
    const rows = shops.slice(i, i + 100).flatMap((shop, s) =>
      Array.from({ length: productsPerBusiness }, (_, p) => ({ businessId: shop.id, name: `Товар ${i + s}-${p}`, price: 10_000 + p * 1500, status: 'published' as const, publishedAt: new Date() })),
    );
    offer.push(...(await db.insert(products).values(rows).returning({ id: products.id, businessId: products.businessId })));
  }

  // The history: every business and product has a row for each of the 90 days before today with
  // 3 page views and 7 list views (10 events), and one product in ten was promoted on 10 of those days,
  // which adds a promoted row of 10 more events; favorites, chats, orders and revenue vary by item and day.
  // 1,000 × 11 items × 90 days × 10 + 1,000 products × 10 days × 10 = 10,000,000 view events.
  const started = Date.now();
  await db.execute(sql`
    insert into item_stats_daily (day, item_kind, item_id, promoted, owner_id, business_id, page_views, list_views, favorites, subscriptions, chats, orders, revenue)
    select (now() at time zone 'UTC')::date - d, i.kind::stat_item_kind, i.id, false, b.owner_id, b.id, 3, 7,
           (i.id + d) % 3, case when i.kind = 'business' then (i.id + d) % 2 else 0 end, (i.id * 7 + d) % 2, (i.id + d * 3) % 4, ((i.id + d * 3) % 4) * 15000
      from (select 'business' as kind, id, id as business_id from businesses union all select 'product', id, business_id from products) i
      join businesses b on b.id = i.business_id
      cross join generate_series(1, ${DAYS}) d`);
  await db.execute(sql`
    insert into item_stats_daily (day, item_kind, item_id, promoted, owner_id, business_id, page_views, list_views, favorites, orders, revenue)
    select (now() at time zone 'UTC')::date - d, 'product', p.id, true, b.owner_id, b.id, 3, 7, 1, (p.id + d) % 3, ((p.id + d) % 3) * 15000
      from products p join businesses b on b.id = p.business_id
      cross join generate_series(1, 10) d
     where p.id % 10 = 0`);
  // As a live table stands after autovacuum has been by: statistics for the planner, the visibility map for
  // index-only reads, and the bulk write checkpointed so its flush does not land in the measured window.
  if (database.kind === 'postgres') {
    await db.execute(sql`vacuum analyze item_stats_daily`);
    await db.execute(sql`checkpoint`);
  } else await db.execute(sql`analyze item_stats_daily`);
  const [history] = await rawRows<{ rows: number; events: number }>(db, sql`select count(*)::int as rows, sum(page_views + list_views)::float8 as events from item_stats_daily`);

  const tokens = tokensRepository(db);
  const sellers: Array<{ businessId: number; token: string }> = [];
  for (const shop of shops.slice(0, sellersWithTokens)) sellers.push({ businessId: shop.id, token: (await tokens.issue(shop.ownerId, { userAgent: 'bench' })).token });

  const { app, apiPort } = await listenBenchApi(config, database);

  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  process.on('message', async (message: { type: string }) => {
    if (message.type === 'usage') reply(processUsage(loopDelay));
    else if (message.type === 'figures') {
      await flushStatistics(app);
      const [today] = await rawRows<{ views: number }>(db, sql`select coalesce(sum(page_views + list_views), 0)::int as views from item_stats_daily where day = (now() at time zone 'UTC')::date`);
      reply({ type: 'figures', countedToday: today.views });
    } else if (message.type === 'stop') {
      await app.close();
      await database.close();
      reply({ type: 'stopped' });
      process.exit(0);
    }
  });
  reply({ type: 'ready', kind: database.kind, apiPort, sellers, products: offer.map((p) => p.id), historyRows: history.rows, historyEvents: history.events, seedSeconds: (Date.now() - started) / 1000 });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
