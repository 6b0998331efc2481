// npm run bench:statistics — the sellers' statistics under load (issue 16, item 7). Not part of the tests or CI.
//
// For each database (BENCH_BACKENDS, PostgreSQL 15 by default: the target is PostgreSQL's) the API runs in its
// own process (bench/statistics-server.ts, from the sources) with BENCH_BUSINESSES (1,000) businesses of
// BENCH_PRODUCTS (10) products and 90 days of history made of 10 million view events (written as the daily
// aggregate rows they become, with generate_series: see the server). Then, for BENCH_SECONDS (20):
// - the statistics screen's query (GET /v1/statistics?business_id=…&period=90, one business of a random seller)
//   at BENCH_QUERIES_PER_S (50) requests/s, timed from just before the request to its answer;
// - BENCH_VIEWS_PER_S (500) views/s recorded through the real POST /v1/statistics/views, in batches of
//   BENCH_BATCH (10) views of random products, each batch from a browser of its own (a distinct client id),
//   so every view sent must be counted.
// At the end the server counts what is still queued (as closing the app does) and the driver compares the
// views counted today with those sent. Prints ingest rate, query p50/p99 and counted vs sent views.
// Targets on PostgreSQL: query p99 under 100 ms and counted = sent. A bench: exits 1 only when something broke (a run, or views lost); a missed speed target is NOT MET and exits 0.
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { INTEGRITY, onEachBackend, reportTargets } from './support/backends.mjs';
import { forkBenchServer } from './support/bench-server.mjs';
import { benchBackends, envInt } from './support/bench-env.mjs';
import { ms, percentile, sleep } from './support/stats.mjs';

const BUSINESSES = envInt('BENCH_BUSINESSES', 1000);
const PRODUCTS = envInt('BENCH_PRODUCTS', 10);
const SECONDS = envInt('BENCH_SECONDS', 20);
const QUERIES_PER_S = envInt('BENCH_QUERIES_PER_S', 50);
const VIEWS_PER_S = envInt('BENCH_VIEWS_PER_S', 500);
const BATCH = envInt('BENCH_BATCH', 10);
const BACKENDS = benchBackends('postgres');
const TARGET_P99_MS = 100;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

const pick = (list) => list[Math.floor(Math.random() * list.length)];

async function run(label, env) {
  const cleanups = new Set();
  try {
    const server = await forkBenchServer('bench/statistics-server.ts', { ...env, BENCH_BUSINESSES: String(BUSINESSES), BENCH_PRODUCTS: String(PRODUCTS) }, cleanups);
    const base = `http://127.0.0.1:${server.apiPort}`;
    const before = await server.ask({ type: 'figures' }, 'figures');
    const usageBefore = await server.ask({ type: 'usage' }, 'usage');

    const latencies = [];
    const queryStatuses = new Map();
    const viewStatuses = new Map();
    let sentViews = 0;
    let acceptedViews = 0;
    const count = (map, status) => map.set(status, (map.get(status) ?? 0) + 1);

    const query = async () => {
      const seller = pick(server.sellers);
      const t0 = performance.now();
      const res = await fetch(`${base}/v1/statistics?business_id=${seller.businessId}&period=90`, { headers: { authorization: `Bearer ${seller.token}` } });
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      count(queryStatuses, res.status);
    };
    const send = async () => {
      const views = Array.from({ length: BATCH }, () => ({ kind: 'product', id: pick(server.products), view: Math.random() < 0.3 ? 'page' : 'list' }));
      // Distinct items in a batch: one browser seeing one card twice counts once, and the bench wants every view to count.
      const unique = [...new Map(views.map((v) => [`${v.id}:${v.view}`, v])).values()];
      sentViews += unique.length;
      const res = await fetch(`${base}/v1/statistics/views`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': BROWSER },
        body: JSON.stringify({ views: unique, client_id: randomBytes(18).toString('base64url') }),
      });
      const body = await res.json();
      if (res.status === 202) acceptedViews += body.data.accepted;
      count(viewStatuses, res.status);
    };

    // Warm-up, not timed: each seller's first query (connections opened, statements planned, pages read in).
    for (const seller of server.sellers) await fetch(`${base}/v1/statistics?business_id=${seller.businessId}&period=90`, { headers: { authorization: `Bearer ${seller.token}` } }).then((res) => res.arrayBuffer());
    latencies.length = 0;
    queryStatuses.clear();

    // Both streams evenly spaced over the window.
    const schedule = [
      ...Array.from({ length: QUERIES_PER_S * SECONDS }, (_, i) => ({ at: (i / QUERIES_PER_S) * 1000, task: query })),
      ...Array.from({ length: (VIEWS_PER_S / BATCH) * SECONDS }, (_, i) => ({ at: (i / (VIEWS_PER_S / BATCH)) * 1000, task: send })),
    ].sort((a, b) => a.at - b.at);
    const started = performance.now();
    await Promise.all(
      schedule.map(async ({ at, task }) => {
        await sleep(Math.max(0, at - (performance.now() - started)));
        await task();
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const usageAfter = await server.ask({ type: 'usage' }, 'usage');
    const after = await server.ask({ type: 'figures' }, 'figures');
    return {
      label,
      elapsed,
      seedSeconds: server.seedSeconds,
      historyRows: server.historyRows,
      historyEvents: server.historyEvents,
      queries: latencies.length,
      queryStatuses: Object.fromEntries(queryStatuses),
      viewStatuses: Object.fromEntries(viewStatuses),
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      sentViews,
      acceptedViews,
      countedViews: after.countedToday - before.countedToday,
      ingestPerSecond: acceptedViews / elapsed,
      apiCpuSeconds: usageAfter.cpuSeconds - usageBefore.cpuSeconds,
      loopDelayP99Ms: usageAfter.loopDelayP99Ms,
    };
  } finally {
    await Promise.allSettled([...cleanups].map((stop) => stop()));
  }
}

console.log(`bench:statistics — ${BUSINESSES} businesses × ${PRODUCTS} products, 90 days of history; ${QUERIES_PER_S} statistics queries/s and ${VIEWS_PER_S} views/s for ${SECONDS} s`);
const { results, failed: broke } = await onEachBackend(BACKENDS, 'bench-statistics', async ({ label, dataDir, cluster }) => {
  const r = await run(label, cluster ? { BENCH_DATABASE_URL: cluster.url, BENCH_DATA_DIR: dataDir } : { BENCH_DATA_DIR: dataDir });
  console.log(`\n${r.label} (load average ${loadavg()[0].toFixed(1)} after):`);
  console.log(`  history: ${r.historyEvents.toLocaleString('en')} view events as ${r.historyRows.toLocaleString('en')} daily rows, written in ${r.seedSeconds.toFixed(1)} s`);
  console.log(`  ${r.queries} statistics queries in ${r.elapsed.toFixed(1)} s, answers ${JSON.stringify(r.queryStatuses)}: p50 ${ms(r.p50)}, p99 ${ms(r.p99)}`);
  console.log(`  views: ${r.sentViews} sent, ${r.acceptedViews} accepted (answers ${JSON.stringify(r.viewStatuses)}), ingest ${r.ingestPerSecond.toFixed(0)} views/s; counted ${r.countedViews}`);
  console.log(`  API: ${r.apiCpuSeconds.toFixed(1)} s CPU over the run; event-loop delay p99 ${ms(r.loopDelayP99Ms)}`);
  return r;
});

console.log('\ntargets:');
const { exitCode } = reportTargets(results, (r) => [
  [`counted = sent views (${r.countedViews} of ${r.sentViews})`, r.countedViews === r.sentViews, INTEGRITY],
  ...(r.label.startsWith('PostgreSQL') ? [[`query p99 under ${TARGET_P99_MS} ms (${ms(r.p99)})`, r.p99 < TARGET_P99_MS]] : []),
], broke);
process.exit(exitCode);
