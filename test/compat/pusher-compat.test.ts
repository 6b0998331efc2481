import type { Members, PresenceChannel } from 'pusher-js';
import {
  app,
  browser,
  closeRawSockets,
  collect,
  connected,
  connectRaw,
  disconnectBrowsers,
  MAX_EVENT_BYTES,
  next,
  openRaw,
  outcome,
  parsed,
  pause,
  sdkFor,
  startOurs,
  startSoketiPeer,
  type CompatTarget,
} from './compat-kit';

/*
 * One suite, two servers: ours (server/realtime) and soketi, the reference
 * Pusher-protocol server, installed on demand as a test-only peer. Each check
 * is what a pusher-js or `pusher` SDK user relies on. Where the two differ in a
 * detail, the shared contract is asserted and the difference is explained;
 * the documented deviations of soketi live in `quirks` (compat-kit.ts).
 */

/** Long enough for a frame that is not coming to have arrived on loopback. */
const QUIET_MS = 300;
/** soketi is installed into .tmp/soketi on the first run (npm, ~30 s). */
const START_TIMEOUT_MS = 5 * 60_000;

type Target = [name: CompatTarget['name'], start: () => Promise<CompatTarget>];
const targets: Target[] = [
  ['ours', startOurs],
  ['soketi', startSoketiPeer],
];

describe.each(targets)('Pusher protocol compatibility: %s', (_name, start) => {
  let target: CompatTarget;

  beforeAll(async () => {
    target = await start();
  }, START_TIMEOUT_MS);

  afterEach(() => {
    disconnectBrowsers();
    closeRawSockets();
  });

  afterAll(async () => {
    await target?.stop();
  });

  describe('connection', () => {
    it('greets with pusher:connection_established carrying a socket id and an activity timeout', async () => {
      const socket = openRaw(target);
      const established = await socket.event('pusher:connection_established');
      // The data is a JSON string, not an object, in both (and in Pusher).
      expect(typeof established.data).toBe('string');
      const data = parsed<{ socket_id: string; activity_timeout: number }>(established);
      expect(data.socket_id).toMatch(/^\d+\.\d+$/);
      // The value differs (ours: 120 s by default, 60 s in the product; soketi: fixed 30 s); pusher-js pings at min(own, server's).
      expect(data.activity_timeout).toBeGreaterThan(0);

      const client = browser(target);
      expect(await connected(client)).toMatch(/^\d+\.\d+$/);
    });

    it('refuses an unknown app key with error 4001 and closes with that code (pusher-js will not retry)', async () => {
      const socket = openRaw(target, 'no-such-key');
      const error = await socket.event('pusher:error');
      expect(parsed(error)).toMatchObject({ code: 4001 });
      expect((await socket.closed).code).toBe(4001);
    });

    it('answers pusher:ping with pusher:pong', async () => {
      const socket = await connectRaw(target);
      socket.send({ event: 'pusher:ping', data: {} });
      const pong = await socket.event('pusher:pong');
      expect(pong.channel).toBeUndefined();
    });

    it('keeps a pusher-js client that pings often connected: every ping gets its pong in time', async () => {
      // A generous pong timeout: the check is that pongs come, not how fast a busy machine delivers them.
      const client = browser(target, { activityTimeout: 200, pongTimeout: 3_000 });
      await connected(client);
      const pongs = collect<{ event: string }>(client.connection, 'message');
      const states = collect<{ current: string }>(client.connection, 'state_change');
      await pause(1_200);
      expect(pongs.filter((message) => message.event === 'pusher:pong').length).toBeGreaterThanOrEqual(2);
      expect(states).toEqual([]);
      expect(client.connection.state).toBe('connected');
    });
  });

  describe('private channels', () => {
    it('accepts a subscription signed with the app secret', async () => {
      const client = browser(target);
      const channel = client.subscribe('private-user.1');
      await next(channel, 'pusher:subscription_succeeded');
      expect(channel.subscribed).toBe(true);
    });

    it('refuses a forged signature with pusher:subscription_error (AuthError, 401) and delivers nothing', async () => {
      const socket = await connectRaw(target);
      socket.send({ event: 'pusher:subscribe', data: { channel: 'private-user.2', auth: `${app.key}:${'0'.repeat(64)}` } });
      const error = await socket.event('pusher:subscription_error', 'private-user.2');
      // The message text differs; type and status are what laravel-echo's .error() hands to the app.
      expect(parsed(error)).toMatchObject({ type: 'AuthError', status: 401 });

      const forged = browser(target, { secret: 'not-the-secret' });
      const channel = forged.subscribe('private-user.2');
      expect(await next(channel, 'pusher:subscription_error')).toMatchObject({ type: 'AuthError', status: 401 });
      expect(channel.subscribed).toBe(false);

      const leaked = collect(channel, 'NotificationSent');
      await sdkFor(target).trigger('private-user.2', 'NotificationSent', { secret: true });
      await pause(QUIET_MS);
      expect(leaked).toEqual([]);
      expect(socket.frames.filter((frame) => frame.event === 'NotificationSent')).toEqual([]);
    });

    it('refuses a subscription to an invalid channel name, and says so', async () => {
      const socket = await connectRaw(target);
      const refusal = (name: string) =>
        socket.take(
          (frame) =>
            (frame.event === 'pusher:subscription_error' && frame.channel === name) ||
            (frame.event === 'pusher:error' && frame.channel === undefined),
        );
      // Both answer `pusher:subscription_error` on the channel itself, so pusher-js settles it.
      // The status differs: ours 400 (InvalidChannel); soketi 4009, or 401 for a private- name
      // whose signature it checks first.
      for (const name of ['bad channel!', 'private-user.1\n', 'x'.repeat(201)]) {
        socket.send({ event: 'pusher:subscribe', data: { channel: name } });
        const frame = await refusal(name);
        expect(frame.event).toBe(target.quirks.invalidChannelRefusal);
        const data = parsed<{ code?: number; status?: number }>(frame);
        if (frame.event === 'pusher:error') expect(data.code).toBe(4303);
        else expect(typeof data.status).toBe('number');
      }
      await pause(QUIET_MS);
      expect(socket.frames.filter((frame) => frame.event === 'pusher_internal:subscription_succeeded')).toEqual([]);
    });

    it('refuses a signature made for another socket id', async () => {
      const socket = await connectRaw(target);
      const stolen = sdkFor(target).authorizeChannel('1234.5678', 'private-user.3');
      socket.send({ event: 'pusher:subscribe', data: { channel: 'private-user.3', auth: stolen.auth } });
      expect(parsed(await socket.event('pusher:subscription_error', 'private-user.3'))).toMatchObject({ status: 401 });
    });
  });

  describe('presence channels', () => {
    it('announces member_added and member_removed to the members already there', async () => {
      const alice = browser(target, { member: { user_id: '1', user_info: { name: 'Alice' } } });
      const aliceRoom = alice.subscribe('presence-room.1') as PresenceChannel;
      await next(aliceRoom, 'pusher:subscription_succeeded');
      expect(aliceRoom.members.count).toBe(1);

      const added = next<{ id: string; info: unknown }>(aliceRoom, 'pusher:member_added');
      const bob = browser(target, { member: { user_id: '2', user_info: { name: 'Bob' } } });
      const bobRoom = bob.subscribe('presence-room.1') as PresenceChannel;
      const here = await next<Members>(bobRoom, 'pusher:subscription_succeeded');
      expect(here.count).toBe(2);
      expect(here.me).toMatchObject({ id: '2', info: { name: 'Bob' } });
      expect(here.get('1')).toEqual({ id: '1', info: { name: 'Alice' } });
      expect(await added).toEqual({ id: '2', info: { name: 'Bob' } });
      expect(aliceRoom.members.count).toBe(2);

      const removed = next<{ id: string; info: unknown }>(aliceRoom, 'pusher:member_removed');
      bob.disconnect();
      expect(await removed).toEqual({ id: '2', info: { name: 'Bob' } });
      expect(aliceRoom.members.count).toBe(1);
    });

    it('counts a user with two sockets once: one member_added, no member_removed until the last socket leaves', async () => {
      const watcher = browser(target, { member: { user_id: '10' } });
      const room = watcher.subscribe('presence-room.2') as PresenceChannel;
      await next(room, 'pusher:subscription_succeeded');
      const added = collect(room, 'pusher:member_added');
      const removed = collect(room, 'pusher:member_removed');

      const tabs = [browser(target, { member: { user_id: '11' } }), browser(target, { member: { user_id: '11' } })];
      for (const tab of tabs) await next(tab.subscribe('presence-room.2'), 'pusher:subscription_succeeded');
      await pause(QUIET_MS);
      expect(added).toHaveLength(1);
      expect(room.members.count).toBe(2);

      tabs[0].unsubscribe('presence-room.2');
      await pause(QUIET_MS);
      expect(removed).toHaveLength(0);
      tabs[1].disconnect();
      await eventually(() => removed.length === 1);
      expect(room.members.count).toBe(1);
    });

    it('refuses a presence subscription whose channel_data was not signed', async () => {
      const socket = await connectRaw(target);
      const signed = sdkFor(target).authorizeChannel(socket.socketId, 'presence-room.3', { user_id: '1' });
      socket.send({
        event: 'pusher:subscribe',
        data: { channel: 'presence-room.3', auth: signed.auth, channel_data: JSON.stringify({ user_id: 'admin' }) },
      });
      expect(parsed(await socket.event('pusher:subscription_error', 'presence-room.3'))).toMatchObject({ status: 401 });
    });
  });

  describe('client events', () => {
    it('relays a client event on a private channel to the other subscribers, not back to its sender', async () => {
      const [alice, bob] = [browser(target), browser(target)];
      const aliceChat = alice.subscribe('private-chat.1');
      const bobChat = bob.subscribe('private-chat.1');
      await Promise.all([next(aliceChat, 'pusher:subscription_succeeded'), next(bobChat, 'pusher:subscription_succeeded')]);
      const echoed = collect(aliceChat, 'client-typing');

      const received = next(bobChat, 'client-typing');
      expect(aliceChat.trigger('client-typing', { typing: true })).toBe(true);
      expect(await received).toEqual({ typing: true });
      await pause(QUIET_MS);
      expect(echoed).toEqual([]);
    });

    it('does not relay a client event over 10 KB, nor one sent to a channel its sender has not joined', async () => {
      const [sender, receiver] = [await connectRaw(target), await connectRaw(target)];
      const sdk = sdkFor(target);
      for (const socket of [sender, receiver]) {
        socket.send({ event: 'pusher:subscribe', data: { channel: 'private-chat.2', ...sdk.authorizeChannel(socket.socketId, 'private-chat.2') } });
        await socket.event('pusher_internal:subscription_succeeded', 'private-chat.2');
      }
      receiver.send({ event: 'pusher:subscribe', data: { channel: 'private-chat.3', ...sdk.authorizeChannel(receiver.socketId, 'private-chat.3') } });
      await receiver.event('pusher_internal:subscription_succeeded', 'private-chat.3');

      sender.send({ event: 'client-big', channel: 'private-chat.2', data: { blob: 'z'.repeat(MAX_EVENT_BYTES + 100) } });
      // The sender hears why, with a 43xx code that keeps its connection open. The code differs:
      // ours 4302 (message too large), soketi 4301 (its one code for every client-event refusal).
      const error = await sender.event('pusher:error');
      expect(parsed<{ code: number }>(error).code).toBeGreaterThanOrEqual(4300);
      expect(parsed<{ code: number }>(error).code).toBeLessThan(4400);

      // Not subscribed: ours answers pusher:error 4304, soketi drops it silently; neither relays it.
      sender.send({ event: 'client-sneak', channel: 'private-chat.3', data: {} });
      await pause(QUIET_MS);
      expect(receiver.frames.filter((frame) => frame.event.startsWith('client-'))).toEqual([]);
      expect(sender.ws.readyState).toBe(sender.ws.OPEN);
    });

    it('tags a client event on a presence channel with the sender user_id', async () => {
      const socketA = await connectRaw(target);
      const socketB = await connectRaw(target);
      const sdk = sdkFor(target);
      for (const [socket, userId] of [
        [socketA, '21'],
        [socketB, '22'],
      ] as const) {
        const signed = sdk.authorizeChannel(socket.socketId, 'presence-room.4', { user_id: userId });
        socket.send({ event: 'pusher:subscribe', data: { channel: 'presence-room.4', ...signed } });
        await socket.event('pusher_internal:subscription_succeeded', 'presence-room.4');
      }
      socketA.send({ event: 'client-wave', channel: 'presence-room.4', data: { hi: 1 } });
      const relayed = await socketB.event('client-wave', 'presence-room.4');
      expect(relayed).toMatchObject({ data: { hi: 1 }, user_id: '21' });
    });

    it('does not relay a client event on a public channel (Pusher: private and presence only)', async () => {
      const [alice, bob] = [browser(target), browser(target)];
      const aliceNews = alice.subscribe('news');
      const bobNews = bob.subscribe('news');
      await Promise.all([next(aliceNews, 'pusher:subscription_succeeded'), next(bobNews, 'pusher:subscription_succeeded')]);
      const reached = collect(bobNews, 'client-spam');
      const echoed = collect(aliceNews, 'client-spam');
      const errors = collect<{ type: string; data: { code: number } }>(alice.connection, 'error');

      aliceNews.trigger('client-spam', { buy: 'now' });
      await pause(QUIET_MS);
      // Shared: the sender never gets its own event back.
      expect(echoed).toEqual([]);
      if (target.quirks.publicClientEvents === 'refused') {
        // Ours, like Pusher: nobody receives it and the sender gets a 43xx error, which keeps the connection open.
        expect(reached).toEqual([]);
        expect(errors).toEqual([expect.objectContaining({ type: 'PusherError', data: expect.objectContaining({ code: 4304 }) })]);
        expect(alice.connection.state).toBe('connected');
      } else {
        // soketi 1.6 only checks that the sender is subscribed, so public channels relay client events.
        expect(reached).toEqual([{ buy: 'now' }]);
      }
    });
  });

  describe('HTTP API through the official pusher SDK', () => {
    it('delivers an event triggered by the SDK to a pusher-js subscriber, data intact', async () => {
      const client = browser(target);
      const channel = client.subscribe('private-user.42');
      await next(channel, 'pusher:subscription_succeeded');
      const payload = {
        notification: { id: 7, type: 'announcement', title: 'Привет', body: 'émoji 🎉 "quoted"', data: { n: [1, 2] }, created_at: '2024-01-01T00:00:00Z' },
        event_id: 'b4f0e7a2-1d2c-4c55-9a43-0d9b0c4f6a11',
      };
      const received = next(channel, 'NotificationSent');
      const answer = await outcome(sdkFor(target).trigger('private-user.42', 'NotificationSent', payload));
      expect(answer).toEqual({ httpStatus: 200, code: 200 });
      expect(await received).toEqual(payload);
    });

    it('delivers to several channels at once and through batch_events', async () => {
      const client = browser(target);
      const [one, two] = [client.subscribe('private-user.43'), client.subscribe('private-user.44')];
      await Promise.all([next(one, 'pusher:subscription_succeeded'), next(two, 'pusher:subscription_succeeded')]);
      const sdk = sdkFor(target);

      const both = Promise.all([next(one, 'OrderStatusUpdated'), next(two, 'OrderStatusUpdated')]);
      await sdk.trigger(['private-user.43', 'private-user.44'], 'OrderStatusUpdated', { order_id: 1, status: 'shipping' });
      expect(await both).toEqual([
        { order_id: 1, status: 'shipping' },
        { order_id: 1, status: 'shipping' },
      ]);

      const batch = Promise.all([next(one, 'MessagesRead'), next(two, 'NotificationsRead')]);
      await sdk.triggerBatch([
        { channel: 'private-user.43', name: 'MessagesRead', data: { chat_id: 3, count: 2 } },
        { channel: 'private-user.44', name: 'NotificationsRead', data: { count: 1 } },
      ]);
      expect(await batch).toEqual([{ chat_id: 3, count: 2 }, { count: 1 }]);
    });

    it('leaves out the socket named in socket_id (Laravel broadcast()->toOthers())', async () => {
      const [sender, other] = [browser(target), browser(target)];
      const senderChannel = sender.subscribe('private-chat.9');
      const otherChannel = other.subscribe('private-chat.9');
      await Promise.all([next(senderChannel, 'pusher:subscription_succeeded'), next(otherChannel, 'pusher:subscription_succeeded')]);
      const echoed = collect(senderChannel, 'MessageSent');
      const received = next(otherChannel, 'MessageSent');
      await sdkFor(target).trigger('private-chat.9', 'MessageSent', { id: 1 }, { socket_id: sender.connection.socket_id });
      expect(await received).toEqual({ id: 1 });
      await pause(QUIET_MS);
      expect(echoed).toEqual([]);
    });

    it('stops delivering after pusher-js unsubscribes', async () => {
      const client = browser(target);
      const channel = client.subscribe('private-user.45');
      await next(channel, 'pusher:subscription_succeeded');
      const late = collect(channel, 'NotificationSent');
      client.unsubscribe('private-user.45');
      await pause(100);
      await sdkFor(target).trigger('private-user.45', 'NotificationSent', { late: true });
      await pause(QUIET_MS);
      expect(late).toEqual([]);
    });

    it('reports occupied channels and presence users', async () => {
      const client = browser(target, { member: { user_id: '31', user_info: { name: 'Carol' } } });
      await next(client.subscribe('presence-room.5'), 'pusher:subscription_succeeded');
      await next(client.subscribe('private-user.46'), 'pusher:subscription_succeeded');
      const sdk = sdkFor(target);

      const users = await sdk.get({ path: '/channels/presence-room.5/users' });
      expect(await users.json()).toEqual({ users: [{ id: '31' }] });
      const details = await sdk.get({ path: '/channels/private-user.46', params: { info: 'subscription_count' } });
      expect(await details.json()).toMatchObject({ occupied: true, subscription_count: 1 });
    });

    it('refuses a publish signed with the wrong secret (401) and delivers nothing', async () => {
      const client = browser(target);
      const channel = client.subscribe('private-user.47');
      await next(channel, 'pusher:subscription_succeeded');
      const leaked = collect(channel, 'NotificationSent');

      const refusal = await outcome(sdkFor(target, 'wrong-secret').trigger('private-user.47', 'NotificationSent', { forged: true }));
      expect(refusal.code).toBe(401);
      // Ours answers 401 as Pusher does, so the SDK rejects; soketi puts 401 in a 200 body (see Quirks.refusalIn).
      expect(refusal.httpStatus).toBe(target.quirks.refusalIn === 'http-status' ? 401 : 200);
      await pause(QUIET_MS);
      expect(leaked).toEqual([]);
    });

    it('refuses an event whose data exceeds 10 KB (413) and delivers one just under the limit', async () => {
      const client = browser(target);
      const channel = client.subscribe('private-user.48');
      await next(channel, 'pusher:subscription_succeeded');
      const arrived = collect<{ blob: string }>(channel, 'MessageSent');
      const sdk = sdkFor(target);

      // The SDK sends `data` as a JSON string: {"blob":"…"} adds 11 bytes to the blob.
      const oversized = { blob: 'x'.repeat(MAX_EVENT_BYTES) };
      const refusal = await outcome(sdk.trigger('private-user.48', 'MessageSent', oversized));
      expect(refusal.code).toBe(413);
      expect(refusal.httpStatus).toBe(target.quirks.refusalIn === 'http-status' ? 413 : 200);

      const fits = { blob: 'y'.repeat(MAX_EVENT_BYTES - 100) };
      const received = next<{ blob: string }>(channel, 'MessageSent');
      expect(await outcome(sdk.trigger('private-user.48', 'MessageSent', fits))).toEqual({ httpStatus: 200, code: 200 });
      expect((await received).blob).toHaveLength(MAX_EVENT_BYTES - 100);
      await pause(QUIET_MS);
      expect(arrived.map((data) => data.blob[0])).toEqual(['y']);
    });
  });

});

/** Polls a condition; fails after `timeoutMs`. */
async function eventually(condition: () => boolean, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await pause(25);
  }
}
