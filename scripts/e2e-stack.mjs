// What the e2e runners share (scripts/e2e.mjs: one API process and one realtime node;
// scripts/e2e-nodes.mjs: several of each behind one address): the build, MailDev, the
// settings the e2e suite needs of every process, and the jest run.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { isStale, MAILDEV_BIN, root, run } from './processes.mjs';

/** Rebuilds the server and the SPA when their sources changed since the last build. */
export function ensureBuilt() {
  if (isStale('dist/server/main.js', ['server', 'shared', 'src/locales', 'tsconfig.server.json'])) run('npm', ['run', 'build:server']);
  if (isStale('dist/web/index.html', ['src', 'shared', 'public', 'webpack.config.ts', 'scripts/webpack'])) run('npm', ['run', 'build:web']);
}

export function startMaildev(group, { smtpPort, webPort }) {
  group.start('maildev', process.execPath, [MAILDEV_BIN, '--smtp', String(smtpPort), '--web', String(webPort), '--ip', '127.0.0.1', '--silent']);
}

/** A realtime node (dist/server/realtime/main.js) on `port`; `env` adds REDIS_URL and the like. */
export function startRealtimeNode(group, name, { port, env = {} }) {
  return group.start(name, process.execPath, ['--enable-source-maps', 'dist/server/realtime/main.js'], {
    // Behind the same "proxy" as the API: each person's sockets count under their own address.
    env: { ...process.env, REALTIME_PORT: String(port), REALTIME_ACTIVITY_TIMEOUT: '60', LOG_LEVEL: 'warn', TRUST_PROXY: 'loopback', ...env },
  });
}

/**
 * An API process without a realtime server of its own, publishing to `pusherPort`, which is
 * also the port the page's pusher-js connects to (on the page's host) unless `env` sets
 * PUBLIC_PUSHER_PORT.
 */
export function startApi(group, name, { port, pusherPort, smtpPort, env = {} }) {
  return group.start(name, process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
    env: {
      ...process.env,
      START_REALTIME: 'false',
      PUSHER_PORT: String(pusherPort),
      PORT: String(port),
      REALTIME_PORT: String(pusherPort),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      LOG_LEVEL: 'warn',
      // As behind a reverse proxy: the tests give each person an address of their own (test/e2e/support/browser.ts).
      TRUST_PROXY: 'loopback',
      DATABASE_URL: '',
      API_KEY: '',
      // Each e2e file registers its own participants minutes before they like a work.
      LIKE_MIN_ACCOUNT_AGE_MINUTES: '0',
      ...env,
    },
  });
}

/** Runs the e2e files (all, or those `args` name) against `baseUrl`; the JSON report goes to `report`. */
export function runE2e({ baseUrl, mailWebPort, report, args = [] }) {
  fs.mkdirSync(path.dirname(path.join(root, report)), { recursive: true });
  const result = spawnSync(
    process.execPath,
    ['node_modules/jest/bin/jest.js', '--config', 'jest.e2e.config.js', '--json', '--outputFile', path.join(root, report), ...args],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_MAIL_API: `http://127.0.0.1:${mailWebPort}` },
    },
  );
  return result.status ?? 1;
}
