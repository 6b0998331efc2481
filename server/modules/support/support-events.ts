import { sql } from 'drizzle-orm';
import { SUPPORT_CHANNEL } from '../../../shared/api/realtime-events';
import type { SupportEventMap, SupportEventName, SupportLoggedEventName } from '../../../shared/api/support';
import type { Db } from '../../db/client';
import { supportEvents } from '../../db/schema';
import type { Publisher } from '../realtime/publisher';

/** Any constant both drivers agree on; it only has to differ from other advisory locks in the app. */
const SUPPORT_EVENTS_LOCK = 730_500_001;

/**
 * Appends an event to the console's log and returns its `seq`. Call it last
 * in the transaction: the advisory lock it takes is held until commit, so seqs
 * become visible strictly in order and a reader never skips one that commits later.
 */
export async function logSupportEvent(tx: Db, chatId: number, type: SupportLoggedEventName, payload: Record<string, unknown>): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SUPPORT_EVENTS_LOCK})`);
  const [row] = await tx.insert(supportEvents).values({ chatId, type, payload }).returning({ id: supportEvents.id });
  return row.id;
}

type Payload<E extends SupportEventName> = Omit<SupportEventMap[E], 'event_id'>;

/**
 * Publishes on `private-support` (every agent). The publisher is typed for the
 * user-channel events of realtime-events; console events have their own map in
 * shared/api/support.ts, so the name is widened here, in one place.
 */
export function publishSupport<E extends SupportEventName>(publisher: Publisher, event: E, payload: Payload<E>): string {
  const publish = publisher.publish as unknown as (channel: string, name: string, data: object) => string;
  return publish.call(publisher, SUPPORT_CHANNEL, event, payload);
}
