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
