import { and, eq, isNull } from 'drizzle-orm';
import { authTokens } from '../../server/db/schema';
import { sha256 } from '../../server/modules/auth/token-hash';
import ru from '../../src/locales/ru.json';
import { bearer, createTestApp, SETUP_TIMEOUT, signIn, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, SETUP_TIMEOUT);
afterAll(() => ctx?.close());

let ipCounter = 0;
/** Signs in from a client address of its own, so the per-IP limits never get in the way. */
const login = (address: string, userAgent?: string) => signIn(ctx, address, { ip: `10.2.0.${++ipCounter}`, userAgent });

const get = (url: string, token?: string) => ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const UNAUTHENTICATED = { message: 'Unauthenticated.' };

interface Session {
  id: number;
  user_agent: string;
  ip: string;
  created_at: string;
  last_used_at: string;
  expires_at: string;
  current: boolean;
}
async function sessions(token: string): Promise<Session[]> {
  const res = await get('/v1/sessions', token);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

describe('bearer tokens', () => {
  test('are random, and stored only as their SHA-256 with a 7-day expiry', async () => {
    const first = await login('hashed@example.com');
    const second = await login('hashed@example.com');
    expect(first.token).not.toBe(second.token);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const rows = await ctx.database.db.select().from(authTokens).where(eq(authTokens.userId, first.userId));
    expect(rows).toHaveLength(2);
    const hashes = rows.map((r) => r.tokenHash).sort();
    expect(hashes).toEqual([sha256(first.token), sha256(second.token)].sort());
    for (const row of rows) {
      expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.tokenHash).not.toContain(first.token);
      expect(row.tokenHash).not.toContain(second.token);
      const days = (row.expiresAt.getTime() - row.createdAt.getTime()) / 86_400_000;
      expect(days).toBeGreaterThan(6.99);
      expect(days).toBeLessThan(7.01);
    }
  });

  test('a request without a token, with an unknown one, or with another scheme gets 401 "Unauthenticated."', async () => {
    const { token } = await login('guarded@example.com');
    for (const headers of [{}, bearer('not-a-real-token'), { authorization: `Basic ${token}` }, { authorization: 'Bearer' }]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/v1/profile', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHENTICATED);
    }
    // The hash itself is not a token: a stolen table signs nobody in.
    expect((await get('/v1/profile', sha256(token))).statusCode).toBe(401);
    // The same message in English: SPEC keeps it verbatim in both catalogues.
    const english = await ctx.app.inject({ method: 'GET', url: '/v1/profile', headers: { 'accept-language': 'en' } });
    expect(english.json()).toEqual(UNAUTHENTICATED);
  });

  test('GET /v1/sign-out revokes the token: the next call is 401', async () => {
    const { token, userId } = await login('leaving@example.com');
    const other = await login('leaving@example.com');
    expect((await get('/v1/profile', token)).statusCode).toBe(200);

    const res = await get('/v1/sign-out', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { signed_out: true } });

    const after = await get('/v1/profile', token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(UNAUTHENTICATED);
    expect((await get('/v1/sign-out', token)).statusCode).toBe(401);

    const [row] = await ctx.database.db.select().from(authTokens).where(eq(authTokens.tokenHash, sha256(token)));
    expect(row.revokedAt).not.toBeNull();
    expect(row.userId).toBe(userId);
    // Only that device is signed out.
    expect((await get('/v1/profile', other.token)).statusCode).toBe(200);
  });

  test('sign-out without a token is 401', async () => {
    const res = await get('/v1/sign-out');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHENTICATED);
  });

  test('an expired token gets 401 and no longer counts as a session', async () => {
    const { token } = await login('expiring@example.com');
    const other = await login('expiring@example.com');
    await ctx.database.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.tokenHash, sha256(token)));
    const res = await get('/v1/profile', token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHENTICATED);
    const list = await sessions(other.token);
    expect(list).toHaveLength(1);
    expect(list[0].current).toBe(true);
  });
});

describe('sessions', () => {
  test('GET /v1/sessions lists my live sessions and marks the current one', async () => {
    const phone = await login('lister@example.com', 'PhoneBrowser/1.0');
    const laptop = await login('lister@example.com', 'LaptopBrowser/2.0');
    await login('someone-else@example.com', 'Elsewhere/1.0');

    const fromPhone = await sessions(phone.token);
    expect(fromPhone).toHaveLength(2);
    expect(fromPhone.map((s) => s.user_agent).sort()).toEqual(['LaptopBrowser/2.0', 'PhoneBrowser/1.0']);
    expect(fromPhone.filter((s) => s.current)).toEqual([expect.objectContaining({ user_agent: 'PhoneBrowser/1.0' })]);
    for (const session of fromPhone) {
      expect(session).toEqual({
        id: expect.any(Number),
        user_agent: expect.any(String),
        ip: expect.stringMatching(/^10\.2\.0\.\d+$/),
        created_at: expect.any(String),
        last_used_at: expect.any(String),
        expires_at: expect.any(String),
        current: expect.any(Boolean),
      });
      expect(new Date(session.expires_at).getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
      expect(new Date(session.created_at).toISOString()).toBe(session.created_at);
    }
    const fromLaptop = await sessions(laptop.token);
    expect(fromLaptop.find((s) => s.current)?.user_agent).toBe('LaptopBrowser/2.0');
  });

  test('DELETE /v1/sessions/:id ends my other session, and that token stops working', async () => {
    const mine = await login('closer@example.com');
    const stolen = await login('closer@example.com');
    const target = (await sessions(mine.token)).find((s) => !s.current)!;

    const res = await ctx.app.inject({ method: 'DELETE', url: `/v1/sessions/${target.id}`, headers: bearer(mine.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { revoked: 1 } });
    expect((await get('/v1/profile', stolen.token)).statusCode).toBe(401);
    expect((await get('/v1/profile', mine.token)).statusCode).toBe(200);
    expect((await sessions(mine.token)).map((s) => s.id)).not.toContain(target.id);

    // Ending it again: it is gone.
    const again = await ctx.app.inject({ method: 'DELETE', url: `/v1/sessions/${target.id}`, headers: bearer(mine.token) });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: ru['errors.notFound'] });
  });

  test("another user's session is 404 and stays alive", async () => {
    const me = await login('curious@example.com');
    const victim = await login('victim@example.com');
    const [victimSession] = await sessions(victim.token);

    const res = await ctx.app.inject({ method: 'DELETE', url: `/v1/sessions/${victimSession.id}`, headers: bearer(me.token) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: ru['errors.notFound'] });
    expect((await get('/v1/profile', victim.token)).statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(authTokens).where(eq(authTokens.id, victimSession.id));
    expect(row.revokedAt).toBeNull();
  });

  test('a session id that is not a positive integer is 422 on id', async () => {
    const me = await login('typo@example.com');
    for (const id of ['abc', '0', '-1', '1.5']) {
      const res = await ctx.app.inject({ method: 'DELETE', url: `/v1/sessions/${id}`, headers: bearer(me.token) });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['id']);
    }
  });

  test('POST /v1/sessions/revoke-others keeps only the current session', async () => {
    const keep = await login('tidy@example.com', 'Keep/1');
    const a = await login('tidy@example.com', 'Other/1');
    const b = await login('tidy@example.com', 'Other/2');
    const stranger = await login('untouched@example.com');

    const res = await ctx.app.inject({ method: 'POST', url: '/v1/sessions/revoke-others', headers: bearer(keep.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { revoked: 2 } });

    const left = await sessions(keep.token);
    expect(left).toEqual([expect.objectContaining({ current: true, user_agent: 'Keep/1' })]);
    expect((await get('/v1/profile', a.token)).statusCode).toBe(401);
    expect((await get('/v1/profile', b.token)).statusCode).toBe(401);
    expect((await get('/v1/profile', stranger.token)).statusCode).toBe(200);

    const live = await ctx.database.db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, keep.userId), isNull(authTokens.revokedAt)));
    expect(live).toHaveLength(1);
    expect(live[0].tokenHash).toBe(sha256(keep.token));

    // Nothing left to end.
    const again = await ctx.app.inject({ method: 'POST', url: '/v1/sessions/revoke-others', headers: bearer(keep.token) });
    expect(again.json()).toEqual({ data: { revoked: 0 } });
  });

  test('the session routes need a token', async () => {
    for (const [method, url] of [
      ['GET', '/v1/sessions'],
      ['DELETE', '/v1/sessions/1'],
      ['POST', '/v1/sessions/revoke-others'],
    ] as const) {
      const res = await ctx.app.inject({ method, url });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHENTICATED);
    }
  });
});
