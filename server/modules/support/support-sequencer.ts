import type { FastifyBaseLogger } from 'fastify';
import type { SupportLoggedEventName } from '../../../shared/api/support';
import type { Database, Db } from '../../db/client';
import type { Publisher } from '../realtime/publisher';
import { supportEventLog } from './support-event-log';
import type { LoggedPayload } from './support-events';
import { lockingSupportSequencer } from './support-sequencer-locking';
import { oneConnectionSupportSequencer } from './support-sequencer-one-connection';

/** How often each API process looks for events a failed or missed flush left unnumbered or unpublished. */
export const SEQUENCER_SWEEP_MS = 1000;

/**
 * The one place seqs are handed out and console events published (one per app
 * process), in two modes chosen by the database: locking (PostgreSQL,
 * support-sequencer-locking.ts) and one connection (PGlite,
 * support-sequencer-one-connection.ts). Either way: seqs gap-free and in
 * commit order, every event published once and in seq order by a process, and
 * a reader of the log never sees a seq before every seq below it.
 */
export interface SupportSequencer {
  /**
   * Appends an event to the console's log. Call it last in the writer's
   * transaction; after the commit, `flush()` publishes it. It takes no lock:
   * support writes must not queue behind each other's commits.
   */
  log<E extends SupportLoggedEventName>(tx: Db, chatId: number, type: E, payload: LoggedPayload<E>): Promise<void>;
  /**
   * Numbers (where that is left to do) and publishes every committed event, in
   * one run that starts after this call, so the caller's committed event is in
   * it (unless another process numbered it first and published it itself).
   * Never rejects: a failed run is logged and the sweep does the rest later.
   */
  flush(): Promise<void>;
  /** What a failed or missed flush left; called every SEQUENCER_SWEEP_MS. */
  sweep(): Promise<void>;
  /** Resolves once no run is under way or queued (before the database closes). */
  idle(): Promise<void>;
}

/** PGlite has one connection in one process, so its events can take their seq as they are written. */
export function supportSequencerFor(database: Pick<Database, 'db' | 'kind'>, publisher: Publisher, log: FastifyBaseLogger): Promise<SupportSequencer> {
  const eventLog = supportEventLog(database.db);
  if (database.kind === 'pglite') return oneConnectionSupportSequencer(database.db, eventLog, publisher, log);
  return Promise.resolve(lockingSupportSequencer(database.db, eventLog, publisher, log));
}
