import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemoIfEmpty } from './db/seed/seed-demo';

/** The production entry: database, API and (unless disabled) the realtime server in one process. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const app = await buildApp(config, { database });
  if (config.seedDemo && (await seedDemoIfEmpty(database.db))) app.log.info('demo data seeded');

  const stops: Array<() => Promise<void>> = [];
  await app.listen({ port: config.port, host: config.host });
  stops.push(() => app.close());
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
