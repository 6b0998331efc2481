import { signIn, type TestContext } from '../helpers/test-app';
import { type Account, counts, get, post, setUpChatTestApp, uuid } from '../chats/chat-test-kit';

let ctx: TestContext;
let agent: Account;

setUpChatTestApp(async (app) => {
  ctx = app;
  agent = await signIn(ctx, 'support@example.com');
});

let n = 0;
const newUser = () => signIn(ctx, `support-user-${++n}@example.com`);

test('my support chat is created on first use and is the same one afterwards', async () => {
  const user = await newUser();
  // Two tabs asking at once still make one conversation.
  const [first, twin] = await Promise.all([get(ctx, '/v1/support/chat', user), get(ctx, '/v1/support/chat', user)]);
  expect(first.statusCode).toBe(200);
  expect(twin.json().data.id).toBe(first.json().data.id);
  expect(first.json().data).toEqual({ id: expect.any(Number), unread_count: 0, last_message: null, created_at: expect.any(String) });
  const again = await Promise.all([get(ctx, '/v1/support/chat', user), get(ctx, '/v1/support/chat', user)]);
  for (const res of again) expect(res.json().data.id).toBe(first.json().data.id);
  // An empty conversation is not in the queue yet.
  const queue = (await get(ctx, '/v1/support/conversations', agent)).json().data as Array<{ id: number }>;
  expect(queue.map((c) => c.id)).not.toContain(first.json().data.id);
});

test('writing to support: stored, the console hears it on private-support, my other tabs on my channel', async () => {
  const user = await newUser();
  const res = await post(ctx, '/v1/support/messages', user, { content: 'Не приходит код входа', client_id: uuid() });
  expect(res.statusCode).toBe(201);
  const message = res.json().data;
  expect(message).toMatchObject({ content: 'Не приходит код входа', from: 'customer', sender: { id: user.userId } });
  const chatId = (await get(ctx, '/v1/support/chat', user)).json().data.id;
  expect(message.chat_id).toBe(chatId);

  // Two channels, no order between them: the user's tabs do not wait for the console's numbering.
  expect(ctx.events.map((e) => [e.channel, e.event]).sort()).toEqual([
    ['private-support', 'SupportMessage'],
    [`private-user.${user.userId}`, 'MessageSent'],
  ]);
  const [toConsole, toTabs] = ['private-support', `private-user.${user.userId}`].map((channel) => ctx.events.find((e) => e.channel === channel)!);
  expect(toConsole.data).toMatchObject({
    seq: expect.any(Number),
    conversation: { id: chatId, status: 'open', assignee: null, customer: { id: user.userId, email: `support-user-${n}@example.com` } },
    message: { id: message.id, from: 'customer' },
  });
  expect(toTabs.data.message).toMatchObject({ id: message.id, chat_kind: 'support' });

  const history = (await get(ctx, `/v1/support/chats/${chatId}/messages`, user)).json();
  expect(history.data).toEqual([message]);
  expect(history.meta).toEqual({ next_cursor: null });
});

test('an agent reply reaches the user live as MessageSent, counts as unread until the user marks it read', async () => {
  const user = await newUser();
  const chatId = (await post(ctx, '/v1/support/messages', user, { content: 'Помогите' })).json().data.chat_id;
  ctx.events.length = 0;
  const reply = await post(ctx, `/v1/support/conversations/${chatId}/messages`, agent, { content: 'Здравствуйте! Сейчас посмотрю.' });
  expect(reply.statusCode).toBe(201);
  const toUser = ctx.events.filter((e) => e.channel === `private-user.${user.userId}`);
  expect(toUser).toHaveLength(1);
  expect(toUser[0]).toMatchObject({
    event: 'MessageSent',
    data: { message: { id: reply.json().data.id, chat_id: chatId, chat_kind: 'support', sender: { id: agent.userId, name: 'Sergey Pomoshchnikov' }, content: 'Здравствуйте! Сейчас посмотрю.' } },
  });
  expect(ctx.events.filter((e) => e.channel === `private-user.${agent.userId}`)).toHaveLength(0);

  expect(await counts(ctx, user)).toMatchObject({ unread_messages: 1 });
  const chat = (await get(ctx, '/v1/support/chat', user)).json().data;
  expect(chat).toMatchObject({ unread_count: 1, last_message: { content: 'Здравствуйте! Сейчас посмотрю.', sender_id: agent.userId } });
  const history = (await get(ctx, `/v1/support/chats/${chatId}/messages`, user)).json().data;
  expect(history.map((m: { from: string }) => m.from)).toEqual(['customer', 'agent']);

  ctx.events.length = 0;
  const read = await post(ctx, `/v1/support/chats/${chatId}/mark-as-read`, user);
  expect(read.json().data).toEqual({ chat_id: chatId, count: 1 });
  expect(ctx.events).toEqual([{ channel: `private-user.${user.userId}`, event: 'MessagesRead', data: { chat_id: chatId, count: 1, event_id: expect.any(String) } }]);
  expect(await counts(ctx, user)).toMatchObject({ unread_messages: 0 });
});

test('nobody else reads or writes my support conversation through the user routes (404), staff included', async () => {
  const owner = await newUser();
  const other = await newUser();
  const chatId = (await post(ctx, '/v1/support/messages', owner, { content: 'личное' })).json().data.chat_id;
  for (const who of [other, agent]) {
    expect((await get(ctx, `/v1/support/chats/${chatId}/messages`, who)).statusCode).toBe(404);
    expect((await post(ctx, `/v1/support/chats/${chatId}/mark-as-read`, who)).statusCode).toBe(404);
  }
  // Nor through the chat routes, although the customer is a member of it.
  expect((await get(ctx, `/v1/chats/${chatId}/messages`, owner)).statusCode).toBe(404);
  expect((await post(ctx, '/v1/messages', other, { chat_id: chatId, content: 'влезу' })).statusCode).toBe(404);
  // Nor may a user reach the console.
  for (const url of ['/v1/support/conversations', `/v1/support/conversations/${chatId}`, `/v1/support/conversations/${chatId}/messages`, '/v1/support/canned-replies', '/v1/support/events?after=0', '/v1/support/counts', '/v1/support/agents']) {
    expect((await get(ctx, url, owner)).statusCode).toBe(403);
  }
  expect((await post(ctx, `/v1/support/conversations/${chatId}/messages`, owner, { content: 'сам себе агент' })).statusCode).toBe(403);
  expect((await get(ctx, '/v1/support/chat', { token: 'nope', userId: 0 })).statusCode).toBe(401);
});

test('bad input: empty and oversized messages are 422, a retried client id is stored once', async () => {
  const user = await newUser();
  expect((await post(ctx, '/v1/support/messages', user, { content: ' ' })).statusCode).toBe(422);
  expect((await post(ctx, '/v1/support/messages', user, { content: 'x'.repeat(4001) })).statusCode).toBe(422);
  const clientId = uuid();
  const first = await post(ctx, '/v1/support/messages', user, { content: 'раз', client_id: clientId });
  const again = await post(ctx, '/v1/support/messages', user, { content: 'раз', client_id: clientId });
  expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
  expect(again.json().data).toEqual(first.json().data);
  const history = (await get(ctx, `/v1/support/chats/${first.json().data.chat_id}/messages`, user)).json().data;
  expect(history).toHaveLength(1);
});

test('typing and viewing stay among staff: the customer may not join the conversation’s presence channel, agents may', async () => {
  const user = await newUser();
  const chatId = (await post(ctx, '/v1/support/messages', user, { content: 'кто меня читает?' })).json().data.chat_id;
  const auth = (who: Account, channel: string) => post(ctx, '/broadcasting/auth', who, { socket_id: '123.456', channel_name: channel });
  expect((await auth(user, `presence-support.${chatId}`)).statusCode).toBe(403);
  expect((await auth(user, 'private-support')).statusCode).toBe(403);
  expect((await auth(user, `private-user.${user.userId}`)).statusCode).toBe(200);
  const agentJoin = await auth(agent, `presence-support.${chatId}`);
  expect(agentJoin.statusCode).toBe(200);
  expect(JSON.parse(agentJoin.json().channel_data)).toEqual({ user_id: String(agent.userId), user_info: { name: 'Sergey Pomoshchnikov', role: 'support' } });
});
