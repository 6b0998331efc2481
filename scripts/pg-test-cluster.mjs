// A throwaway PostgreSQL 15 cluster for the server test suite.
//
//   import { startPgCluster } from './pg-test-cluster.mjs';
//   const cluster = await startPgCluster();   // null when PostgreSQL 15 is not installed
//   ... TEST_DATABASE_URL=cluster.url ...
//   await cluster.stop();
//
// Run directly (`node scripts/pg-test-cluster.mjs`) it starts a cluster, prints
// its URL and stops it on Ctrl-C. Only Node built-ins are used (and processes.mjs).
//
// initdb and postgres refuse to run as root, so when we are root the binaries
// run as the `postgres` system user (or `nobody`) and the folder is theirs.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from './processes.mjs';

const run = promisify(execFile);

export const PG_BIN = process.env.PG_BIN || '/usr/lib/postgresql/15/bin';

/** Which system user runs the binaries when we are root: `postgres` if it exists, else `nobody`. */
async function unprivilegedUser() {
  for (const name of ['postgres', 'nobody']) {
    try {
      const { stdout: uid } = await run('id', ['-u', name]);
      const { stdout: gid } = await run('id', ['-g', name]);
      return { name, uid: Number(uid.trim()), gid: Number(gid.trim()) };
    } catch {
      // not on this machine; try the next one
    }
  }
  throw new Error('running as root, but neither a `postgres` nor a `nobody` user exists to run PostgreSQL');
}

/** Runs a PostgreSQL binary, as `user` when given (through runuser), and fails with its output. */
async function pgExec(user, binary, args) {
  const file = path.join(PG_BIN, binary);
  const [command, argv] = user ? ['runuser', ['-u', user.name, '--', file, ...args]] : [file, args];
  try {
    return await run(command, argv, { cwd: os.tmpdir(), env: { ...process.env, LC_ALL: 'C', LANG: 'C' } });
  } catch (error) {
    const output = [error.stdout, error.stderr].filter(Boolean).join('\n').trim();
    throw new Error(`${binary} ${args.join(' ')} failed: ${output || error.message}`);
  }
}

/**
 * Starts a fresh cluster in a temp folder. Resolves to `{ url, dir, port, stop() }`,
 * or to null when the PostgreSQL 15 binaries are not installed.
 *
 * Tests skip the disk flushes (a crash loses nothing they need). Benches pass
 * `{ durable: true }`: a commit is then on disk before the API answers, as in
 * production, so what they measure includes it.
 */
export async function startPgCluster({ durable = false } = {}) {
  if (!fs.existsSync(path.join(PG_BIN, 'initdb'))) return null;
  const user = process.getuid?.() === 0 ? await unprivilegedUser() : null;
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'pg-test-'));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  if (user) await fsp.chown(dir, user.uid, user.gid);

  let started = false;
  const cleanup = async () => {
    if (started) {
      await pgExec(user, 'pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      started = false;
    }
    // PG_KEEP_LOG=<file>: the server's log is copied there before the folder goes (a bench's deadlock, a test's error).
    if (process.env.PG_KEEP_LOG) await fsp.copyFile(logFile, process.env.PG_KEEP_LOG).catch(() => undefined);
    await fsp.rm(dir, { recursive: true, force: true });
  };

  try {
    // A UTF-8 ctype: with plain C, lower(), full-text search and pg_trgm see no Cyrillic letters (as on PGlite, which is UTF-8).
    await pgExec(user, 'initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
    // Another process may grab the port between our check and the server's bind: try a few.
    let port;
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      try {
        await pgExec(user, 'pg_ctl', [
          '-D',
          dataDir,
          '-l',
          logFile,
          '-w',
          '-t',
          '60',
          '-o',
          `-k ${dir} -p ${port} ${durable ? '' : '-c fsync=off -c synchronous_commit=off -c full_page_writes=off '}-c listen_addresses=127.0.0.1 -c max_connections=200`,
          'start',
        ]);
        started = true;
        break;
      } catch (error) {
        if (attempt >= 3) {
          const log = await fsp.readFile(logFile, 'utf8').catch(() => '');
          throw new Error(`${error.message}\n${log}`);
        }
      }
    }
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    let stopping;
    return {
      url,
      dir,
      port,
      stop: () => (stopping ??= cleanup()),
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const cluster = await startPgCluster();
  if (!cluster) {
    console.error(`PostgreSQL 15 is not installed (no ${path.join(PG_BIN, 'initdb')}).`);
    process.exit(1);
  }
  console.log(cluster.url);
  console.error(`PostgreSQL 15 is running in ${cluster.dir}; Ctrl-C stops it and removes its files.`);
  const stop = async () => {
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // Keep the process alive until a signal arrives.
  setInterval(() => undefined, 1 << 30);
}
