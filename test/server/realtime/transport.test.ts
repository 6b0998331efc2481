import type { Socket } from 'node:net';
import { normalizeAddress } from '../../../server/realtime/client-address';
import type * as server from '../../../server/realtime/pusher-server';
import { closeClients, connect, sdkFor, startServer, stopServers } from './realtime-test-kit';

afterEach(async () => {
  closeClients();
  await stopServers();
});

describe('client addresses as uWS gives them', () => {
  it('writes an IPv4 client as Node does, and IPv6 in its short form', () => {
    expect(normalizeAddress('0000:0000:0000:0000:0000:ffff:7f00:0001')).toBe('127.0.0.1');
    expect(normalizeAddress('0000:0000:0000:0000:0000:ffff:c0a8:0a0b')).toBe('192.168.10.11');
    expect(normalizeAddress('0000:0000:0000:0000:0000:0000:0000:0001')).toBe('::1');
    expect(normalizeAddress('2001:0db8:0000:0000:0000:0000:0000:0042')).toBe('2001:db8::42');
    expect(normalizeAddress('10.0.0.7')).toBe('10.0.0.7');
  });
});

describe('loading µWebSockets.js', () => {
  const realAbi = process.versions.modules;
  afterEach(() => Object.defineProperty(process.versions, 'modules', { value: realAbi }));

  it('refuses to start on a Node it has no binary for, naming what it needs, instead of a silent imitation', async () => {
    Object.defineProperty(process.versions, 'modules', { value: '999' });
    // A fresh copy of the modules, so nothing loaded earlier in this process answers for the binary.
    let fresh: typeof server | undefined;
    jest.isolateModules(() => {
      fresh = jest.requireActual<typeof server>('../../../server/realtime/pusher-server');
    });
    const failure = await fresh!.startRealtimeServer({ port: 0, host: '127.0.0.1', apps: [] }).catch((error: unknown) => error);
    expect(String(failure)).toMatch(/µWebSockets\.js built for \w+_\w+_999/);
  });
});

describe('a receiver that stops reading', () => {
  it('is closed once 1 MiB waits for it, while the others keep receiving every event', async () => {
    const server = await startServer();
    const stuck = await connect(server.port);
    const healthy = await connect(server.port);
    await stuck.subscribe('news');
    await healthy.subscribe('news');
    // A tab whose machine froze: its TCP window fills and the server's queue for it grows.
    (stuck.ws as unknown as { _socket: Socket })._socket.pause();
    const sdk = sdkFor(server.port);
    const text = 'x'.repeat(9 * 1024);
    let sent = 0;
    while (server.stats().connections === 2 && sent < 3_000) {
      await sdk.trigger('news', 'Bulk', { n: sent, text });
      sent++;
    }
    expect(server.stats().connections).toBe(1);
    await sdk.trigger('news', 'After', { n: sent });
    // One socket delivers in order: once "After" is in, every earlier event is too.
    await healthy.event('After', 'news', 5_000);
    expect(healthy.frames.filter((frame) => frame.event === 'Bulk')).toHaveLength(sent);
    // Filling the kernel's buffers and then the server's MiB takes a few hundred triggers, one at a time (so the
    // close is seen as it happens): seconds on a busy machine, past jest's default 5 s (a fresh-clone run hit 5.6 s).
  }, 30_000);
});
