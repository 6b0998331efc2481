// The API side of `npm run bench:checkout`, forked by bench/checkout.mjs (run with tsx, from the
// sources), as `npm start` runs it, on a fresh database (PostgreSQL when BENCH_DATABASE_URL is set,
// else PGlite files in BENCH_DATA_DIR). Realtime events go to a publisher that drops them (the
// checkout path is what is measured; the chat bench measures delivery).
// It creates the buyers (with bearer tokens), BENCH_BUSINESSES businesses with products, and one hot
// product with BENCH_HOT_STOCK units, then answers the driver over IPC: `figures` counts oversold
// units and duplicate orders from the database, `usage` reports CPU and event-loop delay, `stop` closes everything.
// With BENCH_ROLE=replica it is one more API node on the same PostgreSQL database and seeds nothing.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { businessCategories, businesses, products, users } from '../server/db/schema';
import { tokensRepository } from '../server/modules/auth/tokens-repository';
import { listenBenchApi, openBenchDatabase, type BenchApp, type BenchConfig, type BenchDatabase } from './support/bench-api';
import { processUsage } from './support/process-usage';
import { prepareDatabase } from '../server/db/prepare-database';

const env = process.env;
const buyerCount = Number(env.BENCH_BUYERS ?? 1000);
const businessCount = Number(env.BENCH_BUSINESSES ?? 50);
const productsPerBusiness = Number(env.BENCH_PRODUCTS ?? 8);
const hotStock = Number(env.BENCH_HOT_STOCK ?? 20);
const WEEK = { open: '09:00', close: '21:00' };

const reply = (message: Record<string, unknown>) => process.send?.(message);

async function main() {
  const { config, database } = await openBenchDatabase();
  if (env.BENCH_ROLE === 'replica') return serveReplica(config, database);
  await prepareDatabase(database, { seedDemo: false });
  const { db } = database;

  const insertUsers = async (rows: Array<typeof users.$inferInsert>) => {
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += 250) ids.push(...(await db.insert(users).values(rows.slice(i, i + 250)).returning({ id: users.id })).map((r) => r.id));
    return ids;
  };
  const sellerIds = await insertUsers(Array.from({ length: businessCount }, (_, i) => ({ email: `bench-seller-${i}@example.com`, name: `Продавец ${i}` })));
  const buyerIds = await insertUsers(Array.from({ length: buyerCount }, (_, i) => ({ email: `bench-buyer-${i}@example.com`, name: `Покупатель ${i}` })));
  const [category] = await db.insert(businessCategories).values({ slug: 'bench', kind: 'store', name: 'Бенч' }).onConflictDoNothing().returning();
  const categoryId = category?.id ?? (await db.select().from(businessCategories).limit(1))[0].id;
  const shops = await db
    .insert(businesses)
    .values(sellerIds.map((ownerId, i) => ({ ownerId, kind: 'store' as const, categoryId, name: `Магазин ${i}`, address: `Москва, ${i}`, workingHours: { mon: WEEK, tue: WEEK, wed: WEEK, thu: WEEK, fri: WEEK, sat: null, sun: null }, deliveryDiscountPercent: i % 5 === 0 ? 20 : 0 })))
    .returning({ id: businesses.id });
  const offer = await db
    .insert(products)
    .values(
      shops.flatMap((shop, s) =>
        Array.from({ length: productsPerBusiness }, (_, p) => ({
          businessId: shop.id,
          name: `Товар ${s}-${p}`,
          price: 10_000 + p * 1500,
          // Half the goods keep count of their stock (plenty of it), half do not.
          stock: p % 2 ? null : 100_000,
          status: 'published' as const,
          publishedAt: new Date(),
        })),
      ),
    )
    .returning({ id: products.id, businessId: products.businessId });
  const [hot] = await db.insert(products).values({ businessId: shops[0].id, name: 'Последняя партия', price: 99_000, stock: hotStock, status: 'published', publishedAt: new Date() }).returning({ id: products.id });

  const tokens = tokensRepository(db);
  const buyers: Array<{ id: number; token: string }> = [];
  for (const id of buyerIds) buyers.push({ id, token: (await tokens.issue(id, { userAgent: 'bench' })).token });

  const { app, apiPort } = await listenBenchApi(config, database);

  answerDriver(app, database, async () => {
    const rows = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Array<Record<string, number>> }).rows;
    const [sold] = await rows(sql`
      select coalesce(sum(i.quantity), 0)::int as sold from order_items i join orders o on o.id = i.order_id
       where i.product_id = ${hot.id} and o.status not in ('cancelled', 'payment_failed')`);
    const [stock] = await rows(sql`select stock from products where id = ${hot.id}`);
    // Every buyer checks out once (one key, possibly sent twice): a second order of a buyer at one business is a duplicate.
    const [dupes] = await rows(sql`select coalesce(sum(n - 1), 0)::int as duplicates from (select count(*)::int as n from orders group by buyer_id, business_id having count(*) > 1) d`);
    const [count] = await rows(sql`select count(*)::int as orders, count(distinct checkout_id)::int as checkouts from orders`);
    reply({ type: 'figures', hotSold: sold.sold, hotStockLeft: stock.stock, hotStock, duplicates: dupes.duplicates, orders: count.orders, checkouts: count.checkouts });
  });
  reply({ type: 'ready', kind: database.kind, apiPort, buyers, products: offer, hotId: hot.id, hotBusinessId: shops[0].id });
}

/**
 * The driver's questions, the same for every node: `usage` (CPU and event-loop delay), `stop`, and on
 * the seeding node `figures` (counted from the database).
 */
function answerDriver(app: BenchApp, database: BenchDatabase, figures?: () => Promise<void>) {
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  process.on('message', async (message: { type: string }) => {
    if (message.type === 'usage') reply(processUsage(loopDelay));
    else if (message.type === 'figures' && figures) await figures();
    else if (message.type === 'stop') {
      await app.close();
      await database.close();
      reply({ type: 'stopped' });
      process.exit(0);
    }
  });
}

/** One more API node on the same PostgreSQL database (BENCH_ROLE=replica): it seeds nothing and reports its usage. */
async function serveReplica(config: BenchConfig, database: BenchDatabase) {
  const { app, apiPort } = await listenBenchApi(config, database);
  answerDriver(app, database);
  reply({ type: 'ready', kind: database.kind, apiPort });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
