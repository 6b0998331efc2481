import { asc, isNull, sql } from 'drizzle-orm';
import type { SupportLoggedEventName } from '../../../shared/api/support';
import type { Db } from '../../db/client';
import { supportEvents } from '../../db/schema';
import type { LoggedPayload } from './support-events';

/** An event as the sequencer numbered it, ready to publish. */
export interface NumberedEvent {
  seq: number;
  chatId: number;
  type: SupportLoggedEventName;
  payload: Record<string, unknown>;
}

/** The support event log that consoles catch up from: writing it, reading it by seq, and numbering what writers logged (support-sequencer.ts). */
export function supportEventLog(db: Db) {
  return {
    /** Appends an event without a seq, for the locking sequencer to number after the commit. */
    async appendUnnumbered<E extends SupportLoggedEventName>(tx: Db, chatId: number, type: E, payload: LoggedPayload<E>): Promise<void> {
      await tx.insert(supportEvents).values({ chatId, type, payload: payload as unknown as Record<string, unknown> });
    },

    /**
     * Appends an event with its seq: the log's highest plus one. Only where no
     * other transaction can write the log before this one ends (PGlite's one
     * connection): then seqs commit in order, and a transaction rolled back
     * takes none with it, so there is no gap. The sequence is moved along too,
     * so numberPending (and PostgreSQL, should the data move there) goes on after it.
     */
    async appendNumbered<E extends SupportLoggedEventName>(tx: Db, chatId: number, type: E, payload: LoggedPayload<E>): Promise<void> {
      await tx.insert(supportEvents).values({
        chatId,
        type,
        payload: payload as unknown as Record<string, unknown>,
        seq: sql`setval('support_events_seq', (select coalesce(max(seq), 0) + 1 from support_events))`,
      });
    },

    /** Numbered events after `after`, as the sequencer publishes them. */
    async numberedAfter(after: number, limit: number): Promise<NumberedEvent[]> {
      const rows = await this.events(after, limit);
      return rows.map((row) => ({ seq: row.seq, chatId: row.chatId, type: row.type as SupportLoggedEventName, payload: row.payload }));
    },

    /** Points the sequence just after the log's highest seq (one connection only, like appendNumbered). */
    async continueSeqFromLog(tx: Db): Promise<void> {
      await tx.execute(sql`select setval('support_events_seq', coalesce((select max(seq) from ${supportEvents}), 0) + 1, false)`);
    },

    /** The newest numbered event's seq (0 before the first). */
    async lastSeq(): Promise<number> {
      const [row] = await db.select({ value: sql<number>`coalesce(max(${supportEvents.seq}), 0)`.mapWith(Number) }).from(supportEvents);
      return row.value;
    },

    /** Numbered events after `after`, oldest first; events still waiting for their seq are not there yet. */
    events(after: number, limit: number) {
      return db
        .select({
          seq: sql<number>`${supportEvents.seq}`.mapWith(Number),
          chatId: supportEvents.chatId,
          type: supportEvents.type,
          payload: supportEvents.payload,
          createdAt: supportEvents.createdAt,
        })
        .from(supportEvents)
        .where(sql`${supportEvents.seq} > ${after}`)
        .orderBy(asc(supportEvents.seq))
        .limit(limit);
    },

    /** Whether any committed event still waits for a seq (the partial index makes this one probe). */
    async hasUnnumbered(): Promise<boolean> {
      const rows = await db.select({ id: supportEvents.id }).from(supportEvents).where(isNull(supportEvents.seq)).limit(1);
      return rows.length > 0;
    },

    /**
     * Gives every committed event without a seq the next seqs, in id order, in
     * one statement; returns them. Only under the sequencer's lock: two
     * numberers at once could commit a higher seq before a lower one.
     */
    async numberPending(tx: Db): Promise<NumberedEvent[]> {
      // The CTE holds a volatile call, so it is evaluated once, over ids already sorted.
      const result = (await tx.execute(sql`
        with numbered as (
          select id, nextval('support_events_seq') as seq
          from (select id from ${supportEvents} where seq is null order by id) pending
        )
        update ${supportEvents} e set seq = numbered.seq
        from numbered
        where e.id = numbered.id
        returning e.seq, e.chat_id, e.type, e.payload`)) as unknown as { rows: Array<{ seq: number; chat_id: number; type: string; payload: Record<string, unknown> }> };
      return result.rows
        .map((row) => ({ seq: Number(row.seq), chatId: row.chat_id, type: row.type as SupportLoggedEventName, payload: row.payload }))
        .sort((a, b) => a.seq - b.seq);
    },
  };
}

export type SupportEventLog = ReturnType<typeof supportEventLog>;
