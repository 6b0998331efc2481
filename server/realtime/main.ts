import { parseTrustProxy } from '../config';
import { connectionLimitsFromEnv } from './connection-limits';
import { createJsonLogger } from './logger';
import { startRealtimeServer } from './pusher-server';

/** The product's LOG_LEVEL (pino names) mapped onto the realtime logger's levels. */
function logLevelFromEnv(value: string | undefined): 'info' | 'warn' | 'error' | 'silent' {
  if (value === 'warn' || value === 'error' || value === 'silent') return value;
  if (value === 'fatal') return 'error';
  return 'info';
}

/** Standalone entry: `node dist/server/realtime/main.js`, configured by the environment like the rest of the product. */
async function main(): Promise<void> {
  const logger = createJsonLogger(logLevelFromEnv(process.env.LOG_LEVEL));
  const port = Number(process.env.REALTIME_PORT ?? 6001);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`REALTIME_PORT is not a port: ${process.env.REALTIME_PORT}`);
  const activityTimeoutSec = process.env.REALTIME_ACTIVITY_TIMEOUT ? Number(process.env.REALTIME_ACTIVITY_TIMEOUT) : undefined;

  const server = await startRealtimeServer({
    port,
    host: process.env.REALTIME_HOST,
    apps: [
      {
        id: process.env.PUSHER_APP_ID ?? 'app-id',
        key: process.env.PUSHER_APP_KEY ?? 'app-key',
        secret: process.env.PUSHER_APP_SECRET ?? 'app-secret',
      },
    ],
    activityTimeoutSec,
    redisUrl: process.env.REDIS_URL || undefined,
    connectionLimits: connectionLimitsFromEnv(process.env),
    // Behind the same proxy as the API: clients are counted by the address the proxy names.
    trustProxy: parseTrustProxy(process.env.TRUST_PROXY),
    logger,
  });

  let stopping = false;
  const stop = (signal: string): void => {
    // A second signal means the operator is done waiting.
    if (stopping) process.exit(1);
    stopping = true;
    logger.info('realtime.signal', { signal });
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error('realtime.stop_failed', { error: String(error) });
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`${JSON.stringify({ level: 'error', service: 'realtime', message: 'realtime.start_failed', error: String(error) })}\n`);
  process.exit(1);
});
