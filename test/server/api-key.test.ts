import { eq } from 'drizzle-orm';
import { authCodes } from '../../server/db/schema';
import en from '../../src/locales/en.json';
import ru from '../../src/locales/ru.json';
import { bearer, createTestApp, lastCode, SETUP_TIMEOUT, type TestContext } from './helpers/test-app';

const KEY = 'k';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ apiKey: KEY });
}, SETUP_TIMEOUT);
afterAll(() => ctx?.close());

const FORBIDDEN = { message: ru['errors.apiKey'] };

describe('when API_KEY is configured', () => {
  test('a /v1 call without the key gets 403 with a message, never 401', async () => {
    const calls = [
      { method: 'POST' as const, url: '/v1/auth', payload: { address: 'keyless@example.com' } },
      { method: 'POST' as const, url: '/v1/verify-auth-otp', payload: { address: 'keyless@example.com', code: '123456' } },
      { method: 'GET' as const, url: '/v1/profile' },
      { method: 'GET' as const, url: '/v1/sign-out' },
      { method: 'GET' as const, url: '/v1/home/stats' },
      { method: 'GET' as const, url: '/v1/no-such-route' },
    ];
    for (const call of calls) {
      const res = await ctx.app.inject(call);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(FORBIDDEN);
    }
    // Nothing happened behind the refusal.
    expect(ctx.letters).toHaveLength(0);
    expect(await ctx.database.db.select().from(authCodes).where(eq(authCodes.address, 'keyless@example.com'))).toHaveLength(0);
  });

  test('a wrong key gets 403, in the language of the request', async () => {
    for (const wrong of ['K', 'k ', 'kk', '', 'wrong-key']) {
      const res = await ctx.app.inject({ method: 'GET', url: '/v1/home/stats', headers: { 'x-api-key': wrong } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(FORBIDDEN);
    }
    const english = await ctx.app.inject({ method: 'GET', url: '/v1/home/stats', headers: { 'x-api-key': 'nope', 'accept-language': 'en' } });
    expect(english.statusCode).toBe(403);
    expect(english.json()).toEqual({ message: en['errors.apiKey'] });
    expect(english.json().message).toBe('Invalid or missing API key.');
  });

  test('a missing key is 403 even with a valid-looking bearer token (the SPA must not log out)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/profile', headers: bearer('whatever') });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(FORBIDDEN);
  });

  test('with the right key the whole sign-in flow works', async () => {
    const headers = { 'x-api-key': KEY };
    const sent = await ctx.app.inject({ method: 'POST', url: '/v1/auth', headers, payload: { address: 'keyed@example.com' } });
    expect(sent.statusCode).toBe(200);
    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/v1/verify-auth-otp',
      headers,
      payload: { address: 'keyed@example.com', code: lastCode(ctx.letters, 'keyed@example.com') },
    });
    expect(verified.statusCode).toBe(200);
    const { token } = verified.json();

    const profile = await ctx.app.inject({ method: 'GET', url: '/v1/profile', headers: { ...headers, ...bearer(token) } });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.email).toBe('keyed@example.com');

    // The key opens the door, the token still decides who you are.
    const keyOnly = await ctx.app.inject({ method: 'GET', url: '/v1/profile', headers });
    expect(keyOnly.statusCode).toBe(401);
    expect(keyOnly.json()).toEqual({ message: 'Unauthenticated.' });

    // And the token alone is not enough.
    const tokenOnly = await ctx.app.inject({ method: 'GET', url: '/v1/profile', headers: bearer(token) });
    expect(tokenOnly.statusCode).toBe(403);
  });

  test('the key comes before validation: bad input without a key is 403, with it 422', async () => {
    const without = await ctx.app.inject({ method: 'POST', url: '/v1/auth', payload: { address: 'bad' } });
    expect(without.statusCode).toBe(403);
    const withKey = await ctx.app.inject({ method: 'POST', url: '/v1/auth', headers: { 'x-api-key': KEY }, payload: { address: 'bad' } });
    expect(withKey.statusCode).toBe(422);
  });

  test('/health needs no key', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ok');
  });
});

describe('when API_KEY is not configured', () => {
  test('no key is asked for', async () => {
    const open = await createTestApp();
    try {
      const res = await open.app.inject({ method: 'GET', url: '/v1/home/stats' });
      expect(res.statusCode).toBe(200);
      const withJunk = await open.app.inject({ method: 'GET', url: '/v1/home/stats', headers: { 'x-api-key': 'anything' } });
      expect(withJunk.statusCode).toBe(200);
    } finally {
      await open.close();
    }
  }, SETUP_TIMEOUT);
});
