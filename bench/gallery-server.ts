// The API side of `npm run bench:gallery`, forked by bench/gallery.mjs (run with tsx, from the sources)
// on a fresh database (PostgreSQL when BENCH_DATABASE_URL is set, else PGlite files in BENCH_DATA_DIR).
// It seeds in SQL with generate_series (no row-by-row inserts): BENCH_CONTESTS contests, authors,
// BENCH_LIKERS participants (accounts a month old, with bearer tokens), BENCH_WORKS published works and
// BENCH_LIKES likes from the likers, then sets every work's likes_count from its like rows. Then it
// EXPLAINs every gallery page statement (custom and generic plans) and serves the API. Over IPC:
// `figures` compares every likes_count with count(*) of its rows, `usage` reports CPU, `stop` closes.
// Realtime events go to a publisher that drops them (bench:realtime measures delivery).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { tokensRepository } from '../server/modules/auth/tokens-repository';
import { galleryPageText } from '../server/modules/olympiad-gallery/gallery-repository';
import { WORK_SORTS } from '../shared/validation/olympiad-works-rules';
import { listenBenchApi, openBenchDatabase } from './support/bench-api';
import { processUsage } from './support/process-usage';
import { prepareDatabase } from '../server/db/prepare-database';

const env = process.env;
const works = Number(env.BENCH_WORKS ?? 100_000);
const likes = Number(env.BENCH_LIKES ?? 5_000_000);
const likers = Number(env.BENCH_LIKERS ?? 1000);
const contests = Number(env.BENCH_CONTESTS ?? 20);
const authors = Math.max(10, Math.min(5000, Math.round(works / 20)));

const reply = (message: Record<string, unknown>) => process.send?.(message);
const rows = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const seconds = (t0: number) => (performance.now() - t0) / 1000;

/** Participants `prefix_1 … prefix_n`, a month old, e-mail confirmed, in the three categories in turn. */
async function seedParticipants(db: Db, prefix: string, count: number): Promise<void> {
  await db.execute(sql`
    with made as (
      insert into users (email, name, created_at)
      select ${prefix} || '-' || g || '@example.com', 'Участник ' || g, now() - interval '30 days' from generate_series(1, ${count}::int) g
      returning id, email
    )
    insert into olympiad_participants (user_id, login, password_hash, full_name, birth_date, sex, country, city, school, referral_source, category,
                                       agreement_accepted_at, email_verified_at, verified_email, created_at)
    select id, ${prefix} || '_' || id, 'bench', 'Участник Олимпиады', '2011-05-05', 'female', 'Россия', 'Москва', 'Школа № 1', 'school',
           (array['junior', 'middle', 'senior'])[1 + id % 3], now() - interval '30 days', now() - interval '30 days', email, now() - interval '30 days'
      from made`);
}

async function seed(db: Db) {
  const timings: Record<string, number> = {};
  let t0 = performance.now();
  await db.execute(sql`
    insert into creative_contests (title_ru, title_en, description_ru, description_en, starts_at, ends_at)
    select 'Конкурс ' || g, 'Contest ' || g, 'Правила', 'Rules', now() - interval '60 days', now() + interval '60 days' from generate_series(1, ${contests}::int) g`);
  await seedParticipants(db, 'bench-author', authors);
  await seedParticipants(db, 'bench-liker', likers);
  timings.people = seconds(t0);

  t0 = performance.now();
  // Titles from a small vocabulary (many share a first word, as real ones do), published over a year.
  await db.execute(sql`
    with a as (select array_agg(user_id order by user_id) as ids from olympiad_participants where login like 'bench-author%'),
         c as (select array_agg(id order by id) as ids from creative_contests)
    insert into creative_works (participant_id, contest_id, category, title, description, status, file_kind, file_bytes, upload_key, likes_count, submitted_at, published_at)
    select a.ids[1 + g % ${authors}::int], c.ids[1 + g % ${contests}::int], (array['junior', 'middle', 'senior'])[1 + (g / 7) % 3],
           (array['Зима', 'лето', 'Осенний лес', 'Ёжик', 'Мой город', 'Kosmos', 'Семья', 'Море', 'Дружба', 'Apple', 'Мечта', 'Радуга'])[1 + g % 12] || ' ' || g,
           'Работа участника олимпиады', 'approved', 'image', 100000 + g % 5000, gen_random_uuid(), 0,
           now() - make_interval(secs => g * 300), now() - make_interval(secs => g * 300 - 60)
      from generate_series(1, ${works}::int) g, a, c`);
  timings.works = seconds(t0);

  t0 = performance.now();
  // Each liker likes a run of works from its own offset: pairs never repeat while the run is shorter than the works.
  const perLiker = Math.min(works, Math.floor(likes / likers));
  await db.transaction(async (tx) => {
    // The bench's own rows: no foreign-key checks per like (5 million lookups) while loading them.
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`
      with w as (select min(id) as first from creative_works),
           l as (select user_id, row_number() over (order by user_id) as n from olympiad_participants where login like 'bench-liker%')
      insert into creative_work_likes (work_id, user_id, created_at)
      select w.first + ((l.n * 7919 + k) % ${works}::int), l.user_id, now() - interval '1 day'
        from l, w, generate_series(0, ${perLiker}::int - 1) k`);
  });
  timings.likes = seconds(t0);
  t0 = performance.now();
  await db.execute(sql`
    update creative_works w set likes_count = c.n from (select work_id, count(*)::int as n from creative_work_likes group by work_id) c where w.id = c.work_id`);
  await db.execute(sql`vacuum analyze`);
  // Write the seed out now, so the run does not meet a checkpoint flushing it (PostgreSQL only).
  if (env.BENCH_DATABASE_URL) await db.execute(sql`checkpoint`);
  timings.counters = seconds(t0);
  const [count] = await rows<{ works: number; likes: number }>(db, sql`select (select count(*)::int from creative_works) as works, (select count(*)::int from creative_work_likes) as likes`);
  return { timings, ...count };
}

/** The plan of every page statement: which index each sort and filter scans, and whether anything sorts or reads the whole table. */
async function explainAll(db: Db, kind: string) {
  const [sample] = await rows<{ micros: number; contest: number; id: number }>(
    db,
    sql`select (extract(epoch from published_at) * 1000000)::int8::float8 as micros, contest_id as contest, id from creative_works order by id offset ${Math.floor(works / 2)} limit 1`,
  );
  const keyOf = { time: sample.micros, count: 40, text: 'м' } as const;
  const lines: string[] = [];
  let bad = 0;
  const filters = [{}, { contestId: sample.contest }, { category: 'middle' as const }, { contestId: sample.contest, category: 'middle' as const }];
  for (const sort of WORK_SORTS) {
    const keyKind = sort.startsWith('likes') ? 'count' : sort.startsWith('title') ? 'text' : 'time';
    for (const filter of filters) {
      const parts: string[] = [];
      for (const after of [false, true]) {
        const params: unknown[] = [0, 25];
        if ('contestId' in filter) params.push(filter.contestId);
        if ('category' in filter) params.push(filter.category);
        if (after) params.push(keyOf[keyKind], sample.id);
        for (const mode of kind === 'postgres' ? ['custom', 'generic'] : ['custom']) {
          const plan = await db.transaction(async (tx) => {
            await tx.execute(sql.raw(`set local plan_cache_mode = force_${mode}_plan`));
            await tx.execute(sql.raw(`prepare gallery_explain as ${galleryPageText(sort, filter, after)}`));
            const literal = (v: unknown) => (typeof v === 'string' ? `'${v.replaceAll("'", "''")}'` : String(v));
            const [row] = await rows<{ 'QUERY PLAN': unknown }>(tx as unknown as Db, sql.raw(`explain (format json) execute gallery_explain(${params.map(literal).join(', ')})`));
            await tx.execute(sql.raw('deallocate gallery_explain'));
            const raw = row['QUERY PLAN'];
            return (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
          });
          const nodes = flatten(plan[0].Plan);
          const scan = nodes.find((n) => n['Relation Name'] === 'creative_works');
          const sorted = nodes.some((n) => n['Node Type'] === 'Sort' || n['Node Type'] === 'Incremental Sort');
          const ok = Boolean(scan?.['Index Name']?.startsWith('creative_works_gallery_')) && !sorted;
          if (!ok) bad++;
          parts.push(`${after ? 'next' : 'first'}/${mode}: ${scan?.['Node Type'] ?? '?'}${scan?.['Scan Direction'] === 'Backward' ? ' backward' : ''} ${scan?.['Index Name'] ?? ''}${sorted ? ' + SORT' : ''}${ok ? '' : ' ✗'}`);
        }
      }
      const label = `${sort.padEnd(10)} ${('contestId' in filter ? 'contest' : '') + ('category' in filter ? (('contestId' in filter ? '+' : '') + 'category') : '') || 'all'}`;
      lines.push(`${label.padEnd(28)} ${parts.join(' | ')}`);
    }
  }
  return { lines, bad };
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Scan Direction'?: string;
  Plans?: PlanNode[];
}
const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

async function main() {
  const { config, database } = await openBenchDatabase();
  await prepareDatabase(database, { seedDemo: false });
  const { db } = database;
  const seeded = await seed(db);
  const plans = await explainAll(db, database.kind);

  const tokens = tokensRepository(db);
  const likerRows = await rows<{ id: number }>(db, sql`select user_id as id from olympiad_participants where login like 'bench-liker%' order by user_id`);
  const people: Array<{ id: number; token: string }> = [];
  for (const { id } of likerRows) people.push({ id, token: (await tokens.issue(id, { userAgent: 'bench' })).token });
  const [range] = await rows<{ first: number; last: number }>(db, sql`select min(id) as first, max(id) as last from creative_works`);
  const contestIds = (await rows<{ id: number }>(db, sql`select id from creative_contests order by id`)).map((r) => r.id);

  const { app, apiPort } = await listenBenchApi(config, database);

  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  process.on('message', async (message: { type: string }) => {
    if (message.type === 'usage') reply(processUsage(loopDelay));
    else if (message.type === 'figures') {
      const [check] = await rows<{ works: number; mismatched: number; error: number; stored: number; likes: number }>(
        db,
        sql`select count(*)::int as works, count(*) filter (where w.likes_count <> coalesce(c.n, 0))::int as mismatched,
                   coalesce(sum(abs(w.likes_count - coalesce(c.n, 0))), 0)::int as error, coalesce(sum(w.likes_count), 0)::float8 as stored,
                   (select count(*)::float8 from creative_work_likes) as likes
              from creative_works w left join (select work_id, count(*)::int as n from creative_work_likes group by work_id) c on c.work_id = w.id`,
      );
      reply({ type: 'figures', ...check });
    } else if (message.type === 'stop') {
      await app.close();
      await database.close();
      reply({ type: 'stopped' });
      process.exit(0);
    }
  });
  reply({ type: 'ready', kind: database.kind, apiPort, people, firstWork: range.first, lastWork: range.last, contestIds, seeded, plans });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
