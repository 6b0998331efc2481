import { createHash, createHmac } from 'node:crypto';
import { app, closeClients, connect, parseData, sdkFor, startServer, stopServers } from './realtime-test-kit';

afterEach(async () => {
  closeClients();
  await stopServers();
});

/** The status the SDK saw; it rejects with a RequestError carrying it. */
async function statusOf(request: Promise<unknown>): Promise<number> {
  try {
    await request;
    return 200;
  } catch (error) {
    return (error as { status: number }).status;
  }
}

function signedUrl(port: number, method: string, path: string, body: string, timestamp: number): string {
  const params = [
    `auth_key=${app.key}`,
    `auth_timestamp=${timestamp}`,
    'auth_version=1.0',
    `body_md5=${createHash('md5').update(body).digest('hex')}`,
  ].join('&');
  const signature = createHmac('sha256', app.secret).update(`${method}\n${path}\n${params}`).digest('hex');
  return `http://127.0.0.1:${port}${path}?${params}&auth_signature=${signature}`;
}

describe('HTTP API with the official pusher SDK', () => {
  it('delivers trigger() to every listed channel with the data as a JSON string', async () => {
    const server = await startServer();
    const client = await connect(server.port);
    await client.subscribePrivate('private-user.1');
    await client.subscribe('support');
    const response = await sdkFor(server.port).trigger(['private-user.1', 'support'], 'NotificationSent', {
      notification: { id: 5, title: 'Hi' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
    const first = await client.event('NotificationSent', 'private-user.1');
    expect(typeof first.data).toBe('string');
    expect(parseData(first)).toEqual({ notification: { id: 5, title: 'Hi' } });
    await client.event('NotificationSent', 'support');
  });

  it('terminateUserConnections() closes the sockets of that user’s private channel with 4009, and nobody else’s', async () => {
    const server = await startServer();
    const blocked = await connect(server.port);
    const other = await connect(server.port);
    await blocked.subscribePrivate('private-user.3');
    await other.subscribePrivate('private-user.4');
    expect((await sdkFor(server.port).terminateUserConnections('3')).status).toBe(200);
    const error = await blocked.event('pusher:error');
    expect(error.data).toMatchObject({ code: 4009 });
    expect((await blocked.closed).code).toBe(4009);
    await sdkFor(server.port).trigger('private-user.4', 'NotificationsRead', { count: 1 });
    await other.event('NotificationsRead', 'private-user.4');
    // A publisher cannot forge the internal event that carries the termination between nodes.
    expect(await statusOf(sdkFor(server.port).trigger('private-user.4', 'pusher_internal:terminate_connections', {}))).toBe(400);
  });

  it('delivers triggerBatch() events in one request', async () => {
    const server = await startServer();
    const client = await connect(server.port);
    await client.subscribePrivate('private-user.1');
    await client.subscribePrivate('private-user.2');
    await sdkFor(server.port).triggerBatch([
      { channel: 'private-user.1', name: 'MessagesRead', data: { chat_id: 3, count: 1 } },
      { channel: 'private-user.2', name: 'NotificationsRead', data: { count: 2 } },
    ]);
    expect(parseData(await client.event('MessagesRead', 'private-user.1'))).toEqual({ chat_id: 3, count: 1 });
    expect(parseData(await client.event('NotificationsRead', 'private-user.2'))).toEqual({ count: 2 });
  });

  it('skips the socket named in socket_id, so the author of a change is not told twice', async () => {
    const server = await startServer();
    const author = await connect(server.port);
    const other = await connect(server.port);
    await author.subscribePrivate('private-chat.9');
    await other.subscribePrivate('private-chat.9');
    await sdkFor(server.port).trigger('private-chat.9', 'MessageSent', { message: { id: 1 } }, { socket_id: author.socketId });
    await other.event('MessageSent');
    // The next event on the channel, for everyone, reaches the author alone.
    await sdkFor(server.port).trigger('private-chat.9', 'MessagesRead', { chat_id: 9 });
    await author.nothingBefore((frame) => frame.event === 'MessageSent', (frame) => frame.event === 'MessagesRead');
  });

  it('answers 413 to event data over 10 KB and delivers nothing', async () => {
    const server = await startServer();
    const client = await connect(server.port);
    await client.subscribe('news');
    const status = await statusOf(sdkFor(server.port).trigger('news', 'Huge', { text: 'x'.repeat(11 * 1024) }));
    expect(status).toBe(413);
    await sdkFor(server.port).trigger('news', 'Small', { text: 'x' });
    await client.nothingBefore((frame) => frame.event === 'Huge', (frame) => frame.event === 'Small');
  });

  it('accepts a full batch of ten near-limit events, since the limit is per event', async () => {
    const server = await startServer();
    const client = await connect(server.port);
    await client.subscribe('news');
    const text = 'y'.repeat(9 * 1024);
    const batch = Array.from({ length: 10 }, (_, i) => ({ channel: 'news', name: `Part${i}`, data: { text } }));
    await sdkFor(server.port).triggerBatch(batch);
    expect(parseData(await client.event('Part9', 'news'))).toEqual({ text });
  });

  it('answers 413 to an oversized request body without reading it all', async () => {
    const server = await startServer();
    const body = JSON.stringify({ name: 'Flood', channels: ['news'], data: 'z'.repeat(300 * 1024) });
    const url = signedUrl(server.port, 'POST', `/apps/${app.id}/events`, body, Math.floor(Date.now() / 1000));
    const response = await fetch(url, { method: 'POST', body });
    expect(response.status).toBe(413);
  });

  it('answers 401 to a request signed with the wrong secret and delivers nothing', async () => {
    const server = await startServer();
    const client = await connect(server.port);
    await client.subscribe('news');
    expect(await statusOf(sdkFor(server.port, { secret: 'wrong' }).trigger('news', 'Forged', {}))).toBe(401);
    await sdkFor(server.port).trigger('news', 'Signed', {});
    await client.nothingBefore((frame) => frame.event === 'Forged', (frame) => frame.event === 'Signed');
  });

  it('answers 404 to an unknown app id', async () => {
    const server = await startServer();
    expect(await statusOf(sdkFor(server.port, { appId: 'other' }).trigger('news', 'X', {}))).toBe(404);
  });

  it('answers 401 to a correctly signed but stale request (replay)', async () => {
    const server = await startServer();
    const body = JSON.stringify({ name: 'Replayed', channels: ['news'], data: '{}' });
    const path = `/apps/${app.id}/events`;
    const stale = await fetch(signedUrl(server.port, 'POST', path, body, Math.floor(Date.now() / 1000) - 601), {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(stale.status).toBe(401);
    const fresh = await fetch(signedUrl(server.port, 'POST', path, body, Math.floor(Date.now() / 1000)), {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(fresh.status).toBe(200);
  });

  it('answers 401 when the body was changed after signing', async () => {
    const server = await startServer();
    const body = JSON.stringify({ name: 'Signed', channels: ['news'], data: '{}' });
    const url = signedUrl(server.port, 'POST', `/apps/${app.id}/events`, body, Math.floor(Date.now() / 1000));
    const response = await fetch(url, { method: 'POST', body: body.replace('Signed', 'Swapped') });
    expect(response.status).toBe(401);
  });

  it('answers 400 to malformed events and reserved event names', async () => {
    const server = await startServer();
    const post = async (resource: string, body: unknown): Promise<number> => {
      const json = JSON.stringify(body);
      const url = signedUrl(server.port, 'POST', `/apps/${app.id}${resource}`, json, Math.floor(Date.now() / 1000));
      return (await fetch(url, { method: 'POST', body: json })).status;
    };
    expect(await post('/events', { name: 'x', channels: [], data: '{}' })).toBe(400);
    expect(await post('/events', { channels: ['a'], data: '{}' })).toBe(400);
    expect(await post('/events', { name: 'x', channels: ['not a channel'], data: '{}' })).toBe(400);
    expect(await post('/events', { name: 'x', channels: ['a'], data: '{}', socket_id: 'abc' })).toBe(400);
    expect(await post('/batch_events', { batch: [] })).toBe(400);
    expect(await statusOf(sdkFor(server.port).trigger('news', 'pusher_internal:member_added', {}))).toBe(400);
  });

  it('reports channel info requested with trigger()', async () => {
    const server = await startServer();
    const client = await connect(server.port);
    await client.subscribe('news');
    const response = await sdkFor(server.port).trigger('news', 'Counted', {}, { info: 'subscription_count' });
    expect(await response.json()).toEqual({ channels: { news: { subscription_count: 1 } } });
  });
});
