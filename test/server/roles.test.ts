import { eq, inArray } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../../server/db/seed/demo-accounts';
import { seedDemoIfEmpty } from '../../server/db/seed/seed-demo';
import { ROLES } from '../../shared/roles';
import { bearer, createTestApp, SETUP_TIMEOUT, signIn, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, SETUP_TIMEOUT);
afterAll(() => ctx?.close());

const DEMO_EMAILS = ['admin@example.com', 'support@example.com', 'moderator@example.com', 'seller@example.com', 'buyer@example.com'];

const demoRows = () => ctx.database.db.select().from(users).where(inArray(users.email, DEMO_EMAILS));

describe('demo accounts', () => {
  test('seedDemoIfEmpty fills an empty database and leaves a used one alone', async () => {
    expect(await seedDemoIfEmpty(ctx.database.db)).toBe(true);
    expect(await seedDemoIfEmpty(ctx.database.db)).toBe(false);
    expect(await demoRows()).toHaveLength(5);
    // The demo seed also builds the catalogue and draws its pictures (the first time on a machine, with a cold font cache).
  }, 60_000);

  test('the seed creates admin, support, moderator, seller and buyer with the right roles', async () => {
    const rows = await demoRows();
    const roleOf = Object.fromEntries(rows.map((r) => [r.email, r.role]));
    expect(roleOf).toEqual({
      'admin@example.com': 'admin',
      'support@example.com': 'support',
      'moderator@example.com': 'moderator',
      'seller@example.com': 'user',
      'buyer@example.com': 'user',
    });
    // Every role of the product has at least one demo account.
    expect(new Set(rows.map((r) => r.role))).toEqual(new Set(ROLES));
    for (const row of rows) expect(row.name).not.toBe('');
    expect(DEMO_ACCOUNTS.map((a) => a.email).sort()).toEqual([...DEMO_EMAILS].sort());
  });

  test('seeding again adds nothing and changes nothing', async () => {
    const before = await demoRows();
    await seedDemoAccounts(ctx.database.db);
    const after = await demoRows();
    expect(after).toHaveLength(5);
    expect(after.map((r) => [r.id, r.role]).sort()).toEqual(before.map((r) => [r.id, r.role]).sort());
  });

  test('a demo account signs in by code and its profile shows its role', async () => {
    for (const [email, role] of [
      ['admin@example.com', 'admin'],
      ['support@example.com', 'support'],
      ['moderator@example.com', 'moderator'],
      ['buyer@example.com', 'user'],
    ] as const) {
      const { token, userId } = await signIn(ctx, email);
      const [row] = await ctx.database.db.select().from(users).where(eq(users.email, email));
      expect(userId).toBe(row.id);
      const res = await ctx.app.inject({ method: 'GET', url: '/v1/profile', headers: bearer(token) });
      expect(res.json().data).toMatchObject({ id: row.id, email, role, name: row.name });
    }
  });

  test('a new account gets the plain user role, and editing the profile never changes a role', async () => {
    const { token, userId } = await signIn(ctx, 'newcomer@example.com');
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, userId));
    expect(row.role).toBe('user');

    const admin = await signIn(ctx, 'admin@example.com');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/profile',
      headers: bearer(admin.token),
      payload: { name: 'Анна', email: 'admin@example.com', role: 'user' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.role).toBe('admin');
    expect(token).not.toBe(admin.token);
  });
});
