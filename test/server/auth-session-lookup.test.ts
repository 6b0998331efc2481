import { eq } from 'drizzle-orm';
import { authTokens, users } from '../../server/db/schema';
import { sha256 } from '../../server/modules/auth/token-hash';
import { bearer, createTestApp, SETUP_TIMEOUT, signIn, type TestContext } from './helpers/test-app';
import { waitFor } from './helpers/wait-for';

// Session lookups are grouped: the tokens of one event-loop turn are looked up by one statement. Resolving
// several tokens in one Promise.all puts them in the same group.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, SETUP_TIMEOUT);
afterAll(() => ctx?.close());

let ipCounter = 0;
const login = (address: string) => signIn(ctx, address, { ip: `10.3.0.${++ipCounter}` });
async function loginAll(...addresses: string[]) {
  const sessions = [];
  for (const address of addresses) sessions.push(await login(address));
  return sessions;
}
const profile = (token: string) => ctx.app.inject({ method: 'GET', url: '/v1/profile', headers: bearer(token) });
const tokenRow = async (token: string) => (await ctx.database.db.select().from(authTokens).where(eq(authTokens.tokenHash, sha256(token))))[0];
const setToken = (token: string, values: Partial<typeof authTokens.$inferInsert>) => ctx.database.db.update(authTokens).set(values).where(eq(authTokens.tokenHash, sha256(token)));

/** Counts the session-lookup statements the database is sent while `work` runs. */
async function lookupStatements<T>(work: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const client = (ctx.database.db as unknown as { $client: { query(...args: unknown[]): unknown } }).$client;
  const spy = jest.spyOn(client, 'query');
  try {
    const result = await work();
    const statements = spy.mock.calls.filter(([query]) => (typeof query === 'string' ? query : (query as { text: string }).text).includes('from auth_tokens t join users u')).length;
    return { result, statements };
  } finally {
    spy.mockRestore();
  }
}

describe('session lookups in groups', () => {
  test('tokens resolved together share one statement and each gets its own user; unknown, revoked, expired and blocked ones get null', async () => {
    const [ann, bob, cid, revoked, expired, blocked, annOnPhone] = await loginAll(
      ...['ann', 'bob', 'cid', 'revoked', 'expired', 'blocked', 'ann'].map((name) => `${name}@lookup.example.com`),
    );
    await setToken(revoked.token, { revokedAt: new Date() });
    await setToken(expired.token, { expiresAt: new Date(Date.now() - 1000) });
    await ctx.database.db.update(users).set({ blockedAt: new Date(), blockedReason: 'test' }).where(eq(users.id, blocked.userId));

    const tokens = [ann.token, 'not-a-real-token', bob.token, revoked.token, cid.token, expired.token, blocked.token, annOnPhone.token, bob.token];
    const { result, statements } = await lookupStatements(() => Promise.all(tokens.map((token) => ctx.app.tokens.resolve(token))));
    expect(statements).toBe(1);
    expect(result.map((session) => session?.user.id ?? null)).toEqual([ann.userId, null, bob.userId, null, cid.userId, null, null, ann.userId, bob.userId]);
    const tokenIds = await Promise.all([ann, annOnPhone, bob].map(async ({ token }) => (await tokenRow(token)).id));
    expect([result[0]?.tokenId, result[7]?.tokenId, result[2]?.tokenId]).toEqual(tokenIds);
    // The same token twice: two users equal but not shared, so one request's changes never reach another.
    expect(result[8]?.user).toEqual(result[2]?.user);
    expect(result[8]?.user).not.toBe(result[2]?.user);
  });

  test('the user is the users row exactly as drizzle reads it: the same keys and types (dates as Date)', async () => {
    const { token, userId } = await login('shape@lookup.example.com');
    await ctx.database.db.update(users).set({ name: 'Shape', about: 'checks', image: 'img.png' }).where(eq(users.id, userId));
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, userId));
    const [session] = await Promise.all([ctx.app.tokens.resolve(token), ctx.app.tokens.resolve('another-unknown-token')]);
    expect(session?.user).toStrictEqual(row);
    expect(session?.user.createdAt).toBeInstanceOf(Date);
  });

  test('a token revoked while its user’s and others’ requests are under way is refused by its next request', async () => {
    const [leaving, staying] = await loginAll('leaving@lookup.example.com', 'staying@lookup.example.com');
    const busy = Array.from({ length: 5 }, () => profile(staying.token));
    const leavingNext = (async () => {
      expect((await profile(leaving.token)).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: '/v1/sign-out', headers: bearer(leaving.token) })).statusCode).toBe(200);
      return profile(leaving.token);
    })();
    const [after, ...others] = await Promise.all([leavingNext, ...busy, profile(staying.token)]);
    expect(after.statusCode).toBe(401);
    expect(others.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    // Revoked behind the API's back (another API process): refused at once too.
    await setToken(staying.token, { revokedAt: new Date() });
    expect((await profile(staying.token)).statusCode).toBe(401);
  });

  test('a lookup has the tokens last used over a minute ago touched, without waiting for it, and leaves recent ones alone', async () => {
    const [stale, recent] = await loginAll('stale@lookup.example.com', 'recent@lookup.example.com');
    const longAgo = new Date(Date.now() - 2 * 60_000);
    const justNow = new Date(Date.now() - 10_000);
    await setToken(stale.token, { lastUsedAt: longAgo });
    await setToken(recent.token, { lastUsedAt: justNow });
    const before = Date.now();
    const { result, statements } = await lookupStatements(() => Promise.all([stale.token, recent.token].map((token) => ctx.app.tokens.resolve(token))));
    expect(statements).toBe(1);
    expect(result.map((session) => session?.user.id)).toEqual([stale.userId, recent.userId]);
    const touched = await waitFor(
      async () => {
        const lastUsed = (await tokenRow(stale.token)).lastUsedAt.getTime();
        return lastUsed >= before && lastUsed;
      },
      { what: 'the stale token touched' },
    );
    expect(touched).toBeLessThanOrEqual(Date.now());
    // Touched in the same statement as the stale one, had it been touched at all.
    expect((await tokenRow(recent.token)).lastUsedAt).toEqual(justNow);
  });
});
