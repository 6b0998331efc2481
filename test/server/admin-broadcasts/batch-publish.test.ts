import { createPusherPublisher } from '../../../server/modules/realtime/publisher';
import { userChannel } from '../../../shared/api/realtime-events';
import { createTestApp, SETUP_TIMEOUT, type TestContext } from '../helpers/test-app';
import { app as realtimeApp, closeClients, connect, parseData, startServer, stopServers } from '../realtime/realtime-test-kit';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());
afterEach(async () => {
  closeClients();
  await stopServers();
});

const notice = (id: number) => ({ notification: { id, type: 'announcement', title: `Notice ${id}`, body: '', data: {}, read_at: null, created_at: new Date().toISOString() } });

test('a broadcast batch reaches each online recipient once through batch calls to a real realtime server, and skips nobody online', async () => {
  const server = await startServer();
  const online = [3, 17, 25];
  const clients = await Promise.all(online.map(() => connect(server.port)));
  for (const [at, client] of clients.entries()) expect((await client.subscribePrivate(userChannel(online[at]))).event).toBe('pusher_internal:subscription_succeeded');
  const publisher = createPusherPublisher({ appId: realtimeApp.id, key: realtimeApp.key, secret: realtimeApp.secret, host: '127.0.0.1', port: server.port, useTLS: false }, ctx.app.log);
  // 40 recipients, three of them online: four batch calls' worth, of which only the online ones are sent.
  const events = Array.from({ length: 40 }, (_, i) => ({ channel: userChannel(i + 1), event: 'NotificationSent' as const, payload: notice(i + 1) }));
  publisher.publishMany(events, { onlyOccupied: 'private-user.' });
  for (const [at, client] of clients.entries()) {
    const frame = await client.event('NotificationSent', userChannel(online[at]));
    expect(parseData(frame)).toMatchObject({ notification: { id: online[at], title: `Notice ${online[at]}` } });
  }
  await publisher.close();
  // Exactly once each: nothing else arrives before a round trip.
  for (const client of clients) await client.nothingSoFar((frame) => frame.event === 'NotificationSent');
});
