// Runs the end-to-end suite against the real product: built server and SPA, PGlite in a
// temp folder, MailDev, on ports of their own so a running `npm start` is not disturbed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { isStale, MAILDEV_BIN, root, run, supervise, waitForPort } from './processes.mjs';

// E2E_PORT_OFFSET moves every port at once, so two checkouts can run their suites side by side.
const OFFSET = Number(process.env.E2E_PORT_OFFSET || 0);
const PORT = Number(process.env.E2E_PORT || 18080 + OFFSET);
const SMTP_PORT = 11025 + OFFSET;
const MAIL_WEB_PORT = 11080 + OFFSET;
const REALTIME_PORT = 16001 + OFFSET;

if (isStale('dist/server/main.js', ['server', 'shared', 'src/locales', 'tsconfig.server.json'])) run('npm', ['run', 'build:server']);
if (isStale('dist/web/index.html', ['src', 'shared', 'public', 'webpack.config.ts'])) run('npm', ['run', 'build:web']);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-e2e-'));
process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
const group = supervise();
group.start('maildev', process.execPath, [MAILDEV_BIN, '--smtp', String(SMTP_PORT), '--web', String(MAIL_WEB_PORT), '--ip', '127.0.0.1', '--silent']);
group.start('realtime', process.execPath, ['--enable-source-maps', 'dist/server/realtime/main.js'], {
  // Behind the same "proxy" as the API: each person's sockets count under their own address.
  env: { ...process.env, REALTIME_PORT: String(REALTIME_PORT), REALTIME_ACTIVITY_TIMEOUT: '60', LOG_LEVEL: 'warn', TRUST_PROXY: 'loopback' },
});
group.start('server', process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
  env: {
    ...process.env,
    START_REALTIME: 'false',
    PUSHER_PORT: String(REALTIME_PORT),
    PORT: String(PORT),
    REALTIME_PORT: String(REALTIME_PORT),
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    LOG_LEVEL: 'warn',
    // As behind a reverse proxy: the tests give each person an address of their own (test/e2e/support/browser.ts).
    TRUST_PROXY: 'loopback',
    DATABASE_URL: '',
    API_KEY: '',
    // Each e2e file registers its own participants minutes before they like a work.
    LIKE_MIN_ACCOUNT_AGE_MINUTES: '0',
  },
});
await waitForPort(MAIL_WEB_PORT);
await waitForPort(PORT, 60_000);

const extra = process.argv.slice(2);
const result = spawnSync(
  process.execPath,
  ['node_modules/jest/bin/jest.js', '--config', 'jest.e2e.config.js', '--json', '--outputFile', path.join(root, '.tmp/e2e-results.json'), ...extra],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, E2E_BASE_URL: `http://localhost:${PORT}`, E2E_MAIL_API: `http://127.0.0.1:${MAIL_WEB_PORT}` },
  },
);
group.stopAll(result.status ?? 1);
