/**
 * The realtime contract of DESIGN.md: channel names and the five events with
 * their payloads. Every payload carries `event_id` so a browser that hears an
 * event twice (a reconnect, a relay between tabs) applies it once.
 */
export const userChannel = (userId: number) => `private-user.${userId}`;
export const SUPPORT_CHANNEL = 'private-support';
/** Laravel-echo names without the `private-` prefix. */
export const echoUserChannel = (userId: number) => `user.${userId}`;

export interface RealtimeEnvelope {
  event_id: string;
}

export interface SenderRef {
  id: number;
  name: string;
  image: string | null;
}

export interface MessageSentEvent extends RealtimeEnvelope {
  message: {
    id: number | string;
    chat_id: number;
    sender: SenderRef;
    content: string;
    attachments: Array<{ id: number; name: string; url: string; mime: string; size: number }>;
    created_at: string;
  };
}

export interface NotificationSentEvent extends RealtimeEnvelope {
  notification: {
    id: number;
    type: string;
    title: string;
    body: string;
    data: Record<string, unknown>;
    created_at: string;
  };
}

export interface OrderStatusUpdatedEvent extends RealtimeEnvelope {
  message: string;
  order_id: number;
  status: string;
}

export interface MessagesReadEvent extends RealtimeEnvelope {
  chat_id: number;
  count?: number;
}

export interface NotificationsReadEvent extends RealtimeEnvelope {
  count?: number;
}

export interface RealtimeEventMap {
  MessageSent: MessageSentEvent;
  NotificationSent: NotificationSentEvent;
  OrderStatusUpdated: OrderStatusUpdatedEvent;
  MessagesRead: MessagesReadEvent;
  NotificationsRead: NotificationsReadEvent;
}

export type RealtimeEventName = keyof RealtimeEventMap;
export const REALTIME_EVENTS: RealtimeEventName[] = ['MessageSent', 'NotificationSent', 'OrderStatusUpdated', 'MessagesRead', 'NotificationsRead'];

/**
 * Public channels (no prefix, so no authorization: the realtime server lets anyone listen, and
 * only the API publishes). A work's page listens to its likes: `olympiad-work.{id}`.
 */
export const workLikesChannel = (workId: number) => `olympiad-work.${workId}`;

export interface WorkLikesChangedEvent extends RealtimeEnvelope {
  work_id: number;
  likes_count: number;
}

/** Events of the public channels; the private channel's five above stay as they are. */
export interface PublicRealtimeEventMap {
  WorkLikesChanged: WorkLikesChangedEvent;
}
export type PublicRealtimeEventName = keyof PublicRealtimeEventMap;
export const PUBLIC_REALTIME_EVENTS: PublicRealtimeEventName[] = ['WorkLikesChanged'];

/** Everything the API may publish, on private and public channels. */
export type PublishedEventMap = RealtimeEventMap & PublicRealtimeEventMap;

export interface UnreadCounts {
  unread_notifications: number;
  unread_messages: number;
  total_unread: number;
}
