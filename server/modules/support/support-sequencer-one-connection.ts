import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Publisher } from '../realtime/publisher';
import type { SupportEventLog } from './support-event-log';
import type { SupportSequencer } from './support-sequencer';
import { publishNumbered, serialRuns } from './support-sequencer-runs';

/** Events published per read; a run reads on until it has them all. */
const PAGE = 500;

/**
 * The sequencer for PGlite: one process with one connection, where a
 * transaction runs alone from its first statement to its commit, so commits
 * come in the order writers write. A writer's event takes its seq in its own
 * INSERT (the log's highest plus one), which needs no lock and no numbering
 * transaction after the commit; a run then reads the events after the last
 * one published here and publishes them in seq order: one read, shared by
 * every writer that committed meanwhile. The guarantees are the locking
 * sequencer's: seqs gap-free and in commit order, each event published once
 * and in order, a reader never sees a seq before every one below it.
 */
export async function oneConnectionSupportSequencer(db: Db, eventLog: SupportEventLog, publisher: Publisher, log: FastifyBaseLogger): Promise<SupportSequencer> {
  // Read before this process writes anything: every event after it is this process's to publish.
  let published = await eventLog.lastSeq();
  const runs = serialRuns(
    async () => {
      for (;;) {
        const events = await eventLog.numberedAfter(published, PAGE);
        for (const event of events) {
          publishNumbered(publisher, event);
          published = event.seq;
        }
        if (events.length < PAGE) return;
      }
    },
    (err) => log.error({ err }, 'publishing support events failed; the sweep retries'),
  );

  return {
    log: (tx, chatId, type, payload) => eventLog.appendNumbered(tx, chatId, type, payload),
    flush: () => runs.request(),
    async sweep() {
      if (runs.busy) return;
      try {
        // Rows without a seq come only from before this sequencer (a database the locking one wrote, a
        // numbering that never ran): numbered after the last seq, as nothing else writes meanwhile.
        if (await eventLog.hasUnnumbered()) {
          await db.transaction(async (tx) => {
            await eventLog.continueSeqFromLog(tx);
            await eventLog.numberPending(tx);
          });
        }
      } catch (err) {
        log.error({ err }, 'numbering support events failed');
      }
      // Also what a failed run left unpublished.
      await runs.request();
    },
    idle: () => runs.idle(),
  };
}
