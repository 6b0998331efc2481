// The e2e suite's realtime files against the multi-node set-up the README describes: two API
// processes and two realtime nodes behind one address, sharing a throwaway PostgreSQL 15
// cluster, one Redis and one data folder. A round-robin TCP balancer (tcp-balancer.mjs,
// standing in for nginx or HAProxy) spreads the page's HTTP connections over the API
// processes and its WebSockets over the realtime nodes; each API process publishes to a node
// of its own, so an event often reaches a person through the other node (Redis carries it).
// The API processes start together on the fresh database, so one migrates and seeds while
// the other waits (server/db/prepare-database.ts).
//
//   E2E_PORT_OFFSET=<n> node scripts/e2e-nodes.mjs [jest args: files, -t …]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, portInUse, supervise, waitForPort } from './processes.mjs';
import { ensureBuilt, runE2e, startApi, startMaildev, startRealtimeNode } from './e2e-stack.mjs';
import { startPgCluster } from './pg-test-cluster.mjs';
import { spawnRedis } from './redis.mjs';

// Ports of their own (scripts/e2e.mjs uses 18080, 16001, 11025, 11080 plus the offset), so both can run at once.
const OFFSET = Number(process.env.E2E_PORT_OFFSET || 0);
const HTTP_PORT = 18090 + OFFSET;
const API_PORTS = [18091 + OFFSET, 18092 + OFFSET];
const REALTIME_PORT = 16010 + OFFSET;
const REALTIME_NODE_PORTS = [16011 + OFFSET, 16012 + OFFSET];
const SMTP_PORT = 11035 + OFFSET;
const MAIL_WEB_PORT = 11090 + OFFSET;

/**
 * The files whose people see each other's changes live, what several nodes could break: tabs sharing
 * a socket, chats and the support console (presence, sequenced events), sign-out and blocking
 * (terminate on every node), checkout's live moves, and announcements (the delivery worker in two
 * processes, the occupied-channel query summed over the nodes).
 */
const REALTIME_FILES = ['realtime-tabs', 'chats', 'support-console', 'session-end', 'admin-users', 'buying', 'admin-broadcasts'].map((name) => `test/e2e/${name}.e2e.ts`);

ensureBuilt();
const started = Date.now();

// A run still going (or another checkout without an offset) would answer in our place.
const ours = [HTTP_PORT, ...API_PORTS, REALTIME_PORT, ...REALTIME_NODE_PORTS, SMTP_PORT, MAIL_WEB_PORT];
const taken = [];
for (const port of ours) if (await portInUse(port)) taken.push(port);
if (taken.length) {
  console.error(`ports ${taken.join(', ')} are in use: stop what listens there or set E2E_PORT_OFFSET`);
  process.exit(1);
}

const pg = await startPgCluster();
if (!pg) {
  console.error('PostgreSQL 15 is not installed: the multi-node set-up needs it (scripts/pg-test-cluster.mjs)');
  process.exit(1);
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-e2e-nodes-'));
// Redis with nothing on disk: it only carries the nodes' shared state for this run. It is
// stopped after the nodes (not with them), so they do not log its going away.
const redisPort = await freePort();
const redisDir = path.join(dataDir, 'redis');
fs.mkdirSync(redisDir);
const redis = spawnRedis({ port: redisPort, dir: redisDir });
let stopping = false;
const group = supervise({
  afterStop: async () => {
    stopping = true;
    if (redis.exitCode === null) {
      redis.kill('SIGTERM');
      await new Promise((resolve) => redis.once('exit', resolve));
    }
    await pg.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  },
});
redis.once('exit', (code, signal) => {
  if (stopping) return;
  console.error(`[redis] exited (${signal ?? code}); stopping everything`);
  group.stopAll(1);
});
const REDIS_URL = `redis://127.0.0.1:${redisPort}`;
await waitForPort(redisPort);

startMaildev(group, { smtpPort: SMTP_PORT, webPort: MAIL_WEB_PORT });
REALTIME_NODE_PORTS.forEach((port, i) => startRealtimeNode(group, `realtime-${i + 1}`, { port, env: { REDIS_URL } }));
API_PORTS.forEach((port, i) =>
  startApi(group, `api-${i + 1}`, {
    port,
    // Each API process publishes to a node of its own while pages connect through the balancer to
    // either: an event reaches about half the people through the other node (Redis carries it).
    pusherPort: REALTIME_NODE_PORTS[i],
    smtpPort: SMTP_PORT,
    env: {
      PUBLIC_PUSHER_PORT: String(REALTIME_PORT),
      DATABASE_URL: pg.url,
      REDIS_URL,
      // Uploads are files: every API process must see the same folder (a shared disk in production).
      DATA_DIR: dataDir,
      // Links in letters point at the one public address, not at the process that wrote them.
      PUBLIC_URL: `http://localhost:${HTTP_PORT}`,
      // The cluster's connections shared out between the processes.
      DATABASE_POOL_SIZE: '4',
    },
  }),
);
// A process of its own, as nginx would be (and jest below blocks this one).
group.start('balancer', process.execPath, ['scripts/tcp-balancer.mjs', `${HTTP_PORT}=${API_PORTS.join(',')}`, `${REALTIME_PORT}=${REALTIME_NODE_PORTS.join(',')}`], {
  stdio: ['ignore', 'ignore', 'inherit'],
});

try {
  await waitForPort(MAIL_WEB_PORT);
  await waitForPort(HTTP_PORT);
  for (const port of [...REALTIME_NODE_PORTS, ...API_PORTS]) await waitForPort(port, 120_000);
} catch (error) {
  // Nothing left behind: the children, the cluster and the folder go as after a run.
  console.error(error.message);
  group.stopAll(1);
  await new Promise(() => undefined);
}
console.log(`multi-node set-up up in ${((Date.now() - started) / 1000).toFixed(1)} s: API ${API_PORTS.join(', ')} and realtime ${REALTIME_NODE_PORTS.join(', ')} behind ${HTTP_PORT} and ${REALTIME_PORT}`);

const extra = process.argv.slice(2);
const status = runE2e({
  baseUrl: `http://localhost:${HTTP_PORT}`,
  mailWebPort: MAIL_WEB_PORT,
  report: '.tmp/e2e-nodes-results.json',
  args: extra.length ? extra : REALTIME_FILES,
});
console.log(`multi-node e2e took ${((Date.now() - started) / 1000).toFixed(1)} s`);
group.stopAll(status);
