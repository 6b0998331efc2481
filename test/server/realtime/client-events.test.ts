import { closeClients, connect, parseData, startServer, stopServers } from './realtime-test-kit';

afterEach(async () => {
  closeClients();
  await stopServers();
});

async function pair(channel = 'private-chat.1') {
  const server = await startServer();
  const sender = await connect(server.port);
  const receiver = await connect(server.port);
  await sender.subscribePrivate(channel);
  await receiver.subscribePrivate(channel);
  return { server, sender, receiver };
}

describe('client events', () => {
  it('relays client- events on private channels to other subscribers but not back to the sender', async () => {
    const { sender, receiver } = await pair();
    sender.send({ event: 'client-typing', channel: 'private-chat.1', data: { typing: true } });
    const event = await receiver.event('client-typing', 'private-chat.1');
    expect(event.data).toEqual({ typing: true });
    await sender.nothing((frame) => frame.event === 'client-typing');
  });

  it('tags client events on presence channels with the sender user_id', async () => {
    const server = await startServer();
    const sender = await connect(server.port);
    const receiver = await connect(server.port);
    await sender.subscribePresence('presence-chat', { user_id: 42 });
    await receiver.subscribePresence('presence-chat', { user_id: 43 });
    sender.send({ event: 'client-wave', channel: 'presence-chat', data: {} });
    expect((await receiver.event('client-wave')).user_id).toBe('42');
  });

  it('rejects client events on public channels', async () => {
    const server = await startServer();
    const sender = await connect(server.port);
    const receiver = await connect(server.port);
    await sender.subscribe('lobby');
    await receiver.subscribe('lobby');
    sender.send({ event: 'client-spam', channel: 'lobby', data: {} });
    expect(parseData(await sender.event('pusher:error'))).toMatchObject({ code: 4304 });
    await receiver.nothing((frame) => frame.event === 'client-spam');
  });

  it('rejects client events on a channel the sender has not joined', async () => {
    const { server, receiver } = await pair();
    const outsider = await connect(server.port);
    outsider.send({ event: 'client-typing', channel: 'private-chat.1', data: {} });
    expect(parseData(await outsider.event('pusher:error'))).toMatchObject({ code: 4304 });
    await receiver.nothing((frame) => frame.event === 'client-typing');
  });

  it('does not let clients send events without the client- prefix', async () => {
    const { sender, receiver } = await pair();
    sender.send({ event: 'OrderStatusUpdated', channel: 'private-chat.1', data: {} });
    expect((await sender.event('pusher:error')).event).toBe('pusher:error');
    await receiver.nothing((frame) => frame.event === 'OrderStatusUpdated');
  });

  it('limits each socket to 10 client events per second with error 4301', async () => {
    const { sender, receiver } = await pair();
    for (let i = 0; i < 15; i += 1) sender.send({ event: 'client-tick', channel: 'private-chat.1', data: { i } });
    const error = await sender.event('pusher:error');
    expect(parseData(error)).toMatchObject({ code: 4301 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const delivered = receiver.frames.filter((frame) => frame.event === 'client-tick');
    expect(delivered.length).toBeGreaterThanOrEqual(10);
    expect(delivered.length).toBeLessThan(15);
    // The limit is a rate, not a ban: the socket may send again once tokens refill.
    await new Promise((resolve) => setTimeout(resolve, 300));
    sender.send({ event: 'client-tick', channel: 'private-chat.1', data: { i: 'later' } });
    await receiver.next((frame) => frame.event === 'client-tick' && (frame.data as { i: unknown }).i === 'later');
  });
});
