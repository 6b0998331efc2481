import { eq } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { seedOlympiad } from '../server/db/seed/olympiad-seed';
import { seedOlympiadTests } from '../server/db/seed/olympiad-tests-seed';
import { olympiadParticipants, olympiadStages, olympiadTests, users } from '../server/db/schema';
import { tokensRepository } from '../server/modules/auth/tokens-repository';

async function main() {
  const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'fatal', DATABASE_URL: process.env.URL, DATA_DIR: process.env.DIR, SEED_DEMO: 'false' }, { webRoot: '/nonexistent' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const { db } = database;
  await seedOlympiad(db);
  await seedOlympiadTests(db);
  const [first] = await db.select().from(olympiadStages).where(eq(olympiadStages.kind, 'first'));
  const [test] = await db.insert(olympiadTests).values({ stageId: first.id, title: 'x', attemptsAllowed: 1, timeLimitMinutes: 1, categories: ['Первый этап'], published: true }).returning();
  const N = 300;
  const now = new Date();
  const rows = await db.insert(users).values(Array.from({ length: N }, (_, i) => ({ email: `m${i}@x.ru`, name: `m${i}` }))).returning({ id: users.id, email: users.email });
  await db.insert(olympiadParticipants).values(rows.map((r, i) => ({ userId: r.id, login: `m${i}`, passwordHash: 'x', fullName: 'x y', birthDate: '2010-01-01', sex: 'male' as const, country: 'x', city: 'x', school: 'x', referralSource: 'school', category: 'middle', agreementAcceptedAt: now, emailVerifiedAt: now, verifiedEmail: r.email })));
  const tokens = tokensRepository(db);
  const toks: string[] = [];
  for (const r of rows) toks.push((await tokens.issue(r.id, {})).token);
  const app = await buildApp(config, { database, mailer: { send: async () => undefined, close: () => undefined } });
  await app.ready();
  const h = (t: string) => ({ authorization: `Bearer ${t}` });
  // warm
  for (let i = 0; i < 5; i++) await app.inject({ method: 'GET', url: '/v1/olympiad/tests', headers: h(toks[i]) });
  let c0 = process.cpuUsage(); let t0 = performance.now();
  const attempts: any[] = [];
  for (const t of toks) attempts.push((await app.inject({ method: 'POST', url: `/v1/olympiad/tests/${test.id}/start`, headers: h(t) })).json().data);
  let c1 = process.cpuUsage(c0); let t1 = performance.now();
  console.log('start: cpu ms/op', ((c1.user + c1.system) / 1000 / N).toFixed(2), 'wall ms/op', ((t1 - t0) / N).toFixed(2));
  c0 = process.cpuUsage(); t0 = performance.now();
  let k = 0;
  for (let round = 1; round <= 3; round++) for (let i = 0; i < N; i++) {
    const a = attempts[i]; const q = a.questions[round];
    const ans = q.type === 'single_choice' ? { choice: 'A' } : q.type === 'multiple_choice' ? { choices: ['A'] } : q.type === 'open_text' ? { text: 'x' } : q.type === 'ordering' ? { order: q.items.map((x: any) => x.letter) } : q.type === 'matching' ? { matches: { '1': 'A' } } : { gaps: { '1': 'A' } };
    const r = await app.inject({ method: 'PUT', url: `/v1/olympiad/attempts/${a.id}/answers/${q.id}`, headers: h(toks[i]), payload: { version: round, answer: ans } });
    if (r.statusCode !== 200) console.log(r.statusCode, r.body);
    k++;
  }
  c1 = process.cpuUsage(c0); t1 = performance.now();
  console.log('save: cpu ms/op', ((c1.user + c1.system) / 1000 / k).toFixed(2), 'wall ms/op', ((t1 - t0) / k).toFixed(2));
  await app.close(); await database.close();
}
main();
