import { searchWordsOf } from '../../../../shared/validation/search-text';
import type { Db } from '../../../db/client';
import { searchSynonyms } from '../../../db/schema';
import { catalogGeneration } from '../common/catalog-changes';

/** One row of the list as search uses it: phrases as words. */
export interface SynonymGroup {
  terms: string[][];
  expansions: string[][];
}

const KEPT_MS = 30_000;
const kept = new WeakMap<object, { at: number; generation: number; groups: Promise<SynonymGroup[]> }>();

const phrases = (texts: string[]) => texts.map((text) => searchWordsOf(text)).filter((words) => words.length > 0);

/**
 * The synonym list, read once per 30 s per process and at once after any API
 * process changes it (staff edits move the catalogue's generation here and, through
 * the database's notices, in the others; that also drops the kept search results).
 */
export function synonymGroupsOf(db: Db): Promise<SynonymGroup[]> {
  const now = performance.now();
  const generation = catalogGeneration(db);
  const entry = kept.get(db);
  if (entry && entry.generation === generation && now - entry.at < KEPT_MS) return entry.groups;
  const groups = db
    .select({ terms: searchSynonyms.terms, expansions: searchSynonyms.expansions })
    .from(searchSynonyms)
    .then((rows) => rows.map((row) => ({ terms: phrases(row.terms), expansions: phrases(row.expansions) })));
  // A failed read is not kept: the next search asks again.
  groups.catch(() => kept.delete(db));
  kept.set(db, { at: now, generation, groups });
  return groups;
}
