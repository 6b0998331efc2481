// Runs the end-to-end suite against the real product: built server and SPA, PGlite in a
// temp folder, MailDev, on ports of their own so a running `npm start` is not disturbed.
// (scripts/e2e-nodes.mjs runs the realtime files against several processes instead.)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { supervise, waitForPort } from './processes.mjs';
import { ensureBuilt, runE2e, startApi, startMaildev, startRealtimeNode } from './e2e-stack.mjs';

// E2E_PORT_OFFSET moves every port at once, so two checkouts can run their suites side by side.
const OFFSET = Number(process.env.E2E_PORT_OFFSET || 0);
const PORT = Number(process.env.E2E_PORT || 18080 + OFFSET);
const SMTP_PORT = 11025 + OFFSET;
const MAIL_WEB_PORT = 11080 + OFFSET;
const REALTIME_PORT = 16001 + OFFSET;

ensureBuilt();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-e2e-'));
process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
const group = supervise();
startMaildev(group, { smtpPort: SMTP_PORT, webPort: MAIL_WEB_PORT });
startRealtimeNode(group, 'realtime', { port: REALTIME_PORT });
startApi(group, 'server', { port: PORT, pusherPort: REALTIME_PORT, smtpPort: SMTP_PORT, env: { DATA_DIR: dataDir } });
await waitForPort(MAIL_WEB_PORT);
await waitForPort(PORT, 60_000);

const status = runE2e({ baseUrl: `http://localhost:${PORT}`, mailWebPort: MAIL_WEB_PORT, report: '.tmp/e2e-results.json', args: process.argv.slice(2) });
group.stopAll(status);
