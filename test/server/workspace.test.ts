import { seedDemoAccounts } from '../../server/db/seed/demo-accounts';
import { SETUP_TIMEOUT, signIn } from './helpers/test-app';
import { adCategoryId, api, createBusiness, createCatalogApp, type CatalogTestContext } from './catalog/catalog-helpers';
import { nextIp, registerVerified } from './olympiad/olympiad-helpers';

let ctx: CatalogTestContext;
beforeAll(async () => {
  ctx = await createCatalogApp();
  await seedDemoAccounts(ctx.database.db);
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

/** GET /v1/me/workspace: what the user menu may offer, from the rows themselves. */
describe('my workspace', () => {
  test('guests are refused; a new user owns nothing and is not a participant', async () => {
    expect((await api(ctx, 'GET', '/v1/me/workspace')).status).toBe(401);
    const fresh = await signIn(ctx, 'workspace-new@example.com', { ip: nextIp() });
    const answer = await api(ctx, 'GET', '/v1/me/workspace', fresh.token);
    expect(answer).toMatchObject({ status: 200, body: { data: { businesses: 0, ads: 0, olympiad_participant: false } } });
  });

  test('a business makes a seller, counted per owner', async () => {
    const owner = await signIn(ctx, 'workspace-owner@example.com', { ip: nextIp() });
    const other = await signIn(ctx, 'workspace-other@example.com', { ip: nextIp() });
    await createBusiness(ctx, owner.token);
    await createBusiness(ctx, owner.token);
    expect((await api(ctx, 'GET', '/v1/me/workspace', owner.token)).body.data).toEqual({ businesses: 2, ads: 0, olympiad_participant: false });
    expect((await api(ctx, 'GET', '/v1/me/workspace', other.token)).body.data).toEqual({ businesses: 0, ads: 0, olympiad_participant: false });
  });

  test('published ads are counted for the seller workspace (a private seller promotes ads)', async () => {
    const author = await signIn(ctx, 'workspace-ads@example.com', { ip: nextIp() });
    const category = await adCategoryId(ctx, 'electronics');
    const post = () => api(ctx, 'POST', '/v1/ads', author.token, { category_id: category, title: 'Ноутбук', price: 100_000, location: 'Москва' });
    expect((await post()).status).toBe(201);
    expect((await post()).status).toBe(201);
    expect((await api(ctx, 'GET', '/v1/me/workspace', author.token)).body.data).toEqual({ businesses: 0, ads: 2, olympiad_participant: false });
  });

  test('a registered participant is one', async () => {
    const participant = await registerVerified(ctx);
    expect((await api(ctx, 'GET', '/v1/me/workspace', participant.token)).body.data).toEqual({ businesses: 0, ads: 0, olympiad_participant: true });
  });
});
