import { waitFor } from '../helpers/wait-for';
import {
  app,
  closeClients,
  connect,
  openSocket,
  parseData,
  startServer,
  stopServers,
  type RawClient,
} from './realtime-test-kit';

afterEach(async () => {
  closeClients();
  await stopServers();
});

describe('connecting', () => {
  it('sends connection_established with a socket id and the activity timeout as a JSON string', async () => {
    const server = await startServer({ activityTimeoutSec: 45 });
    const client = openSocket(server.port, `/app/${app.key}?protocol=7&client=js&version=8.6.0&flash=false`);
    const frame = await client.event('pusher:connection_established');
    expect(typeof frame.data).toBe('string');
    const data = parseData<{ socket_id: string; activity_timeout: number }>(frame);
    expect(data.socket_id).toMatch(/^\d+\.\d+$/);
    expect(data.activity_timeout).toBe(45);
    expect(server.stats().connections).toBe(1);
  });

  it('defaults the announced activity timeout to 120 seconds', async () => {
    const server = await startServer();
    const client = openSocket(server.port, `/app/${app.key}?protocol=7`);
    expect(parseData(await client.event('pusher:connection_established')).activity_timeout).toBe(120);
  });

  it('gives every connection its own socket id', async () => {
    const server = await startServer();
    const [a, b] = await Promise.all([connect(server.port), connect(server.port)]);
    expect(a.socketId).not.toBe(b.socketId);
  });

  it('refuses an unknown app key with 4001 so pusher-js does not retry', async () => {
    const server = await startServer();
    const client = openSocket(server.port, '/app/nope?protocol=7');
    const error = await client.event('pusher:error');
    expect(parseData(error)).toMatchObject({ code: 4001 });
    expect((await client.closed).code).toBe(4001);
    expect(server.stats().connections).toBe(0);
  });

  it('survives a malformed app key and invalid UTF-8 without crashing', async () => {
    const server = await startServer();
    const client = openSocket(server.port, '/app/%E0%A4%A?protocol=7');
    expect((await client.closed).code).toBe(4001);
    const rude = await connect(server.port);
    rude.ws.send(Buffer.from([0xff, 0xfe, 0xfd]), { binary: false });
    // RFC 6455 §8.1: the connection is failed; uWS cuts it without a close frame, which the client reads as 1006.
    expect([1006, 1007]).toContain((await rude.closed).code);
    const polite = await connect(server.port);
    polite.send({ event: 'pusher:ping', data: {} });
    await polite.event('pusher:pong');
  });

  it('refuses an unsupported protocol version with 4007 and a missing one with 4008', async () => {
    const server = await startServer();
    const future = openSocket(server.port, `/app/${app.key}?protocol=99`);
    expect(parseData(await future.event('pusher:error'))).toMatchObject({ code: 4007 });
    expect((await future.closed).code).toBe(4007);
    const bare = openSocket(server.port, `/app/${app.key}`);
    expect((await bare.closed).code).toBe(4008);
  });

  it('refuses paths other than /app/{key} with 4005', async () => {
    const server = await startServer();
    const client = openSocket(server.port, '/socket?protocol=7');
    expect((await client.closed).code).toBe(4005);
  });

  it('lowers the connection count when a client leaves', async () => {
    const server = await startServer();
    const client = await connect(server.port);
    client.close();
    await client.closed;
    // The server notices the close a moment after the client does.
    await waitFor(() => server.stats().connections === 0, { timeoutMs: 2_000, intervalMs: 10, what: 'the server lets go of the closed socket' });
  });
});

/**
 * Waits until the client has answered `count` of the server's pings in time. The server pings a
 * connection again only after an answer to its last ping, and closes it (4201) instead when none
 * comes: each ping after the first shows that the one before was answered.
 */
async function answeredPings(client: RawClient, count: number): Promise<void> {
  for (let ping = 0; ping <= count; ping += 1) await client.event('pusher:ping', undefined, 2_000);
}

describe('keeping connections alive', () => {
  it('answers pusher:ping with pusher:pong', async () => {
    const server = await startServer();
    const client = await connect(server.port);
    client.send({ event: 'pusher:ping', data: {} });
    await client.event('pusher:pong');
  });

  it('pings a silent client, then closes it with 4201 when no pong comes', async () => {
    const server = await startServer({ activityTimeoutSec: 0.5, pongTimeoutSec: 0.5 });
    // autoPong off: this client plays a peer that vanished without closing the socket.
    const client = await connect(server.port, { autoPong: false });
    const started = Date.now();
    await client.event('pusher:ping', undefined, 1_500);
    const closed = await client.closed;
    expect(closed).toEqual({ code: 4201, reason: 'Pong reply not received' });
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(server.stats().connections).toBe(0);
  });

  it('keeps a client that answers the server ping with pusher:pong', async () => {
    const server = await startServer({ activityTimeoutSec: 0.2, pongTimeoutSec: 0.2 });
    const client = await connect(server.port, { autoPong: false });
    client.ws.on('message', (raw) => {
      if (JSON.parse(raw.toString()).event === 'pusher:ping') client.send({ event: 'pusher:pong', data: {} });
    });
    await answeredPings(client, 2);
    expect(client.ws.readyState).toBe(client.ws.OPEN);
  });

  it('keeps a browser-like client that only answers WebSocket-level pings', async () => {
    const server = await startServer({ activityTimeoutSec: 0.2, pongTimeoutSec: 0.2 });
    const client = await connect(server.port);
    await answeredPings(client, 2);
    expect(client.ws.readyState).toBe(client.ws.OPEN);
    expect(server.stats().connections).toBe(1);
  });
});

describe('bad frames', () => {
  it('answers invalid JSON with a pusher:error and keeps the connection usable', async () => {
    const server = await startServer();
    const client = await connect(server.port);
    client.send('{not json');
    expect(parseData(await client.event('pusher:error'))).toMatchObject({ code: 4303 });
    client.send({ no: 'event' });
    expect(parseData(await client.event('pusher:error'))).toMatchObject({ code: 4303 });
    client.send({ event: 'pusher:ping', data: {} });
    await client.event('pusher:pong');
  });

  it('rejects a message over 10 KB without closing the connection', async () => {
    const server = await startServer();
    const client = await connect(server.port);
    await client.subscribePrivate('private-big');
    client.send({ event: 'client-big', channel: 'private-big', data: { text: 'x'.repeat(11 * 1024) } });
    expect(parseData(await client.event('pusher:error'))).toMatchObject({ code: 4302 });
    client.send({ event: 'pusher:ping', data: {} });
    await client.event('pusher:pong');
  });

  it('rejects unknown pusher: events with an error', async () => {
    const server = await startServer();
    const client = await connect(server.port);
    client.send({ event: 'pusher:teleport', data: {} });
    expect(parseData(await client.event('pusher:error'))).toMatchObject({ code: 4303 });
  });
});

describe('shutting down', () => {
  it('closes clients with 4200 so pusher-js reconnects at once', async () => {
    const server = await startServer();
    const client = await connect(server.port);
    await server.close();
    expect((await client.closed).code).toBe(4200);
  });
});
