import path from 'node:path';
import type { PusherTarget } from './modules/realtime/publisher';
import { connectionLimitsFromEnv, type ConnectionLimits } from './realtime/connection-limits';
import { LIKE_MIN_ACCOUNT_AGE_MINUTES } from '../shared/validation/olympiad-works-rules';
import { poolSizeFrom } from './db/pool-size';
import type { PgliteThread } from './db/client';

/** Every setting the server reads, with the defaults the README documents. */
export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** Unset: embedded PGlite in `dataDir/pglite` (or in memory for tests when `dataDir` is `memory://`). */
  databaseUrl?: string;
  /**
   * `DATABASE_POOL_SIZE`: PostgreSQL connections this API process keeps at most. Unset: twice the
   * machine's cores (at least 4), which suits an API next to its database; see server/db/pool-size.ts.
   */
  databasePoolSize: number;
  /**
   * `PGLITE_THREAD`: `worker` (the default) runs the embedded database on a thread of its own
   * (server/db/pglite-on-thread.ts), so its statements do not hold back the API's other work; `main`
   * runs it on the API's thread.
   */
  pgliteThread: PgliteThread;
  /**
   * `SEARCH_INDEX`: `memory` (the default) keeps the products' search documents in memory in each API process
   * (server/modules/catalog/search/product-index) and finds and ranks products there; `database` asks
   * PostgreSQL's text index for them on every new search, as before.
   */
  searchIndex: SearchIndexMode;
  apiKey?: string;
  smtpUrl: string;
  mailFrom: string;
  /** Public origin of the SPA, used in links inside letters. */
  publicUrl: string;
  webRoot: string;
  redisUrl?: string;
  /** Where the API publishes: our realtime server or any Pusher-compatible service. */
  pusher: PusherTarget;
  /** Host the browser connects to for realtime; empty means the page's own host. */
  publicPusherHost: string;
  /** Port the browser connects to for realtime (PUBLIC_PUSHER_PORT) when it is not the one the API publishes to (`pusher.port`). */
  publicPusherPort?: number;
  realtimePort: number;
  /** Realtime connections per client address and per user (REALTIME_MAX_CONNECTIONS_PER_IP / _PER_USER). */
  realtimeLimits: ConnectionLimits;
  /** Disable to run the API without the realtime server (a separate node serves it). */
  startRealtime: boolean;
  logLevel: string;
  /** Fastify's trustProxy: false by default, so a client cannot pick its own IP with X-Forwarded-For. */
  trustProxy: boolean | string;
  /** Seeds demo data into an empty database on start. */
  seedDemo: boolean;
  /** `PAYMENT_PROVIDER`: which card payment provider charges orders (server/modules/payments); `test` is built in. */
  paymentProvider: string;
  /** `LIKE_MIN_ACCOUNT_AGE_MINUTES`: how old an olympiad account must be to like works (an abuse limit; the e2e run sets 0). */
  likeMinAccountAgeMinutes: number;
}

const DEV_PUSHER = { appId: 'app-id', key: 'app-key', secret: 'app-secret' };

function int(value: string | undefined, fallback: number): number {
  const parsed = value === undefined || value === '' ? NaN : Number(value);
  return Number.isInteger(parsed) ? parsed : fallback;
}

/** `PGLITE_THREAD`: `worker` (unset) or `main`; anything else stops the start with the reason. */
export function pgliteThreadFrom(value: string | undefined): PgliteThread {
  if (value === undefined || value === '' || value === 'worker') return 'worker';
  if (value === 'main') return 'main';
  throw new Error(`PGLITE_THREAD must be "main" or "worker", not "${value}"`);
}

export type SearchIndexMode = 'memory' | 'database';

/** `SEARCH_INDEX`: `memory` (unset) or `database`; anything else stops the start with the reason. */
export function searchIndexFrom(value: string | undefined): SearchIndexMode {
  if (value === undefined || value === '' || value === 'memory') return 'memory';
  if (value === 'database') return 'database';
  throw new Error(`SEARCH_INDEX must be "memory" or "database", not "${value}"`);
}

/** `TRUST_PROXY`: unset/false, true, or the proxy addresses (comma-separated). */
export function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  return value === 'true' ? true : value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const mode = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const port = int(env.PORT, 8080);
  const realtimePort = int(env.REALTIME_PORT, 6001);
  const pusher = {
    appId: env.PUSHER_APP_ID || DEV_PUSHER.appId,
    key: env.PUSHER_APP_KEY || DEV_PUSHER.key,
    secret: env.PUSHER_APP_SECRET || DEV_PUSHER.secret,
    host: env.PUSHER_HOST || '127.0.0.1',
    port: int(env.PUSHER_PORT, realtimePort),
    useTLS: env.PUSHER_TLS === 'true',
  };
  if (mode === 'production' && (pusher.key === DEV_PUSHER.key || pusher.secret === DEV_PUSHER.secret)) {
    throw new Error('PUSHER_APP_KEY and PUSHER_APP_SECRET must be set in production');
  }
  return {
    env: mode,
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: poolSizeFrom(env.DATABASE_POOL_SIZE),
    pgliteThread: pgliteThreadFrom(env.PGLITE_THREAD),
    searchIndex: searchIndexFrom(env.SEARCH_INDEX),
    apiKey: env.API_KEY || undefined,
    smtpUrl: env.SMTP_URL || 'smtp://127.0.0.1:1025',
    mailFrom: env.MAIL_FROM || 'Bazaar <no-reply@bazaar.local>',
    publicUrl: env.PUBLIC_URL || `http://localhost:${port}`,
    webRoot: path.resolve(env.WEB_ROOT || './dist/web'),
    redisUrl: env.REDIS_URL || undefined,
    pusher,
    publicPusherHost: env.PUBLIC_PUSHER_HOST || '',
    publicPusherPort: env.PUBLIC_PUSHER_PORT ? int(env.PUBLIC_PUSHER_PORT, pusher.port) : undefined,
    realtimePort,
    realtimeLimits: connectionLimitsFromEnv(env),
    startRealtime: env.START_REALTIME !== 'false',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL || (mode === 'test' ? 'silent' : 'info'),
    seedDemo: env.SEED_DEMO !== 'false',
    paymentProvider: env.PAYMENT_PROVIDER || 'test',
    likeMinAccountAgeMinutes: Math.max(0, int(env.LIKE_MIN_ACCOUNT_AGE_MINUTES, LIKE_MIN_ACCOUNT_AGE_MINUTES)),
    ...overrides,
  };
}
