// Settings of the benches, from BENCH_* environment variables.

/** A positive number from the environment, or `fallback` when unset or not a positive number. */
export function envInt(name, fallback) {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** BENCH_BACKENDS: which databases to run on, comma-separated (postgres, pglite). */
export const benchBackends = (fallback = 'postgres,pglite') =>
  (process.env.BENCH_BACKENDS || fallback)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Every bench client connects from this one machine (127.0.0.1), where production sees each
 * browser's own address: the realtime server's per-address cap (200 by default) is lifted for
 * the run. The per-user cap stays, as each bench client is a user of its own.
 */
export const ONE_MACHINE_REALTIME_ENV = { REALTIME_MAX_CONNECTIONS_PER_IP: '100000' };

/**
 * BENCH_API_NODES for the benches that compare one process with several (bench:chat, bench:realtime): a
 * comma-separated list of process counts, each run in turn and printed side by side (`1,2`: one API
 * process, then two API processes and two realtime nodes sharing Redis). Anything else than whole
 * numbers from 1 to 8 stops the bench.
 */
export function benchNodeCounts(fallback = '1') {
  const text = process.env.BENCH_API_NODES || fallback;
  const counts = text.split(',').map((part) => part.trim());
  if (!counts.every((part) => /^[1-8]$/.test(part))) {
    console.error(`BENCH_API_NODES must be process counts from 1 to 8, comma-separated (1,2), not "${text}"`);
    process.exit(2);
  }
  return counts.map(Number);
}
