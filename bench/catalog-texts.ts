// `bench:catalog`'s searches with new words every time, taken from the seeded catalogue itself (run after the seed,
// before the server opens the database): what people type, a product's noun and one or two other words of the same
// name («ботинки belmarko», «кофе премиум чёрный»), so every text matches and none repeats within a run. Made of the
// names, they follow the vocabulary at any size: a fixed list would name brands a larger seed spreads thinly.
//
// Prints a JSON array of texts on stdout. Settings: BENCH_TEXTS (how many, 30000), and the database's (DATABASE_URL, DATA_DIR).
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { databaseOptionsOf, openDatabase } from '../server/db/client';
import { random } from '../server/db/seed/catalog-seed';
import { rawRows } from '../server/modules/catalog/common/raw-rows';

const WANTED = Number(process.env.BENCH_TEXTS || 30_000);
/** A word people would type: letters, three or more («для», «3,2 %» are not). */
const WORD = /^[a-zа-яё]{3,}$/;

async function main() {
  const database = await openDatabase(databaseOptionsOf(loadConfig()));
  try {
    const [{ total }] = await rawRows<{ total: number }>(database.db, sql`select count(*)::int as total from products where status = 'published'`);
    // Twice the names wanted (some give a text already taken), the same sample every run, in the same order (a parallel
    // scan returns the sampled rows in any order, and the texts are taken until enough: runs compared before and after
    // a change on one database would otherwise search different texts).
    const percent = Math.min(100, (200 * WANTED) / Math.max(1, total));
    const names = await rawRows<{ name: string; name_en: string | null }>(
      database.db,
      sql`select name, name_en from products tablesample bernoulli(${percent}) repeatable (18) where status = 'published' order by id`,
    );
    const rnd = random(1804);
    const texts = new Set<string>();
    for (const row of names) {
      // One text in five in English, as the English names are searched too.
      const name = rnd.chance(0.2) && row.name_en ? row.name_en : row.name;
      const words = name.toLowerCase().split(/[^a-zа-яё0-9,%]+/u).filter((word) => WORD.test(word));
      if (words.length < 2) continue;
      const [noun, ...rest] = words;
      const picked = [rnd.pick(rest)];
      if (rest.length > 1 && rnd.chance(0.3)) picked.push(rnd.pick(rest.filter((word) => word !== picked[0])));
      texts.add([noun, ...picked].join(' '));
      if (texts.size >= WANTED) break;
    }
    process.stdout.write(JSON.stringify([...texts]));
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
