// Child processes of the realtime bench: the product, our bare realtime node,
// the client workers; and the little tools around them (ports, RSS, stopping).
import { spawn, fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { ONE_MACHINE_REALTIME_ENV } from './bench-env.mjs';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident memory of a process, in MiB, from /proc (Linux). */
export function rssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
  if (!Number.isFinite(kib)) throw new Error(`no VmRSS for pid ${pid}`);
  return kib / 1024;
}

/** CPU time (user + system) a process has used so far, in seconds, from /proc (Linux). */
export function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticksPerSecond = 100; // USER_HZ on Linux
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

/**
 * CPU seconds a PostgreSQL cluster has used so far: the postmaster, its live backends, and the backends
 * that have exited (the postmaster reaped them, so their time is in its children's counters).
 */
export function postgresCpuSeconds(dataDir) {
  const postmaster = readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0].trim();
  const stat = (pid) => {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: fields[1], own: Number(fields[11]) + Number(fields[12]), reaped: Number(fields[13]) + Number(fields[14]) };
  };
  const main = stat(postmaster);
  let ticks = main.own + main.reaped;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const child = stat(pid);
      if (child.ppid === postmaster) ticks += child.own;
    } catch {
      // gone meanwhile: the postmaster's counters have it
    }
  }
  return ticks / 100; // USER_HZ
}

/** Idle, busy and total CPU ticks of the whole machine so far (Linux /proc/stat). */
export function cpuTicks() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const ticks = fields.map(Number);
  const idle = ticks[3] + (ticks[4] ?? 0);
  const total = ticks.reduce((sum, value) => sum + value, 0);
  return { idle, busy: total - idle, total };
}

/** Share of the machine's CPU time spent busy over the next `ms` (all cores, anyone's work), 0–1. */
export async function machineBusy(ms = 2_000) {
  const before = cpuTicks();
  await sleep(ms);
  const after = cpuTicks();
  const total = after.total - before.total;
  return total > 0 ? 1 - (after.idle - before.idle) / total : 0;
}

function httpStatus(port, path) {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, timeout: 1_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', () => resolve(0));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

/** Spawns a server and waits until every `[port, path]` in `probes` answers 200. */
async function startServer(label, args, env, probes, timeoutMs = 60_000) {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk) => (output = (output + chunk).slice(-8000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exit;
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve((exit = { code, signal }))));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exit) throw new Error(`${label} exited during start-up (${exit.code ?? exit.signal}):\n${output}`);
    const statuses = await Promise.all(probes.map(([port, path]) => httpStatus(port, path)));
    if (statuses.every((status) => status === 200)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${label} did not answer within ${timeoutMs} ms:\n${output}`);
    }
    await sleep(200);
  }
  return {
    pid: child.pid,
    output: () => output,
    async stop() {
      if (exit) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * The whole product, as `npm start` runs it in production: API and realtime server in one process on
 * PGlite files in `dataDir`, or on PostgreSQL at `databaseUrl`. With `realtime: false` it is one API
 * process of several (the README's several nodes): no realtime server of its own, publishing to the
 * node on `realtimePort`, sharing `redisUrl` with the others.
 */
export async function startProduct({ port, realtimePort, dataDir, smtpPort, app, databaseUrl, redisUrl, realtime = true, name = 'the product' }) {
  const probeFile = join(dataDir, `loop-probe-${port}.json`);
  const product = await startServer(
    `${name} (node dist/server/main.js)`,
    ['dist/server/main.js'],
    {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      REALTIME_PORT: String(realtimePort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      // As behind a reverse proxy on this host: each client's own address (X-Forwarded-For) is what
      // the per-address rate limits count, as they would for 1,000 real browsers.
      TRUST_PROXY: 'loopback',
      // Nothing is mailed during the bench; a closed port makes any attempt fail fast.
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PUSHER_APP_ID: app.id,
      PUSHER_APP_KEY: app.key,
      PUSHER_APP_SECRET: app.secret,
      PUSHER_HOST: '127.0.0.1',
      PUSHER_PORT: String(realtimePort),
      ...ONE_MACHINE_REALTIME_ENV,
      NODE_OPTIONS: `--require ${join(ROOT, 'bench/support/loop-probe.cjs')}`,
      // Where the embedded database runs (PGLITE_THREAD=worker: a thread of its own), as chosen for the bench.
      ...(process.env.PGLITE_THREAD ? { PGLITE_THREAD: process.env.PGLITE_THREAD } : {}),
      BENCH_LOOP_PROBE_FILE: probeFile,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
      ...(realtime ? {} : { START_REALTIME: 'false' }),
    },
    realtime
      ? [
          [port, '/health'],
          [realtimePort, '/health'],
        ]
      : [[port, '/health']],
  );
  return { ...product, loopProbe: loopProbe(product.pid, probeFile) };
}

/**
 * The event loop of a process started with loop-probe.cjs: `window()` ends a measured window and answers
 * its longest pause and p99 delay in ms (call it once before the window to start it).
 */
function loopProbe(pid, file) {
  let seq = 0;
  return {
    async window() {
      seq++;
      process.kill(pid, 'SIGUSR2');
      const deadline = Date.now() + 5_000;
      for (;;) {
        try {
          const seen = JSON.parse(readFileSync(file, 'utf8'));
          if (seen.seq === seq) return { maxMs: seen.maxMs, p99Ms: seen.p99Ms };
        } catch {
          // not written yet, or half-written
        }
        if (Date.now() > deadline) throw new Error('the event-loop probe did not answer');
        await sleep(20);
      }
    },
  };
}

/** Our realtime server alone (`node dist/server/realtime/main.js`), with the product's 60 s activity timeout; one of several with `redisUrl`. */
export function startRealtimeNode({ port, app, redisUrl }) {
  return startServer(
    'our realtime node (node dist/server/realtime/main.js)',
    ['dist/server/realtime/main.js'],
    {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      REALTIME_HOST: '127.0.0.1',
      REALTIME_PORT: String(port),
      REALTIME_ACTIVITY_TIMEOUT: '60',
      PUSHER_APP_ID: app.id,
      PUSHER_APP_KEY: app.key,
      PUSHER_APP_SECRET: app.secret,
      ...ONE_MACHINE_REALTIME_ENV,
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    },
    [[port, '/health']],
  );
}

/** A client worker (bench/support/realtime-clients.mjs) with a request/answer helper over IPC. */
export async function startWorker() {
  const child = fork(fileURLToPath(new URL('./realtime-clients.mjs', import.meta.url)), [], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // V8's memory reducer shrinks a heap that stopped growing with back-to-back full collections: about 25 s
    // after the clients connected (seen with --trace-gc: three in 1.5 s, 80–100 ms of marking each), which
    // stalled the clients in the middle of the measured window and set the p99 of whichever server ran.
    execArgv: ['--no-memory-reducer'],
  });
  const waiting = new Map();
  child.on('message', (message) => {
    const resolve = waiting.get(message.type);
    waiting.delete(message.type);
    resolve?.(message);
  });
  const expect = (type) => new Promise((resolve) => waiting.set(type, resolve));
  await expect('started');
  const ask = (message, answer) => {
    const reply = expect(answer);
    child.send(message);
    return reply;
  };
  return {
    pid: child.pid,
    connect: (options) => ask({ type: 'connect', options }, 'ready'),
    count: () => ask({ type: 'count' }, 'count'),
    report: () => ask({ type: 'report' }, 'report'),
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'close' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
