import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { memoryPublisher } from '../../../server/modules/realtime/publisher';
import { USER_SENDS_PER_WINDOW } from '../../../server/modules/chats/send-limit';
import { bearer, createTestApp, SETUP_TIMEOUT, signIn, type TestContext } from '../helpers/test-app';
import { startRedis, type TestRedis } from '../realtime/realtime-test-kit';
import { type Account, tempDataDir } from './chat-test-kit';

/** Two API nodes on one database and one Redis: a sender's allowance is one, whichever node a send reaches. */
let redis: TestRedis;
let ctx: TestContext;
let second: FastifyInstance;
let sender: Account;
let recipient: Account;
let dataDir = '';

beforeAll(async () => {
  redis = await startRedis();
  dataDir = tempDataDir();
  ctx = await createTestApp({ dataDir, redisUrl: redis.url });
  const config = loadConfig({ NODE_ENV: 'test' }, { webRoot: '/nonexistent', dataDir, redisUrl: redis.url });
  second = await buildApp(config, { database: ctx.database, publisher: memoryPublisher() });
  await second.ready();
  sender = await signIn(ctx, 'two-nodes@example.com');
  recipient = await signIn(ctx, 'listener@example.com');
}, SETUP_TIMEOUT);

afterAll(async () => {
  await second?.close();
  await ctx?.close();
  await redis?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('sends through two API nodes share one allowance in Redis', async () => {
  const statuses: number[] = [];
  for (let i = 0; i <= USER_SENDS_PER_WINDOW; i++) {
    const node = i % 2 ? second : ctx.app;
    const res = await node.inject({ method: 'POST', url: '/v1/messages', headers: bearer(sender.token), payload: { recipient_id: recipient.userId, content: `${i}` } });
    statuses.push(res.statusCode);
  }
  expect(statuses).toEqual([...Array(USER_SENDS_PER_WINDOW).fill(201), 429]);
  // Both nodes refuse now, each saying when the shared window ends.
  for (const node of [ctx.app, second]) {
    const res = await node.inject({ method: 'POST', url: '/v1/messages', headers: bearer(sender.token), payload: { recipient_id: recipient.userId, content: 'ещё' } });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  }
});
