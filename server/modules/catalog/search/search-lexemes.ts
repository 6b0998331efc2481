import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { repeatedRows } from '../common/raw-rows';
import { resultCache } from '../common/result-cache';

/**
 * A prefix under more lexemes than this stays a prefix. Measured at a million products (README, "Search at a
 * million products"): beside a rarer word, 25–86 lexemes spelt out took 4–11 ms where the prefix took 48–63;
 * but when both words are common every row of the (lossy) bitmap is checked against the alternatives, and two
 * prefixes of 82 and 86 lexemes took 4.2 s where the prefixes took 0.87 s, while 25 with 13 and 10 with 45 still
 * gained (534 → 383 ms, 706 → 586 ms). 32 keeps the gains and stays clear of the loss.
 */
export const SPELT_MAX = 32;

type Spelt = readonly string[] | null;

const caches = new WeakMap<Db, ReturnType<typeof resultCache<Spelt>>>();

/**
 * The lexemes of the documents under each prefix (migration 0032's vocabulary), for the prefixes with at most
 * SPELT_MAX and at least one; the others are left out and stay prefixes. Kept per process like the search
 * results, and dropped with them on any catalogue change here or in another process, so a new row's lexeme is
 * never missing from a spelt-out word.
 */
export async function lexemesUnder(db: Db, prefixes: string[]): Promise<Map<string, readonly string[]>> {
  const spelt = new Map<string, readonly string[]>();
  if (!prefixes.length) return spelt;
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = resultCache<Spelt>(db, { maxEntries: 20_000 })));
  const found = await cache.throughMany(prefixes, async (missing) => {
    // One range of the primary key per prefix (collation "C": the byte order a tsquery prefix compares in).
    const rows = await repeatedRows<{ prefix: string; lexemes: string[] }>(
      db,
      sql`select p.prefix, array(select l.lexeme from search_lexemes l
            where l.lexeme >= p.prefix collate "C" and l.lexeme < (p.prefix || chr(1114111)) collate "C"
            order by l.lexeme limit ${SPELT_MAX + 1}) as lexemes
          from unnest(${sql`array[${sql.join(
            missing.map((prefix) => sql`${prefix}`),
            sql`, `,
          )}]::text[]`}) as p(prefix)`,
    );
    return new Map(rows.map((row) => [row.prefix, row.lexemes.length && row.lexemes.length <= SPELT_MAX ? row.lexemes : null]));
  });
  prefixes.forEach((prefix, i) => {
    const lexemes = found[i];
    if (lexemes) spelt.set(prefix, lexemes);
  });
  return spelt;
}
