import { eq, sql } from 'drizzle-orm';
import { supportConversations } from '../../../server/db/schema';
import { wakeSnoozed } from '../../../server/modules/support/snooze-sweeper';
import { supportRepository } from '../../../server/modules/support/support-repository';
import { supportSequencerFor } from '../../../server/modules/support/support-sequencer';
import { signIn, type TestContext } from '../helpers/test-app';
import { type Account, get, post, setUpChatTestApp } from '../chats/chat-test-kit';

let ctx: TestContext;
let agent: Account;
let other: Account;

setUpChatTestApp(async (app) => {
  ctx = app;
  agent = await signIn(ctx, 'support@example.com');
  other = await signIn(ctx, 'admin@example.com');
});

let n = 0;
const customer = () => signIn(ctx, `sync-${++n}@example.com`);
interface EventsBody {
  data: Array<{ seq: number; type: string; conversation_id: number; data: Record<string, unknown> }>;
  meta: { last_seq: number; has_more: boolean; reset: boolean };
}
const events = async (after: number, limit?: number): Promise<EventsBody> => {
  const res = await get(ctx, `/v1/support/events?after=${after}${limit ? `&limit=${limit}` : ''}`, agent);
  expect(res.statusCode).toBe(200);
  return res.json();
};

test('a console that was asleep catches up: every event after its last seq, in order, with the payloads it missed', async () => {
  const start = (await get(ctx, '/v1/support/conversations', agent)).json().meta.last_seq as number;
  const user = await customer();
  ctx.events.length = 0;
  // What happens while the console is offline.
  const m1 = (await post(ctx, '/v1/support/messages', user, { content: 'первое' })).json().data;
  const chatId = m1.chat_id;
  await post(ctx, `/v1/support/conversations/${chatId}/assign`, other, { assignee_id: other.userId });
  await post(ctx, `/v1/support/conversations/${chatId}/notes`, other, { content: 'заметка' });
  await post(ctx, `/v1/support/conversations/${chatId}/messages`, other, { content: 'ответ' });
  await post(ctx, `/v1/support/conversations/${chatId}/status`, other, { status: 'resolved' });
  await post(ctx, `/v1/support/conversations/${chatId}/mark-as-read`, other);

  const published = ctx.events.filter((e) => e.channel === 'private-support' && typeof e.data.seq === 'number');
  expect(published.map((e) => e.event)).toEqual(['SupportMessage', 'SupportConversationUpdated', 'SupportNoteAdded', 'SupportMessage', 'SupportConversationUpdated']);

  const caught = await events(start);
  expect(caught.data.map((e) => e.type)).toEqual(published.map((e) => e.event));
  expect(caught.data.every((e) => e.conversation_id === chatId)).toBe(true);
  // The log holds exactly what was published (seq included), so the console applies both the same way.
  caught.data.forEach((e, i) => {
    const { event_id: _eventId, ...live } = published[i].data;
    expect(e.seq).toBe(live.seq);
    expect(e.data).toEqual(live);
  });
  const seqs = caught.data.map((e) => e.seq);
  expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  expect(caught.meta).toEqual({ last_seq: seqs[seqs.length - 1], has_more: false, reset: false });

  // In small pages, the same sequence.
  const firstPage = await events(start, 2);
  expect(firstPage.data.map((e) => e.seq)).toEqual(seqs.slice(0, 2));
  expect(firstPage.meta).toMatchObject({ last_seq: seqs[1], has_more: true });
  const rest = await events(firstPage.meta.last_seq, 10);
  expect(rest.data.map((e) => e.seq)).toEqual(seqs.slice(2));

  // Up to date: nothing new, resume point unchanged.
  expect(await events(caught.meta.last_seq)).toEqual({ data: [], meta: { last_seq: caught.meta.last_seq, has_more: false, reset: false } });
  // A seq the server never issued (say, the database was rebuilt): start over from the queue.
  expect((await events(caught.meta.last_seq + 1000)).meta).toEqual({ last_seq: caught.meta.last_seq, has_more: false, reset: true });
  expect((await get(ctx, '/v1/support/events?after=0', user)).statusCode).toBe(403);
  expect((await get(ctx, '/v1/support/events', agent)).statusCode).toBe(422);
});

test('a long message is cut in the live event but whole in the log', async () => {
  const user = await customer();
  const start = (await get(ctx, '/v1/support/conversations', agent)).json().meta.last_seq as number;
  const content = '€'.repeat(4000);
  await post(ctx, '/v1/support/messages', user, { content });
  const live = ctx.events.find((e) => e.event === 'SupportMessage')!;
  expect(Buffer.byteLength(JSON.stringify(live.data))).toBeLessThanOrEqual(10 * 1024);
  expect(live.data.message).toMatchObject({ content_truncated: true });
  const [logged] = (await events(start)).data;
  expect((logged.data.message as { content: string }).content).toBe(content);
});

test('the queue can be refetched by "changed since"', async () => {
  const quiet = await customer();
  const busy = await customer();
  const quietId = (await post(ctx, '/v1/support/messages', quiet, { content: 'давно' })).json().data.chat_id;
  const busyId = (await post(ctx, '/v1/support/messages', busy, { content: 'давно' })).json().data.chat_id;
  await ctx.database.db.execute(sql`update support_conversations set updated_at = now() - interval '1 hour' where chat_id in (${quietId}, ${busyId})`);
  const since = new Date(Date.now() - 60_000).toISOString();
  expect((await get(ctx, `/v1/support/conversations?updated_since=${encodeURIComponent(since)}`, agent)).json().data.map((c: { id: number }) => c.id)).not.toContain(busyId);
  await post(ctx, '/v1/support/messages', busy, { content: 'только что' });
  const changed = (await get(ctx, `/v1/support/conversations?updated_since=${encodeURIComponent(since)}`, agent)).json().data.map((c: { id: number }) => c.id);
  expect(changed).toContain(busyId);
  expect(changed).not.toContain(quietId);
  await post(ctx, `/v1/support/conversations/${quietId}/assign`, agent, { assignee_id: agent.userId });
  expect((await get(ctx, `/v1/support/conversations?updated_since=${encodeURIComponent(since)}`, agent)).json().data.map((c: { id: number }) => c.id)).toContain(quietId);
  expect((await get(ctx, '/v1/support/conversations?updated_since=yesterday', agent)).statusCode).toBe(422);
});

test('a snooze that ran out reopens the conversation, logged and published with no actor', async () => {
  const support = supportRepository(ctx.database.db);
  const sequencer = await supportSequencerFor(ctx.database, ctx.app.publisher, ctx.app.log);
  const wake = () => wakeSnoozed(ctx.database.db, support, sequencer);
  const user = await customer();
  const chatId = (await post(ctx, '/v1/support/messages', user, { content: 'напомните мне' })).json().data.chat_id;
  await post(ctx, `/v1/support/conversations/${chatId}/status`, agent, { status: 'snoozed', snoozed_until: new Date(Date.now() + 60_000).toISOString() });
  // Still snoozed: nothing to wake.
  expect(await wake()).toBe(0);
  await ctx.database.db.update(supportConversations).set({ snoozedUntil: new Date(Date.now() - 1000) }).where(eq(supportConversations.chatId, chatId));
  ctx.events.length = 0;
  // The queue wakes due snoozes before it answers (a timer does the same every 30 s).
  const item = (await get(ctx, '/v1/support/conversations?status=open', agent)).json().data.find((c: { id: number }) => c.id === chatId);
  expect(item).toMatchObject({ status: 'open', snoozed_until: null });
  const [event] = ctx.events.filter((e) => e.event === 'SupportConversationUpdated');
  expect(event.data).toMatchObject({ change: 'status', actor: null, conversation: { id: chatId, status: 'open' } });
  expect(await wake()).toBe(0);
});

test('canned replies: any staff member lists, adds, edits and deletes them; shortcuts are unique', async () => {
  const list = async () => (await get(ctx, '/v1/support/canned-replies', agent)).json().data as Array<{ id: number; shortcut: string }>;
  const created = await post(ctx, '/v1/support/canned-replies', agent, { shortcut: 'Привет', title: 'Приветствие', content: 'Здравствуйте! Чем могу помочь?' });
  expect(created.statusCode).toBe(201);
  expect(created.json().data).toMatchObject({ shortcut: 'привет', title: 'Приветствие', content: 'Здравствуйте! Чем могу помочь?' });
  const id = created.json().data.id;
  const dup = await post(ctx, '/v1/support/canned-replies', other, { shortcut: 'привет', title: 'Ещё', content: 'x' });
  expect(dup.statusCode).toBe(422);
  expect(dup.json().errors.shortcut[0]).toMatch(/уже есть/);
  expect((await post(ctx, '/v1/support/canned-replies', agent, { shortcut: 'с пробелом', title: 't', content: 'c' })).json().errors.shortcut[0]).toMatch(/только буквы/);
  expect((await post(ctx, '/v1/support/canned-replies', agent, { shortcut: 'empty', title: '', content: '' })).json().errors).toMatchObject({ title: expect.any(Array), content: expect.any(Array) });
  await post(ctx, '/v1/support/canned-replies', agent, { shortcut: 'адрес', title: 'Адрес', content: 'Москва' });
  expect((await list()).map((r) => r.shortcut)).toEqual(['адрес', 'привет']);

  const patch = (body: object) => ctx.app.inject({ method: 'PATCH', url: `/v1/support/canned-replies/${id}`, headers: { authorization: `Bearer ${other.token}` }, payload: body });
  expect((await patch({ content: 'Добрый день!' })).json().data).toMatchObject({ shortcut: 'привет', content: 'Добрый день!' });
  expect((await patch({ shortcut: 'адрес' })).statusCode).toBe(422);
  const del = () => ctx.app.inject({ method: 'DELETE', url: `/v1/support/canned-replies/${id}`, headers: { authorization: `Bearer ${agent.token}` } });
  expect((await del()).statusCode).toBe(204);
  expect((await del()).statusCode).toBe(404);
  expect((await list()).map((r) => r.shortcut)).toEqual(['адрес']);
  const user = await customer();
  expect((await get(ctx, '/v1/support/canned-replies', user)).statusCode).toBe(403);
  expect((await post(ctx, '/v1/support/canned-replies', user, { shortcut: 'x', title: 'x', content: 'x' })).statusCode).toBe(403);
});
