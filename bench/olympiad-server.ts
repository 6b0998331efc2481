// The API side of `npm run bench:olympiad`, forked by bench/olympiad.mjs (run with tsx, from the
// sources), as `npm start` runs it: the API in this process on a fresh database (PostgreSQL when
// BENCH_DATABASE_URL is set, else PGlite files in BENCH_DATA_DIR), with the sweep timer running.
// With BENCH_ROLE=replica it is one more API node on the same PostgreSQL database and seeds
// nothing (its own sweep races the others', as on several nodes); a node the fault run restarts
// after SIGKILL comes back as a replica. Otherwise it seeds the stages and the demo tests, BENCH_PARTICIPANTS verified participants with bearer
// tokens (signing in is not what is measured) and one published first-stage test of
// BENCH_LIMIT_MINUTES minutes drawn from the first stage's bank. BENCH_API_PORT (0: any free one)
// is the port it listens on, so a restarted node comes back where its clients were. Every node
// answers the driver over IPC: `report` (with the test's id) returns every attempt of the test
// with its stored answers (to count lost answers and the sweep's lag), `usage` its CPU time, `stop`
// closes everything.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { databaseOptionsOf, openDatabase } from '../server/db/client';
import { seedOlympiad } from '../server/db/seed/olympiad-seed';
import { seedOlympiadTests } from '../server/db/seed/olympiad-tests-seed';
import { olympiadParticipants, olympiadStages, olympiadTests, users } from '../server/db/schema';
import type { Mailer } from '../server/mail/mailer';
import { tokensRepository } from '../server/modules/auth/tokens-repository';
import { processUsage } from './support/process-usage';
import { prepareDatabase } from '../server/db/prepare-database';
import { LISTEN_BACKLOG } from '../server/listen-backlog';

const env = process.env;
const participantCount = Number(env.BENCH_PARTICIPANTS ?? 2000);
const limitMinutes = Number(env.BENCH_LIMIT_MINUTES ?? 1);
const listenPort = Number(env.BENCH_API_PORT ?? 0);
// BENCH_LISTEN_BACKLOG: the accept queue, the product's own unless set (to measure what the product's choice does).
const backlog = Number(env.BENCH_LISTEN_BACKLOG || LISTEN_BACKLOG);
const noMail: Mailer = { send: async () => undefined, close: () => undefined };
const reply = (message: Record<string, unknown>) => process.send?.(message);

interface RawRows<T> {
  rows: T[];
}

async function main() {
  const config = loadConfig(
    { NODE_ENV: 'development', LOG_LEVEL: 'fatal', DATA_DIR: env.BENCH_DATA_DIR, DATABASE_URL: env.BENCH_DATABASE_URL, DATABASE_POOL_SIZE: env.DATABASE_POOL_SIZE, PGLITE_THREAD: env.PGLITE_THREAD, SEED_DEMO: 'false' },
    { webRoot: '/nonexistent' },
  );
  const database = await openDatabase(databaseOptionsOf(config));
  const { db } = database;
  if (env.BENCH_ROLE === 'replica') {
    const app = await buildApp(config, { database, mailer: noMail });
    await app.listen({ port: listenPort, host: '127.0.0.1', backlog });
    const address = app.server.address();
    listenForDriver(db, async () => {
      await app.close();
      await database.close();
    });
    reply({ type: 'ready', kind: database.kind, apiPort: typeof address === 'object' && address ? address.port : 0 });
    return;
  }
  await prepareDatabase(database, { seedDemo: false });
  await seedOlympiad(db);
  await seedOlympiadTests(db);

  const [first] = await db.select().from(olympiadStages).where(eq(olympiadStages.kind, 'first'));
  const [test] = await db
    .insert(olympiadTests)
    .values({
      stageId: first.id,
      title: 'Нагрузочный тест',
      titleEn: 'Load test',
      attemptsAllowed: 1,
      timeLimitMinutes: limitMinutes,
      categories: ['Первый этап'],
      published: true,
    })
    .returning();

  const now = new Date();
  const ids: number[] = [];
  for (let i = 0; i < participantCount; i += 250) {
    const batch = Array.from({ length: Math.min(250, participantCount - i) }, (_, j) => ({ email: `bench-pupil-${i + j}@example.com`, name: `Участник ${i + j}` }));
    const rows = await db.insert(users).values(batch).returning({ id: users.id, email: users.email });
    await db.insert(olympiadParticipants).values(
      rows.map((row, j) => ({
        userId: row.id,
        login: `bench${i + j}`,
        passwordHash: 'scrypt$bench$not-used',
        fullName: `Участник Нагрузочный ${i + j}`,
        birthDate: '2010-05-01',
        sex: 'female' as const,
        country: 'Россия',
        city: 'Москва',
        school: 'Школа № 1',
        referralSource: 'school',
        category: 'middle',
        agreementAcceptedAt: now,
        emailVerifiedAt: now,
        verifiedEmail: row.email,
      })),
    );
    ids.push(...rows.map((r) => r.id));
  }
  const tokens = tokensRepository(db);
  const participants: Array<{ id: number; token: string }> = [];
  // A few at once (the pool's worth): 10,000 one after another take a while.
  for (let i = 0; i < ids.length; i += 8) {
    const batch = ids.slice(i, i + 8);
    const issued = await Promise.all(batch.map((id) => tokens.issue(id, { userAgent: 'bench' })));
    batch.forEach((id, j) => participants.push({ id, token: issued[j].token }));
  }

  const app = await buildApp(config, { database, mailer: noMail });
  await app.listen({ port: listenPort, host: '127.0.0.1', backlog });
  const address = app.server.address();
  const apiPort = typeof address === 'object' && address ? address.port : 0;
  listenForDriver(db, async () => {
    await app.close();
    await database.close();
  });
  reply({ type: 'ready', kind: database.kind, apiPort, testId: test.id, participants });
}

/** Every attempt of the test, with its times in ms since the epoch, and every answer stored in them. */
async function reportOf(db: Awaited<ReturnType<typeof openDatabase>>['db'], testId: number) {
  const attempts = (await db.execute(sql`
    select id, user_id, extract(epoch from started_at) * 1000 as started_ms, extract(epoch from deadline) * 1000 as deadline_ms,
           extract(epoch from finished_at) * 1000 as finished_ms, extract(epoch from closed_at) * 1000 as closed_ms, finished_by,
           correct, question_count
      from olympiad_attempts where test_id = ${testId}`)) as unknown as RawRows<Record<string, unknown>>;
  const answers = (await db.execute(sql`
    select q.attempt_id, q.question_id, q.version::float8 as version, q.answer
      from olympiad_attempt_questions q join olympiad_attempts a on a.id = q.attempt_id
     where a.test_id = ${testId} and q.version > 0`)) as unknown as RawRows<Record<string, unknown>>;
  return { attempts: attempts.rows, answers: answers.rows };
}

/** Answers the driver: `report` (of a test), `usage` (CPU and event-loop delay since the last ask), `stop`. */
function listenForDriver(db: Awaited<ReturnType<typeof openDatabase>>['db'], close: () => Promise<void>) {
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  process.on('message', async (message: { type: string; testId?: number }) => {
    if (message.type === 'report') {
      reply({ type: 'report', ...(await reportOf(db, Number(message.testId))) });
    } else if (message.type === 'usage') {
      reply(processUsage(loopDelay));
    } else if (message.type === 'stop') {
      await close();
      reply({ type: 'stopped' });
      process.exit(0);
    }
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
