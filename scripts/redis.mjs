// A throwaway Redis for a multi-node set-up (scripts/e2e-nodes.mjs, the benches' several-process runs):
// nothing on disk, on 127.0.0.1 only; it carries the nodes' shared state (channels, presence, rate limits)
// for one run and is thrown away with it.
import { spawn } from 'node:child_process';

export const REDIS_BIN = process.env.REDIS_SERVER || '/usr/bin/redis-server';

/** Spawns redis-server on `port`, working in `dir`; the caller waits for the port and stops the child. */
export function spawnRedis({ port, dir }) {
  return spawn(REDIS_BIN, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--loglevel', 'warning'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
