import { createHmac } from 'node:crypto';
import { bearer, createTestApp, signIn, SETUP_TIMEOUT, type TestContext } from './helpers/test-app';
import { seedDemoAccounts } from '../../server/db/seed/demo-accounts';

let ctx: TestContext;
let user: { token: string; userId: number };
let support: { token: string; userId: number };

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoAccounts(ctx.database.db);
  user = await signIn(ctx, 'buyer@example.com');
  support = await signIn(ctx, 'support@example.com');
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

const { key, secret } = { key: 'app-key', secret: 'app-secret' };
const sign = (value: string) => createHmac('sha256', secret).update(value).digest('hex');

function authorize(token: string | null, channel: string, form = true) {
  const body = { socket_id: '1234.5678', channel_name: channel };
  return ctx.app.inject({
    method: 'POST',
    url: '/broadcasting/auth',
    headers: { ...(token ? bearer(token) : {}), 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' },
    payload: form ? new URLSearchParams(body).toString() : body,
  });
}

test('a user gets a valid signature for their own channel, as pusher-js posts it (a form)', async () => {
  const channel = `private-user.${user.userId}`;
  const res = await authorize(user.token, channel);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ auth: `${key}:${sign(`1234.5678:${channel}`)}` });
  expect((await authorize(user.token, channel, false)).statusCode).toBe(200);
});

test("another user's channel, the support channel and forged names are refused with 403", async () => {
  for (const channel of [`private-user.${support.userId}`, 'private-support', 'presence-support.1', `private-user.${user.userId}x`, 'private-user.1.2']) {
    expect((await authorize(user.token, channel)).statusCode).toBe(403);
  }
});

test('staff also join the support channel and presence channels of support chats, with their identity signed', async () => {
  expect((await authorize(support.token, 'private-support')).statusCode).toBe(200);
  const res = await authorize(support.token, 'presence-support.42');
  expect(res.statusCode).toBe(200);
  const { auth, channel_data: channelData } = res.json();
  expect(JSON.parse(channelData)).toMatchObject({ user_id: String(support.userId) });
  expect(auth).toBe(`${key}:${sign(`1234.5678:presence-support.42:${channelData}`)}`);
});

test('no token or a revoked token is 401; a malformed socket id is 422', async () => {
  expect((await authorize(null, `private-user.${user.userId}`)).statusCode).toBe(401);
  const other = await signIn(ctx, 'other@example.com');
  await ctx.app.inject({ method: 'GET', url: '/v1/sign-out', headers: bearer(other.token) });
  expect((await authorize(other.token, `private-user.${other.userId}`)).statusCode).toBe(401);
  const bad = await ctx.app.inject({
    method: 'POST',
    url: '/broadcasting/auth',
    headers: bearer(user.token),
    payload: { socket_id: 'abc', channel_name: `private-user.${user.userId}` },
  });
  expect(bad.statusCode).toBe(422);
});
