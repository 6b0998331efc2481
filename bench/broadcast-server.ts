// The API side of `npm run bench:broadcast`, forked by bench/broadcast.mjs (run with tsx, from the
// sources) as `npm start` runs it: the API in this process, publishing to our realtime server in its
// own process (BENCH_PUSHER_PORT), on a fresh database (PostgreSQL when BENCH_DATABASE_URL is set,
// else PGlite files in BENCH_DATA_DIR). It inserts BENCH_USERS users in one generate_series
// statement (every other one reading English) and an admin with a bearer token, then answers the
// driver over IPC: `usage` reports its CPU time, `stop` closes everything.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { databaseOptionsOf, openDatabase } from '../server/db/client';
import { users } from '../server/db/schema';
import type { Mailer } from '../server/mail/mailer';
import { tokensRepository } from '../server/modules/auth/tokens-repository';
import { processUsage } from './support/process-usage';
import { prepareDatabase } from '../server/db/prepare-database';

const env = process.env;
const userCount = Number(env.BENCH_USERS ?? 100_000);
const connectedCount = Number(env.BENCH_CONNECTED ?? 1000);
const pusherApp = { id: env.PUSHER_APP_ID ?? 'bench-app', key: env.PUSHER_APP_KEY ?? 'bench-key', secret: env.PUSHER_APP_SECRET ?? 'bench-secret' };
const noMail: Mailer = { send: async () => undefined, close: () => undefined };
const reply = (message: Record<string, unknown>) => process.send?.(message);

async function main() {
  const config = loadConfig(
    {
      NODE_ENV: 'development',
      LOG_LEVEL: env.BENCH_LOG_LEVEL ?? 'fatal',
      DATA_DIR: env.BENCH_DATA_DIR,
      DATABASE_URL: env.BENCH_DATABASE_URL,
      DATABASE_POOL_SIZE: env.DATABASE_POOL_SIZE,
      PGLITE_THREAD: env.PGLITE_THREAD,
      PUSHER_APP_ID: pusherApp.id,
      PUSHER_APP_KEY: pusherApp.key,
      PUSHER_APP_SECRET: pusherApp.secret,
      PUSHER_HOST: '127.0.0.1',
      PUSHER_PORT: env.BENCH_PUSHER_PORT,
      SEED_DEMO: 'false',
      START_REALTIME: 'false',
    },
    { webRoot: '/nonexistent' },
  );
  const database = await openDatabase(databaseOptionsOf(config));
  await prepareDatabase(database, { seedDemo: false });
  const { db } = database;

  const [admin] = await db.insert(users).values({ email: 'bench-admin@example.com', name: 'Bench Admin', role: 'admin' }).returning({ id: users.id });
  await db.execute(sql`
    insert into users (email, name, locale)
    select 'bench-user-' || g || '@example.com', 'Пользователь ' || g, case when g % 2 = 0 then 'en' else 'ru' end
    from generate_series(1, ${userCount}) as g`);
  await db.execute(sql`analyze users`);
  // The connected ones are spread over the whole range of ids, so the last batch has some of them too.
  const idRows = (await db.execute(sql`select id, locale from users where role = 'user' order by id`)) as unknown as { rows: Array<{ id: number; locale: string }> };
  const ids = idRows.rows.map((row) => ({ id: Number(row.id), locale: row.locale }));
  const step = Math.max(1, Math.floor(ids.length / connectedCount));
  const connected = Array.from({ length: Math.min(connectedCount, ids.length) }, (_, i) => ids[Math.min(ids.length - 1, i * step + step - 1)]);
  const { token } = await tokensRepository(db).issue(admin.id, { userAgent: 'bench' });

  const app = await buildApp(config, { database, mailer: noMail });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const apiPort = typeof address === 'object' && address ? address.port : 0;
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();

  process.on('message', async (message: { type: string }) => {
    if (message.type === 'usage') reply(processUsage(loopDelay));
    else if (message.type === 'stop') {
      await app.close();
      await database.close();
      reply({ type: 'stopped' });
      process.exit(0);
    }
  });
  reply({ type: 'ready', kind: database.kind, apiPort, adminToken: token, connected, users: ids.length + 1 });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
