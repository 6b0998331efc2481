import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { seedDemoAccounts } from '../../../server/db/seed/demo-accounts';
import { deliverBroadcasts } from '../../../server/modules/broadcasts/broadcasts-routes';
import { memoryPublisher } from '../../../server/modules/realtime/publisher';
import { rawRows } from '../../../server/modules/catalog/common/raw-rows';
import { bearer, createTestApp, signIn, SETUP_TIMEOUT, type TestContext } from '../helpers/test-app';
import { waitFor } from '../helpers/wait-for';
import { addBusiness, addParticipant, addUser, get, hourFromNow, letter, openUserIds, post, received, signInSpeaking } from './broadcasts-kit';

let ctx: TestContext;
let admin: { token: string; userId: number };
let english: number;
let russian: number;
let seller: number;
let otherSeller: number;
let participant: number;
let blocked: number;
let category: number;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  await seedDemoAccounts(db);
  admin = await signIn(ctx, 'admin@example.com');
  const [first, second] = await rawRows<{ id: number }>(db, sql`select id from business_categories order by id limit 2`);
  category = Number(first.id);
  english = await addUser(db, 'reader.en@broadcast.test', 'en');
  russian = await addUser(db, 'reader.ru@broadcast.test', 'ru');
  seller = await addUser(db, 'seller.en@broadcast.test', 'en');
  otherSeller = await addUser(db, 'seller.ru@broadcast.test', 'ru');
  participant = await addUser(db, 'pupil@broadcast.test', 'ru');
  blocked = await addUser(db, 'spammer@broadcast.test', 'ru');
  await db.execute(sql`update users set blocked_at = now(), blocked_reason = 'spam' where id = ${blocked}`);
  await addBusiness(db, seller, category);
  await addBusiness(db, otherSeller, Number(second.id));
  await addParticipant(db, participant, 'junior');
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

const broadcast = async (app: FastifyInstance, id: number) =>
  (await app.inject({ method: 'GET', url: `/v1/admin/broadcasts/${id}`, headers: bearer(admin.token) })).json().data;

test('sent now: sellers of a category get it in their own language, in /notifications and live, and the admin sees 100%', async () => {
  ctx.events.length = 0;
  const res = await post(ctx, admin.token, '/v1/admin/broadcasts', letter({ kind: 'sellers', business_category_id: category }));
  expect(res.statusCode).toBe(201);
  const id = res.json().data.id;
  const done = await waitFor(async () => ((await broadcast(ctx.app, id)).status === 'done' ? broadcast(ctx.app, id) : null), { what: 'the broadcast delivered' });
  expect(done).toMatchObject({ total: 1, delivered: 1 });
  expect([...(await received(ctx.database.db, id)).entries()]).toEqual([[seller, ['Fair on Saturday']]]);
  const sellerSession = await signInSpeaking(ctx, 'seller.en@broadcast.test', 'en');
  const inbox = (await get(ctx, sellerSession.token, '/v1/notifications')).json().data;
  expect(inbox[0]).toMatchObject({ type: 'announcement', title: 'Fair on Saturday', body: 'Come to the square at ten.', read_at: null });
  expect(ctx.events.filter((e) => e.event === 'NotificationSent')).toEqual([
    expect.objectContaining({ channel: `private-user.${seller}`, data: expect.objectContaining({ notification: expect.objectContaining({ title: 'Fair on Saturday', body: 'Come to the square at ten.', type: 'announcement' }) }) }),
  ]);
  const audit = await rawRows<{ action: string; actor_id: number }>(ctx.database.db, sql`select action, actor_id from admin_audit_log where target_type = 'broadcast' and target_id = ${id}`);
  expect(audit).toEqual([{ action: 'broadcast.create', actor_id: admin.userId }]);
});

test('each audience reaches exactly its people, each in their language, never a blocked account', async () => {
  const send = async (audience: Record<string, unknown>) => {
    const id = (await post(ctx, admin.token, '/v1/admin/broadcasts', letter(audience, { send_at: hourFromNow(1).toISOString() }))).json().data.id as number;
    await deliverBroadcasts(ctx.app, { now: hourFromNow(2) });
    return received(ctx.database.db, id);
  };
  expect(await send({ kind: 'participants' })).toEqual(new Map([[participant, ['Ярмарка в субботу']]]));
  expect(await send({ kind: 'participants', category: 'junior' })).toEqual(new Map([[participant, ['Ярмарка в субботу']]]));
  expect(await send({ kind: 'sellers' })).toEqual(new Map([[seller, ['Fair on Saturday']], [otherSeller, ['Ярмарка в субботу']]]));
  expect(await send({ kind: 'users', user_ids: [english, russian, blocked, russian] })).toEqual(new Map([[english, ['Fair on Saturday']], [russian, ['Ярмарка в субботу']]]));
  const everyone = await send({ kind: 'everyone' });
  expect([...everyone.keys()].sort((a, b) => a - b)).toEqual(await openUserIds(ctx.database.db));
  expect(everyone.has(blocked)).toBe(false);
  expect(everyone.get(english)).toEqual(['Fair on Saturday']);
  expect(everyone.get(russian)).toEqual(['Ярмарка в субботу']);
});

test('a person who signed up in English reads announcements in English (a new account keeps the language it signed up in)', async () => {
  const { userId } = await signInSpeaking(ctx, 'newcomer@broadcast.test', 'en');
  const id = (await post(ctx, admin.token, '/v1/admin/broadcasts', letter({ kind: 'user', user_id: userId }, { send_at: hourFromNow(1).toISOString() }))).json().data.id;
  await deliverBroadcasts(ctx.app, { now: hourFromNow(2) });
  expect(await received(ctx.database.db, id)).toEqual(new Map([[userId, ['Fair on Saturday']]]));
});

test('a scheduled one waits for its time, counts as waiting in the admin shell, and is delivered once the time comes', async () => {
  const at = hourFromNow(3);
  const id = (await post(ctx, admin.token, '/v1/admin/broadcasts', letter({ kind: 'user', user_id: russian }, { send_at: at.toISOString() }))).json().data.id;
  expect((await get(ctx, admin.token, '/v1/admin/counts')).json().data.notifications).toBe(1);
  expect(await deliverBroadcasts(ctx.app, { now: new Date(at.getTime() - 60_000) })).toBe(0);
  expect((await broadcast(ctx.app, id)).status).toBe('scheduled');
  expect(await deliverBroadcasts(ctx.app, { now: at })).toBe(1);
  expect(await broadcast(ctx.app, id)).toMatchObject({ status: 'done', delivered: 1, total: 1 });
  expect((await get(ctx, admin.token, '/v1/admin/counts')).json().data.notifications).toBe(0);
});

test('cancel stops further batches: what was delivered stays, nobody else gets it, and the cancel is audited', async () => {
  const id = (await post(ctx, admin.token, '/v1/admin/broadcasts', letter({ kind: 'everyone' }, { send_at: hourFromNow(1).toISOString() }))).json().data.id;
  await deliverBroadcasts(ctx.app, { now: hourFromNow(2), batchSize: 2, maxBatches: 1 });
  expect(await broadcast(ctx.app, id)).toMatchObject({ status: 'sending', delivered: 2 });
  const cancelled = await post(ctx, admin.token, `/v1/admin/broadcasts/${id}/cancel`);
  expect(cancelled.statusCode).toBe(200);
  expect(cancelled.json().data).toMatchObject({ status: 'cancelled', delivered: 2 });
  expect(await deliverBroadcasts(ctx.app, { now: hourFromNow(2), batchSize: 2 })).toBe(0);
  expect((await received(ctx.database.db, id)).size).toBe(2);
  const again = await post(ctx, admin.token, `/v1/admin/broadcasts/${id}/cancel`);
  expect(again.statusCode).toBe(409);
  expect(again.json().message).toBe('This announcement has already been delivered or cancelled.');
  const audit = await rawRows<{ action: string; before: unknown; after: unknown }>(ctx.database.db, sql`select action, before, after from admin_audit_log where target_id = ${id} and action = 'broadcast.cancel'`);
  expect(audit).toEqual([{ action: 'broadcast.cancel', before: { status: 'sending', delivered: 2 }, after: { status: 'cancelled', delivered: 2 } }]);
});

test('exactly once across a restart: a new app on the same database resumes after the last commit, and even a lost cursor gives nobody a second copy', async () => {
  const recipients = await openUserIds(ctx.database.db);
  const id = (await post(ctx, admin.token, '/v1/admin/broadcasts', letter({ kind: 'everyone' }, { send_at: hourFromNow(1).toISOString() }))).json().data.id;
  // Two batches commit, then the process goes away before finishing.
  expect(await deliverBroadcasts(ctx.app, { now: hourFromNow(2), batchSize: 3, maxBatches: 2 })).toBe(2);
  expect((await received(ctx.database.db, id)).size).toBe(6);
  await ctx.app.close();

  const publisher = memoryPublisher();
  const restarted = await buildApp(loadConfig({ NODE_ENV: 'test' }, { webRoot: '/nonexistent' }), { database: ctx.database, publisher, mailer: { send: async () => undefined, close: () => undefined } });
  ctx.app = restarted;
  await restarted.ready();
  expect(await broadcast(restarted, id)).toMatchObject({ status: 'sending', delivered: 6 });
  await deliverBroadcasts(restarted, { now: hourFromNow(2), batchSize: 3 });
  const after = await received(ctx.database.db, id);
  expect([...after.keys()].sort((a, b) => a - b)).toEqual(recipients);
  expect([...after.values()].every((titles) => titles.length === 1)).toBe(true);
  expect(await broadcast(restarted, id)).toMatchObject({ status: 'done', delivered: recipients.length, total: recipients.length });
  // Only the ones delivered after the restart were published by the new process, once each.
  const live = publisher.sent.filter((e) => e.event === 'NotificationSent').map((e) => e.channel);
  expect(live).toHaveLength(recipients.length - 6);
  expect(new Set(live).size).toBe(live.length);

  // Should the cursor ever be lost, the unique index still refuses a second copy.
  await ctx.database.db.execute(sql`update broadcasts set status = 'sending', cursor = 0 where id = ${id}`);
  await deliverBroadcasts(restarted, { now: hourFromNow(2), batchSize: 3 });
  expect([...(await received(ctx.database.db, id)).values()].every((titles) => titles.length === 1)).toBe(true);
  expect(await broadcast(restarted, id)).toMatchObject({ status: 'done', delivered: recipients.length });
});
