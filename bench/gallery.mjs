// npm run bench:gallery — the gallery and likes under load (issue 15, item 8).
//
// For each database of BENCH_BACKENDS (postgres by default: a throwaway PostgreSQL 15 cluster with durable
// commits; pglite too when asked, slow to seed millions of rows) the API runs in its own process
// (bench/gallery-server.ts, from the sources), which seeds BENCH_WORKS (100,000) published works in
// BENCH_CONTESTS (20) contests and BENCH_LIKES (5,000,000) likes from BENCH_LIKERS (1,000) participants
// in SQL (generate_series), prints the plan of every gallery statement, then serves the API.
//
// After a warm-up (2 s per sort at a quarter of the rate, with likes; not measured), for BENCH_SECONDS
// (60) s the likers like and take back random works at BENCH_LIKE_RATE (100) actions/s overall (one in ten a double click: the same request twice at once), while readers page
// through the gallery at BENCH_RATE (200) req/s, each of the six sorts in turn for a sixth of the time:
// every reader follows next_cursor up to BENCH_PAGES (20) pages deep, then starts over, with no filter,
// a contest, a category or both, half as guests and half signed in. Prints per sort req/s, p50, p99 and
// errors; for likes the answers and p50/p99; and at the end the like-count error from the database
// (every work's likes_count against count(*) of its like rows, summed absolute difference: must be 0).
// Targets on PostgreSQL: gallery p99 under 50 ms for every sort, like-count error 0, no 5xx.
// A quick run: BENCH_WORKS=5000 BENCH_LIKES=100000 BENCH_SECONDS=12 npm run bench:gallery
import { Agent, request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { INTEGRITY, onEachBackend, reportTargets } from './support/backends.mjs';
import { forkBenchServer } from './support/bench-server.mjs';
import { benchBackends, envInt } from './support/bench-env.mjs';
import { ms, percentile, sleep } from './support/stats.mjs';

const WORKS = envInt('BENCH_WORKS', 100_000);
const LIKES = envInt('BENCH_LIKES', 5_000_000);
const LIKERS = envInt('BENCH_LIKERS', 1000);
const CONTESTS = envInt('BENCH_CONTESTS', 20);
const SECONDS = envInt('BENCH_SECONDS', 60);
const RATE = envInt('BENCH_RATE', 200);
const LIKE_RATE = envInt('BENCH_LIKE_RATE', 100);
const PAGES = envInt('BENCH_PAGES', 20);
const PER_PAGE = 24;
const BACKENDS = benchBackends('postgres');
const TARGET_P99_MS = 50;
/** From this many works on, every page statement must plan as an index scan in order. */
const PLAN_CHECK_WORKS = 50_000;
const SORTS = ['newest', 'oldest', 'likes_desc', 'likes_asc', 'title_asc', 'title_desc'];
const CATEGORIES = ['junior', 'middle', 'senior'];

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

function client(port, maxSockets) {
  const agent = new Agent({ keepAlive: true, maxSockets });
  return (method, path, token) =>
    new Promise((resolve) => {
      const t0 = performance.now();
      const req = request(
        { host: '127.0.0.1', port, path, method, agent, headers: { accept: 'application/json', 'accept-language': 'ru', ...(token ? { authorization: `Bearer ${token}` } : {}) } },
        (res) => {
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - t0, body: Buffer.concat(chunks).toString('utf8') }));
        },
      );
      req.on('error', (error) => resolve({ status: 0, ms: performance.now() - t0, body: String(error) }));
      req.end();
    });
}

/** Likes and take-backs at `rate` per second, spread evenly, for `seconds`. */
async function likeLoad(call, server, rate = LIKE_RATE, seconds = SECONDS) {
  const latencies = [];
  const statuses = new Map();
  const count = (status) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
  const inFlight = new Set();
  const started = performance.now();
  const total = Math.round(rate * seconds);
  for (let i = 0; i < total; i++) {
    await sleep(Math.max(0, (i * 1000) / rate - (performance.now() - started)));
    const person = pick(server.people);
    const work = server.firstWork + Math.floor(Math.random() * (server.lastWork - server.firstWork + 1));
    const method = Math.random() < 0.5 ? 'PUT' : 'DELETE';
    const tries = i % 10 === 0 ? 2 : 1;
    for (let t = 0; t < tries; t++) {
      const task = call(method, `/v1/olympiad/works/${work}/like`, person.token).then((res) => {
        latencies.push(res.ms);
        count(res.status);
        inFlight.delete(task);
      });
      inFlight.add(task);
    }
  }
  await Promise.all(inFlight);
  return { requests: latencies.length, p50: percentile(latencies, 50), p99: percentile(latencies, 99), statuses: Object.fromEntries([...statuses].sort()) };
}

/** Readers paging through one sort at `rate` req/s for `seconds`. */
async function readSort(call, server, sort, seconds, rate = RATE) {
  const readers = Array.from({ length: rate }, (_, i) => ({ busy: false, cursor: null, depth: 0, query: '', token: i % 2 ? pick(server.people).token : null }));
  const fresh = (reader) => {
    const roll = Math.random();
    const contest = `&contest_id=${pick(server.contestIds)}`;
    const category = `&category=${pick(CATEGORIES)}`;
    reader.query = roll < 0.4 ? '' : roll < 0.7 ? contest : roll < 0.9 ? category : contest + category;
    reader.cursor = null;
    reader.depth = 0;
  };
  readers.forEach(fresh);
  const latencies = [];
  let errors = 0;
  const samples = [];
  const inFlight = new Set();
  const started = performance.now();
  const total = Math.round(rate * seconds);
  for (let i = 0; i < total; i++) {
    await sleep(Math.max(0, (i * 1000) / rate - (performance.now() - started)));
    const reader = readers[i % readers.length];
    // A reader whose page has not come yet starts another walk (the schedule never waits for answers).
    if (reader.busy || reader.depth >= PAGES) fresh(reader);
    reader.busy = true;
    const path = `/v1/olympiad/gallery?sort=${sort}&per_page=${PER_PAGE}${reader.query}${reader.cursor ? `&cursor=${encodeURIComponent(reader.cursor)}` : ''}`;
    const task = call('GET', path, reader.token).then((res) => {
      latencies.push(res.ms);
      reader.busy = false;
      if (res.status !== 200) {
        errors++;
        if (samples.length < 3) samples.push(`${res.status} ${res.body.slice(0, 200)}`);
        fresh(reader);
      } else {
        const next = JSON.parse(res.body).meta.next_cursor;
        if (next) {
          reader.cursor = next;
          reader.depth++;
        } else fresh(reader);
      }
      inFlight.delete(task);
    });
    inFlight.add(task);
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000;
  return { sort, requests: latencies.length, rps: latencies.length / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors, samples };
}

async function run(label, env) {
  const cleanups = new Set();
  try {
    const t0 = performance.now();
    const serverEnv = { ...env, BENCH_WORKS: String(WORKS), BENCH_LIKES: String(LIKES), BENCH_LIKERS: String(LIKERS), BENCH_CONTESTS: String(CONTESTS) };
    const server = await forkBenchServer('bench/gallery-server.ts', serverEnv, cleanups);
    const { seeded, plans } = server;
    console.log(`\n${label}: seeded ${seeded.works.toLocaleString('en')} works and ${seeded.likes.toLocaleString('en')} likes; ready in ${((performance.now() - t0) / 1000).toFixed(1)} s ` +
      `(participants ${seeded.timings.people.toFixed(1)} s, works ${seeded.timings.works.toFixed(1)} s, likes ${seeded.timings.likes.toFixed(1)} s, counters + analyze ${seeded.timings.counters.toFixed(1)} s)`);
    console.log(`  plans of the page statements (first page and a later one${server.kind === 'postgres' ? '; custom and generic plans' : ''}):`);
    for (const line of plans.lines) console.log(`    ${line}`);
    console.log(`  ${plans.bad ? `${plans.bad} plan(s) NOT an index scan in order${WORKS < PLAN_CHECK_WORKS ? ` (a small seed: checked from ${PLAN_CHECK_WORKS.toLocaleString('en')} works on)` : ''}` : 'every plan is an index scan of a gallery index, in order, with no sort'}`);

    // Warm up, not measured: the API's first requests (JIT, pool connections, statements prepared by name, the likers' sessions).
    const likesCall = client(server.apiPort, 64);
    const call = client(server.apiPort, 256);
    const warming = likeLoad(likesCall, server, Math.min(LIKE_RATE, 20), 2 * SORTS.length);
    for (const sort of SORTS) await readSort(call, server, sort, 2, Math.min(RATE, 50));
    await warming;
    const usageBefore = await server.ask({ type: 'usage' }, 'usage');
    console.log(`  load average before the run: ${load()}`);
    const likesRun = likeLoad(likesCall, server);
    const reads = [];
    for (const sort of SORTS) {
      const result = await readSort(call, server, sort, SECONDS / SORTS.length);
      reads.push(result);
      console.log(`  ${sort.padEnd(10)} ${result.requests} requests, ${result.rps.toFixed(1)} req/s, p50 ${ms(result.p50)}, p99 ${ms(result.p99)}, errors ${result.errors} (load ${load()})`);
      for (const sample of result.samples) console.log(`    e.g. ${sample}`);
    }
    const likeResult = await likesRun;
    const usageAfter = await server.ask({ type: 'usage' }, 'usage');
    const figures = await server.ask({ type: 'figures' }, 'figures');
    console.log(`  likes: ${likeResult.requests} requests (${(likeResult.requests / SECONDS).toFixed(1)}/s), answers ${JSON.stringify(likeResult.statuses)}, p50 ${ms(likeResult.p50)}, p99 ${ms(likeResult.p99)}`);
    console.log(`  API: ${(usageAfter.cpuSeconds - usageBefore.cpuSeconds).toFixed(1)} s CPU over the run; event-loop delay p99 ${ms(usageAfter.loopDelayP99Ms)}, max ${ms(usageAfter.loopDelayMaxMs)}`);
    console.log(`  like counts: ${figures.works} works, ${figures.likes.toLocaleString('en')} like rows, sum of likes_count ${figures.stored.toLocaleString('en')}; works whose count is off: ${figures.mismatched}; like-count error ${figures.error}`);
    return { label, kind: server.kind, reads, likes: likeResult, figures, badPlans: plans.bad };
  } finally {
    await Promise.allSettled([...cleanups].map((stop) => stop()));
  }
}

console.log(`bench:gallery — ${WORKS.toLocaleString('en')} works, ${LIKES.toLocaleString('en')} likes; readers at ${RATE} req/s over the six sorts and ${LIKERS} participants liking at ${LIKE_RATE}/s for ${SECONDS} s; ${cpus().length} cores, load average ${load()}`);
const { results, failed: broke } = await onEachBackend(BACKENDS, 'bench-gallery', ({ label, dataDir, cluster }) =>
  run(label, cluster ? { BENCH_DATABASE_URL: cluster.url, BENCH_DATA_DIR: dataDir } : { BENCH_DATA_DIR: dataDir }),
);

console.log(`\ntargets (load average now ${load()}):`);
const { exitCode } = reportTargets(results, (r) => [
  ['like-count error 0', r.figures.error === 0 && r.figures.mismatched === 0, INTEGRITY],
  ['no failed gallery request', r.reads.every((s) => s.errors === 0), INTEGRITY],
  ['no 5xx on likes', Object.keys(r.likes.statuses).every((status) => Number(status) > 0 && Number(status) < 500), INTEGRITY],
  // On a small seed the planner rightly reads a contest's few dozen works of one category by bitmap and sorts them.
  ...(WORKS >= PLAN_CHECK_WORKS ? [['every page an index scan', r.badPlans === 0]] : []),
  ...(r.kind === 'postgres' ? r.reads.map((s) => [`${s.sort} p99 under ${TARGET_P99_MS} ms (${ms(s.p99)})`, s.p99 < TARGET_P99_MS]) : []),
], broke);
process.exit(exitCode);
