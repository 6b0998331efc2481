import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Publisher } from '../realtime/publisher';
import type { SupportEventLog } from './support-event-log';
import type { SupportSequencer } from './support-sequencer';
import { publishNumbered, serialRuns } from './support-sequencer-runs';

/** Any constant both drivers agree on; it only has to differ from other advisory locks in the app. */
const SUPPORT_EVENTS_LOCK = 730_500_001;

/**
 * The sequencer for PostgreSQL, where several API processes and their pools
 * write at once. Writers insert their event with seq null and commit without
 * waiting for anyone; a run here then takes the advisory lock in a transaction
 * of its own, numbers all committed unnumbered events in id order in one
 * statement and commits, so the lock is held by one short transaction per
 * batch instead of by every writer through its commit. Runs in all processes
 * take the same lock, so batches commit in seq order and a reader that sees
 * seq N has seen every seq below it. Each process publishes what its own runs numbered.
 */
export function lockingSupportSequencer(db: Db, eventLog: SupportEventLog, publisher: Publisher, log: FastifyBaseLogger): SupportSequencer {
  const runs = serialRuns(
    async () => {
      const numbered = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${SUPPORT_EVENTS_LOCK})`);
        return eventLog.numberPending(tx);
      });
      for (const event of numbered) publishNumbered(publisher, event);
    },
    (err) => log.error({ err }, 'numbering support events failed; the sweep retries'),
  );

  return {
    log: (tx, chatId, type, payload) => eventLog.appendUnnumbered(tx, chatId, type, payload),
    flush: () => runs.request(),
    async sweep() {
      if (runs.busy) return;
      try {
        if (!(await eventLog.hasUnnumbered())) return;
      } catch (err) {
        log.error({ err }, 'looking for unnumbered support events failed');
        return;
      }
      await runs.request();
    },
    idle: () => runs.idle(),
  };
}
