import { spawn } from 'node:child_process';
import path from 'node:path';

const SCRIPT = path.resolve(__dirname, '../../../scripts/pg-test-cluster.mjs');

export interface PostgresServer {
  /** A superuser URL of the server's `postgres` database. */
  url: string;
  stop(): Promise<void>;
}

/**
 * A PostgreSQL server for tests of what only happens between processes (advisory
 * locks, LISTEN/NOTIFY), whichever database the rest of the suite runs on: the one
 * TEST_DATABASE_URL names, or else a throwaway cluster (scripts/pg-test-cluster.mjs),
 * which fails the test where PostgreSQL 15 is not installed.
 */
export async function postgresServer(): Promise<PostgresServer> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) return { url: given, stop: async () => undefined };
  const child = spawn(process.execPath, [SCRIPT], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      if (stdout.includes('\n')) resolve(stdout.split('\n')[0]);
    });
    void exited.then(() => reject(new Error(`no PostgreSQL server for this test: ${stderr.trim()}`)));
  });
  return {
    url,
    async stop() {
      if (child.exitCode === null) child.kill('SIGINT');
      await exited;
    },
  };
}
