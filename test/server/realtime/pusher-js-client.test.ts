import { connect as connectTcp, createServer, type AddressInfo, type Socket } from 'node:net';
import Echo from 'laravel-echo';
import PusherClient from 'pusher-js';
import { app, browserClient, disconnectBrowserClients, sdkFor, startServer, stopServers } from './realtime-test-kit';

/*
 * The SPA talks to this server through laravel-echo on top of pusher-js, and
 * the API publishes through the `pusher` SDK: these tests run that exact stack.
 */

afterEach(async () => {
  disconnectBrowserClients();
  await stopServers();
});

function echoFor(client: PusherClient): Echo<'pusher'> {
  return new Echo({ broadcaster: 'pusher', key: app.key, cluster: 'mt1', client, withoutInterceptors: true });
}

/** Stands in for a load balancer: new connections go to whichever node `target` names. */
async function tcpBalancer(initialTarget: number): Promise<{ port: number; target: number; close(): void }> {
  const sockets = new Set<Socket>();
  const balancer = { port: 0, target: initialTarget, close: () => undefined as void };
  const server = createServer((incoming) => {
    const outgoing = connectTcp(balancer.target, '127.0.0.1');
    for (const socket of [incoming, outgoing]) {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => sockets.delete(socket));
    }
    incoming.pipe(outgoing).pipe(incoming);
    outgoing.on('close', () => incoming.destroy());
    incoming.on('close', () => outgoing.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  balancer.port = (server.address() as AddressInfo).port;
  balancer.close = () => {
    server.close();
    for (const socket of sockets) socket.destroy();
  };
  return balancer;
}

function once<T>(register: (resolve: (value: T) => void) => void): Promise<T> {
  return new Promise((resolve) => register(resolve));
}

describe('pusher-js and laravel-echo against the server', () => {
  it('pusher-js subscribes to a private channel and receives an event triggered by the SDK', async () => {
    const server = await startServer();
    const client = browserClient(server.port);
    const channel = client.subscribe('private-user.1');
    await once<void>((resolve) => channel.bind('pusher:subscription_succeeded', () => resolve()));
    expect(client.connection.socket_id).toMatch(/^\d+\.\d+$/);

    const received = once<unknown>((resolve) => channel.bind('OrderStatusUpdated', resolve));
    await sdkFor(server.port).trigger('private-user.1', 'OrderStatusUpdated', { message: 'Shipped', order_id: 9, status: 'shipping' });
    expect(await received).toEqual({ message: 'Shipped', order_id: 9, status: 'shipping' });
  });

  it('laravel-echo listens on a private user channel with a leading dot, as the SPA does', async () => {
    const server = await startServer();
    const echo = echoFor(browserClient(server.port));
    const received = once<unknown>((resolve) => echo.private('user.5').listen('.MessageSent', resolve));
    await once<void>((resolve) => echo.private('user.5').subscribed(resolve));
    await sdkFor(server.port).trigger('private-user.5', 'MessageSent', { message: { id: 1, chat_id: 2, content: 'hi' } });
    expect(await received).toEqual({ message: { id: 1, chat_id: 2, content: 'hi' } });
  });

  it('laravel-echo reports a refused authorization through .error()', async () => {
    const server = await startServer();
    const echo = echoFor(browserClient(server.port, undefined, 'not-the-secret'));
    const error = await once<unknown>((resolve) => echo.private('user.5').error(resolve));
    expect(error).toMatchObject({ type: 'AuthError', status: 401 });
  });

  it('laravel-echo presence: here, joining, leaving and whispers between two browsers', async () => {
    const server = await startServer();
    const alice = echoFor(browserClient(server.port, { userId: '1', name: 'Alice' }));
    const bobClient = browserClient(server.port, { userId: '2', name: 'Bob' });

    const aliceRoom = alice.join('chat.3');
    await once<unknown>((resolve) => aliceRoom.here(resolve));
    const joined = once<unknown>((resolve) => aliceRoom.joining(resolve));

    const bob = echoFor(bobClient);
    const bobRoom = bob.join('chat.3');
    const here = await once<unknown[]>((resolve) => bobRoom.here(resolve));
    expect(here).toEqual(expect.arrayContaining([{ name: 'Alice' }, { name: 'Bob' }]));
    expect(await joined).toEqual({ name: 'Bob' });

    const whisper = once<unknown>((resolve) => aliceRoom.listenForWhisper('typing', resolve));
    bobRoom.whisper('typing', { typing: true });
    expect(await whisper).toEqual({ typing: true });

    const left = once<unknown>((resolve) => aliceRoom.leaving(resolve));
    bob.leave('chat.3');
    expect(await left).toEqual({ name: 'Bob' });
  });

  it('pusher-js moves to another node at once when its node shuts down with 4200, and resubscribes', async () => {
    const leaving = await startServer();
    const staying = await startServer();
    const balancer = await tcpBalancer(leaving.port);
    const client = browserClient(balancer.port);
    const channel = client.subscribe('private-user.1');
    await once<void>((resolve) => channel.bind('pusher:subscription_succeeded', () => resolve()));
    const oldSocketId = client.connection.socket_id;

    const reconnected = once<void>((resolve) =>
      client.connection.bind('state_change', ({ current }: { current: string }) => current === 'connected' && resolve()),
    );
    balancer.target = staying.port;
    const started = Date.now();
    await leaving.close();
    await reconnected;
    // 4200 means "retry now"; a 41xx code would have waited for a backoff, 40xx would not retry at all.
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(client.connection.socket_id).not.toBe(oldSocketId);
    await once<void>((resolve) => channel.bind('pusher:subscription_succeeded', () => resolve()));
    const received = once<unknown>((resolve) => channel.bind('NotificationsRead', resolve));
    await sdkFor(staying.port).trigger('private-user.1', 'NotificationsRead', { count: 1 });
    expect(await received).toEqual({ count: 1 });
    balancer.close();
  });
});
