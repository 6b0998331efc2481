// node --import tsx bench/olympiad-rating.ts — how long one read of the rating takes (issue 15 §6).
// BENCH_EXPLAIN=1 also prints the plan of page 1.
//
// Seeds BENCH_PARTICIPANTS (10,000) participants in a fresh database (PGlite in a temp folder, or
// DATABASE_URL), each with finished attempts as the olympiad leaves them: two training attempts
// (the best counts), a first-stage attempt, and for half of them the second stage's quiz and a
// graded essay; every attempt with 12 question rows (so the essay lookup has the bank's real
// shape), a final result for 300 and scored creative works for 1,000. Then times the reads the
// API makes, each the one statement of rating-repository.ts: page 1, a deep page with my row, a
// category, a stage, and /me. Prints the median and the slowest of BENCH_RUNS (20) runs each.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { seedOlympiad } from '../server/db/seed/olympiad-seed';
import { rawRows } from '../server/modules/catalog/common/raw-rows';
import { ratingStatement } from '../server/modules/olympiad-rating/rating-query';
import { ratingRepository } from '../server/modules/olympiad-rating/rating-repository';

const envInt = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const PARTICIPANTS = envInt('BENCH_PARTICIPANTS', 10_000);
const RUNS = envInt('BENCH_RUNS', 20);

async function main() {
  const dir = process.env.DATABASE_URL ? null : mkdtempSync(join(tmpdir(), 'rating-bench-'));
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: dir ?? '' });
  await database.migrate();
  const { db } = database;
  await seedOlympiad(db);
  const seeding = performance.now();
  await db.execute(sql`
    insert into olympiad_tests (stage_id, title, format, published)
    select s.id, t.title, t.format::olympiad_test_format, true
      from (values ('training', 'bench training', 'quiz'), ('first', 'bench first', 'quiz'),
                   ('second', 'bench second', 'quiz'), ('second', 'bench essay', 'essay')) as t(kind, title, format)
      join olympiad_stages s on s.kind::text = t.kind`);
  await db.execute(sql`
    insert into olympiad_questions (type, text, content)
    select 'single_choice'::olympiad_question_type, 'q' || g, '{}'::jsonb from generate_series(1, 12) g
    union all select 'essay'::olympiad_question_type, 'e', '{}'::jsonb`);
  await db.execute(sql`
    insert into users (email, name) select 'bench' || g || '@example.com', 'Bench ' || g from generate_series(1, ${PARTICIPANTS}) g`);
  await db.execute(sql`
    insert into olympiad_participants (user_id, login, password_hash, full_name, birth_date, sex, country, city, school, referral_source, category, agreement_accepted_at)
    select u.id, 'bench' || u.id, 'x', 'Bench', '2011-01-01', 'female', 'Россия', 'Казань', 'Лицей', 'school',
           (array['junior', 'middle', 'senior'])[1 + u.id % 3], now()
      from users u where u.email like 'bench%'`);
  // Attempts: (test, how many per participant, which participants).
  await db.execute(sql`
    insert into olympiad_attempts (test_id, user_id, number, seed, started_at, finished_at, finished_by, points_hundredths, speed_hundredths, time_spent_ms)
    select t.id, p.user_id, n, 1, now() - interval '1 hour', now() - make_interval(secs => (p.user_id * 7 + n) % 3000), 'participant',
           ((p.user_id * 37 + n * 11 + t.id) % 1200), case when s.kind = 'training' then 0 else (p.user_id * 13) % 1000 end,
           ((p.user_id * 101 + n) % 1500) * 1000
      from olympiad_participants p
      join olympiad_tests t on t.title like 'bench%'
      join olympiad_stages s on s.id = t.stage_id
      cross join lateral generate_series(1, case when s.kind = 'training' then 2 else 1 end) n
     where p.login like 'bench%' and (s.kind <> 'second' or p.user_id % 2 = 0)`);
  await db.execute(sql`
    insert into olympiad_attempt_questions (attempt_id, question_id, position, snapshot, layout, points_hundredths, graded_at)
    select a.id, q.id, q.id, jsonb_build_object('type', q.type, 'text', 'q', 'text_en', null, 'max_points', 1, 'content', '{}'::jsonb), '{}',
           case when q.type = 'essay' then 500 else 100 end, case when q.type = 'essay' then now() end
      from olympiad_attempts a
      join olympiad_tests t on t.id = a.test_id
      join olympiad_questions q on (q.type = 'essay') = (t.format = 'essay')`);
  await db.execute(sql`
    insert into olympiad_final_results (stage_id, user_id, points_hundredths)
    select s.id, p.user_id, (p.user_id * 17) % 5000 from olympiad_participants p, olympiad_stages s
     where s.kind = 'final' and p.login like 'bench%' and p.user_id % 33 = 0`);
  await db.execute(sql`
    insert into creative_contests (title_ru, title_en, description_ru, description_en, starts_at, ends_at) values ('К', 'C', 'О', 'D', now(), now() + interval '1 month')`);
  await db.execute(sql`
    insert into creative_works (participant_id, contest_id, category, title, description, status, file_kind, file_bytes, upload_key, score)
    select p.user_id, (select max(id) from creative_contests), p.category, 'w', 'd', 'approved', 'image', 1, gen_random_uuid(), (p.user_id % 10)
      from olympiad_participants p where p.login like 'bench%' and p.user_id % 10 = 0`);
  await db.execute(sql`analyze`);
  const [counts] = await rawRows(db, sql`select (select count(*)::int from olympiad_attempts) as attempts, (select count(*)::int from olympiad_attempt_questions) as questions`);
  console.log(`seeded ${PARTICIPANTS} participants in ${Math.round(performance.now() - seeding)} ms:`, counts);

  if (process.env.BENCH_EXPLAIN) {
    const plan = await rawRows<Record<string, string>>(db, sql`explain analyze ${ratingStatement({}, sql`*`)} where position <= 50`);
    for (const row of plan) console.log(Object.values(row)[0]);
  }
  const rating = ratingRepository(db);
  const someone = PARTICIPANTS; // a user id well down the list
  const reads: Array<[string, () => Promise<unknown>]> = [
    ['page 1 (guest)', () => rating.page({}, 1, 50, null)],
    ['page 100 with my row', () => rating.page({}, 100, 50, someone)],
    ['category middle', () => rating.page({ category: 'middle' }, 1, 50, someone)],
    ['stage second', () => rating.page({ stage: 'second' }, 1, 50, someone)],
    ['/me (overall and category)', () => rating.mine(someone)],
  ];
  for (const [name, read] of reads) {
    await read();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await read();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`${name.padEnd(28)} median ${times[Math.floor(RUNS / 2)].toFixed(1)} ms, slowest ${times[RUNS - 1].toFixed(1)} ms`);
  }
  await database.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
