// What every forked bench API (bench/*-server.ts) starts the same way: the product's config for a
// bench (a fresh database from BENCH_DATABASE_URL or BENCH_DATA_DIR, no demo data, no realtime
// server, quiet logs), that database open, and the API on a free port with no mail and, when the
// bench measures something else than delivery, realtime events dropped.
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { databaseOptionsOf, openDatabase } from '../../server/db/client';
import type { Mailer } from '../../server/mail/mailer';
import type { Publisher } from '../../server/modules/realtime/publisher';

const noMail: Mailer = { send: async () => undefined, close: () => undefined };
const dropEvents: Publisher = {
  publish: () => '',
  publishMany: () => undefined,
  terminateUserConnections: () => undefined,
  flush: async () => undefined,
  close: async () => undefined,
};

export type BenchConfig = ReturnType<typeof loadConfig>;
export type BenchDatabase = Awaited<ReturnType<typeof openDatabase>>;
export type BenchApp = Awaited<ReturnType<typeof buildApp>>;

/** The bench's config and its database, opened (not migrated: a replica node must not). */
export async function openBenchDatabase(env: NodeJS.ProcessEnv = process.env): Promise<{ config: BenchConfig; database: BenchDatabase }> {
  const config = loadConfig(
    { NODE_ENV: 'development', LOG_LEVEL: env.BENCH_LOG_LEVEL ?? 'fatal', DATA_DIR: env.BENCH_DATA_DIR, DATABASE_URL: env.BENCH_DATABASE_URL, DATABASE_POOL_SIZE: env.DATABASE_POOL_SIZE, PGLITE_THREAD: env.PGLITE_THREAD, SEED_DEMO: 'false', START_REALTIME: 'false' },
    { webRoot: '/nonexistent' },
  );
  return { config, database: await openDatabase(databaseOptionsOf(config)) };
}

/** The API on 127.0.0.1 and a free port; realtime events are dropped unless `keepEvents`. */
export async function listenBenchApi(config: BenchConfig, database: BenchDatabase, options: { keepEvents?: boolean } = {}): Promise<{ app: BenchApp; apiPort: number }> {
  const app = await buildApp(config, { database, mailer: noMail, ...(options.keepEvents ? {} : { publisher: dropEvents }) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { app, apiPort: typeof address === 'object' && address ? address.port : 0 };
}
