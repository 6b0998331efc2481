// npm run bench:realtime — realtime delivery, ours against soketi (issue 3, item 9).
//
// 1,000 pusher-js clients (in worker processes), each subscribed to its own
// `private-user.{id}`, and a steady stream of events, each aimed at one user:
//
//   ours via API   the real product (node dist/server/main.js) on a fresh DATA_DIR;
//                  clients authorize at POST /broadcasting/auth with their bearer
//                  token; events are sent as POST /v1/admin/notifications by an
//                  admin (stored, then published through the `pusher` SDK).
//   ours direct    our realtime node alone (node dist/server/realtime/main.js);
//                  events triggered straight on it with the `pusher` SDK. Not
//                  required by the issue: it tells the API's share of the latency
//                  from the realtime server's, and its memory compares with soketi's.
//   soketi         the reference server (scripts/soketi.mjs); events triggered
//                  straight on it with the `pusher` SDK.
//
// Latency is due-to-arrival: from the moment the event was due (event i at
// i / BENCH_RATE s; its HTTP request is issued then, whether or not earlier
// ones were answered) to the moment pusher-js hands the event to its binding,
// both read from the machine's monotonic clock; events the sender itself got
// out late are counted and printed. Memory is the RSS growth of the server
// process from before the clients connect to after all are subscribed.
//
// Settings (environment): BENCH_CLIENTS (1000), BENCH_EVENTS per server (2000),
// BENCH_RATE events/s (100), BENCH_WORKERS (2), BENCH_SERVERS (api,direct,soketi),
// BENCH_BACKENDS (pglite) the API's database(s) (postgres: a throwaway durable PostgreSQL 15 cluster),
// BENCH_API_NODES (1) the API process counts to compare, comma-separated: 1,2 runs through the API on one
// process and then on two API processes and two realtime nodes sharing PostgreSQL and one Redis, each
// user's socket and authorization spread over them (bench/support/nodes.mjs), and prints both side by side
// (several processes need BENCH_BACKENDS=postgres). Every run checks that each accepted event arrived
// exactly once (none lost, none twice; either exits 1).
// BENCH_BUILD=0 to use dist/ as it is, BENCH_QUIET_WAIT seconds to wait for an idle
// machine before each measurement (60), BENCH_TIMELINE=1 for p99 per second.
// A bench, not a test: it prints figures and exits 0 unless something broke; the
// target line says whether the issue's goal holds. Tails depend on the machine
// being otherwise idle: each measurement reports how busy it was, and the server's
// CPU time per event, which does not.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import Pusher from 'pusher';
import { freePort, startSoketi } from '../scripts/soketi.mjs';
import { startPgCluster } from '../scripts/pg-test-cluster.mjs';
import { benchBackends, benchNodeCounts, envInt } from './support/bench-env.mjs';
import { backgroundLoadNote, backgroundLoadWanted, startBackgroundLoad } from './support/machine.mjs';
import { cpuSeconds, cpuTicks, machineBusy, ROOT, rssMiB, sleep, startProduct, startRealtimeNode, startWorker } from './support/processes.mjs';
import { nodesLabel, spreadOver, startRedis } from './support/nodes.mjs';
import { lateness, lateNote, waitUntil } from './support/open-loop.mjs';

const CLIENTS = envInt('BENCH_CLIENTS', 1000);
const EVENTS = envInt('BENCH_EVENTS', 2000);
const RATE = envInt('BENCH_RATE', 100);
const WORKERS = envInt('BENCH_WORKERS', 2);
const WARMUP_EVENTS = Math.min(100, EVENTS);
const SERVERS = (process.env.BENCH_SERVERS ?? 'api,direct,soketi').split(',').map((name) => name.trim());
/** The database under the API (PGlite by default, as `npm start`), and how many API processes: each combination is one run. */
const API_BACKENDS = benchBackends('pglite');
const NODE_COUNTS = benchNodeCounts('1');
const CONNECT_CONCURRENCY = 25;
/** After the last send, how long arrivals may stall before the rest count as lost: past the API publisher's 10 s retry. */
const DRAIN_IDLE_MS = 12_000;
const TARGET_MARGIN_MS = 20;
const QUIET_WAIT_S = envInt('BENCH_QUIET_WAIT', 60);
/** Idle enough: under a fifth of the machine busy with others' work. */
const QUIET_BUSY = 0.2;

const app = { id: 'bench-app', key: 'bench-key', secret: 'bench-secret' };
const nowMs = () => Number(process.hrtime.bigint()) / 1e6;
const log = (line) => process.stdout.write(`${line}\n`);

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(path));
    else if (/\.(ts|json|sql)$/.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** The product runs from dist/, as in production; rebuild it when the sources are newer. */
async function ensureBuilt() {
  const main = join(ROOT, 'dist/server/main.js');
  let builtAt = 0;
  try {
    builtAt = statSync(main).mtimeMs;
  } catch {
    // not built yet
  }
  const sources = Math.max(newestMtime(join(ROOT, 'server')), newestMtime(join(ROOT, 'shared')));
  if (process.env.BENCH_BUILD === '0' && builtAt) return;
  if (builtAt >= sources) return;
  log('dist/ is older than the sources: npm run build:server');
  const code = await new Promise((resolve) => {
    spawn('npm', ['run', 'build:server'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] }).once('exit', resolve);
  });
  if (code === 0) return;
  // tsc still emits on type errors (noEmitOnError is off), which is all the bench needs to run.
  if (statSync(main, { throwIfNoEntry: false })?.mtimeMs > builtAt) {
    log('!! npm run build:server reported type errors (above); running the JavaScript it emitted anyway');
    return;
  }
  throw new Error('npm run build:server failed; the bench runs the built product');
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const fmt = (ms) => (Number.isFinite(ms) ? `${ms.toFixed(1)} ms` : 'n/a');

/** Starts the workers and hands each its share of the users. */
async function connectClients(options, users) {
  const workers = await Promise.all(Array.from({ length: WORKERS }, () => startWorker()));
  const shares = workers.map((_, w) => users.filter((_, i) => i % WORKERS === w));
  const started = nowMs();
  const results = await Promise.all(
    workers.map((worker, w) => worker.connect({ ...options, users: shares[w], concurrency: CONNECT_CONCURRENCY })),
  );
  const subscribed = results.reduce((sum, result) => sum + result.subscribed, 0);
  const subscribedIds = new Set(results.flatMap((result) => result.subscribedIds));
  const failures = results.flatMap((result) => result.failures);
  return { workers, subscribed, subscribedIds, failures, ms: nowMs() - started };
}

/**
 * Sends `count` events at RATE per second without waiting for answers (an open loop, as real traffic is). Each
 * is timed from the moment it was due, not from when this process got round to it: a sender held up (its own
 * garbage collection, a burst of answers to read) delays events as a slow server would, and timing from the
 * actual send would leave that wait out. `late` counts the sends that went out late.
 */
async function sendEvents(send, count, firstSeq, userFor) {
  const dueAt = new Map(); // seq → the moment it was due
  const accepted = new Set();
  const failures = [];
  const answerMs = [];
  const pending = [];
  const late = lateness();
  const start = nowMs();
  for (let i = 0; i < count; i++) {
    const due = start + (i * 1000) / RATE;
    const at = await waitUntil(due, nowMs);
    late.note(due, nowMs());
    const seq = firstSeq + i;
    dueAt.set(seq, at);
    pending.push(
      send(seq, userFor(i)).then(
        () => {
          accepted.add(seq);
          answerMs.push(nowMs() - at);
        },
        (error) => failures.push(`#${seq}: ${error.message}`.slice(0, 200)),
      ),
    );
  }
  await Promise.all(pending);
  return { dueAt, accepted, failures, answerMs, late: late.counted, sendSeconds: (nowMs() - start) / 1000 };
}

/** Waits until the workers together saw `expected` events, or arrivals stall; returns how many they saw. */
async function drain(workers, expected) {
  let last = -1;
  let lastChange = Date.now();
  for (;;) {
    const counts = await Promise.all(workers.map((worker) => worker.count()));
    const arrived = counts.reduce((sum, count) => sum + count.arrived, 0);
    if (arrived >= expected) return arrived;
    if (arrived !== last) {
      last = arrived;
      lastChange = Date.now();
    } else if (Date.now() - lastChange > DRAIN_IDLE_MS) return arrived;
    await sleep(100);
  }
}

/**
 * The machine may be shared with other work, which lengthens every tail here.
 * Before a measurement, wait (up to BENCH_QUIET_WAIT seconds) for the CPU to be
 * mostly idle while nothing of ours runs, and report how busy it was.
 */
async function waitForQuiet() {
  const deadline = Date.now() + QUIET_WAIT_S * 1000;
  let busy = await machineBusy();
  if (busy > QUIET_BUSY) log(`   machine busy (${(busy * 100).toFixed(0)}% CPU used by other work); waiting up to ${QUIET_WAIT_S} s`);
  while (busy > QUIET_BUSY && Date.now() < deadline) busy = await machineBusy();
  const note = busy > QUIET_BUSY ? ' — still busy: figures are skewed by other work' : '';
  log(`   machine ${(busy * 100).toFixed(0)}% busy before the run${note}`);
  return busy;
}

async function measure({ label, server, users, auth, send }) {
  log(`\n== ${label}`);
  const busyBefore = await waitForQuiet();
  // Several processes (the API processes, the realtime nodes, Redis) count together, as the one product process does.
  const pids = server.pids ?? [server.pid];
  const serverRss = () => pids.reduce((sum, pid) => sum + rssMiB(pid), 0);
  const serverCpuSeconds = () => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const rssBefore = serverRss();
  const clients = await connectClients(
    { host: '127.0.0.1', port: server.realtimePort, key: app.key, auth },
    users,
  );
  log(`   ${clients.subscribed}/${users.length} clients subscribed in ${(clients.ms / 1000).toFixed(1)} s`);
  for (const failure of clients.failures.slice(0, 5)) log(`   ! ${failure}`);
  await sleep(2_000);
  const rssAfter = serverRss();

  let stopLoad = async () => undefined;
  try {
    // Events go to subscribed users only: a client that failed to subscribe is reported above, not as lost events.
    const targets = users.filter((user) => clients.subscribedIds.has(user.id));
    if (targets.length === 0) throw new Error(`${label}: no client subscribed`);
    const userFor = (i) => targets[i % targets.length];
    // Warm-up (negative sequence numbers, not counted): JIT, connection pools, caches.
    const warm = await sendEvents(send, WARMUP_EVENTS, -WARMUP_EVENTS, userFor);
    const afterWarmUp = await drain(clients.workers, warm.accepted.size);
    log(`   sending ${EVENTS} events at ${RATE}/s ...`);
    stopLoad = await startBackgroundLoad();
    await server.loopProbe?.window();
    // CPU of everything of ours (server, workers, this sender) against the machine's, to see what others used meanwhile.
    const ourPids = [...pids, process.pid, ...clients.workers.map((worker) => worker.pid)];
    const oursCpu = () => ourPids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
    const [cpuBefore, oursBefore, machineBefore] = [serverCpuSeconds(), oursCpu(), cpuTicks()];
    // Spread over the users in a scattered order; each gets EVENTS / CLIENTS of them.
    const run = await sendEvents(send, EVENTS, 0, (i) => targets[(i * 7919) % targets.length]);
    const lastSentAt = nowMs();
    const serverCpu = (serverCpuSeconds() - cpuBefore) / run.sendSeconds;
    const machineAfter = cpuTicks();
    const machineBusySeconds =
      (machineAfter.total - machineBefore.total - (machineAfter.idle - machineBefore.idle)) / 100;
    const othersDuring = Math.max(0, machineBusySeconds - (oursCpu() - oursBefore)) / (run.sendSeconds * availableParallelism());
    await drain(clients.workers, afterWarmUp + run.accepted.size);
    const drainMs = nowMs() - lastSentAt;
    const loop = await server.loopProbe?.window();
    await stopLoad();
    const reports = await Promise.all(clients.workers.map((worker) => worker.report()));

    const latencies = [];
    let duplicates = 0;
    let lost = 0;
    const arrivals = new Map(reports.flatMap((report) => report.arrivals));
    for (const seq of run.accepted) {
      const times = arrivals.get(seq);
      if (!times) {
        lost++;
        continue;
      }
      duplicates += times.length - 1;
      latencies.push(times[0] - run.dueAt.get(seq));
    }
    latencies.sort((a, b) => a - b);
    const answers = run.answerMs.sort((a, b) => a - b);
    const disconnects = reports.reduce((sum, report) => sum + report.unexpectedDisconnects, 0);
    const clientsLoopMaxMs = Math.max(...reports.map((report) => report.loopMaxMs));
    const result = {
      label,
      clients: clients.subscribed,
      subscribeFailures: clients.failures.length,
      connectSeconds: clients.ms / 1000,
      sent: EVENTS,
      accepted: run.accepted.size,
      failed: run.failures.length,
      lost,
      duplicates,
      disconnects,
      p50: percentile(latencies, 50),
      p90: percentile(latencies, 90),
      p99: percentile(latencies, 99),
      max: latencies.at(-1),
      answerP50: percentile(answers, 50),
      answerP99: percentile(answers, 99),
      rssBefore,
      rssAfter,
      rssPer1000: ((rssAfter - rssBefore) * 1000) / Math.max(1, clients.subscribed),
      sendSeconds: run.sendSeconds,
      serverCpu,
      cpuMsPerEvent: (serverCpu * run.sendSeconds * 1000) / EVENTS,
      busyBefore,
      othersDuring,
      timeline: timeline(run.dueAt, arrivals),
      late: run.late,
      drainMs,
      clientsLoopMaxMs,
      loopMaxMs: loop?.maxMs,
      loopP99Ms: loop?.p99Ms,
    };
    log(
      `   latency p50 ${fmt(result.p50)}, p90 ${fmt(result.p90)}, p99 ${fmt(result.p99)}, max ${fmt(result.max)}; ` +
        `sender's answer p50 ${fmt(result.answerP50)}, p99 ${fmt(result.answerP99)}; ` +
        `the clients' own longest event-loop pause ${fmt(clientsLoopMaxMs)}`,
    );
    log(
      `   accepted ${result.accepted}/${EVENTS}, failed ${result.failed}, lost ${lost}, duplicates ${duplicates}, ` +
        `unexpected disconnects ${disconnects}; RSS ${rssBefore.toFixed(1)} → ${rssAfter.toFixed(1)} MiB; ` +
        `server CPU while sending ${(serverCpu * 100).toFixed(0)}% of a core (${result.cpuMsPerEvent.toFixed(2)} ms per event)`,
    );
    // Latency counts from when an event was due: late sends are this sender behind, not the server.
    log(`   the sender's own sends: ${lateNote(run.late)}`);
    const skewed = othersDuring > QUIET_BUSY + (backgroundLoadWanted() ? 1 / availableParallelism() : 0);
    if (loop) log(`   the API's event loop while sending and delivering: longest pause ${fmt(loop.maxMs)}, delay p99 ${fmt(loop.p99Ms)}`);
    log(`   other work on the machine while sending: ${(othersDuring * 100).toFixed(0)}% of its CPU${backgroundLoadWanted() ? ' (the background load one core of it)' : ''}${skewed ? ' — figures skewed' : ''}`);
    if (process.env.BENCH_TIMELINE === '1') log(`   p99 per second of sending: ${result.timeline.join(' ')}`);
    for (const failure of run.failures.slice(0, 5)) log(`   ! ${failure}`);
    return result;
  } finally {
    await stopLoad();
    await Promise.all(clients.workers.map((worker) => worker.close()));
  }
}

/** p99 latency of the events due in each second of the run, to tell a steady tail from a stall. */
function timeline(dueAt, arrivals) {
  const first = Math.min(...dueAt.values());
  const buckets = [];
  for (const [seq, at] of dueAt) {
    const times = arrivals.get(seq);
    if (!times) continue;
    const second = Math.floor((at - first) / 1000);
    (buckets[second] ??= []).push(times[0] - at);
  }
  return buckets.map((latencies) => percentile(latencies.sort((a, b) => a - b), 99).toFixed(0));
}

function sdkSender(port) {
  // Configured as the API's publisher configures it (server/modules/realtime/publisher.ts).
  const pusher = new Pusher({ appId: app.id, key: app.key, secret: app.secret, host: '127.0.0.1', port: String(port), useTLS: false, timeout: 5000 });
  return async (seq, user) => {
    // The shape and size of the API's NotificationSent, so both paths carry the same bytes.
    const notification = {
      id: seq,
      type: 'announcement',
      title: `bench #${seq}`,
      body: 'Bench notification',
      data: { from: 1 },
      read_at: null,
      created_at: new Date().toISOString(),
    };
    await pusher.trigger(`private-user.${user.id}`, 'NotificationSent', { notification, event_id: randomUUID() });
  };
}

const numbered = (count) => Array.from({ length: count }, (_, i) => ({ id: i + 1 }));

/** PostgreSQL for the API when BENCH_BACKENDS names it (several API processes need it), else PGlite files in `dataDir`. */
async function apiDatabase(backend, cleanups) {
  if (backend === 'pglite') return { url: undefined, label: 'PGlite' };
  const cluster = await startPgCluster({ durable: true });
  if (!cluster) throw new Error('PostgreSQL 15 is not installed (scripts/pg-test-cluster.mjs)');
  cleanups.add(cluster.stop);
  return { url: cluster.url, label: 'PostgreSQL 15' };
}

/**
 * The product through its API on `backend`, in `nodes` API processes: one is the whole product (API and
 * realtime server in one process, as `npm start` runs it); several are the README's multi-node set-up,
 * each API process publishing to a realtime node of its own, all sharing the database and one Redis, each
 * user's socket and authorization spread over them (bench/support/nodes.mjs), each event sent through
 * the next API process in turn.
 */
async function benchOursViaApi(backend, nodes) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-realtime-'));
  const cleanups = new Set();
  const started = [];
  try {
    const database = await apiDatabase(backend, cleanups);
    const seedFile = join(dataDir, 'seed.json');
    log(`\npreparing ${CLIENTS} users and tokens on ${database.label} ...`);
    const code = await new Promise((resolve) => {
      spawn(process.execPath, ['bench/support/seed-users.mjs', dataDir, String(CLIENTS), seedFile], {
        cwd: ROOT,
        env: { ...process.env, BENCH_DATABASE_URL: database.url ?? '' },
        stdio: ['ignore', 'inherit', 'inherit'],
      }).once('exit', resolve);
    });
    if (code !== 0) throw new Error('seeding users failed');
    const seed = JSON.parse(readFileSync(seedFile, 'utf8'));
    const smtpPort = await freePort();
    const redis = nodes > 1 ? await startRedis(cleanups) : null;
    const ports = [];
    for (let i = 0; i < nodes; i++) ports.push({ api: await freePort(), realtime: await freePort() });
    const stopLater = (server) => {
      started.push(server);
      cleanups.add(server.stop);
      return server;
    };
    if (redis) {
      await Promise.all(ports.map(({ realtime }) => startRealtimeNode({ port: realtime, app, redisUrl: redis.url }).then(stopLater)));
    }
    // One after the other: the first migrates the fresh database (the others would wait for it anyway).
    const products = [];
    for (const [i, { api, realtime }] of ports.entries()) {
      products.push(
        stopLater(
          await startProduct({ port: api, realtimePort: realtime, dataDir, smtpPort, app, databaseUrl: database.url, redisUrl: redis?.url, realtime: !redis, name: `API process ${i + 1}` }),
        ),
      );
    }
    const apiOf = (i) => `http://127.0.0.1:${ports[i].api}`;
    // 1,000 browsers come from 1,000 addresses; the API's per-address limit on /broadcasting/auth
    // (120 a minute) would otherwise be what this measures. 198.18.0.0/15 is the benchmarking range.
    const users = seed.users.map((user, i) => {
      const spread = spreadOver(i, nodes);
      return { ...user, ip: `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`, port: ports[spread.realtime].realtime, authEndpoint: `${apiOf(spread.api)}/broadcasting/auth` };
    });
    const send = async (seq, user) => {
      const response = await fetch(`${apiOf(((seq % nodes) + nodes) % nodes)}/v1/admin/notifications`, {
        method: 'POST',
        headers: { authorization: `Bearer ${seed.admin.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ user_id: user.id, title: `bench #${seq}`, body: 'Bench notification' }),
      });
      await response.arrayBuffer();
      if (response.status !== 201) throw new Error(`POST /v1/admin/notifications → ${response.status}`);
    };
    const result = await measure({
      label:
        nodes === 1
          ? `ours via API on ${database.label}, ${nodesLabel(1)} (node dist/server/main.js: POST /v1/admin/notifications → pusher SDK → our realtime server)`
          : `ours via API on ${database.label}, ${nodesLabel(nodes)} (each API process publishes to its own node; events cross nodes through Redis)`,
      server: {
        pids: [...started.map((server) => server.pid), ...(redis ? [redis.pid] : [])],
        realtimePort: ports[0].realtime,
        loopProbe: everyLoop(products.map((product) => product.loopProbe)),
      },
      users,
      auth: { mode: 'api', endpoint: `${apiOf(0)}/broadcasting/auth` },
      send,
    });
    return { ...result, nodes, database: database.label };
  } finally {
    // The servers first, then Redis and the database they use, then the files.
    for (const server of started.reverse()) await server.stop();
    await Promise.allSettled([...cleanups].map((stop) => stop()));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The event loops of several API processes as one: the longest pause and the worst p99 of any. */
function everyLoop(probes) {
  return {
    async window() {
      const windows = await Promise.all(probes.map((probe) => probe.window()));
      return { maxMs: Math.max(...windows.map((w) => w.maxMs)), p99Ms: Math.max(...windows.map((w) => w.p99Ms)) };
    },
  };
}

async function benchDirect(label, start) {
  const server = await start();
  try {
    return await measure({
      label,
      server,
      users: numbered(CLIENTS),
      auth: { mode: 'sign', appId: app.id, key: app.key, secret: app.secret },
      send: sdkSender(server.realtimePort),
    });
  } finally {
    await server.stop();
  }
}

async function main() {
  log(`realtime bench: ${CLIENTS} pusher-js clients in ${WORKERS} workers, ${EVENTS} events at ${RATE}/s per server`);
  log(backgroundLoadNote());
  await ensureBuilt();
  const results = {};
  /** Every run through the API (each database, each process count), for the side-by-side lines. */
  const viaApi = [];
  for (const name of SERVERS) {
    if (name === 'api') {
      for (const backend of API_BACKENDS) {
        for (const nodes of NODE_COUNTS) {
          if (nodes > 1 && backend === 'pglite') {
            log(`\n== ours via API on PGlite, ${nodesLabel(nodes)}: skipped (PGlite allows one process; BENCH_BACKENDS=postgres)`);
            continue;
          }
          const result = await benchOursViaApi(backend, nodes);
          results.api ??= result;
          viaApi.push(result);
        }
      }
    }
    else if (name === 'direct') {
      results.direct = await benchDirect('ours direct (node dist/server/realtime/main.js, pusher SDK trigger)', async () => {
        const port = await freePort();
        const node = await startRealtimeNode({ port, app });
        return { ...node, realtimePort: port };
      });
    } else if (name === 'soketi') {
      results.soketi = await benchDirect('soketi 1.6.1 (pusher SDK trigger)', async () => {
        const soketi = await startSoketi({ port: 0, appId: app.id, key: app.key, secret: app.secret });
        return { ...soketi, realtimePort: soketi.port };
      });
    } else throw new Error(`unknown server ${name} in BENCH_SERVERS`);
  }

  const rows = [
    ...viaApi.map((r) => [`via API ${r.database === 'PGlite' ? 'PGlite' : 'PG'} ×${r.nodes}`, r]),
    ['ours direct', results.direct],
    ['soketi', results.soketi],
  ].filter(([, result]) => result);
  log('\n== summary');
  log(
    `${'server'.padEnd(14)}${'p50'.padStart(12)}${'p99'.padStart(12)}${'max'.padStart(12)}${'lost'.padStart(7)}` +
      `${'failed'.padStart(8)}${'dup'.padStart(5)}${'RSS/1000 conn'.padStart(16)}${'CPU/event'.padStart(12)}${'others'.padStart(8)}`,
  );
  for (const [name, r] of rows) {
    log(
      `${name.padEnd(14)}${fmt(r.p50).padStart(12)}${fmt(r.p99).padStart(12)}${fmt(r.max).padStart(12)}` +
        `${String(r.lost).padStart(7)}${String(r.failed).padStart(8)}${String(r.duplicates).padStart(5)}` +
        // Several processes start, grow and collect garbage on their own: their summed RSS change says nothing per connection.
        `${(r.nodes > 1 ? 'n/a' : `${r.rssPer1000.toFixed(1)} MiB`).padStart(16)}${`${r.cpuMsPerEvent.toFixed(2)} ms`.padStart(12)}` +
        `${`${(r.othersDuring * 100).toFixed(0)}%`.padStart(8)}`,
    );
  }
  if (viaApi.some((r) => r.nodes > 1)) {
    log('one process against several, through the API:');
    for (const r of viaApi) {
      log(
        `  ${r.database}, ${nodesLabel(r.nodes)}: p50 ${fmt(r.p50)}, p99 ${fmt(r.p99)}, max ${fmt(r.max)}; ${r.cpuMsPerEvent.toFixed(2)} ms CPU per event over every server process; ` +
          `API event loop longest pause ${fmt(r.loopMaxMs)}; other work ${(r.othersDuring * 100).toFixed(0)}%`,
      );
    }
  }
  // Every event delivered exactly once, on one node or across several: none lost, none twice.
  let intact = true;
  for (const [name, r] of rows) {
    const once = r.lost === 0 && r.duplicates === 0;
    if (!once) intact = false;
    log(`${name}: every accepted event delivered exactly once (lost ${r.lost}, duplicates ${r.duplicates}): ${once ? 'yes' : 'NO: events lost or repeated'}`);
  }
  if (results.api && results.soketi) {
    const { api, soketi } = results;
    log(`ratio ours via API / soketi: p50 ${(api.p50 / soketi.p50).toFixed(2)}×, p99 ${(api.p99 / soketi.p99).toFixed(2)}×`);
    const met =
      api.p99 <= soketi.p99 + TARGET_MARGIN_MS && api.lost === 0 && api.failed === 0 && api.subscribeFailures === 0;
    log(
      `target (issue 3): ours p99 via API ≤ soketi p99 + ${TARGET_MARGIN_MS} ms (${fmt(soketi.p99 + TARGET_MARGIN_MS)}), nothing lost: ` +
        `${met ? 'MET' : 'NOT MET'} (ours ${fmt(api.p99)}, lost ${api.lost}, failed ${api.failed}, ` +
        `clients not subscribed ${api.subscribeFailures})`,
    );
  }
  if (results.direct && results.soketi) {
    const { direct, soketi } = results;
    log(`ratio ours direct / soketi: p50 ${(direct.p50 / soketi.p50).toFixed(2)}×, p99 ${(direct.p99 / soketi.p99).toFixed(2)}×`);
    const fasterOrEqual = direct.p99 <= soketi.p99;
    const leaner = direct.rssPer1000 <= soketi.rssPer1000;
    const why = [
      fasterOrEqual ? '' : `p99 ${fmt(direct.p99)} against ${fmt(soketi.p99)}, ours at ${(direct.serverCpu * 100).toFixed(0)}% of a core, other work ${(direct.othersDuring * 100).toFixed(0)}%`,
      leaner ? '' : `${direct.rssPer1000.toFixed(1)} against ${soketi.rssPer1000.toFixed(1)} MiB per 1,000 connections`,
    ].filter(Boolean);
    log(
      `target (issue 18, at ${CLIENTS} clients): ours direct p99 ≤ soketi's (ratio ≤ 1.0) and RSS per 1,000 connections ≤ soketi's: ` +
        `${why.length === 0 ? 'MET' : `NOT MET (${why.join('; ')})`} (p99 ratio ${(direct.p99 / soketi.p99).toFixed(2)}, ` +
        `${direct.rssPer1000.toFixed(1)} against ${soketi.rssPer1000.toFixed(1)} MiB per 1,000)`,
    );
  }
  return intact;
}

main().then(
  // An event lost or delivered twice is broken data, not a missed target.
  (intact) => process.exit(intact ? 0 : 1),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
