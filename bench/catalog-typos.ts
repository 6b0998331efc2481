// `bench:catalog`'s typo recall on the seeded catalogue (issue 18: at least 95 % at a million products): misspellings
// of the catalogue's own words (server/db/seed/misspellings.ts, the generator of the demo catalogue's test), each
// searched through the running server as a reader would; a case succeeds when a row whose name holds the word is
// among the first ten results. Also times those searches one at a time (each is a new text: the correction look-up
// in the vocabulary and the corrected search both run).
//
// Run with the database's settings (DATABASE_URL) and BENCH_PORT; prints the figures and, last, a line
// `typos {json}` for bench/catalog.mjs. Settings: BENCH_TYPOS (how many misspellings, 240).
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { databaseOptionsOf, openDatabase } from '../server/db/client';
import { misspellingsOf } from '../server/db/seed/misspellings';
import { rawRows } from '../server/modules/catalog/common/raw-rows';

const CASES = Number(process.env.BENCH_TYPOS || 240);
const K = 10;
const PORT = Number(process.env.BENCH_PORT);

interface Hit {
  type: 'product' | 'service' | 'business' | 'ad';
  id: number;
}

const wordsOf = (name: string) => new Set(name.match(/[a-zа-яё]+/g) ?? []);

async function main() {
  if (!Number.isInteger(PORT) || PORT <= 0) throw new Error('BENCH_PORT must name the running server’s port');
  const database = await openDatabase(databaseOptionsOf(loadConfig()));
  try {
    const db = database.db;
    // The vocabulary of the names (migration 0029: every name word of four letters or more); a typo of a word of
    // five letters or more never gives a shorter one, so it is all a "typo that spells a word" can be checked against.
    const vocabulary = new Set((await rawRows<{ word: string }>(db, sql`select word from search_words`)).map((row) => row.word));
    // The words to misspell: those of rows a guest may find (the search's own visibility), not of drafts alone.
    const visible = await rawRows<{ word: string }>(
      db,
      sql`select distinct unnest(search_name_words(search_name)) as word from products where status = 'published' and moderation_public
          union select unnest(search_name_words(search_name)) from businesses where moderation_public
          union select unnest(search_name_words(search_name)) from ads where status = 'published' and moderation_public`,
    );
    const cases = misspellingsOf(
      visible.map((row) => row.word),
      vocabulary,
      CASES,
      1818,
    );
    const missed: string[] = [];
    const times: number[] = [];
    const timed: Array<[number, string]> = [];
    for (const { word, typed } of cases) {
      const started = performance.now();
      const res = await fetch(`http://127.0.0.1:${PORT}/v1/search?q=${encodeURIComponent(typed)}&per_page=${K}`, {
        headers: { accept: 'application/json', 'accept-language': /[a-z]/.test(word) ? 'en' : 'ru' },
      });
      const body = (await res.json()) as { data: Hit[] };
      times.push(performance.now() - started);
      timed.push([times.at(-1) as number, typed]);
      if (!res.ok) throw new Error(`search for ${typed} answered ${res.status}`);
      const ids = (type: string) => body.data.filter((hit) => (type === 'product' ? hit.type === 'product' || hit.type === 'service' : hit.type === type)).map((hit) => hit.id);
      const names = await rawRows<{ name: string }>(
        db,
        sql`select search_name as name from products where id = any(${sql.param(ids('product'))}::int[])
            union all select search_name from businesses where id = any(${sql.param(ids('business'))}::int[])
            union all select search_name from ads where id = any(${sql.param(ids('ad'))}::int[])`,
      );
      if (!names.some((row) => wordsOf(row.name).has(word))) missed.push(`${typed} (${word})`);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
    const recall = (cases.length - missed.length) / cases.length;
    console.log(
      `  typo recall@${K}: ${(recall * 100).toFixed(1)} % of ${cases.length} misspellings of ${vocabulary.size.toLocaleString('en')} catalogue words` +
        ` (one at a time: p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms; slowest ` +
        timed
          .sort((a, b) => b[0] - a[0])
          .slice(0, 3)
          .map(([ms, typed]) => `${typed} ${ms.toFixed(0)} ms`)
          .join(', ') +
        `); missed: ${missed.join(', ') || 'none'}`,
    );
    console.log(`typos ${JSON.stringify({ recall, cases: cases.length, words: vocabulary.size, p50: at(0.5), p99: at(0.99), missed: missed.length })}`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
