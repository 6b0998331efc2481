import type { Db } from '../../../db/client';

/**
 * A counter per database that every catalogue write moves on, so whatever
 * this process keeps about search results is dropped on the next read after
 * a change. (Favorites and subscriptions only nudge popularity and do not
 * count; other processes see a change when their cache entries expire.)
 */
const generations = new WeakMap<object, number>();

export const catalogGeneration = (db: Db): number => generations.get(db) ?? 0;

export function catalogChanged(db: Db): void {
  generations.set(db, catalogGeneration(db) + 1);
}
