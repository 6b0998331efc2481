// soketi as a test-only peer: the reference Pusher-protocol server our own is
// compared with (test/compat, bench/realtime). Never a dependency of the
// product: it is installed on demand into .tmp/soketi/ (git-ignored).
//
// soketi 1.6 depends on uWebSockets.js from GitHub, which is out of reach here;
// an npm `overrides` alias swaps in the same library as published on the npm
// registry (prebuilt binaries for Node 18/20 inside the package).
//
//   import { ensureSoketi, startSoketi } from './scripts/soketi.mjs';
//   const soketi = await startSoketi({ port: 0, appId: 'app-id', key: 'app-key', secret: 'app-secret' });
//   ... await soketi.stop();
//
// Run directly (`node scripts/soketi.mjs`) it installs soketi and prints the CLI path.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SOKETI_DIR = join(ROOT, '.tmp', 'soketi');
const CLI = join(SOKETI_DIR, 'node_modules', '@soketi', 'soketi', 'bin', 'server.js');
const LOCK = join(ROOT, '.tmp', 'soketi.lock');

const SOKETI_VERSION = '1.6.1';
const MANIFEST = {
  name: 'soketi-test-peer',
  private: true,
  description: 'soketi, installed on demand by scripts/soketi.mjs for the compat suite and the realtime bench',
  dependencies: { '@soketi/soketi': SOKETI_VERSION },
  overrides: { 'uWebSockets.js': 'npm:@trufflesuite/uws-js-unofficial@20.30.0-unofficial.0' },
};
const MANIFEST_TEXT = `${JSON.stringify(MANIFEST, null, 2)}\n`;
/** Written last, so a half-finished install is never taken for a finished one. */
const MARKER = join(SOKETI_DIR, '.installed');

const INSTALL_TIMEOUT_MS = 5 * 60_000;
const START_TIMEOUT_MS = 30_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function installed() {
  return (
    existsSync(CLI) &&
    existsSync(MARKER) &&
    readFileSync(MARKER, 'utf8') === MANIFEST_TEXT &&
    existsSync(join(SOKETI_DIR, 'node_modules', 'uWebSockets.js', 'package.json'))
  );
}

/** One installer at a time: the compat suite and the bench may start together. */
async function withLock(fn) {
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  const deadline = Date.now() + INSTALL_TIMEOUT_MS + 30_000;
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      // A lock older than any install could take was left by a killed process.
      const age = Date.now() - statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs;
      if (age > INSTALL_TIMEOUT_MS + 30_000) rmSync(LOCK, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`soketi: gave up waiting for ${LOCK}`);
      else await sleep(500);
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

function run(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? INSTALL_TIMEOUT_MS);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, output });
    });
  });
}

/** `npm run` exports the calling project's prefix; the nested install must not inherit it. */
function npmEnv() {
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (/^npm_(config_(local_)?prefix|config_global|package_|lifecycle_)/i.test(name)) delete env[name];
  }
  return env;
}

/**
 * Installs soketi into .tmp/soketi/ unless it is there already; returns the
 * path of its CLI entry (`node <path> start`). Throws, with npm's output, when
 * it cannot be installed or does not load on this Node.
 */
export async function ensureSoketi() {
  if (installed()) return CLI;
  return withLock(async () => {
    if (installed()) return CLI;
    mkdirSync(SOKETI_DIR, { recursive: true });
    rmSync(MARKER, { force: true });
    writeFileSync(join(SOKETI_DIR, 'package.json'), MANIFEST_TEXT);
    process.stderr.write(`soketi: installing @soketi/soketi@${SOKETI_VERSION} into ${SOKETI_DIR} (first run only)\n`);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const result = await run(npm, ['install', '--no-audit', '--no-fund', '--prefix', SOKETI_DIR], {
      cwd: SOKETI_DIR,
      env: npmEnv(),
    });
    if (result.code !== 0 || !existsSync(CLI)) {
      throw new Error(`soketi: npm install failed (exit ${result.code ?? result.signal}):\n${result.output.slice(-4000)}`);
    }
    // The native part is what breaks on an unsupported Node; find out now, not at first connection.
    const probe = await run(process.execPath, ['-e', "require('uWebSockets.js')"], { cwd: SOKETI_DIR, timeoutMs: 30_000 });
    if (probe.code !== 0) {
      throw new Error(`soketi: uWebSockets.js does not load on Node ${process.version}:\n${probe.output.slice(-2000)}`);
    }
    writeFileSync(MARKER, MANIFEST_TEXT);
    return CLI;
  });
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** soketi's own readiness route: 200 "OK" once its HTTP and WebSocket server listens. */
function ready(host, port) {
  return new Promise((resolve) => {
    const req = request({ host, port, path: '/ready', timeout: 1_000 }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve(res.statusCode === 200 && body === 'OK' && 'uwebsockets' in res.headers));
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

/** soketi parses each SOKETI_* value as JSON when it can: quote strings so an id such as "123" stays a string. */
const jsonString = (value) => JSON.stringify(String(value));

/**
 * Starts soketi with one app and resolves once it answers on `port` (0 or
 * unset: a free port). Client events are enabled and events are capped at
 * 10 KB, as on Pusher Channels and on our server; soketi's defaults are "off"
 * and 100 KB. Resolves to { port, pid, stop() }.
 */
export async function startSoketi({
  port = 0,
  appId = 'app-id',
  key = 'app-key',
  secret = 'app-secret',
  host = '127.0.0.1',
  maxEventKb = 10,
  env = {},
} = {}) {
  const cli = await ensureSoketi();
  const listenPort = port || (await freePort());
  // The /usage endpoint always listens (default 9601); give it its own free port so several soketis can run.
  const metricsPort = await freePort();
  const child = spawn(process.execPath, [cli, 'start'], {
    cwd: SOKETI_DIR, // soketi loads ./.env through dotenv; the project's must not leak in
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      SOKETI_HOST: jsonString(host),
      SOKETI_PORT: String(listenPort),
      SOKETI_METRICS_ENABLED: 'false',
      SOKETI_METRICS_HOST: jsonString('127.0.0.1'),
      SOKETI_METRICS_SERVER_PORT: String(metricsPort),
      SOKETI_DEFAULT_APP_ID: jsonString(appId),
      SOKETI_DEFAULT_APP_KEY: jsonString(key),
      SOKETI_DEFAULT_APP_SECRET: jsonString(secret),
      SOKETI_DEFAULT_APP_ENABLE_CLIENT_MESSAGES: 'true',
      SOKETI_EVENT_MAX_SIZE_IN_KB: String(maxEventKb),
      SOKETI_SHUTDOWN_GRACE_PERIOD: '100',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-8000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let exitInfo;
  void exited.then((info) => (exitInfo = info));

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (exitInfo) throw new Error(`soketi exited during start-up (${exitInfo.code ?? exitInfo.signal}):\n${output}`);
    if (await ready(host, listenPort)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`soketi did not answer on ${host}:${listenPort} within ${START_TIMEOUT_MS} ms:\n${output}`);
    }
    await sleep(100);
  }

  let stopping;
  return {
    port: listenPort,
    pid: child.pid,
    output: () => output,
    stop() {
      stopping ??= (async () => {
        if (exitInfo) return;
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      })();
      return stopping;
    },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  ensureSoketi().then(
    (cli) => console.log(cli),
    (error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
