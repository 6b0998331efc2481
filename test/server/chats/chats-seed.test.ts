import { seedDemoAccounts } from '../../../server/db/seed/demo-accounts';
import { seedChats } from '../../../server/db/seed/chats-seed';
import { createTestApp, signIn, SETUP_TIMEOUT, type TestContext } from '../helpers/test-app';
import { counts, get, type Account } from './chat-test-kit';

let ctx: TestContext;
let buyer: Account;
let seller: Account;
let agent: Account;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoAccounts(ctx.database.db);
  await seedChats(ctx.database.db);
  buyer = await signIn(ctx, 'buyer@example.com');
  seller = await signIn(ctx, 'seller@example.com');
  agent = await signIn(ctx, 'support@example.com');
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

test('the demo data has a buyer–seller chat with history and an unread reply, as both see it', async () => {
  const chats = (await get(ctx, '/v1/chats', buyer)).json().data;
  expect(chats.length).toBeGreaterThanOrEqual(1);
  expect(chats[0]).toMatchObject({ other: { id: seller.userId }, unread_count: 1, last_message: { sender_id: seller.userId } });
  const history = (await get(ctx, `/v1/chats/${chats[0].id}/messages`, seller)).json().data;
  expect(history.length).toBeGreaterThanOrEqual(3);
  expect((await get(ctx, '/v1/chats', seller)).json().data.map((c: { id: number }) => c.id)).toEqual(chats.map((c: { id: number }) => c.id));
  // The buyer's own support conversation waits for an agent, so only chats count.
  expect((await counts(ctx, buyer)).unread_messages).toBe(chats.reduce((sum: number, c: { unread_count: number }) => sum + c.unread_count, 0));
});

test('the console has conversations in every status, notes, and canned replies', async () => {
  const queue = (await get(ctx, '/v1/support/conversations', agent)).json().data as Array<{ status: string; id: number; assignee: unknown }>;
  expect(queue.map((c) => c.status).sort()).toEqual(['open', 'pending', 'resolved', 'snoozed']);
  const pending = queue.find((c) => c.status === 'pending')!;
  expect((await get(ctx, `/v1/support/conversations/${pending.id}/notes`, agent)).json().data).toHaveLength(1);
  expect((await get(ctx, '/v1/support/conversations?filter=unassigned', agent)).json().data.map((c: { status: string }) => c.status)).toEqual(['open']);
  const canned = (await get(ctx, '/v1/support/canned-replies', agent)).json().data;
  expect(canned.length).toBeGreaterThanOrEqual(5);
  // The seller sees the agent's answer in their own support chat, unread.
  const sellerSupport = (await get(ctx, '/v1/support/chat', seller)).json().data;
  expect(sellerSupport).toMatchObject({ id: pending.id, unread_count: 1 });
});
