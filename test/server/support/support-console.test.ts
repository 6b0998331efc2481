import { eq, sql } from 'drizzle-orm';
import { users } from '../../../server/db/schema';
import { signIn, type TestContext } from '../helpers/test-app';
import { type Account, get, post, setUpChatTestApp } from '../chats/chat-test-kit';

let ctx: TestContext;
let agentA: Account; // support@
let agentB: Account; // admin@
let moderator: Account;

setUpChatTestApp(async (app) => {
  ctx = app;
  agentA = await signIn(ctx, 'support@example.com');
  agentB = await signIn(ctx, 'admin@example.com');
  moderator = await signIn(ctx, 'moderator@example.com');
});

let n = 0;
/** A customer with a name and one message in their support conversation; returns the conversation id. */
async function customer(name: string, text = 'Здравствуйте, у меня вопрос'): Promise<Account & { chatId: number; email: string }> {
  const email = `customer-${++n}@example.com`;
  const account = await signIn(ctx, email);
  await ctx.database.db.update(users).set({ name }).where(eq(users.id, account.userId));
  const res = await post(ctx, '/v1/support/messages', account, { content: text });
  expect(res.statusCode).toBe(201);
  return { ...account, email, chatId: res.json().data.chat_id };
}

interface QueueItem {
  id: number;
  status: string;
  unread_count: number;
  assignee: { id: number } | null;
  snoozed_until: string | null;
  last_message: { from: string; content: string } | null;
}
const queue = async (who: Account, query = '') => {
  const res = await get(ctx, `/v1/support/conversations${query ? `?${query}` : ''}`, who);
  expect(res.statusCode).toBe(200);
  return res.json() as { data: QueueItem[]; meta: { total: number; last_seq: number } };
};
const ids = async (who: Account, query = '') => (await queue(who, query)).data.map((c) => c.id);
const assign = (who: Account, chatId: number, assigneeId: number | null) => post(ctx, `/v1/support/conversations/${chatId}/assign`, who, { assignee_id: assigneeId });
const setStatus = (who: Account, chatId: number, body: Record<string, unknown>) => post(ctx, `/v1/support/conversations/${chatId}/status`, who, body);
const supportEvents = (name?: string) => ctx.events.filter((e) => e.channel === 'private-support' && (!name || e.event === name));

test('support, moderator and admin work the console; the queue shows the customer, status and last message', async () => {
  const c = await customer('Пётр Вопросов', 'Где мой заказ?');
  for (const who of [agentA, agentB, moderator]) {
    const item = (await queue(who)).data.find((x) => x.id === c.chatId)!;
    expect(item).toMatchObject({
      status: 'open',
      assignee: null,
      unread_count: 1,
      last_message: { from: 'customer', content: 'Где мой заказ?' },
      customer: { id: c.userId, name: 'Пётр Вопросов', email: c.email },
    });
  }
  const one = await get(ctx, `/v1/support/conversations/${c.chatId}`, agentA);
  expect(one.json().data.id).toBe(c.chatId);
  expect((await get(ctx, '/v1/support/conversations/999999', agentA)).statusCode).toBe(404);
  const agents = (await get(ctx, '/v1/support/agents', agentA)).json().data as Array<{ id: number; role: string }>;
  expect(agents.map((a) => a.role).sort()).toEqual(['admin', 'moderator', 'support']);
});

test('filters mine / unassigned / all, assignment to me and to another agent, visible to every agent live', async () => {
  const c1 = await customer('Первый');
  const c2 = await customer('Второй');
  const c3 = await customer('Третий');
  ctx.events.length = 0;

  const toMe = await assign(agentA, c1.chatId, agentA.userId);
  expect(toMe.statusCode).toBe(200);
  expect(toMe.json().data.assignee).toMatchObject({ id: agentA.userId, name: 'Sergey Pomoshchnikov', role: 'support' });
  expect((await assign(agentA, c2.chatId, agentB.userId)).statusCode).toBe(200);

  const updates = supportEvents('SupportConversationUpdated');
  expect(updates).toHaveLength(2);
  expect(updates[0].data).toMatchObject({ change: 'assigned', actor: { id: agentA.userId }, conversation: { id: c1.chatId, assignee: { id: agentA.userId } } });
  expect(updates[1].data).toMatchObject({ conversation: { id: c2.chatId, assignee: { id: agentB.userId } } });
  expect((updates[1].data.seq as number) > (updates[0].data.seq as number)).toBe(true);

  const mineA = await ids(agentA, 'filter=mine');
  const mineB = await ids(agentB, 'filter=mine');
  const unassigned = await ids(agentA, 'filter=unassigned');
  const all = await ids(agentA, 'filter=all');
  expect(mineA).toContain(c1.chatId);
  expect(mineA).not.toContain(c2.chatId);
  expect(mineB).toEqual(expect.arrayContaining([c2.chatId]));
  expect(mineB).not.toContain(c1.chatId);
  expect(unassigned).toContain(c3.chatId);
  expect(unassigned).not.toEqual(expect.arrayContaining([c1.chatId]));
  // Newest activity first.
  expect(all.indexOf(c3.chatId)).toBeLessThan(all.indexOf(c2.chatId));
  expect(all.indexOf(c2.chatId)).toBeLessThan(all.indexOf(c1.chatId));

  // The same assignment again changes nothing and says nothing.
  ctx.events.length = 0;
  expect((await assign(agentA, c1.chatId, agentA.userId)).statusCode).toBe(200);
  expect(supportEvents()).toHaveLength(0);

  // Unassign; a non-agent cannot be assigned; an unknown conversation is 404.
  expect((await assign(agentB, c1.chatId, null)).json().data.assignee).toBeNull();
  const notAgent = await assign(agentA, c1.chatId, c2.userId);
  expect(notAgent.statusCode).toBe(422);
  expect(notAgent.json().errors.assignee_id[0]).toMatch(/сотрудника поддержки/);
  expect((await assign(agentA, 999999, agentA.userId)).statusCode).toBe(404);
});

test('an agent’s first reply to an unassigned conversation assigns it to them; the reply is seen by all agents', async () => {
  const c = await customer('Ждущий');
  ctx.events.length = 0;
  const reply = await post(ctx, `/v1/support/conversations/${c.chatId}/messages`, agentB, { content: 'Уже смотрю' });
  expect(reply.statusCode).toBe(201);
  expect(reply.json().data).toMatchObject({ from: 'agent', sender: { id: agentB.userId } });
  const [event] = supportEvents('SupportMessage');
  expect(event.data).toMatchObject({ conversation: { id: c.chatId, assignee: { id: agentB.userId } }, message: { from: 'agent', content: 'Уже смотрю' } });
  // A second agent replying does not take it over.
  await post(ctx, `/v1/support/conversations/${c.chatId}/messages`, agentA, { content: 'Дополню' });
  expect((await get(ctx, `/v1/support/conversations/${c.chatId}`, agentA)).json().data.assignee.id).toBe(agentB.userId);
  const history = (await get(ctx, `/v1/support/conversations/${c.chatId}/messages`, agentA)).json().data;
  expect(history.map((m: { from: string; content: string }) => [m.from, m.content])).toEqual([
    ['customer', 'Здравствуйте, у меня вопрос'],
    ['agent', 'Уже смотрю'],
    ['agent', 'Дополню'],
  ]);
  expect((await post(ctx, '/v1/support/conversations/999999/messages', agentA, { content: 'кому?' })).statusCode).toBe(404);
});

test('status: pending, resolved, snoozed until a future time; a customer message reopens; the status filter', async () => {
  const c = await customer('Статусный');
  expect((await setStatus(agentA, c.chatId, { status: 'pending' })).json().data.status).toBe('pending');
  expect(await ids(agentA, 'status=pending')).toContain(c.chatId);
  expect(await ids(agentA, 'status=open')).not.toContain(c.chatId);

  for (const body of [{ status: 'snoozed' }, { status: 'snoozed', snoozed_until: new Date(Date.now() - 60_000).toISOString() }]) {
    const res = await setStatus(agentA, c.chatId, body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.snoozed_until[0]).toMatch(/в будущем/);
  }
  expect((await setStatus(agentA, c.chatId, { status: 'closed' })).statusCode).toBe(422);
  const until = new Date(Date.now() + 3_600_000).toISOString();
  ctx.events.length = 0;
  const snoozed = (await setStatus(agentA, c.chatId, { status: 'snoozed', snoozed_until: until })).json().data;
  expect(snoozed).toMatchObject({ status: 'snoozed', snoozed_until: until });
  expect(supportEvents('SupportConversationUpdated')[0].data).toMatchObject({ change: 'status', actor: { id: agentA.userId }, conversation: { status: 'snoozed', snoozed_until: until } });
  expect(await ids(agentA, 'status=snoozed&status=pending')).toContain(c.chatId);

  for (const from of ['snoozed', 'resolved', 'pending']) {
    if (from !== 'snoozed') await setStatus(agentA, c.chatId, { status: from });
    ctx.events.length = 0;
    await post(ctx, '/v1/support/messages', c, { content: `снова я (${from})` });
    const [event] = supportEvents('SupportMessage');
    expect(event.data).toMatchObject({ conversation: { id: c.chatId, status: 'open', snoozed_until: null } });
    expect((await get(ctx, `/v1/support/conversations/${c.chatId}`, agentA)).json().data.status).toBe('open');
  }
  // An agent's reply leaves the status alone.
  await setStatus(agentA, c.chatId, { status: 'resolved' });
  await post(ctx, `/v1/support/conversations/${c.chatId}/messages`, agentA, { content: 'Если что, пишите' });
  expect((await get(ctx, `/v1/support/conversations/${c.chatId}`, agentA)).json().data.status).toBe('resolved');
  expect((await setStatus(agentA, 999999, { status: 'open' })).statusCode).toBe(404);
});

test('unread is per agent: marking read clears it for me only, tells my other tabs, and feeds the unread filter and counts', async () => {
  const c = await customer('Непрочитанный', 'первое');
  await post(ctx, '/v1/support/messages', c, { content: 'второе' });
  await assign(agentA, c.chatId, agentA.userId);
  const unreadOf = async (who: Account) => (await get(ctx, `/v1/support/conversations/${c.chatId}`, who)).json().data.unread_count;
  expect(await unreadOf(agentA)).toBe(2);
  expect(await unreadOf(agentB)).toBe(2);
  expect(await ids(agentA, 'unread=true')).toContain(c.chatId);
  const countsA = (await get(ctx, '/v1/support/counts', agentA)).json().data;
  expect(countsA.unread.mine).toBeGreaterThanOrEqual(2);
  expect(countsA.unread.all).toBeGreaterThanOrEqual(countsA.unread.mine + countsA.unread.unassigned);
  expect(countsA.status.open).toBeGreaterThanOrEqual(1);

  ctx.events.length = 0;
  const read = await post(ctx, `/v1/support/conversations/${c.chatId}/mark-as-read`, agentA);
  expect(read.json().data).toEqual({ conversation_id: c.chatId, count: 2 });
  expect(supportEvents()).toEqual([
    { channel: 'private-support', event: 'SupportConversationRead', data: { conversation_id: c.chatId, agent_id: agentA.userId, count: 2, event_id: expect.any(String) } },
  ]);
  expect(await unreadOf(agentA)).toBe(0);
  expect(await unreadOf(agentB)).toBe(2);
  expect(await ids(agentA, 'unread=true')).not.toContain(c.chatId);
  expect(await ids(agentB, 'unread=true')).toContain(c.chatId);
  const after = (await get(ctx, '/v1/support/counts', agentA)).json().data;
  expect(after.unread.mine).toBe(countsA.unread.mine - 2);

  // Agents' own replies never count; the customer's next message does.
  await post(ctx, `/v1/support/conversations/${c.chatId}/messages`, agentB, { content: 'ответ' });
  expect(await unreadOf(agentA)).toBe(0);
  expect(await unreadOf(agentB)).toBe(0);
  await post(ctx, '/v1/support/messages', c, { content: 'третье' });
  expect(await unreadOf(agentA)).toBe(1);
  ctx.events.length = 0;
  expect((await post(ctx, `/v1/support/conversations/${c.chatId}/mark-as-read`, agentA)).json().data.count).toBe(1);
  expect((await post(ctx, `/v1/support/conversations/${c.chatId}/mark-as-read`, agentA)).json().data.count).toBe(0);
  expect(supportEvents()).toHaveLength(1);
  expect((await post(ctx, '/v1/support/conversations/999999/mark-as-read', agentA)).statusCode).toBe(404);
});

test('private notes: staff see them live and in the list; the customer never does', async () => {
  const c = await customer('Скрытный', 'мой вопрос');
  ctx.events.length = 0;
  const note = await post(ctx, `/v1/support/conversations/${c.chatId}/notes`, agentA, { content: 'Клиент уже писал вчера, проверить заказ 123' });
  expect(note.statusCode).toBe(201);
  expect(note.json().data).toMatchObject({ conversation_id: c.chatId, author: { id: agentA.userId }, content: 'Клиент уже писал вчера, проверить заказ 123' });
  expect(ctx.events).toEqual([
    { channel: 'private-support', event: 'SupportNoteAdded', data: { seq: expect.any(Number), note: note.json().data, event_id: expect.any(String) } },
  ]);
  const list = (await get(ctx, `/v1/support/conversations/${c.chatId}/notes`, agentB)).json().data;
  expect(list).toEqual([note.json().data]);

  // Nothing of it reaches the customer: not the history, not their conversation, not their channel.
  const everything = JSON.stringify([
    (await get(ctx, '/v1/support/chat', c)).json(),
    (await get(ctx, `/v1/support/chats/${c.chatId}/messages?limit=100`, c)).json(),
    ctx.events.filter((e) => e.channel === `private-user.${c.userId}`),
  ]);
  expect(everything).not.toContain('проверить заказ');
  expect((await get(ctx, `/v1/support/conversations/${c.chatId}/notes`, c)).statusCode).toBe(403);
  expect((await post(ctx, `/v1/support/conversations/${c.chatId}/notes`, c, { content: 'я тоже' })).statusCode).toBe(403);
  expect((await post(ctx, `/v1/support/conversations/${c.chatId}/notes`, agentA, { content: '  ' })).statusCode).toBe(422);
  expect((await get(ctx, '/v1/support/conversations/999999/notes', agentA)).statusCode).toBe(404);
});

test('search by customer name, e-mail or message text, case-insensitively; wildcards are taken literally', async () => {
  const anna = await customer('Анна Смирнова', 'Не могу оплатить картой');
  const boris = await customer('Борис Иванов', 'Вопрос про доставку 100% предоплата');
  const search = (q: string) => ids(agentA, `q=${encodeURIComponent(q)}`);
  expect(await search('смирнова')).toEqual([anna.chatId]);
  expect(await search(anna.email.toUpperCase())).toEqual([anna.chatId]);
  expect(await search('ОПЛАТИТЬ КАРТОЙ')).toEqual([anna.chatId]);
  expect(await search('доставку')).toEqual([boris.chatId]);
  expect(await search('100%')).toEqual([boris.chatId]);
  expect(await search('%')).toEqual([boris.chatId]);
  expect(await search('_')).toEqual(expect.not.arrayContaining([anna.chatId]));
  // Text in any message counts, an agent's reply included, and the filters combine with it.
  await post(ctx, `/v1/support/conversations/${anna.chatId}/messages`, agentA, { content: 'Попробуйте СБП' });
  expect(await search('сбп')).toEqual([anna.chatId]);
  expect(await ids(agentA, 'q=%D1%81%D0%B1%D0%BF&filter=unassigned')).toEqual([]);
  expect(await ids(agentA, 'q=%D1%81%D0%B1%D0%BF&filter=mine')).toEqual([anna.chatId]);
});

test('the queue pages', async () => {
  for (let i = 0; i < 3; i++) await customer(`Страничный ${i}`);
  const first = await queue(agentA, 'per_page=2');
  expect(first.data).toHaveLength(2);
  expect(first.meta).toMatchObject({ current_page: 1, per_page: 2, last_page: Math.ceil(first.meta.total / 2) });
  const second = await queue(agentA, 'per_page=2&page=2');
  expect(second.data.map((c) => c.id)).not.toEqual(expect.arrayContaining(first.data.map((c) => c.id)));
});

test('nothing is published for a change that does not commit: a failure at the event log rolls the message back', async () => {
  const c = await customer('Откатный');
  await setStatus(agentA, c.chatId, { status: 'resolved' });
  const db = ctx.database.db;
  // The event log is written last in the transaction; failing there undoes the message and the reopening.
  await db.execute(sql`create function support_test_fail() returns trigger language plpgsql as $$
    begin
      if new.payload -> 'message' ->> 'content' = 'откат' then raise exception 'test rollback'; end if;
      return new;
    end $$`);
  await db.execute(sql`create trigger support_test_fail before insert on support_events for each row execute function support_test_fail()`);
  try {
    ctx.events.length = 0;
    expect((await post(ctx, '/v1/support/messages', c, { content: 'откат' })).statusCode).toBe(500);
    expect((await post(ctx, `/v1/support/conversations/${c.chatId}/messages`, agentA, { content: 'откат' })).statusCode).toBe(500);
    expect(ctx.events).toHaveLength(0);
    const conversation = (await get(ctx, `/v1/support/conversations/${c.chatId}`, agentA)).json().data;
    expect(conversation).toMatchObject({ status: 'resolved', assignee: null, last_message: { content: 'Здравствуйте, у меня вопрос' } });
    expect((await get(ctx, `/v1/support/chats/${c.chatId}/messages`, c)).json().data).toHaveLength(1);
  } finally {
    await db.execute(sql`drop trigger support_test_fail on support_events`);
    await db.execute(sql`drop function support_test_fail()`);
  }
});
