import type { SupportEventMap, SupportEventName, SupportLoggedEventName } from '../../../shared/api/support';
import { SUPPORT_CHANNEL } from '../../../shared/api/realtime-events';
import type { Publisher } from '../realtime/publisher';

/** What the log keeps of an event: exactly what is published, less its seq (a column of its own). */
export type LoggedPayload<E extends SupportLoggedEventName> = Omit<SupportEventMap[E], 'event_id' | 'seq'>;

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
