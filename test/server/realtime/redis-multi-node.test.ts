import { Redis } from 'ioredis';
import type { ChannelBroadcast } from '../../../server/realtime/cluster';
import type { RealtimeServer } from '../../../server/realtime/pusher-server';
import { createRedisCluster } from '../../../server/realtime/redis-cluster';
import { redisKeys } from '../../../server/realtime/redis-keys';
import { RedisPresenceStore } from '../../../server/realtime/redis-presence';
import { waitFor } from '../helpers/wait-for';
import {
  app,
  captureLogger,
  closeClients,
  connect,
  memberEvent,
  parseData,
  sdkFor,
  startRedis,
  startServer,
  stopServers,
  type TestRedis,
} from './realtime-test-kit';

let redis: TestRedis;
let prefixCounter = 0;

beforeAll(async () => {
  redis = await startRedis();
});

afterAll(async () => {
  await redis?.stop();
});

afterEach(async () => {
  closeClients();
  await stopServers();
});

/** Two nodes sharing one Redis; a fresh key prefix per test keeps tests independent. */
async function twoNodes(): Promise<[RealtimeServer, RealtimeServer, string]> {
  const redisPrefix = `t${(prefixCounter += 1)}:`;
  const a = await startServer({ redisUrl: redis.url, redisPrefix });
  const b = await startServer({ redisUrl: redis.url, redisPrefix });
  return [a, b, redisPrefix];
}

describe('several nodes over Redis', () => {
  it('delivers an event published on node A to a client of node B, honouring socket_id', async () => {
    const [a, b] = await twoNodes();
    const onB = await connect(b.port);
    const author = await connect(b.port);
    await onB.subscribePrivate('private-user.1');
    await author.subscribePrivate('private-user.1');
    await sdkFor(a.port).trigger('private-user.1', 'MessageSent', { message: { id: 1 } }, { socket_id: author.socketId });
    expect(parseData(await onB.event('MessageSent', 'private-user.1'))).toEqual({ message: { id: 1 } });
    // The next event on the channel, for everyone, takes the same way and reaches the author alone.
    await sdkFor(a.port).trigger('private-user.1', 'MessagesRead', { chat_id: 1 });
    await author.nothingBefore((frame) => frame.event === 'MessageSent', (frame) => frame.event === 'MessagesRead');
  });

  it('terminates a user’s sockets on every node (the admin’s block), leaving other users connected', async () => {
    const [a, b] = await twoNodes();
    const onA = await connect(a.port);
    const onB = await connect(b.port);
    const bystander = await connect(b.port);
    await onA.subscribePrivate('private-user.7');
    await onB.subscribePrivate('private-user.7');
    await bystander.subscribePrivate('private-user.8');
    expect((await sdkFor(a.port).terminateUserConnections('7')).status).toBe(200);
    expect((await onA.closed).code).toBe(4009);
    expect((await onB.closed).code).toBe(4009);
    await sdkFor(a.port).trigger('private-user.8', 'MessagesRead', { chat_id: 1 });
    expect(parseData(await bystander.event('MessagesRead', 'private-user.8'))).toEqual({ chat_id: 1 });
  });

  it('relays client events between nodes without echoing them', async () => {
    const [a, b] = await twoNodes();
    const sender = await connect(a.port);
    const receiver = await connect(b.port);
    await sender.subscribePrivate('private-chat.1');
    await receiver.subscribePrivate('private-chat.1');
    sender.send({ event: 'client-typing', channel: 'private-chat.1', data: { typing: true } });
    expect((await receiver.event('client-typing')).data).toEqual({ typing: true });
    // The receiver answers through Redis: its event reaches the sender's node after the sender's own came back from Redis.
    receiver.send({ event: 'client-seen', channel: 'private-chat.1', data: {} });
    await sender.nothingBefore((frame) => frame.event === 'client-typing', (frame) => frame.event === 'client-seen');
  });

  it('shares presence membership across nodes and counts a user on two nodes once', async () => {
    const [a, b] = await twoNodes();
    const alice = await connect(a.port);
    await alice.subscribePresence('presence-room', { user_id: 'alice', user_info: { name: 'Alice' } });

    const bobOnB = await connect(b.port);
    const snapshot = parseData<{ presence: { ids: string[]; count: number; hash: Record<string, unknown> } }>(
      await bobOnB.subscribePresence('presence-room', { user_id: 'bob', user_info: { name: 'Bob' } }),
    );
    expect(snapshot.presence.ids.sort()).toEqual(['alice', 'bob']);
    expect(snapshot.presence.hash.alice).toEqual({ name: 'Alice' });
    expect(parseData(await alice.event('pusher_internal:member_added'))).toEqual({ user_id: 'bob', user_info: { name: 'Bob' } });

    // Bob opens a second tab, which lands on node A.
    const bobOnA = await connect(a.port);
    const again = parseData<{ presence: { count: number } }>(await bobOnA.subscribePresence('presence-room', { user_id: 'bob' }));
    expect(again.presence.count).toBe(2);
    // Carol, joining node B after Bob's second tab, is announced alone.
    const carol = await connect(b.port);
    await carol.subscribePresence('presence-room', { user_id: 'carol' });
    await alice.nothingBefore((frame) => frame.event === 'pusher_internal:member_added', memberEvent('pusher_internal:member_added', 'carol'));

    bobOnB.close();
    // Node B has let go of Bob's socket, so Bob's leave went to Redis before Carol's, on the same connection.
    await waitFor(() => b.stats().connections === 1, { timeoutMs: 2_000, what: "node B drops Bob's closed socket" });
    carol.close();
    await alice.nothingBefore((frame) => frame.event === 'pusher_internal:member_removed', memberEvent('pusher_internal:member_removed', 'carol'));
    bobOnA.close();
    expect(parseData(await alice.event('pusher_internal:member_removed'))).toEqual({ user_id: 'bob' });

    const users = (await (await sdkFor(b.port).get({ path: '/channels/presence-room/users' })).json()) as { users: unknown };
    expect(users).toEqual({ users: [{ id: 'alice' }] });
  });

  it('answers channel queries with subscriptions summed over all nodes', async () => {
    const [a, b] = await twoNodes();
    await (await connect(a.port)).subscribe('news');
    await (await connect(b.port)).subscribe('news');
    await (await connect(b.port)).subscribe('sports');
    const news = await (await sdkFor(a.port).get({ path: '/channels/news', params: { info: 'subscription_count' } })).json();
    expect(news).toEqual({ occupied: true, subscription_count: 2 });
    const all = await (await sdkFor(b.port).get({ path: '/channels', params: { info: 'subscription_count' } })).json();
    expect(all).toEqual({ channels: { news: { subscription_count: 2 }, sports: { subscription_count: 1 } } });
  });

  it('removes a node’s presence members when it shuts down', async () => {
    const [a, b, prefix] = await twoNodes();
    const watcher = await connect(a.port);
    await watcher.subscribePresence('presence-room', { user_id: 'watcher' });
    const leaving = await connect(b.port);
    await leaving.subscribePresence('presence-room', { user_id: 'leaving' });
    await watcher.event('pusher_internal:member_added');

    await b.close();
    expect(parseData(await watcher.event('pusher_internal:member_removed'))).toEqual({ user_id: 'leaving' });
    const inspector = new Redis(redis.url);
    try {
      const keys = redisKeys(prefix);
      expect(await inspector.hvals(keys.presenceSockets(app.id, 'presence-room'))).toHaveLength(1);
      expect(await inspector.zcard(keys.nodes)).toBe(1);
    } finally {
      inspector.disconnect();
    }
  });

  it('sweeps the presence entries of a node that died without cleaning up', async () => {
    const prefix = `sweep${(prefixCounter += 1)}:`;
    const keys = redisKeys(prefix);
    const raw = new Redis(redis.url);
    const delivered: ChannelBroadcast[] = [];
    const cluster = await createRedisCluster({
      url: redis.url,
      prefix,
      logger: captureLogger(),
      onBroadcast: (message) => delivered.push(message),
    });
    // Another live node must hear about the departure too.
    const listener = new Redis(redis.url);
    const published = new Promise<string>((resolve) => listener.on('message', (_topic: string, raw: string) => resolve(raw)));
    await listener.subscribe(keys.events);
    try {
      // A crashed node: its last heartbeat is long past and its members are still listed.
      await raw.zadd(keys.nodes, 0, 'crashed-node');
      const crashed = new RedisPresenceStore(raw, keys, 'crashed-node');
      await crashed.join(app.id, 'presence-room', '1.1', { user_id: 'ghost' });
      await cluster.presence.join(app.id, 'presence-room', '2.2', { user_id: 'live' });
      expect([...(await cluster.presence.members(app.id, 'presence-room')).keys()].sort()).toEqual(['ghost', 'live']);

      await cluster.sweepDeadNodes();

      const removal = {
        appId: app.id,
        channel: 'presence-room',
        event: 'pusher_internal:member_removed',
        data: JSON.stringify({ user_id: 'ghost' }),
      };
      expect(delivered).toEqual([removal]);
      expect(JSON.parse(await published)).toMatchObject(removal);
      expect([...(await cluster.presence.members(app.id, 'presence-room')).keys()]).toEqual(['live']);
      expect(await raw.zscore(keys.nodes, 'crashed-node')).toBeNull();
    } finally {
      await cluster.close();
      raw.disconnect();
      listener.disconnect();
    }
  });

  it('fails to start with a clear error when Redis cannot be reached', async () => {
    await expect(startServer({ redisUrl: 'redis://user:hunter2@127.0.0.1:1', redisPrefix: 'none:' })).rejects.toThrow(
      /cannot connect to Redis at redis:\/\/user:\*\*\*@127.0.0.1:1/,
    );
  });
});
