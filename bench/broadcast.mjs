// npm run bench:broadcast — a notification to everyone (issue 17, item 7).
//
// For each database of BENCH_BACKENDS (postgres by default; pglite may be added) the API runs in its
// own process (bench/broadcast-server.ts, from the sources) and our realtime server in another
// (server/realtime/main.ts), as `npm start` runs them. The API's database holds BENCH_USERS (100,000)
// users (inserted with generate_series, every other one reading English) and one admin.
// BENCH_CONNECTED (1,000) of the users, spread over the whole range of ids, are connected with
// pusher-js to the realtime server and subscribed to their private channels, in BENCH_CLIENT_WORKERS
// (2) child processes of this script (so the clients' parsing does not compete with the driver).
// The admin then sends one announcement to everyone through the real API (POST /v1/admin/broadcasts,
// sent now), and the driver reads its progress (GET /v1/admin/broadcasts/{id}) until it is done.
//
// Prints delivered/s (notifications stored and published per second, from the request to the
// broadcast's end), the time to the last delivery (the later of the broadcast's end and the last
// live arrival at a connected client), live deliveries received by the connected ones, those who
// got none, duplicates (a second arrival of the same notification at a client), each language
// checked against the user's locale, and the load average at the start. Targets: everyone
// delivered, within 60 s, every connected one received it exactly once. A bench, not a test: it
// exits 1 only when something broke (a run, or a delivery lost, doubled or in the wrong language); a
// missed speed target is NOT MET and exits 0.
import { fork, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { INTEGRITY, onEachBackend, reportTargets } from './support/backends.mjs';
import { forkBenchServer } from './support/bench-server.mjs';
import { benchBackends, envInt, ONE_MACHINE_REALTIME_ENV } from './support/bench-env.mjs';
import { sleep } from './support/stats.mjs';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SELF = fileURLToPath(import.meta.url);
const USERS = envInt('BENCH_USERS', 100_000);
const CONNECTED = envInt('BENCH_CONNECTED', 1000);
const CLIENT_WORKERS = envInt('BENCH_CLIENT_WORKERS', 2);
const TARGET_S = 60;
const PUSHER_APP = { PUSHER_APP_ID: 'bench-app', PUSHER_APP_KEY: 'bench-key', PUSHER_APP_SECRET: 'bench-secret' };
const TITLES = { ru: 'Объявление для всех', en: 'An announcement for everyone' };
const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

if (process.argv[2] === 'clients') await clientsWorker();
else await main();

// ---- a worker: its share of the pusher-js clients, each on its user's private channel
async function clientsWorker() {
  const { default: PusherJs } = await import('pusher-js');
  const { default: Pusher } = await import('pusher');
  const clients = [];
  /** user id → { count, ids: Set of notification ids, at: last arrival (ms, monotonic), titles } */
  const seen = new Map();
  let closing = false;
  let disconnects = 0;
  process.on('message', async (message) => {
    if (message.type === 'connect') {
      const { users, key, port, secret } = message;
      const signer = new Pusher({ appId: PUSHER_APP.PUSHER_APP_ID, key, secret, host: '127.0.0.1' });
      const failures = [];
      const queue = [...users];
      const lane = async () => {
        for (let user = queue.shift(); user; user = queue.shift()) {
          const failure = await new Promise((resolve) => {
            const client = new PusherJs(key, {
              cluster: 'mt1',
              wsHost: '127.0.0.1',
              wsPort: port,
              forceTLS: false,
              enabledTransports: ['ws'],
              disableStats: true,
              channelAuthorization: { transport: 'ajax', endpoint: '/unused', customHandler: ({ socketId, channelName }, callback) => callback(null, signer.authorizeChannel(socketId, channelName)) },
            });
            clients.push(client);
            const timer = setTimeout(() => resolve(`user ${user.id}: no subscription in 20 s`), 20_000);
            const channel = client.subscribe(`private-user.${user.id}`);
            channel.bind('NotificationSent', (data) => {
              const at = nowMs();
              const record = seen.get(user.id) ?? { count: 0, ids: new Set(), at: 0, titles: [] };
              record.count++;
              record.ids.add(data?.notification?.id);
              record.at = at;
              record.titles.push(data?.notification?.title ?? '');
              seen.set(user.id, record);
            });
            channel.bind('pusher:subscription_succeeded', () => {
              clearTimeout(timer);
              resolve(null);
            });
            channel.bind('pusher:subscription_error', (error) => {
              clearTimeout(timer);
              resolve(`user ${user.id}: ${JSON.stringify(error).slice(0, 200)}`);
            });
            client.connection.bind('state_change', ({ previous, current }) => {
              if (!closing && previous === 'connected' && current !== 'connected') disconnects++;
            });
          });
          if (failure) failures.push(failure);
        }
      };
      await Promise.all(Array.from({ length: 20 }, lane));
      process.send({ type: 'connected', failures });
    } else if (message.type === 'count') {
      process.send({ type: 'count', users: seen.size });
    } else if (message.type === 'report') {
      process.send({ type: 'report', seen: [...seen].map(([id, r]) => [id, { count: r.count, distinct: r.ids.size, at: r.at, titles: r.titles }]), disconnects });
    } else if (message.type === 'close') {
      closing = true;
      for (const client of clients) client.disconnect();
      setTimeout(() => process.exit(0), 300);
    }
  });
  process.on('disconnect', () => process.exit(0));
  process.send({ type: 'started' });
}

// ---- the driver
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Our realtime server in a process of its own, as `npm start` runs it. */
async function startRealtime(cleanups) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/realtime/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...PUSHER_APP, ...ONE_MACHINE_REALTIME_ENV, REALTIME_HOST: '127.0.0.1', REALTIME_PORT: String(port), REALTIME_ACTIVITY_TIMEOUT: '60', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  cleanups.add(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  });
  for (const deadline = Date.now() + 30_000; ; ) {
    if (child.exitCode !== null) throw new Error(`realtime server exited (${child.exitCode})`);
    if (await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok, () => false)) return { port };
    if (Date.now() > deadline) throw new Error('realtime server did not start');
    await sleep(200);
  }
}

/** A clients worker (this file with `clients`), spoken to over IPC. */
function startWorker(cleanups) {
  const child = fork(SELF, ['clients'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting = new Map();
  child.on('message', (message) => {
    const resolve = waiting.get(message.type);
    waiting.delete(message.type);
    resolve?.(message);
  });
  const ask = (message, answer) =>
    new Promise((resolve) => {
      waiting.set(answer, resolve);
      if (message) child.send(message);
    });
  cleanups.add(async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.send({ type: 'close' });
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  });
  return { ask, started: ask(null, 'started') };
}

async function run(label, serverEnv) {
  const cleanups = new Set();
  try {
    const loadBefore = loadavg()[0];
    const realtime = await startRealtime(cleanups);
    const seedStarted = nowMs();
    const server = await forkBenchServer('bench/broadcast-server.ts', { ...PUSHER_APP, ...serverEnv, BENCH_PUSHER_PORT: String(realtime.port), BENCH_USERS: String(USERS), BENCH_CONNECTED: String(CONNECTED) }, cleanups);
    const seedSeconds = (nowMs() - seedStarted) / 1000;
    const api = `http://127.0.0.1:${server.apiPort}`;
    const headers = { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json', accept: 'application/json', 'accept-language': 'en' };

    // Connect the 1,000, spread over the workers.
    const workers = Array.from({ length: CLIENT_WORKERS }, () => startWorker(cleanups));
    await Promise.all(workers.map((w) => w.started));
    const shares = workers.map((_, i) => server.connected.filter((_, at) => at % CLIENT_WORKERS === i));
    const connectStarted = nowMs();
    const connectedReplies = await Promise.all(workers.map((w, i) => w.ask({ type: 'connect', users: shares[i], key: PUSHER_APP.PUSHER_APP_KEY, secret: PUSHER_APP.PUSHER_APP_SECRET, port: realtime.port }, 'connected')));
    const connectFailures = connectedReplies.flatMap((r) => r.failures);
    const connectSeconds = (nowMs() - connectStarted) / 1000;
    const loadAtSend = loadavg()[0];

    // The admin sends one announcement to everyone, now.
    const sentAt = nowMs();
    const created = await fetch(`${api}/v1/admin/broadcasts`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title_ru: TITLES.ru, body_ru: 'Текст объявления.', title_en: TITLES.en, body_en: 'The text of the announcement.', audience: { kind: 'everyone' }, send_at: null }),
    });
    if (created.status !== 201) throw new Error(`POST /v1/admin/broadcasts → ${created.status} ${await created.text()}`);
    const { data: broadcast } = await created.json();
    let state = broadcast;
    let doneAt = null;
    const progress = [];
    while (nowMs() - sentAt < 180_000) {
      await sleep(250);
      state = (await (await fetch(`${api}/v1/admin/broadcasts/${broadcast.id}`, { headers })).json()).data;
      progress.push([(nowMs() - sentAt) / 1000, state.delivered]);
      if (state.status === 'done') {
        doneAt = nowMs();
        break;
      }
    }
    // Live deliveries may trail the last commit a little: wait for every connected one (at most 30 s more).
    for (const deadline = nowMs() + 30_000; nowMs() < deadline; ) {
      const counts = await Promise.all(workers.map((w) => w.ask({ type: 'count' }, 'count')));
      if (counts.reduce((sum, c) => sum + c.users, 0) >= CONNECTED - connectFailures.length) break;
      await sleep(200);
    }
    const reports = await Promise.all(workers.map((w) => w.ask({ type: 'report' }, 'report')));
    const seen = new Map(reports.flatMap((r) => r.seen));
    const usage = await server.ask({ type: 'usage' }, 'usage');
    const lastArrival = Math.max(0, ...[...seen.values()].map((r) => r.at));
    // Each connected one must have read it in their own language (users.locale).
    let wrongLanguage = 0;
    for (const user of server.connected) if (seen.get(user.id)?.titles.some((t) => t !== TITLES[user.locale])) wrongLanguage++;
    return {
      label,
      loadBefore,
      loadAtSend,
      seedSeconds,
      connectSeconds,
      connectFailures,
      status: state.status,
      total: state.total,
      delivered: state.delivered,
      users: server.users,
      deliverSeconds: doneAt ? (doneAt - sentAt) / 1000 : NaN,
      lastDeliverySeconds: doneAt ? (Math.max(doneAt, lastArrival) - sentAt) / 1000 : NaN,
      lastLiveSeconds: lastArrival ? (lastArrival - sentAt) / 1000 : NaN,
      liveReceived: [...seen.values()].filter((r) => r.count > 0).length,
      missing: server.connected.filter((user) => !seen.has(user.id)).length,
      duplicates: [...seen.values()].reduce((sum, r) => sum + (r.count - 1), 0),
      wrongLanguage,
      disconnects: reports.reduce((sum, r) => sum + r.disconnects, 0),
      apiCpuSeconds: usage.cpuSeconds,
      loopDelayMaxMs: usage.loopDelayMaxMs,
      progress,
    };
  } finally {
    for (const stop of [...cleanups].reverse()) await stop().catch(() => undefined);
  }
}

async function main() {
  console.log(`bench:broadcast — ${USERS.toLocaleString('en')} users, ${CONNECTED} of them connected with pusher-js; one announcement to everyone (${availableParallelism()} cores)`);
  const { results, failed: broke } = await onEachBackend(benchBackends('postgres'), 'bench-broadcast', async ({ label, dataDir, cluster }) => {
    const r = await run(label, cluster ? { BENCH_DATABASE_URL: cluster.url, BENCH_DATA_DIR: dataDir } : { BENCH_DATA_DIR: dataDir });
    console.log(`\n${r.label} (load average ${r.loadBefore.toFixed(1)} at the start, ${r.loadAtSend.toFixed(1)} when sending):`);
    console.log(`  set-up: ${r.users.toLocaleString('en')} users inserted and the API up in ${r.seedSeconds.toFixed(1)} s; ${CONNECTED - r.connectFailures.length} of ${CONNECTED} subscribed in ${r.connectSeconds.toFixed(1)} s${r.connectFailures.length ? ` (first failure: ${r.connectFailures[0]})` : ''}`);
    console.log(`  broadcast ${r.status}: ${r.delivered.toLocaleString('en')} of ${r.total.toLocaleString('en')} delivered in ${r.deliverSeconds.toFixed(1)} s = ${Math.round(r.delivered / r.deliverSeconds).toLocaleString('en')} delivered/s`);
    console.log(`  time to the last delivery: ${r.lastDeliverySeconds.toFixed(1)} s (last live arrival at ${r.lastLiveSeconds.toFixed(1)} s)`);
    console.log(`  live: ${r.liveReceived} of ${CONNECTED} connected received it, ${r.missing} got nothing, duplicates ${r.duplicates}, in another language than theirs ${r.wrongLanguage}, unexpected disconnects ${r.disconnects}`);
    console.log(`  API: ${r.apiCpuSeconds.toFixed(1)} s CPU in all (set-up included); event-loop delay max ${r.loopDelayMaxMs.toFixed(0)} ms`);
    console.log(`  progress (s → delivered): ${r.progress.filter((_, i, all) => i % Math.max(1, Math.floor(all.length / 8)) === 0 || i === all.length - 1).map(([s, d]) => `${s.toFixed(1)}→${d}`).join(', ')}`);
    return r;
  });
  console.log('\ntargets:');
  const { exitCode } = reportTargets(results, (r) => [
    [`everyone delivered (${r.delivered} of ${r.users})`, r.status === 'done' && r.delivered === r.users, INTEGRITY],
    [`last delivery within ${TARGET_S} s (${r.lastDeliverySeconds.toFixed(1)} s)`, r.lastDeliverySeconds <= TARGET_S],
    [`every connected one received it live (${r.liveReceived} of ${CONNECTED})`, r.liveReceived === CONNECTED],
    ['zero duplicates', r.duplicates === 0, INTEGRITY],
    ['each in their own language', r.wrongLanguage === 0, INTEGRITY],
  ], broke);
  process.exit(exitCode);
}
