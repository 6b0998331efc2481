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

/** Prints each `[what, ok]` check of each result under its label; true when every one holds. */
export function reportTargets(results, checksOf) {
  let met = true;
  for (const r of results) {
    for (const [what, ok] of checksOf(r)) {
      console.log(`  ${r.label}: ${what}: ${ok ? 'yes' : 'NO'}`);
      if (!ok) met = false;
    }
  }
  return met;
}
