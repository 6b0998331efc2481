import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { waitFor } from './helpers/wait-for';

const SCRIPT = path.resolve(__dirname, '../../scripts/pg-test-cluster.mjs');
const INSTALLED = fs.existsSync('/usr/lib/postgresql/15/bin/initdb');

/** Runs the script as CI does, until it prints its first line on stdout (the URL) or exits. */
function startScript() {
  const child = spawn(process.execPath, [SCRIPT], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const firstLine = new Promise<string | null>((resolve) => {
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      if (stdout.includes('\n')) resolve(stdout.split('\n')[0]);
    });
    void exited.then(() => resolve(null));
  });
  return { child, firstLine, exited, stderr: () => stderr };
}

describe(`scripts/pg-test-cluster.mjs (PostgreSQL 15 ${INSTALLED ? 'installed' : 'missing'})`, () => {
  if (INSTALLED) {
    test('starts a throwaway cluster, prints its URL, and removes it on Ctrl-C', async () => {
      const run = startScript();
      try {
        const url = await run.firstLine;
        expect(url).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/postgres$/);

        const client = new Client({ connectionString: url! });
        await client.connect();
        const { rows } = await client.query<{ server_version: string }>('show server_version');
        expect(rows[0].server_version).toMatch(/^15\./);
        const fsync = await client.query<{ fsync: string }>('show fsync');
        expect(fsync.rows[0].fsync).toBe('off');
        await client.end();

        const dir = (await waitFor(() => /running in (\S+);/.exec(run.stderr()), { timeoutMs: 2_000, what: 'the script says where the cluster runs' }))[1];
        expect(dir && fs.existsSync(dir)).toBe(true);

        run.child.kill('SIGINT');
        expect(await run.exited).toBe(0);
        expect(fs.existsSync(dir!)).toBe(false);
        const after = new Client({ connectionString: url!, connectionTimeoutMillis: 2000 });
        await expect(after.connect()).rejects.toThrow();
        await after.end().catch(() => undefined);
      } finally {
        // A failed assertion must not leave a server behind.
        if (run.child.exitCode === null) run.child.kill('SIGINT');
      }
    }, 30_000);
  } else {
    test('says PostgreSQL 15 is missing and exits 1', async () => {
      const run = startScript();
      expect(await run.firstLine).toBeNull();
      expect(await run.exited).toBe(1);
      expect(run.stderr()).toMatch(/not installed/);
    }, 30_000);
  }
});
