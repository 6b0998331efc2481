import { banners } from '../../../server/db/schema';
import { seedDemoAccounts } from '../../../server/db/seed/demo-accounts';
import { sectionsFor } from '../../../shared/admin/sections';
import { bearer, createTestApp, SETUP_TIMEOUT, signIn, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoAccounts(ctx.database.db);
}, SETUP_TIMEOUT);
afterAll(() => ctx?.close());

const counts = async (token?: string) => ctx.app.inject({ method: 'GET', url: '/v1/admin/counts', headers: token ? bearer(token) : {} });

describe('GET /v1/admin/counts', () => {
  test('each staff role gets the counts of the sections it may use, and no others', async () => {
    for (const [address, role] of [
      ['admin@example.com', 'admin'],
      ['moderator@example.com', 'moderator'],
      ['support@example.com', 'support'],
    ] as const) {
      const { token } = await signIn(ctx, address);
      const res = await counts(token);
      expect(res.statusCode).toBe(200);
      const keys = Object.keys(res.json().data).sort();
      const allowed = sectionsFor(role).filter((section) => section.counted).map((section) => section.key);
      for (const key of keys) expect(allowed).toContain(key);
      if (role === 'support') expect(keys).toEqual(['support']);
      if (role === 'moderator') {
        expect(keys).toContain('banners');
        expect(keys).not.toContain('support');
      }
    }
  });

  test('a guest is asked to sign in and a plain user is refused', async () => {
    expect((await counts()).statusCode).toBe(401);
    const { token } = await signIn(ctx, `counts-plain-${Date.now()}@example.com`);
    expect((await counts(token)).statusCode).toBe(403);
  });

  test("a banner sent for moderation adds one to the moderators' count, and a decided one leaves it", async () => {
    const { token } = await signIn(ctx, 'moderator@example.com');
    const before = (await counts(token)).json().data.banners as number;
    await ctx.database.db.insert(banners).values({ placement: 'home', title: 'Waiting banner', link: '/home', status: 'moderation' });
    await ctx.database.db.insert(banners).values({ placement: 'home', title: 'Decided banner', link: '/home', status: 'approved' });
    expect((await counts(token)).json().data.banners).toBe(before + 1);
  });
});
