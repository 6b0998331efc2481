import { app, closeClients, connect, memberEvent, parseData, sdkFor, startServer, stopServers } from './realtime-test-kit';

afterEach(async () => {
  closeClients();
  await stopServers();
});

describe('public channels', () => {
  it('subscribes without auth and receives events published to the channel', async () => {
    const server = await startServer();
    const client = await connect(server.port);
    const ack = await client.subscribe('news');
    expect(ack).toMatchObject({ event: 'pusher_internal:subscription_succeeded', channel: 'news' });
    await sdkFor(server.port).trigger('news', 'Published', { n: 1 });
    const event = await client.event('Published', 'news');
    expect(parseData(event)).toEqual({ n: 1 });
  });

  it('stops delivering after pusher:unsubscribe', async () => {
    const server = await startServer();
    const client = await connect(server.port);
    await client.subscribe('news');
    await client.subscribe('sports');
    client.send({ event: 'pusher:unsubscribe', data: { channel: 'news' } });
    await client.roundTrip();
    await sdkFor(server.port).trigger('news', 'Published', {});
    // An event on the channel it still follows, published after, arrives alone.
    await sdkFor(server.port).trigger('sports', 'Published', {});
    await client.nothingBefore((frame) => frame.event === 'Published' && frame.channel === 'news', (frame) => frame.event === 'Published' && frame.channel === 'sports');
  });

  it('refuses an invalid channel name on that channel, so pusher-js settles it', async () => {
    const server = await startServer();
    const client = await connect(server.port);
    client.send({ event: 'pusher:subscribe', data: { channel: 'bad channel!' } });
    const refusal = await client.event('pusher:subscription_error');
    expect(refusal.channel).toBe('bad channel!');
    expect(parseData(refusal)).toMatchObject({ type: 'InvalidChannel', status: 400 });
    // A name that is not even a string has no channel to answer on.
    client.send({ event: 'pusher:subscribe', data: { channel: 42 } });
    expect(parseData(await client.event('pusher:error'))).toMatchObject({ code: 4303 });
  });
});

describe('private channels', () => {
  it('accepts a subscription signed with the app secret', async () => {
    const server = await startServer();
    const client = await connect(server.port);
    const ack = await client.subscribePrivate('private-user.7');
    expect(ack.event).toBe('pusher_internal:subscription_succeeded');
  });

  it('answers a bad signature with pusher:subscription_error and no events', async () => {
    const server = await startServer();
    const client = await connect(server.port);
    const ack = await client.subscribePrivate('private-user.7', 'wrong-secret');
    expect(ack.event).toBe('pusher:subscription_error');
    expect(ack.data).toMatchObject({ type: 'AuthError', status: 401 });
    await client.subscribe('news');
    await sdkFor(server.port).trigger('private-user.7', 'Secret', {});
    // A public event published after arrives alone.
    await sdkFor(server.port).trigger('news', 'Published', {});
    await client.nothingBefore((frame) => frame.event === 'Secret', (frame) => frame.event === 'Published');
  });

  it('refuses a signature made for another socket', async () => {
    const server = await startServer();
    const owner = await connect(server.port);
    const thief = await connect(server.port);
    thief.socketId = owner.socketId; // signs as if it were the owner
    expect((await thief.subscribePrivate('private-user.7')).event).toBe('pusher:subscription_error');
  });

  it('refuses a subscription without auth', async () => {
    const server = await startServer();
    const client = await connect(server.port);
    expect((await client.subscribe('private-user.7')).event).toBe('pusher:subscription_error');
  });
});

describe('presence channels', () => {
  it('returns the member list on subscribe and announces joins and leaves to others', async () => {
    const server = await startServer();
    const alice = await connect(server.port);
    const aliceAck = await alice.subscribePresence('presence-room', { user_id: 1, user_info: { name: 'Alice' } });
    expect(parseData(aliceAck)).toEqual({ presence: { ids: ['1'], hash: { '1': { name: 'Alice' } }, count: 1 } });

    const bob = await connect(server.port);
    const bobAck = await bob.subscribePresence('presence-room', { user_id: '2', user_info: { name: 'Bob' } });
    const snapshot = parseData<{ presence: { ids: string[]; hash: Record<string, unknown>; count: number } }>(bobAck);
    expect(snapshot.presence.count).toBe(2);
    expect(snapshot.presence.ids.sort()).toEqual(['1', '2']);
    expect(snapshot.presence.hash['1']).toEqual({ name: 'Alice' });

    const added = await alice.event('pusher_internal:member_added', 'presence-room');
    expect(parseData(added)).toEqual({ user_id: '2', user_info: { name: 'Bob' } });
    // Alice's copy shows the announcement went out: Bob's own would have been sent with it.
    await bob.nothingSoFar((frame) => frame.event === 'pusher_internal:member_added');

    bob.close();
    const removed = await alice.event('pusher_internal:member_removed', 'presence-room');
    expect(parseData(removed)).toEqual({ user_id: '2' });
  });

  it('counts a user with several sockets once, and removes them only when the last socket leaves', async () => {
    const server = await startServer();
    const watcher = await connect(server.port);
    await watcher.subscribePresence('presence-room', { user_id: 'w' });
    const tab1 = await connect(server.port);
    const tab2 = await connect(server.port);
    await tab1.subscribePresence('presence-room', { user_id: 'u' });
    await watcher.event('pusher_internal:member_added');
    const second = parseData<{ presence: { count: number } }>(await tab2.subscribePresence('presence-room', { user_id: 'u' }));
    expect(second.presence.count).toBe(2);
    // Another user joining after the second tab is announced alone.
    const marker = await connect(server.port);
    await marker.subscribePresence('presence-room', { user_id: 'm' });
    await watcher.nothingBefore((frame) => frame.event === 'pusher_internal:member_added', memberEvent('pusher_internal:member_added', 'm'));

    tab1.send({ event: 'pusher:unsubscribe', data: { channel: 'presence-room' } });
    await tab1.roundTrip();
    // ...and leaving after the first tab did, is the only one who left.
    marker.send({ event: 'pusher:unsubscribe', data: { channel: 'presence-room' } });
    await watcher.nothingBefore((frame) => frame.event === 'pusher_internal:member_removed', memberEvent('pusher_internal:member_removed', 'm'));
    tab2.close();
    expect(parseData(await watcher.event('pusher_internal:member_removed'))).toEqual({ user_id: 'u' });
  });

  it('refuses channel_data that was not signed', async () => {
    const server = await startServer();
    const client = await connect(server.port);
    client.send({
      event: 'pusher:subscribe',
      data: { channel: 'presence-room', auth: `${app.key}:${'0'.repeat(64)}`, channel_data: '{"user_id":"1"}' },
    });
    const error = await client.event('pusher:subscription_error', 'presence-room');
    expect(error.data).toMatchObject({ type: 'AuthError', status: 401 });
  });

  it('refuses signed channel_data without a user_id', async () => {
    const server = await startServer();
    const client = await connect(server.port);
    const ack = await client.subscribePresence('presence-room', { user_info: {} } as never);
    expect(ack.event).toBe('pusher:subscription_error');
  });

  it('lists users and channels through the HTTP API', async () => {
    const server = await startServer();
    const a = await connect(server.port);
    const b = await connect(server.port);
    await a.subscribePresence('presence-room', { user_id: 'a' });
    await b.subscribePresence('presence-room', { user_id: 'b' });
    await b.subscribe('news');
    const pusher = sdkFor(server.port);
    const users = (await (await pusher.get({ path: '/channels/presence-room/users' })).json()) as { users: unknown[] };
    expect(users.users).toEqual(expect.arrayContaining([{ id: 'a' }, { id: 'b' }]));
    const room = await (await pusher.get({ path: '/channels/presence-room', params: { info: 'user_count,subscription_count' } })).json();
    expect(room).toEqual({ occupied: true, user_count: 2, subscription_count: 2 });
    const list = await (await pusher.get({ path: '/channels', params: { filter_by_prefix: 'presence-', info: 'user_count' } })).json();
    expect(list).toEqual({ channels: { 'presence-room': { user_count: 2 } } });
    const all = await (await pusher.get({ path: '/channels' })).json();
    expect(all).toEqual({ channels: { news: {}, 'presence-room': {} } });
    const empty = await (await pusher.get({ path: '/channels/nobody-here' })).json();
    expect(empty).toEqual({ occupied: false });
  });
});
