import PusherClient from 'pusher-js';
import { connectionLimitsFromEnv, DEFAULT_CONNECTION_LIMITS } from '../../../server/realtime/connection-limits';
import { signChannel } from '../../../server/realtime/signature';
import { waitFor } from '../helpers/wait-for';
import { app, browserClient, closeClients, connect, disconnectBrowserClients, openSocket, parseData, startServer, stopServers, type RawClient } from './realtime-test-kit';

afterEach(async () => {
  disconnectBrowserClients();
  closeClients();
  await stopServers();
});

const HANDSHAKE = `/app/${app.key}?protocol=7&client=js&version=8.6.0&flash=false`;
const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });

/** Resolves once `check` holds; the server notices a close a moment after the client does. */
const eventually = (check: () => boolean, what: string) => waitFor(check, { timeoutMs: 2_000, intervalMs: 10, what });

/** A refused socket hears Pusher's 4004 ("over connection quota") and is closed with it. */
async function expectOverQuota(client: RawClient): Promise<void> {
  expect(parseData(await client.event('pusher:error'))).toMatchObject({ code: 4004 });
  expect((await client.closed).code).toBe(4004);
}

describe('connections per client address', () => {
  it('refuses a connection beyond the cap with 4004, and a closed one frees its place', async () => {
    const server = await startServer({ connectionLimits: { perAddress: 2, perUser: 10 } });
    const first = await connect(server.port);
    await connect(server.port);
    await expectOverQuota(openSocket(server.port, HANDSHAKE));
    expect(server.stats().connections).toBe(2);

    first.close();
    await eventually(() => server.stats().connections === 1, 'the server let go of the closed socket');
    await connect(server.port);
    expect(server.stats().connections).toBe(2);
  });

  it('behind a trusted proxy, counts each client the proxy names', async () => {
    const server = await startServer({ connectionLimits: { perAddress: 1, perUser: 10 }, trustProxy: 'loopback' });
    await connect(server.port, from('10.0.0.1'));
    await connect(server.port, from('10.0.0.2'));
    await expectOverQuota(openSocket(server.port, HANDSHAKE, from('10.0.0.1')));
  });

  it('without a trusted proxy, X-Forwarded-For cannot buy a client more places', async () => {
    const server = await startServer({ connectionLimits: { perAddress: 1, perUser: 10 } });
    await connect(server.port, from('10.0.0.1'));
    await expectOverQuota(openSocket(server.port, HANDSHAKE, from('10.0.0.2')));
  });
});

describe('sockets per user', () => {
  it("refuses a subscription to a user's channel beyond the cap with 4004, closing that socket", async () => {
    const server = await startServer({ connectionLimits: { perAddress: 100, perUser: 2 } });
    const [a, b, c, other] = await Promise.all([1, 2, 3, 4].map(() => connect(server.port)));
    expect((await a.subscribePrivate('private-user.7')).event).toBe('pusher_internal:subscription_succeeded');
    expect((await b.subscribePrivate('private-user.7')).event).toBe('pusher_internal:subscription_succeeded');
    // Subscribing again on the same socket takes no second place.
    expect((await b.subscribePrivate('private-user.7')).event).toBe('pusher_internal:subscription_succeeded');

    c.send({ event: 'pusher:subscribe', data: { channel: 'private-user.7', auth: `${app.key}:${signChannel(app.secret, c.socketId, 'private-user.7')}` } });
    await expectOverQuota(c);
    // Other users and other channels are not affected.
    expect((await other.subscribePrivate('private-user.8')).event).toBe('pusher_internal:subscription_succeeded');
    expect((await a.subscribePrivate('private-chat.1')).event).toBe('pusher_internal:subscription_succeeded');
  });

  it('leaving the channel or closing the socket frees a place', async () => {
    const server = await startServer({ connectionLimits: { perAddress: 100, perUser: 1 } });
    const first = await connect(server.port);
    expect((await first.subscribePrivate('private-user.7')).event).toBe('pusher_internal:subscription_succeeded');

    first.send({ event: 'pusher:unsubscribe', data: { channel: 'private-user.7' } });
    // Frames of one socket are handled in order: the pong means the unsubscribe is done.
    first.send({ event: 'pusher:ping', data: {} });
    await first.event('pusher:pong');
    const second = await connect(server.port);
    expect((await second.subscribePrivate('private-user.7')).event).toBe('pusher_internal:subscription_succeeded');

    second.close();
    await eventually(() => server.stats().connections === 1, 'the server let go of the closed socket');
    const third = await connect(server.port);
    expect((await third.subscribePrivate('private-user.7')).event).toBe('pusher_internal:subscription_succeeded');
  });
});

describe('pusher-js, refused for either cap', () => {
  /** pusher-js reports the 4004 and settles in `disconnected`: the state it never leaves on its own (no retry timer). */
  function refusal(client: PusherClient): Promise<{ code: number; state: string }> {
    return new Promise((resolve) => {
      let code = 0;
      client.connection.bind('error', (error: { error?: { data?: { code?: number } } }) => {
        code = error.error?.data?.code ?? code;
      });
      client.connection.bind('state_change', ({ current }: { current: string }) => {
        if (current === 'disconnected') resolve({ code, state: current });
      });
    });
  }

  it('stops at the address cap instead of reconnecting', async () => {
    const server = await startServer({ connectionLimits: { perAddress: 1, perUser: 10 } });
    await connect(server.port);
    const client = browserClient(server.port);
    expect(await refusal(client)).toEqual({ code: 4004, state: 'disconnected' });
    expect(server.stats().connections).toBe(1);
  });

  it('stops at the user cap instead of reconnecting', async () => {
    const server = await startServer({ connectionLimits: { perAddress: 10, perUser: 1 } });
    const holder = await connect(server.port);
    await holder.subscribePrivate('private-user.7');
    const client = browserClient(server.port);
    const refused = refusal(client);
    client.subscribe('private-user.7');
    expect(await refused).toEqual({ code: 4004, state: 'disconnected' });
    await eventually(() => server.stats().connections === 1, 'the refused socket is gone');
  });
});

describe('the caps come from the environment', () => {
  it('uses the defaults when unset and refuses values that would lift or block everything', () => {
    expect(connectionLimitsFromEnv({})).toEqual(DEFAULT_CONNECTION_LIMITS);
    expect(connectionLimitsFromEnv({ REALTIME_MAX_CONNECTIONS_PER_IP: '5000', REALTIME_MAX_CONNECTIONS_PER_USER: '3' })).toEqual({
      perAddress: 5000,
      perUser: 3,
    });
    expect(() => connectionLimitsFromEnv({ REALTIME_MAX_CONNECTIONS_PER_IP: '0' })).toThrow(/REALTIME_MAX_CONNECTIONS_PER_IP/);
    expect(() => connectionLimitsFromEnv({ REALTIME_MAX_CONNECTIONS_PER_USER: 'lots' })).toThrow(/REALTIME_MAX_CONNECTIONS_PER_USER/);
  });
});
