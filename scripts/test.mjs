// `npm test`: typecheck, lint, jest (SPA + server on PGlite, then the server suite on a throwaway
// PostgreSQL 15 when its binaries exist), then e2e in Chromium, then its realtime files on several
// nodes (scripts/e2e-nodes.mjs, also when PostgreSQL 15 is there). The last line is the totals.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { root } from './processes.mjs';
import { PG_BIN, startPgCluster } from './pg-test-cluster.mjs';

const totals = { passed: 0, failed: 0 };
const failures = [];

function step(name, command, args, env = {}) {
  console.log(`\n=== ${name}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function check(name, command, args) {
  const ok = step(name, command, args);
  if (ok) totals.passed++;
  else {
    totals.failed++;
    failures.push(name);
  }
}

/** Runs jest with a JSON report and adds its test counts to the totals. */
function jest(name, args, env = {}) {
  const report = path.join(root, '.tmp', `${name.replace(/\W+/g, '-')}.json`);
  fs.rmSync(report, { force: true });
  const ok = step(name, process.execPath, ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--json', '--outputFile', report, ...args], env);
  count(name, report, ok);
}

function count(name, report, ok) {
  if (!fs.existsSync(report)) {
    totals.failed++;
    failures.push(`${name} (did not report)`);
    return;
  }
  const json = JSON.parse(fs.readFileSync(report, 'utf8'));
  totals.passed += json.numPassedTests;
  totals.failed += json.numFailedTests;
  // A suite that fails to load has no failed tests but must still fail the run.
  const broken = json.numFailedTestSuites > 0 && json.numFailedTests === 0 ? json.numFailedTestSuites : 0;
  totals.failed += broken;
  if (!ok || json.numFailedTests || broken) failures.push(name);
}

/** Debian packages the suite needs; installed once when missing (CI runs as root). */
function ensurePackages() {
  const wanted = [
    ['/usr/bin/chromium', 'chromium'],
    ['/usr/bin/redis-server', 'redis-server'],
  ].filter(([bin]) => !fs.existsSync(bin));
  if (wanted.length === 0) return;
  const names = wanted.map(([, pkg]) => pkg);
  console.log(`installing ${names.join(', ')} with apt-get…`);
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...names], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
ensurePackages();
check('typecheck', 'npm', ['run', 'typecheck']);
check('lint', 'npm', ['run', 'lint']);
jest('jest (SPA and server on PGlite)', []);

// The same protocol checks against our server and soketi (installed on demand into .tmp/soketi).
jest('compat (our realtime server and soketi)', ['--config', 'test/compat/jest.config.js']);

const pg = await startPgCluster();
if (pg) {
  try {
    jest('jest (server on PostgreSQL 15)', ['--selectProjects', 'server', '--testPathIgnorePatterns', 'realtime'], { TEST_DATABASE_URL: pg.url });
  } finally {
    await pg.stop();
  }
} else {
  console.log('\nPostgreSQL 15 binaries not found: the server suite ran on PGlite only');
}

const e2eReport = path.join(root, '.tmp', 'e2e-results.json');
fs.rmSync(e2eReport, { force: true });
const e2eOk = step('e2e (Chromium)', process.execPath, ['scripts/e2e.mjs']);
count('e2e (Chromium)', e2eReport, e2eOk);

// The realtime files again, on two API processes and two realtime nodes behind one address (PostgreSQL and Redis).
if (fs.existsSync(path.join(PG_BIN, 'initdb'))) {
  const nodesReport = path.join(root, '.tmp', 'e2e-nodes-results.json');
  fs.rmSync(nodesReport, { force: true });
  const nodesOk = step('e2e on several nodes (Chromium)', process.execPath, ['scripts/e2e-nodes.mjs']);
  count('e2e on several nodes (Chromium)', nodesReport, nodesOk);
} else {
  console.log('\nPostgreSQL 15 binaries not found: the multi-node e2e did not run');
}

if (failures.length) console.log(`\nfailed: ${failures.join('; ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exitCode = totals.failed > 0 || failures.length ? 1 : 0;
