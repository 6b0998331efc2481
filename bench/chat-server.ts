// The API side of `npm run bench:chat`, forked by bench/chat.mjs (run with tsx, from the sources),
// as `npm start` runs it: the API in this process, publishing to our realtime server in its own
// process (BENCH_PUSHER_PORT), on a fresh database (PostgreSQL when BENCH_DATABASE_URL is set,
// else PGlite files in BENCH_DATA_DIR).
// It creates the bench's users with bearer tokens (the sign-in by code is not what is measured),
// then answers the driver over IPC: `long-chat` seeds a chat of N messages, `usage` reports
// its CPU time, `stop` closes everything.
// Several processes (BENCH_API_NODES in bench/chat.mjs): BENCH_REDIS_URL is the Redis they share (rate
// limits), and with BENCH_ROLE=replica this is one more API process on the same PostgreSQL database,
// publishing to its own realtime node: it seeds nothing and answers `usage` and `stop`.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { databaseOptionsOf, openDatabase } from '../server/db/client';
import { chatMembers, chats, users } from '../server/db/schema';
import type { Mailer } from '../server/mail/mailer';
import { tokensRepository } from '../server/modules/auth/tokens-repository';
import { processUsage } from './support/process-usage';
import { prepareDatabase } from '../server/db/prepare-database';

const env = process.env;
const clientCount = Number(env.BENCH_CLIENTS ?? 500);
const agentCount = Number(env.BENCH_AGENTS ?? 20);
const pusherApp = { id: env.PUSHER_APP_ID ?? 'bench-app', key: env.PUSHER_APP_KEY ?? 'bench-key', secret: env.PUSHER_APP_SECRET ?? 'bench-secret' };
const noMail: Mailer = { send: async () => undefined, close: () => undefined };

type Reply = (message: Record<string, unknown>) => void;
const reply: Reply = (message) => process.send?.(message);

async function main() {
  const config = loadConfig(
    {
      NODE_ENV: 'development',
      // Publish failures show up as lost messages in the figures; one log line each would drown them.
      LOG_LEVEL: 'fatal',
      DATA_DIR: env.BENCH_DATA_DIR,
      DATABASE_URL: env.BENCH_DATABASE_URL,
      DATABASE_POOL_SIZE: env.DATABASE_POOL_SIZE,
      PGLITE_THREAD: env.PGLITE_THREAD,
      PUSHER_APP_ID: pusherApp.id,
      PUSHER_APP_KEY: pusherApp.key,
      PUSHER_APP_SECRET: pusherApp.secret,
      PUSHER_HOST: '127.0.0.1',
      PUSHER_PORT: env.BENCH_PUSHER_PORT,
      REDIS_URL: env.BENCH_REDIS_URL,
      SEED_DEMO: 'false',
      // As behind a reverse proxy: each bench client's own address is what per-address limits count.
      TRUST_PROXY: 'loopback',
    },
    { webRoot: '/nonexistent' },
  );
  const database = await openDatabase(databaseOptionsOf(config));
  if (env.BENCH_ROLE === 'replica') {
    const app = await listen(config, database);
    answerDriver(app, database);
    reply({ type: 'ready', kind: database.kind, apiPort: portOf(app) });
    return;
  }
  await prepareDatabase(database, { seedDemo: false });
  const { db } = database;

  const people = [
    ...Array.from({ length: clientCount }, (_, i) => ({ email: `bench-client-${i}@example.com`, name: `Клиент ${i}`, role: 'user' as const })),
    ...Array.from({ length: agentCount }, (_, i) => ({ email: `bench-agent-${i}@example.com`, name: `Агент ${i}`, role: 'support' as const })),
  ];
  const ids: number[] = [];
  for (let i = 0; i < people.length; i += 250) {
    ids.push(...(await db.insert(users).values(people.slice(i, i + 250)).returning({ id: users.id })).map((r) => r.id));
  }
  const tokens = tokensRepository(db);
  const accounts: Array<{ id: number; token: string }> = [];
  for (const id of ids) accounts.push({ id, token: (await tokens.issue(id, { userAgent: 'bench' })).token });

  const app = await listen(config, database);
  const apiPort = portOf(app);

  answerDriver(app, database, async (message) => {
    const [a, b] = message.members!;
    const size = message.size!;
    const [chat] = await db.insert(chats).values({ kind: 'direct', directKey: `${Math.min(a, b)}:${Math.max(a, b)}:bench:long` }).returning({ id: chats.id });
    await db.insert(chatMembers).values([
      { chatId: chat.id, userId: a },
      { chatId: chat.id, userId: b },
    ]);
    await db.execute(sql`
      insert into messages (chat_id, sender_id, content, created_at)
      select ${chat.id}, case when g % 2 = 0 then ${a}::int else ${b}::int end,
             'Сообщение номер ' || g || ': ' || repeat('текст ', 1 + g % 20),
             now() - make_interval(secs => ${size} - g)
      from generate_series(1, ${size}) as g`);
    await db.execute(sql`
      update chats set last_message_id = m.id, last_message_at = m.created_at
      from (select id, created_at from messages where chat_id = ${chat.id} order by id desc limit 1) m
      where chats.id = ${chat.id}`);
    // As after a bulk load in production: fresh planner statistics.
    await db.execute(sql`analyze messages`);
    reply({ type: 'long-chat', chatId: chat.id });
  });

  reply({
    type: 'ready',
    kind: database.kind,
    apiPort,
    clients: accounts.slice(0, clientCount),
    agents: accounts.slice(clientCount),
  });
}

type Config = ReturnType<typeof loadConfig>;
type Database = Awaited<ReturnType<typeof openDatabase>>;
type App = Awaited<ReturnType<typeof buildApp>>;
type DriverMessage = { type: string; size?: number; members?: [number, number] };

/** The API on 127.0.0.1 and a free port, publishing to the realtime node of BENCH_PUSHER_PORT. */
async function listen(config: Config, database: Database) {
  const app = await buildApp(config, { database, mailer: noMail });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

const portOf = (app: App) => {
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
};

/** The driver's questions, the same for every process: `usage`, `stop`, and on the seeding one `long-chat`. */
function answerDriver(app: App, database: Database, longChat?: (message: DriverMessage) => Promise<void>) {
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  process.on('message', async (message: DriverMessage) => {
    if (message.type === 'long-chat' && longChat) await longChat(message);
    else if (message.type === 'usage') reply(processUsage(loopDelay));
    else if (message.type === 'stop') {
      await app.close();
      await database.close();
      reply({ type: 'stopped' });
      process.exit(0);
    }
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
