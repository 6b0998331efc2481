// The several-process runs of bench:chat and bench:realtime (issue 18, item 5): the README's multi-node
// set-up (scripts/e2e-nodes.mjs) without the balancer in between. N API processes and N realtime nodes
// share one PostgreSQL and one Redis; each API process publishes to a node of its own, and each person
// is spread over the processes as a round-robin balancer would spread them, so an event often reaches
// its receiver through the other node (Redis carries it).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitForPort } from '../../scripts/processes.mjs';
import { spawnRedis } from '../../scripts/redis.mjs';

/** A throwaway Redis (scripts/redis.mjs), once it accepts connections: `{ url, pid, stop }`; `stop` is registered in `cleanups`. */
export async function startRedis(cleanups) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-redis-'));
  const port = await freePort();
  const child = spawnRedis({ port, dir });
  let stopping;
  const stop = () =>
    (stopping ??= (async () => {
      cleanups.delete(stop);
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    })());
  cleanups.add(stop);
  try {
    await waitForPort(port, 10_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `redis://127.0.0.1:${port}`, pid: child.pid, stop };
}

/**
 * Which API process and which realtime node the `i`-th person talks to, out of `count` of each: every
 * combination equally often (with 2: half the people's events are published on the node their socket is not on).
 */
export const spreadOver = (i, count) => ({ api: i % count, realtime: Math.floor(i / count) % count });

/** "1 process" or "2 API processes + 2 realtime nodes (Redis)": how a run's figures are labelled. */
export const nodesLabel = (count) => (count === 1 ? '1 process' : `${count} API processes + ${count} realtime nodes (Redis)`);
