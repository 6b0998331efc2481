// Small helpers shared by the start, dev and test scripts: child processes that stop together.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
}

/** Newest modification time under the given folders (ignoring node_modules). */
export function newestMtime(paths) {
  let newest = 0;
  const walk = (p) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      if (path.basename(p) === 'node_modules') return;
      for (const entry of fs.readdirSync(p)) walk(path.join(p, entry));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const p of paths) walk(path.join(root, p));
  return newest;
}

export function isStale(output, sources) {
  const target = path.join(root, output);
  return !fs.existsSync(target) || fs.statSync(target).mtimeMs < newestMtime(sources);
}

export function portInUse(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function waitForPort(port, timeoutMs = 30_000, host = '127.0.0.1') {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await portInUse(port, host)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`nothing listens on ${host}:${port} after ${timeoutMs} ms`);
}

/** A port nobody listens on right now (the kernel picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts children and stops all of them on Ctrl-C, SIGTERM, or when any one exits;
 * `afterStop` then runs before the process exits (what is not a child: a database cluster).
 */
export function supervise({ afterStop = async () => undefined } = {}) {
  const children = [];
  let stopping = false;
  const stopAll = (code = 0) => {
    if (stopping) return;
    stopping = true;
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    const exit = () => afterStop().finally(() => process.exit(code));
    const force = setTimeout(() => {
      for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
      void exit();
    }, 8000);
    force.unref();
    Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once('exit', r))))).then(exit);
  };
  process.on('SIGINT', () => stopAll(0));
  process.on('SIGTERM', () => stopAll(0));
  return {
    start(name, command, args, options = {}) {
      const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], ...options });
      children.push(child);
      child.once('exit', (code, signal) => {
        if (!stopping) {
          console.error(`[${name}] exited (${signal ?? code}); stopping everything`);
          stopAll(code || 1);
        }
      });
      return child;
    },
    stopAll,
  };
}

export const MAILDEV_BIN = path.join(root, 'node_modules/maildev/bin/maildev');
export const maildevArgs = ['--smtp', '1025', '--web', '1080', '--ip', '127.0.0.1', '--silent'];
