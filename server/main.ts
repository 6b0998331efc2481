import { buildApp } from './app';
import { loadConfig } from './config';
import { databaseOptionsOf, openDatabase } from './db/client';
import { prepareDatabase } from './db/prepare-database';
import { LISTEN_BACKLOG } from './listen-backlog';
import { startRealtimeServer } from './realtime/pusher-server';

/** The production entry: database, API and (unless disabled) the realtime server in one process. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(databaseOptionsOf(config));
  const { seeded } = await prepareDatabase(database, { seedDemo: config.seedDemo });
  const app = await buildApp(config, { database });
  if (seeded) app.log.info('demo data seeded');

  const stops: Array<() => Promise<void>> = [];
  if (config.startRealtime) {
    // The API's publisher reaches it through the same HTTP API any Pusher-compatible service offers.
    const realtime = await startRealtimeServer({
      port: config.realtimePort,
      host: config.host,
      apps: [{ id: config.pusher.appId, key: config.pusher.key, secret: config.pusher.secret }],
      activityTimeoutSec: 60,
      redisUrl: config.redisUrl,
      connectionLimits: config.realtimeLimits,
      trustProxy: config.trustProxy,
      logger: {
        info: (message, fields) => app.log.info({ ...fields, service: 'realtime' }, message),
        warn: (message, fields) => app.log.warn({ ...fields, service: 'realtime' }, message),
        error: (message, fields) => app.log.error({ ...fields, service: 'realtime' }, message),
      },
    });
    app.log.info({ port: realtime.port }, 'realtime server listening');
    stops.push(() => realtime.close());
  }
  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  stops.unshift(() => app.close());
  stops.push(() => database.close());

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    for (const fn of stops) await fn().catch((err) => app.log.error({ err }, 'shutdown step failed'));
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
