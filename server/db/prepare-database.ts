import type { Database } from './client';
import { seedDemoIfEmpty } from './seed/seed-demo';

/** Any constant; it only has to differ from the app's other advisory locks (support-sequencer.ts). */
const PREPARE_LOCK = 730_500_002;

/**
 * Migrations, then the demo data on an empty database, by one process at a
 * time: API processes started together on a fresh database would otherwise
 * race to create the migrations table and to seed twice. The first runs them;
 * the others wait for it, find nothing left to do, and serve.
 */
export async function prepareDatabase(database: Database, { seedDemo }: { seedDemo: boolean }): Promise<{ seeded: boolean }> {
  return database.exclusively(PREPARE_LOCK, async () => {
    await database.migrate();
    return { seeded: seedDemo && (await seedDemoIfEmpty(database.db)) };
  });
}
