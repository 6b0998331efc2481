import { count } from 'drizzle-orm';
import { authCodes, users } from '../../server/db/schema';
import en from '../../src/locales/en.json';
import ru from '../../src/locales/ru.json';
import { createTestApp, SETUP_TIMEOUT, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, SETUP_TIMEOUT);
afterAll(() => ctx?.close());

let ipCounter = 0;
const post = (url: string, payload: string | object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers, remoteAddress: `10.4.0.${++ipCounter}` });
const JSON_TYPE = { 'content-type': 'application/json' };

const rows = async () => ({
  codes: Number((await ctx.database.db.select({ n: count() }).from(authCodes))[0].n),
  users: Number((await ctx.database.db.select({ n: count() }).from(users))[0].n),
});

/** Every error leaves the server in the envelope of DESIGN.md and as JSON. */
function expectEnvelope(res: { headers: Record<string, unknown>; json(): unknown }) {
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  const body = res.json() as Record<string, unknown>;
  expect(typeof body.message).toBe('string');
  expect(Object.keys(body).every((k) => k === 'message' || k === 'errors')).toBe(true);
  expect(JSON.stringify(body)).not.toMatch(/FST_|stack|node_modules|at \w+ \(/);
}

describe('bad input', () => {
  test('malformed JSON is 400 with a translated message', async () => {
    for (const payload of ['{"address":', '{address: "a@b.ru"}', "{'address':'x'}", '{"address":"x"}}']) {
      const res = await post('/v1/auth', payload, JSON_TYPE);
      expect(res.statusCode).toBe(400);
      expectEnvelope(res);
      expect(res.json()).toEqual({ message: ru['errors.invalidJson'] });
    }
    const english = await post('/v1/verify-auth-otp', '{"address":', { ...JSON_TYPE, 'accept-language': 'en' });
    expect(english.statusCode).toBe(400);
    expect(english.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  test('an empty JSON body is 400 too', async () => {
    const res = await post('/v1/auth', '', JSON_TYPE);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: ru['errors.invalidJson'] });
  });

  test('a body of the wrong shape is 422, not 500', async () => {
    for (const payload of ['null', '[]', '"a@b.ru"', '42']) {
      const res = await post('/v1/auth', payload, JSON_TYPE);
      expect(res.statusCode).toBe(422);
      expectEnvelope(res);
      expect(res.json().errors).toBeDefined();
    }
  });

  test('a field of the wrong type is 422 on that field', async () => {
    for (const address of [{ a: 1 }, [1, 2], null]) {
      const res = await post('/v1/auth', { address }, { cookie: 'lang=en' });
      expect(res.statusCode).toBe(422);
      expectEnvelope(res);
      expect(Object.keys(res.json().errors)).toEqual(['address']);
      expect(res.json().errors.address[0]).toEqual(expect.any(String));
    }
    const code = await post('/v1/verify-auth-otp', { address: 'a@example.com', code: { $gt: '' } });
    expect(code.statusCode).toBe(422);
    expect(Object.keys(code.json().errors)).toEqual(['code']);
  });

  test('missing fields are 422 naming each field, in the language asked for', async () => {
    const res = await post('/v1/verify-auth-otp', {}, { 'accept-language': 'en-US,en;q=0.8' });
    expect(res.statusCode).toBe(422);
    expectEnvelope(res);
    expect(res.json()).toEqual({
      message: en['validation.required'],
      errors: { address: [en['validation.required']], code: [en['validation.required']] },
    });
    const russian = await post('/v1/auth', {});
    expect(russian.json()).toEqual({ message: ru['validation.required'], errors: { address: [ru['validation.required']] } });
  });

  test('a body over 1 MB is 413 and nothing is written', async () => {
    const before = await rows();
    const res = await post('/v1/auth', { address: `${'a'.repeat(1024 * 1024)}@example.com` });
    expect(res.statusCode).toBe(413);
    expectEnvelope(res);
    expect(res.json()).toEqual({ message: ru['errors.payloadTooLarge'] });
    const english = await post('/v1/auth', { address: 'x'.repeat(1024 * 1024 + 1) }, { 'accept-language': 'en' });
    expect(english.json()).toEqual({ message: en['errors.payloadTooLarge'] });
    expect(await rows()).toEqual(before);
    expect(ctx.letters).toHaveLength(0);
  });

  test('a body just under the limit is read (and then refused by the rules, not by size)', async () => {
    const res = await post('/v1/auth', { address: 'a'.repeat(1000 * 1000) });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['address']);
  });

  test('a body that is not JSON is refused without a 500', async () => {
    const xml = await post('/v1/auth', '<address>a@b.ru</address>', { 'content-type': 'application/xml' });
    expect(xml.statusCode).toBe(415);
    expectEnvelope(xml);
    expect(xml.json()).toEqual({ message: ru['errors.unsupportedMediaType'] });

    const text = await post('/v1/auth', 'a@example.com', { 'content-type': 'text/plain' });
    expect([415, 422]).toContain(text.statusCode);
    expectEnvelope(text);
    expect(ctx.letters).toHaveLength(0);
  });

  test('an unknown route is 404 in the envelope, naming the method and path', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/no-such-thing?secret=1' });
    expect(res.statusCode).toBe(404);
    expectEnvelope(res);
    expect(res.json()).toEqual({ message: 'Адрес GET /v1/no-such-thing не существует.' });

    const english = await ctx.app.inject({ method: 'DELETE', url: '/v1/profile', headers: { cookie: 'lang=en' } });
    expect(english.statusCode).toBe(404);
    expect(english.json()).toEqual({ message: 'The requested address DELETE /v1/profile does not exist.' });

    const outside = await ctx.app.inject({ method: 'GET', url: '/definitely/not/here' });
    expect(outside.statusCode).toBe(404);
    expectEnvelope(outside);
  });

  test('a failed request writes nothing: no code, no user', async () => {
    const before = await rows();
    await post('/v1/auth', '{"address":', JSON_TYPE);
    await post('/v1/auth', { address: 'bad' });
    await post('/v1/verify-auth-otp', { address: 'never-asked@example.com', code: '123456' });
    await post('/v1/verify-auth-otp', { address: 'never-asked@example.com' });
    expect(await rows()).toEqual(before);
  });
});
