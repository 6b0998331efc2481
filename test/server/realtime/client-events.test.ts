import { waitFor } from '../helpers/wait-for';
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
    // The receiver answers: its event reaches the sender after any echo of the sender's own.
    receiver.send({ event: 'client-seen', channel: 'private-chat.1', data: {} });
    await sender.nothingBefore((frame) => frame.event === 'client-typing', (frame) => frame.event === 'client-seen');
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
    // The sender's error shows the server is done with the frame.
    await receiver.nothingSoFar((frame) => frame.event === 'client-spam');
  });

  it('rejects client events on a channel the sender has not joined', async () => {
    const { server, sender, receiver } = await pair();
    const outsider = await connect(server.port);
    outsider.send({ event: 'client-typing', channel: 'private-chat.1', data: {} });
    expect(parseData(await outsider.event('pusher:error'))).toMatchObject({ code: 4304 });
    // A member's event, sent after the server refused the outsider's, arrives alone.
    sender.send({ event: 'client-typing', channel: 'private-chat.1', data: { member: true } });
    await receiver.nothingBefore(
      (frame) => frame.event === 'client-typing',
      (frame) => frame.event === 'client-typing' && (frame.data as { member?: boolean }).member === true,
    );
  });

  it('does not let clients send events without the client- prefix', async () => {
    const { sender, receiver } = await pair();
    sender.send({ event: 'OrderStatusUpdated', channel: 'private-chat.1', data: {} });
    expect((await sender.event('pusher:error')).event).toBe('pusher:error');
    // The same socket's next, proper client event comes after anything the first one caused.
    sender.send({ event: 'client-next', channel: 'private-chat.1', data: {} });
    await receiver.nothingBefore((frame) => frame.event === 'OrderStatusUpdated', (frame) => frame.event === 'client-next');
  });

  it('limits each socket to 10 client events per second with error 4301', async () => {
    const { sender, receiver } = await pair();
    for (let i = 0; i < 15; i += 1) sender.send({ event: 'client-tick', channel: 'private-chat.1', data: { i } });
    const error = await sender.event('pusher:error');
    expect(parseData(error)).toMatchObject({ code: 4301 });
    // The server has read all fifteen once it answers the sender's ping, and everything it relayed has reached the receiver once it answers the receiver's.
    await sender.roundTrip();
    await receiver.roundTrip();
    const delivered = receiver.frames.filter((frame) => frame.event === 'client-tick');
    expect(delivered.length).toBeGreaterThanOrEqual(10);
    expect(delivered.length).toBeLessThan(15);
    // Every one of the fifteen was either relayed or refused.
    const refused = sender.frames.splice(0).filter((frame) => frame.event === 'pusher:error');
    expect(delivered.length + 1 + refused.length).toBe(15);
    // The limit is a rate, not a ban: the socket may send again once tokens refill.
    let tries = 0;
    const laterGetsThrough = async () => {
      const i = `later-${++tries}`;
      sender.send({ event: 'client-tick', channel: 'private-chat.1', data: { i } });
      // Refused (4301) or relayed: a refusal has come by the time the sender's ping is answered.
      await sender.roundTrip();
      if (sender.frames.splice(0).some((frame) => frame.event === 'pusher:error')) return false;
      await receiver.next((frame) => frame.event === 'client-tick' && (frame.data as { i: unknown }).i === i);
      return true;
    };
    await waitFor(laterGetsThrough, { timeoutMs: 2_000, intervalMs: 50, what: 'a client event gets through again' });
  });
});
