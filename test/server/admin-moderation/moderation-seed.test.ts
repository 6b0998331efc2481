import { seedDemoAccounts } from '../../../server/db/seed/demo-accounts';
import { NEWCOMER, seedModerationQueue } from '../../../server/db/seed/moderation-queue-seed';
import { api } from '../catalog/catalog-helpers';
import { createTestApp, SETUP_TIMEOUT, signIn, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoAccounts(ctx.database.db);
  await seedModerationQueue(ctx.database.db);
}, SETUP_TIMEOUT);
afterAll(() => ctx?.close());

type Queue = { data: Array<{ status: string; texts: { name: string }; owner: { name: string } }> };

test("the demo moderator finds the newcomer's store waiting for approval and their changed ad waiting for a check", async () => {
  const moderator = await signIn(ctx, 'moderator@example.com');
  const stores = (await api(ctx, 'GET', '/v1/admin/moderation/businesses', moderator.token)).body as Queue;
  expect(stores.data.map((item) => [item.texts.name, item.status, item.owner.name])).toContainEqual(['Лавка у дома', 'pending', NEWCOMER.name]);
  const adsQueue = (await api(ctx, 'GET', '/v1/admin/moderation/ads', moderator.token)).body as Queue;
  expect(adsQueue.data.map((item) => [item.texts.name, item.status])).toContainEqual(['Беспроводные наушники', 'review']);

  // The store is hidden until approved; the ad is public while it waits.
  const found = async (q: string, type: string) => {
    const res = await api(ctx, 'GET', `/v1/search?q=${encodeURIComponent(q)}&type=${type}`);
    expect(res.status).toBe(200);
    return JSON.stringify(res.body);
  };
  expect(await found('Лавка у дома', 'business')).not.toContain('Лавка у дома');
  expect(await found('Беспроводные наушники', 'ad')).toContain('Беспроводные наушники');
});

test('seeding again adds nothing', async () => {
  await seedModerationQueue(ctx.database.db);
  const moderator = await signIn(ctx, 'moderator@example.com');
  const stores = (await api(ctx, 'GET', '/v1/admin/moderation/businesses', moderator.token)).body as Queue;
  expect(stores.data.filter((item) => item.texts.name === 'Лавка у дома')).toHaveLength(1);
});
