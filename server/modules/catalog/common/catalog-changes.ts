import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../../db/client';
import { tellOthers } from '../../../db/notices';

/**
 * A counter per database that every catalogue write moves on, so whatever
 * this process keeps about search results is dropped on the next read after
 * a change. The other API processes on the same database hear of it through
 * the database's notices and move their counters too. (Favorites and
 * subscriptions only nudge popularity and do not count.)
 */
const generations = new WeakMap<object, number>();
const TOPIC = 'catalog';

export const catalogGeneration = (db: Db): number => generations.get(db) ?? 0;

function moveOn(db: Db): void {
  generations.set(db, catalogGeneration(db) + 1);
}

/** After a catalogue write has committed. */
export function catalogChanged(db: Db): void {
  moveOn(db);
  tellOthers(db, TOPIC);
}

const followed = new WeakSet<Database>();

/** Drops what this process keeps when another process changes the catalogue (once per open database). */
export async function followCatalogChanges(database: Database, log: FastifyBaseLogger): Promise<void> {
  if (followed.has(database)) return;
  followed.add(database);
  await database.notices.follow(TOPIC, () => moveOn(database.db), (message, err) => log.warn({ err }, message));
}
