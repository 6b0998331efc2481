import { loadConfig } from '../config';
import { databaseOptionsOf, openDatabase } from '../db/client';
import { seedLargeCatalog } from '../db/seed/catalog-large';
import { seedDemoIfEmpty } from '../db/seed/seed-demo';
import { prepareDatabase } from '../db/prepare-database';
import { SeedSizeError, seedLargeSize } from './seed-large-size';

/**
 * `npm run seed:large [-- SIZE]`: the demo data set (if the database is empty) plus
 * SIZE products for benchmarks (default 100,000; `SEED_LARGE_COUNT` when no argument),
 * in the database the settings name (`DATABASE_URL`, else PGlite in `DATA_DIR`).
 */
async function main() {
  const args = process.argv.slice(2);
  if (args.length > 1) throw new SeedSizeError(`seed:large takes one argument, the number of products; got ${args.length}: ${args.join(' ')}`);
  const total = seedLargeSize(args[0], process.env.SEED_LARGE_COUNT);
  const config = loadConfig();
  const database = await openDatabase(databaseOptionsOf(config));
  try {
    await prepareDatabase(database, { seedDemo: false });
    await seedDemoIfEmpty(database.db);
    const started = Date.now();
    const products = await seedLargeCatalog(database.db, total, (done) => {
      if (done % 100_000 === 0 || done === total) process.stdout.write(`  ${done.toLocaleString('en')} / ${total.toLocaleString('en')} products\n`);
    });
    console.log(`seed:large: added ${total.toLocaleString('en')} products in ${((Date.now() - started) / 1000).toFixed(1)} s; the catalogue now holds ${products.toLocaleString('en')}`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  // A bad size is the user's mistake: its message says what to type; anything else keeps its stack.
  console.error(error instanceof SeedSizeError ? `seed:large: ${error.message}` : error);
  process.exit(1);
});
