import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../../server/db/client';
import { prepareDatabase } from '../../../server/db/prepare-database';
import { seedDemoAccounts } from '../../../server/db/seed/demo-accounts';
import { createTestApp, signIn, type TestContext } from '../helpers/test-app';
import { postgresServer, type PostgresServer } from '../helpers/postgres-server';
import { createDatabaseOn } from '../helpers/test-database';
import { waitFor } from '../helpers/wait-for';
import { api, createBusiness, createProduct, businessCategoryId } from './catalog-helpers';

// Two apps, each with its own opening of one database: two API processes behind one address.
let server: PostgresServer;
let created: Awaited<ReturnType<typeof createDatabaseOn>>;
let dataDir: string;
let first: TestContext;
let second: TestContext;

beforeAll(async () => {
  server = await postgresServer();
  created = await createDatabaseOn(server.url);
  // One data folder, as the processes of one site share their uploads.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-two-apps-'));
  const open = async () => {
    const database = await openDatabase({ databaseUrl: created.url, dataDir: 'memory://' });
    await prepareDatabase(database, { seedDemo: false });
    return createTestApp({ dataDir }, { database });
  };
  first = await open();
  second = await open();
  await seedDemoAccounts(first.database.db);
}, 60_000);

afterAll(async () => {
  await first?.close();
  await second?.close();
  await created?.drop();
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const total = async (ctx: TestContext, words: string) => (await api(ctx, 'GET', `/v1/search?q=${encodeURIComponent(words)}`)).body.meta.total as number;

test('a product one API process publishes is found at once by a search the other process had kept the empty answer of', async () => {
  const seller = await signIn(first, 'seller@example.com');
  const shop = await createBusiness(first, seller.token, { kind: 'store', category_id: await businessCategoryId(first, 'home-garden'), name: 'Огород', name_en: 'Garden' });
  // The second process answers, and keeps, "nothing" for this search.
  expect(await total(second, 'редиска')).toBe(0);
  expect(await total(second, 'редиска')).toBe(0);

  const radish = await createProduct(first, seller.token, shop.id, { name: 'Редиска', price: 5_000 });
  await waitFor(async () => (await total(second, 'редиска')) === 1, { what: 'the second process finds the new product' });
  const hits = (await api(second, 'GET', `/v1/search?q=${encodeURIComponent('редиска')}`)).body.data as Array<{ id: number }>;
  expect(hits.map((hit) => hit.id)).toEqual([radish.id]);

  // And the other way round: a removal through the second process empties the first one's kept answer.
  expect(await total(first, 'редиска')).toBe(1);
  expect((await api(second, 'DELETE', `/v1/products/${radish.id}`, seller.token)).status).toBe(204);
  await waitFor(async () => (await total(first, 'редиска')) === 0, { what: 'the first process no longer finds the removed product' });
});
