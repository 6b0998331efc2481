import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { repeatedRows } from '../common/raw-rows';
import { resultCache } from '../common/result-cache';
import { typoDistance, typosAllowed } from './typo-distance';

/** Only words of letters are corrected (a model number is meant as typed), and of four letters or more (one typo from five). */
const CORRECTABLE = /^[a-zа-яё]{4,40}$/;
/**
 * Trigram neighbours checked per word (migration 0029's search_word_neighbours). Trigrams only
 * shortlist: a typo near the start of a short word («двиан») shares few of them, so the list is
 * long enough to reach such words past the ones that merely share an ending.
 */
const NEIGHBOURS = 60;

/**
 * How many typos lie between what was typed and a word it may mean: the rule
 * (one from five letters, two from nine) by the longer of the two, so a
 * five-letter word with a letter dropped is still recognised.
 */
export function typosBetween(typed: string, word: string): number | null {
  const allowed = typosAllowed([...typed].length >= [...word].length ? typed : word);
  if (!allowed) return null;
  const distance = typoDistance(typed, word, allowed);
  return distance <= allowed ? distance : null;
}

type Correction = string | null;

const caches = new WeakMap<Db, ReturnType<typeof resultCache<Correction>>>();

/**
 * The name word each misspelt query word most likely means: the fewest typos
 * away, then the most used. A word the names hold, and a word with no name word
 * near enough, is left out. Words repeat across searches far more than whole
 * texts do, so each word's answer is kept per process like the search results,
 * and dropped with them on any catalogue change (the names' words change with it).
 */
export async function correctionsOf(db: Db, words: string[]): Promise<Map<string, string>> {
  const corrections = new Map<string, string>();
  const asked = [...new Set(words.filter((word) => CORRECTABLE.test(word)))];
  if (!asked.length) return corrections;
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = resultCache<Correction>(db, { maxEntries: 20_000 })));
  const found = await cache.throughMany(asked, (missing) => lookUp(db, missing));
  asked.forEach((typed, i) => {
    const word = found[i];
    if (word) corrections.set(typed, word);
  });
  return corrections;
}

/**
 * One statement for the words not kept: a primary-key probe per word and, for the unknown ones alone, a
 * look-up in the trigram index; null for a word that needs no correction or has none.
 */
async function lookUp(db: Db, words: string[]): Promise<Map<string, Correction>> {
  const rows = await repeatedRows<{ typed: string; word: string; uses: number }>(
    db,
    sql`select w.typed, c.word, c.uses
        from unnest(${sql`array[${sql.join(
          words.map((word) => sql`${word}`),
          sql`, `,
        )}]::text[]`}) as w(typed)
        cross join lateral search_word_neighbours(w.typed, ${NEIGHBOURS}) as c`,
  );
  const best = new Map<string, { word: string; typos: number; uses: number }>();
  for (const row of rows) {
    const typos = typosBetween(row.typed, row.word);
    if (typos === null) continue;
    const known = best.get(row.typed);
    const uses = Number(row.uses);
    if (!known || typos < known.typos || (typos === known.typos && (uses > known.uses || (uses === known.uses && row.word < known.word)))) {
      best.set(row.typed, { word: row.word, typos, uses });
    }
  }
  return new Map(words.map((typed) => [typed, best.get(typed)?.word ?? null]));
}
