import { bearer, createTestApp, signIn, SETUP_TIMEOUT, type TestContext } from './helpers/test-app';
import { seedDemoAccounts } from '../../server/db/seed/demo-accounts';

let ctx: TestContext;
let admin: { token: string; userId: number };
let buyer: { token: string; userId: number };
let other: { token: string; userId: number };

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoAccounts(ctx.database.db);
  admin = await signIn(ctx, 'admin@example.com');
  buyer = await signIn(ctx, 'buyer@example.com');
  other = await signIn(ctx, 'other@example.com');
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

const send = (token: string, body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/v1/admin/notifications', headers: bearer(token), payload: body });
const counts = async (token: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/v1/dashboard/summary', headers: bearer(token) })).json().data.counts;

test('staff send a notification: stored, published once on the user channel after the insert, counted unread', async () => {
  ctx.events.length = 0;
  const res = await send(admin.token, { user_id: buyer.userId, title: 'Скидки недели', body: 'Загляните в раздел акций' });
  expect(res.statusCode).toBe(201);
  const created = res.json().data;
  expect(created).toMatchObject({ title: 'Скидки недели', type: 'announcement', read_at: null });
  expect(ctx.events).toHaveLength(1);
  expect(ctx.events[0]).toMatchObject({
    channel: `private-user.${buyer.userId}`,
    event: 'NotificationSent',
    data: { notification: { id: created.id, title: 'Скидки недели' } },
  });
  expect(ctx.events[0].data.event_id).toMatch(/^[0-9a-f-]{36}$/);
  expect(await counts(buyer.token)).toEqual({ unread_notifications: 1, unread_messages: 0, total_unread: 1 });
});

test('only admin and support may send; a missing user is 404; bad input is 422 on the field', async () => {
  expect((await send(buyer.token, { user_id: other.userId, title: 'x', body: '' })).statusCode).toBe(403);
  expect((await send(admin.token, { user_id: 999999, title: 'x', body: '' })).statusCode).toBe(404);
  const invalid = await send(admin.token, { user_id: buyer.userId, title: '', body: 'y' });
  expect(invalid.statusCode).toBe(422);
  expect(Object.keys(invalid.json().errors)).toContain('title');
});

test('the list is mine only, newest first, paged with meta', async () => {
  await send(admin.token, { user_id: buyer.userId, title: 'Второе', body: '' });
  await send(admin.token, { user_id: other.userId, title: 'Чужое', body: '' });
  const res = await ctx.app.inject({ method: 'GET', url: '/v1/notifications?per_page=1&page=1', headers: bearer(buyer.token) });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body.data.map((n: { title: string }) => n.title)).toEqual(['Второе']);
  expect(body.meta).toEqual({ current_page: 1, per_page: 1, total: 2, last_page: 2 });
  expect((await ctx.app.inject({ method: 'GET', url: '/v1/notifications?per_page=500', headers: bearer(buyer.token) })).statusCode).toBe(422);
});

test('marking read lowers the count once, tells my other tabs, and nobody else may mark mine', async () => {
  const list = (await ctx.app.inject({ method: 'GET', url: '/v1/notifications', headers: bearer(buyer.token) })).json().data;
  const target = list[0];
  expect((await ctx.app.inject({ method: 'PATCH', url: `/v1/notifications/${target.id}/read`, headers: bearer(other.token) })).statusCode).toBe(404);
  ctx.events.length = 0;
  const first = await ctx.app.inject({ method: 'PATCH', url: `/v1/notifications/${target.id}/read`, headers: bearer(buyer.token) });
  expect(first.statusCode).toBe(200);
  expect(first.json().data.read_at).not.toBeNull();
  const again = await ctx.app.inject({ method: 'PATCH', url: `/v1/notifications/${target.id}/read`, headers: bearer(buyer.token) });
  expect(again.statusCode).toBe(200);
  // Reading twice publishes once: counters elsewhere must not drop twice.
  expect(ctx.events.filter((e) => e.event === 'NotificationsRead')).toEqual([
    expect.objectContaining({ channel: `private-user.${buyer.userId}`, data: expect.objectContaining({ count: 1 }) }),
  ]);
  expect((await counts(buyer.token)).unread_notifications).toBe(1);
});

test('mark all read zeroes the count and publishes how many were read', async () => {
  ctx.events.length = 0;
  const res = await ctx.app.inject({ method: 'POST', url: '/v1/notifications/read-all', headers: bearer(buyer.token) });
  expect(res.json().data.count).toBe(1);
  expect(ctx.events[0]).toMatchObject({ event: 'NotificationsRead', data: { count: 1 } });
  expect(await counts(buyer.token)).toEqual({ unread_notifications: 0, unread_messages: 0, total_unread: 0 });
});

test('guests get 401 on every notifications call', async () => {
  for (const [method, url] of [
    ['GET', '/v1/notifications'],
    ['GET', '/v1/dashboard/summary'],
    ['POST', '/v1/notifications/read-all'],
  ] as const) {
    expect((await ctx.app.inject({ method, url })).statusCode).toBe(401);
  }
});
