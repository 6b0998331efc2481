import type { SupportEventMap, SupportEventName, SupportLoggedEventName } from '../../../shared/api/support';
import { SUPPORT_CHANNEL } from '../../../shared/api/realtime-events';
import type { Db } from '../../db/client';
import { supportEvents } from '../../db/schema';
import type { Publisher } from '../realtime/publisher';

/** What the log keeps of an event: exactly what is published, less the seq the sequencer adds later. */
export type LoggedPayload<E extends SupportLoggedEventName> = Omit<SupportEventMap[E], 'event_id' | 'seq'>;

/**
 * Appends an event to the console's log, without a seq. Call it last in the
 * transaction; after the commit, `sequencer.flush()` numbers and publishes it.
 * No lock here: support writes must not queue behind each other's commits.
 */
export async function logSupportEvent<E extends SupportLoggedEventName>(tx: Db, chatId: number, type: E, payload: LoggedPayload<E>): Promise<void> {
  await tx.insert(supportEvents).values({ chatId, type, payload: payload as unknown as Record<string, unknown> });
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
