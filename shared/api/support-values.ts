/**
 * Plain values of the support contract (no schema library), so the SPA can use them without
 * bundling TypeBox; `support.ts` builds its schemas from them.
 */
export const SUPPORT_STATUSES = ['open', 'pending', 'resolved', 'snoozed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

/** Presence channel of one conversation: staff only (viewing list and `client-typing`). */
export const supportPresenceChannel = (conversationId: number) => `presence-support.${conversationId}`;
/** Echo's name for it (`echo.join(...)`). */
export const echoSupportPresenceChannel = (conversationId: number) => `support.${conversationId}`;
/** Echo's name for `private-support`. */
export const ECHO_SUPPORT_CHANNEL = 'support';
/** Client event an agent whispers on the presence channel while typing (`whisper('typing', …)` in Echo). */
export const SUPPORT_TYPING_EVENT = 'client-typing';

export const QUEUE_FILTERS = ['all', 'mine', 'unassigned'] as const;
export type QueueFilter = (typeof QUEUE_FILTERS)[number];
