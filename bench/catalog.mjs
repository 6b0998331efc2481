// `npm run bench:catalog`: 100,000 products in a temporary PGlite and in a
// throwaway PostgreSQL 15, then load on search and on the product list, side by
// side with a Fastify route that returns a fixed JSON body (the ceiling).
// Prints req/s, p50/p99 and the ratio to the ceiling (load by autocannon; the paced runs
// evenly spread, see catalog-load.mjs), and on PostgreSQL the typo recall in the
// first ten results over misspellings of the seeded catalogue's words (catalog-typos.ts).
// Targets (issue 18, at 1,000,000 products): search p99 under 50 ms at 200 req/s on
// PostgreSQL; typo recall@10 at least 95 %.
//
// Settings: BENCH_PRODUCTS (100000), BENCH_SECONDS per run (10), BENCH_RATE (200),
// BENCH_CONNECTIONS for the throughput runs (32), BENCH_BACKENDS (pglite,postgres),
// BENCH_ROUTES: which runs, comma-separated, of fixed, repeated, refined, new, list
// (all; e.g. `fixed,new` for the ceiling and new words alone), BENCH_TYPOS: misspellings
// to search (240; 0 skips the recall), BENCH_SERVER_NODE_ARGS: flags for the server's Node, BENCH_DATABASE_URL: a PostgreSQL database already seeded
// (`npm run seed:large`) to measure instead of a fresh cluster and seed, so code before and after a
// change meets the same million rows without seeding twice (the server still runs its migrations),
// BENCH_API_NODES (1): API process counts to compare on PostgreSQL, comma-separated (`1,2`: one
// process, then two sharing the database, each with its own products index, the load spread over both),
// BENCH_SERVER_LOG: a file the servers' output is appended to (what `--trace-gc` and the like print).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startPgCluster } from '../scripts/pg-test-cluster.mjs';
import { closedLoop, fixedRate, settle } from './catalog-load.mjs';
import { benchBackends, benchNodeCounts, envInt } from './support/bench-env.mjs';
import { busyShare } from './support/machine.mjs';
import { cpuSeconds, cpuTicks, postgresCpuSeconds } from './support/processes.mjs';

const root = path.resolve(import.meta.dirname, '..');
const PRODUCTS = Number(process.env.BENCH_PRODUCTS || 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const RATE = Number(process.env.BENCH_RATE || 200);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 32);
const BACKENDS = benchBackends('pglite,postgres');
const TARGET_P99_MS = 50;
const TARGET_RECALL = 0.95;
const TYPOS = process.env.BENCH_TYPOS === '0' ? 0 : envInt('BENCH_TYPOS', 240);
const EXISTING_DATABASE = process.env.BENCH_DATABASE_URL || '';
const NODE_COUNTS = benchNodeCounts('1');

const q = (text, extra = '') => `/v1/search?q=${encodeURIComponent(text)}${extra}`;
/** What people type: nouns, two words, a typo, English, with and without filters and sorts. */
const SEARCHES = [
  q('ботинки'),
  q('кофе'),
  q('пицца', '&type=product'),
  q('смартфон', '&sort=price_asc'),
  q('чайнек'),
  q('зимние ботинки'),
  q('coffee'),
  q('торт', '&discounted=1'),
  q('стрижка', '&type=service'),
  q('наушники', '&rating_min=4'),
  q('корм для кошек'),
  q('роллы', '&sort=popular'),
  q('букет роз'),
  q('ноутбук', '&price_max=5000000'),
  q('молоко'),
  q('shampoo'),
];
const LISTS = [];
for (let page = 1; page <= 8; page++) {
  LISTS.push(`/v1/get-products?page=${page}&sort=newest`);
  LISTS.push(`/v1/get-products?page=${page}&sort=popular`);
  LISTS.push(`/v1/get-products?page=${page}&sort=price_asc&discounted=1`);
  LISTS.push(`/v1/get-products?page=${page}&kind=service&sort=rating`);
}
// What a search costs depends on what the process already holds (search/search-routes.ts): the
// rotating set above is answered from whole cached pages (popular searches); a refinement (the same
// words, another filter: here a lower price bound of a few kopecks that no other request shares)
// from the cached matches of the words, in memory; new words need the database every time.
let unique = 0;
const refinedSearch = (i) => `${SEARCHES[i % SEARCHES.length]}&price_min=${unique++}`;
// New words come from the seeded names themselves (catalog-texts.ts): thousands of texts, none repeated within a run.
let newTexts = [];
let fresh = 0;
const newWordsSearch = () => q(newTexts[fresh++ % newTexts.length]);
const ROUTES = [
  ['fixed', 'fixed JSON (ceiling)', ['/bench/fixed']],
  ['repeated', 'search (repeated)', SEARCHES],
  ['refined', 'search (refined)', refinedSearch],
  ['new', 'search (new words)', newWordsSearch],
  ['list', 'product list', LISTS],
];
const ROUTE_KEYS = ROUTES.map(([key]) => key);
const WANTED_ROUTES = (process.env.BENCH_ROUTES || ROUTE_KEYS.join(','))
  .split(',')
  .map((key) => key.trim())
  .filter(Boolean);
for (const key of WANTED_ROUTES) {
  if (!ROUTE_KEYS.includes(key)) {
    console.error(`BENCH_ROUTES: no run named ${JSON.stringify(key)}; the runs are ${ROUTE_KEYS.join(', ')}`);
    process.exit(2);
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Runs a TypeScript entry point. With `until` it resolves to the child once its output holds that text (a server);
 * else to its whole output when it exits, echoed as it comes unless `quiet`.
 */
function runNode(args, env, { until, quiet = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: root, env: { ...process.env, LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (until && process.env.BENCH_SERVER_LOG) fs.appendFileSync(process.env.BENCH_SERVER_LOG, chunk);
      if (!until && !quiet) process.stdout.write(chunk);
      // A server's products index, once loaded (catalog-server.ts).
      if (until) for (const line of String(chunk).split('\n')) if (line.startsWith('index ')) console.log(`  products index in memory: ${line.slice('index '.length)}`);
      if (until && output.includes(until)) resolve(child);
    });
    child.on('exit', (code) => (code === 0 && !until ? resolve(output) : reject(new Error(`${args.join(' ')} exited with ${code}`))));
  });
}

/** The new-word texts, taken from the names the database holds. */
async function takeTexts(env) {
  newTexts = JSON.parse(await runNode(['bench/catalog-texts.ts'], env, { quiet: true }));
  fresh = 0;
  console.log(`  ${newTexts.length.toLocaleString('en')} texts with new words taken from the seeded names, e.g. ${newTexts.slice(0, 4).map((t) => `«${t}»`).join(', ')}`);
}

/** Seeds the database; resolves to the seconds it took (the demo data set and the large catalogue), then takes the new-word texts. */
async function seed(env) {
  const started = Date.now();
  await runNode(['server/scripts/seed-large.ts', String(PRODUCTS)], { ...env, SEED_DEMO: 'true' });
  const seconds = (Date.now() - started) / 1000;
  await takeTexts(env);
  return seconds;
}

/** Typo recall over the seeded catalogue through the running server (PostgreSQL: the helper reads the names while it runs). */
async function typoRecall(env, port) {
  const output = await runNode(['bench/catalog-typos.ts'], { ...env, BENCH_PORT: String(port), BENCH_TYPOS: String(TYPOS) });
  const line = output.split('\n').find((l) => l.startsWith('typos '));
  return line ? JSON.parse(line.slice('typos '.length)) : null;
}

const ms = (value) => (Number.isFinite(value) ? value.toFixed(1) : '—');

/** `backend`, and with several API processes how many: how a run's rows are labelled. */
const runLabel = (backend, nodes) => (nodes === 1 ? backend : `${backend}×${nodes}`);

/**
 * What a paced run cost, per request, in milliseconds of CPU: the API processes, the database (when its
 * folder is known), the bench itself (autocannon), and how busy the whole machine was (0–1), so a missed
 * target says what was saturated.
 */
async function costOf(run, { pids, databaseCpu }) {
  const apiCpu = () => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const before = { api: apiCpu(), database: databaseCpu?.() ?? NaN, driver: process.cpuUsage(), ticks: cpuTicks() };
  const result = await run();
  const driver = process.cpuUsage(before.driver);
  const perRequest = (seconds) => (result.requests ? (seconds * 1000) / result.requests : NaN);
  return {
    ...result,
    cpu: {
      api: perRequest(apiCpu() - before.api),
      database: perRequest((databaseCpu?.() ?? NaN) - before.database),
      driver: perRequest((driver.user + driver.system) / 1e6),
      busy: busyShare(before.ticks, cpuTicks()),
    },
  };
}

const cpuNote = ({ cpu }) =>
  `CPU a request: API ${ms(cpu.api)} ms${Number.isNaN(cpu.database) ? '' : `, PostgreSQL ${ms(cpu.database)} ms`}, bench ${ms(cpu.driver)} ms; machine ${Math.round(cpu.busy * 100)} % busy`;

async function measure(backend, env, nodes = 1, databaseCpu = null) {
  const label = runLabel(backend, nodes);
  // BENCH_SERVER_NODE_ARGS: flags for the server's Node (`--cpu-prof --cpu-prof-dir=…` to see where its time goes).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS || '').split(' ').filter(Boolean);
  const ports = [];
  for (let i = 0; i < nodes; i++) ports.push(await freePort());
  // Started together: one migrates under the advisory lock, the others wait; each loads its own products index.
  const servers = await Promise.allSettled(ports.map((port) => runNode([...nodeArgs, 'bench/catalog-server.ts'], { ...env, PORT: String(port) }, { until: 'ready' })));
  const rows = [];
  let typos = null;
  try {
    const failed = servers.find((server) => server.status === 'rejected');
    if (failed) throw failed.reason;
    for (const [key, name, paths] of ROUTES) {
      if (!WANTED_ROUTES.includes(key)) continue;
      // Warm up: JIT, plans, caches.
      await closedLoop({ ports, paths, connections: 8, seconds: 2 });
      const throughput = await closedLoop({ ports, paths, connections: CONNECTIONS, seconds: SECONDS });
      const pids = servers.map((server) => server.value.pid);
      // The paced run searches the same new words in every run: the second half of the list, which the warm-up and
      // the flat-out run (a few thousand texts) do not reach, so runs before and after a change meet the same texts.
      if (key === 'new') fresh = Math.floor(newTexts.length / 2);
      // The flat-out run leaves requests queued: the paced run starts once the servers and the database are idle again.
      await settle({ ports });
      const paced = await costOf(() => fixedRate({ ports, paths, rate: RATE, seconds: SECONDS }), { pids, databaseCpu });
      rows.push({ backend: label, name, throughput, paced });
      for (const message of new Set([...throughput.errorMessages, ...paced.errorMessages])) console.log(`    error: ${message}`);
      console.log(
        `  ${label.padEnd(11)} ${name.padEnd(21)} max ${throughput.rps.toFixed(0).padStart(6)} req/s (p50 ${ms(throughput.p50)} ms, p99 ${ms(throughput.p99)} ms, errors ${throughput.errors})` +
          ` | at ${RATE} req/s: p50 ${ms(paced.p50)} ms, p99 ${ms(paced.p99)} ms, errors ${paced.errors}, dropped ${paced.dropped}` +
          ` (load average ${os.loadavg()[0].toFixed(1)})`,
      );
      console.log(`      at ${RATE} req/s: ${cpuNote(paced)}`);
    }
    if (backend === 'postgres' && TYPOS && nodes === 1) typos = await typoRecall(env, ports[0]);
  } finally {
    for (const server of servers) if (server.status === 'fulfilled') server.value.kill('SIGTERM');
  }
  return { rows, typos };
}

/** CPU seconds the cluster behind `url` has used so far, when it runs on this machine and its folder can be read; else null. */
async function databaseCpuOf(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const dataDir = (await client.query('show data_directory')).rows[0].data_directory;
    postgresCpuSeconds(dataDir);
    return () => postgresCpuSeconds(dataDir);
  } catch {
    return null;
  } finally {
    await client.end();
  }
}

/** The PostgreSQL runs, once per count of BENCH_API_NODES; the typo recall comes from the single-process run. */
async function measurePostgres(env) {
  const databaseCpu = await databaseCpuOf(env.DATABASE_URL);
  const rows = [];
  let typos = null;
  for (const nodes of NODE_COUNTS) {
    const measured = await measure('postgres', env, nodes, databaseCpu);
    rows.push(...measured.rows);
    typos ??= measured.typos;
  }
  return { rows, typos };
}

function report(rows, seeds, typos) {
  console.log(`\nmachine: ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log('results (autocannon: %d connections flat out for req/s; paced at %d req/s overall for latency):', CONNECTIONS, RATE);
  console.log(`  ${'backend'.padEnd(11)} ${'route'.padEnd(21)} ${'req/s'.padStart(7)} ${'ratio'.padStart(6)} ${'p50'.padStart(8)} ${'p99'.padStart(8)} | ${'p50@rate'.padStart(9)} ${'p99@rate'.padStart(9)}`);
  for (const row of rows) {
    const ceiling = rows.find((r) => r.backend === row.backend && r.name.startsWith('fixed'));
    const ratio = ceiling ? row.throughput.rps / ceiling.throughput.rps : NaN;
    console.log(
      `  ${row.backend.padEnd(11)} ${row.name.padEnd(21)} ${row.throughput.rps.toFixed(0).padStart(7)} ${(ratio * 100).toFixed(1).padStart(5)}% ${ms(row.throughput.p50).padStart(6)}ms ${ms(row.throughput.p99).padStart(6)}ms | ${ms(row.paced.p50).padStart(7)}ms ${ms(row.paced.p99).padStart(7)}ms`,
    );
  }
  for (const [backend, seconds] of Object.entries(seeds)) console.log(`seed: ${PRODUCTS.toLocaleString('en')} products on ${backend} in ${seconds.toFixed(1)} s`);
  for (const pgSearch of rows.filter((r) => r.backend.startsWith('postgres') && r.name.startsWith('search'))) {
    const ok = pgSearch.paced.p99 < TARGET_P99_MS && pgSearch.paced.errors === 0 && pgSearch.paced.dropped === 0;
    // What was saturated: the paced rate beyond what the route can carry flat out, or else the answers themselves.
    const failures = pgSearch.paced.errors ? `; ${pgSearch.paced.errors} errors, ${pgSearch.paced.dropped} dropped` : '';
    const carried = pgSearch.throughput.rps < RATE ? `the route carries ${pgSearch.throughput.rps.toFixed(0)} req/s flat out, under the ${RATE} asked` : `the route carries ${pgSearch.throughput.rps.toFixed(0)} req/s flat out`;
    const why = ok ? '' : `: ${carried}; ${cpuNote(pgSearch.paced)}${failures}`;
    console.log(`target: ${pgSearch.name} on ${pgSearch.backend} p99 under ${TARGET_P99_MS} ms at ${RATE} req/s on PostgreSQL — ${ok ? 'met' : 'NOT MET'} (p99 ${ms(pgSearch.paced.p99)} ms${why})`);
  }
  if (typos) {
    const ok = typos.recall >= TARGET_RECALL;
    console.log(
      `target: typo recall@10 at least ${TARGET_RECALL * 100} % on PostgreSQL — ${ok ? 'met' : 'NOT MET'} (${(typos.recall * 100).toFixed(1)} % of ${typos.cases} misspellings, ` +
        `${typos.missed} missed; typo searches one at a time p99 ${ms(typos.p99)} ms)`,
    );
  }
}

const rows = [];
const seeds = {};
let typos = null;
const cleanups = [];
try {
  if (!EXISTING_DATABASE && BACKENDS.includes('pglite')) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-bench-pglite-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    console.log(`PGlite: seeding ${PRODUCTS.toLocaleString('en')} products into ${dataDir}…`);
    seeds.pglite = await seed({ DATA_DIR: dataDir, DATABASE_URL: '' });
    console.log(`PGlite: seeded in ${seeds.pglite.toFixed(1)} s; measuring…`);
    rows.push(...(await measure('pglite', { DATA_DIR: dataDir, DATABASE_URL: '' })).rows);
  }
  if (EXISTING_DATABASE) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-bench-pg-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const env = { DATABASE_URL: EXISTING_DATABASE, DATA_DIR: dataDir };
    console.log('PostgreSQL: measuring the database BENCH_DATABASE_URL names, as seeded…');
    await takeTexts(env);
    const measured = await measurePostgres(env);
    rows.push(...measured.rows);
    typos = measured.typos;
  } else if (BACKENDS.includes('postgres')) {
    const cluster = await startPgCluster({ durable: true });
    if (!cluster) {
      console.log('PostgreSQL 15 is not installed: skipping the PostgreSQL runs.');
    } else {
      cleanups.push(() => cluster.stop());
      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      await admin.query('CREATE DATABASE bench');
      await admin.end();
      const url = new URL(cluster.url);
      url.pathname = '/bench';
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-bench-pg-'));
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      const env = { DATABASE_URL: url.toString(), DATA_DIR: dataDir };
      console.log(`PostgreSQL: seeding ${PRODUCTS.toLocaleString('en')} products…`);
      seeds.postgres = await seed(env);
      console.log(`PostgreSQL: seeded in ${seeds.postgres.toFixed(1)} s; measuring…`);
      const measured = await measurePostgres(env);
      rows.push(...measured.rows);
      typos = measured.typos;
    }
  }
  report(rows, seeds, typos);
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
}
