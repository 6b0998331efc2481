import { loadConfig } from '../config';
import { databaseOptionsOf, openDatabase } from '../db/client';
import { seedLargeCatalog } from '../db/seed/catalog-large';
import { seedDemoIfEmpty } from '../db/seed/seed-demo';
import { prepareDatabase } from '../db/prepare-database';

/**
 * `npm run seed:large`: the demo data set (if the database is empty) plus
 * 100,000 products for benchmarks, in the database the settings name
 * (`DATABASE_URL`, else PGlite in `DATA_DIR`). `SEED_LARGE_COUNT` changes the number.
 */
async function main() {
  const config = loadConfig();
  const total = Number(process.env.SEED_LARGE_COUNT || 100_000);
  const database = await openDatabase(databaseOptionsOf(config));
  try {
    await prepareDatabase(database, { seedDemo: false });
    await seedDemoIfEmpty(database.db);
    const started = Date.now();
    const products = await seedLargeCatalog(database.db, total, (done) => {
      if (done % 10_000 === 0 || done === total) process.stdout.write(`  ${done.toLocaleString('en')} / ${total.toLocaleString('en')} products\n`);
    });
    console.log(`seed:large: added ${total.toLocaleString('en')} products in ${((Date.now() - started) / 1000).toFixed(1)} s; the catalogue now holds ${products.toLocaleString('en')}`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
