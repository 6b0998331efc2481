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
