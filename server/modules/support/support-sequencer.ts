import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Publisher } from '../realtime/publisher';
import type { LoggedPayload } from './support-events';
import { publishConversationUpdated, publishNoteAdded, publishSupportMessage } from './support-publish';
import type { NumberedEvent, SupportEventLog } from './support-event-log';

/** Any constant both drivers agree on; it only has to differ from other advisory locks in the app. */
const SUPPORT_EVENTS_LOCK = 730_500_001;

/** How often each API process looks for events a failed or missed flush left without a seq. */
export const SEQUENCER_SWEEP_MS = 1000;

export interface SupportSequencer {
  /**
   * Numbers every committed event still without a seq and publishes them, in
   * one run that starts after this call, so the caller's committed event is in
   * it (unless another process numbered it first and published it itself).
   * Never rejects: a failed run is logged and the sweep numbers the rest later.
   */
  flush(): Promise<void>;
  /** A flush only when something waits for a seq; the check takes no lock. */
  sweep(): Promise<void>;
  /** Resolves once no run is under way or queued (before the database closes). */
  idle(): Promise<void>;
}

/**
 * The one place seqs are handed out (one per app process). Writers insert their
 * event with seq null and commit without waiting for anyone; a run here then
 * takes the advisory lock in a transaction of its own, numbers all committed
 * unnumbered events in id order in one statement and commits, so the lock is
 * held by one short transaction per batch instead of by every writer through
 * its commit. Runs in all processes take the same lock, so batches commit in
 * seq order and a reader that sees seq N has seen every seq below it.
 *
 * In this process at most one run is under way and at most one more is queued:
 * callers arriving during a run all share the queued one.
 */
export function supportSequencer(db: Db, eventLog: SupportEventLog, publisher: Publisher, log: FastifyBaseLogger): SupportSequencer {
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;

  async function numberAndPublish(): Promise<void> {
    const numbered = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SUPPORT_EVENTS_LOCK})`);
      return eventLog.numberPending(tx);
    });
    for (const event of numbered) publishNumbered(publisher, event);
  }

  function start(): Promise<void> {
    const run = numberAndPublish()
      .catch((err: unknown) => log.error({ err }, 'numbering support events failed; the sweep retries'))
      .then(() => {
        running = null;
      });
    running = run;
    return run;
  }

  function flush(): Promise<void> {
    if (queued) return queued;
    if (!running) return start();
    // The run under way may have read the log before the caller's commit: wait for the next one.
    queued = running.then(() => {
      queued = null;
      return start();
    });
    return queued;
  }

  return {
    flush,
    async sweep() {
      if (running || queued) return;
      try {
        if (!(await eventLog.hasUnnumbered())) return;
      } catch (err) {
        log.error({ err }, 'looking for unnumbered support events failed');
        return;
      }
      await flush();
    },
    async idle() {
      while (queued || running) await (queued ?? running);
    },
  };
}

/** The same helpers the writers used before the sequencer, so payloads and the 10 KB cut stay as they were. */
function publishNumbered(publisher: Publisher, event: NumberedEvent): void {
  switch (event.type) {
    case 'SupportMessage': {
      const { conversation, message } = event.payload as unknown as LoggedPayload<'SupportMessage'>;
      publishSupportMessage(publisher, event.seq, conversation, message);
      break;
    }
    case 'SupportConversationUpdated': {
      const { change, actor, conversation } = event.payload as unknown as LoggedPayload<'SupportConversationUpdated'>;
      publishConversationUpdated(publisher, event.seq, change, actor, conversation);
      break;
    }
    case 'SupportNoteAdded': {
      const { note } = event.payload as unknown as LoggedPayload<'SupportNoteAdded'>;
      publishNoteAdded(publisher, event.seq, note);
      break;
    }
  }
}
