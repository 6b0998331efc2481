// The loop every database bench runs: for each backend of BENCH_BACKENDS a fresh data folder and,
// for PostgreSQL, a throwaway durable cluster; both go away after the run, whatever happens.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPgCluster } from '../../scripts/pg-test-cluster.mjs';

/**
 * Calls `measure({ backend, label, dataDir, cluster })` for each backend and collects what it
 * returns. A backend that cannot run (PostgreSQL not installed) or throws is reported and makes
 * `failed` true; the others still run.
 */
export async function onEachBackend(backends, prefix, measure) {
  const results = [];
  let failed = false;
  for (const backend of backends) {
    const dataDir = mkdtempSync(join(tmpdir(), `${prefix}-`));
    let cluster = null;
    try {
      if (backend === 'postgres') {
        cluster = await startPgCluster({ durable: true });
        if (!cluster) {
          console.log('\nPostgreSQL: skipped (PostgreSQL 15 is not installed)');
          failed = true;
          continue;
        }
        results.push(await measure({ backend, label: 'PostgreSQL 15', dataDir, cluster }));
      } else if (backend === 'pglite') {
        results.push(await measure({ backend, label: 'PGlite', dataDir, cluster: null }));
      } else {
        throw new Error(`unknown backend ${backend}`);
      }
    } catch (error) {
      failed = true;
      console.error(`\n${backend}: failed: ${error.stack ?? error}`);
    } finally {
      // The database goes first, then its files.
      await cluster?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return { results, failed };
}

/** Marks a check about the data rather than the speed (nothing lost, oversold or counted twice): failing it means something broke. */
export const INTEGRITY = 'integrity';

/**
 * Prints each `[what, ok, kind?]` check of each result under its label. A speed target missed is NOT MET,
 * printed, and the bench still exits 0 (issue 18: it says what was saturated and how far off it is); a
 * failed INTEGRITY check means lost or wrong data, and `exitCode` is then 1, as it is when `broke`.
 */
export function reportTargets(results, checksOf, broke = false) {
  let met = true;
  let intact = true;
  for (const r of results) {
    for (const [what, ok, kind] of checksOf(r)) {
      const integrity = kind === INTEGRITY;
      console.log(`  ${r.label}: ${what}: ${ok ? 'yes' : integrity ? 'NO: data lost or wrong' : 'NOT MET'}`);
      if (!ok && integrity) intact = false;
      else if (!ok) met = false;
    }
  }
  console.log(broke ? 'a run broke (above)' : !intact ? 'BROKEN: data lost or wrong (above)' : met ? 'all targets met' : 'NOT MET (above: the figures say how far off, the CPU lines what was saturated)');
  return { met, exitCode: broke || !intact ? 1 : 0 };
}
