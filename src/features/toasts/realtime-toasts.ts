import type { MessageSentEvent, NotificationSentEvent, OrderStatusUpdatedEvent, SenderRef } from '../../../shared/api/realtime-events';
import { notificationLink } from '../../services/same-site-path';
import type { ToastInput } from './toasts-slice';

/** `intl.formatMessage`, or anything that answers the same way (tests, sagas). */
export type FormatMessage = (descriptor: { id: string }, values?: Record<string, string | number>) => string;

type MessageBody = Partial<Omit<MessageSentEvent['message'], 'sender'>> & { sender?: Partial<SenderRef> | null };

/** SPEC §2: the realtime message is an object or that object serialised as a string. */
export interface MessageToastPayload {
  event_id?: string;
  message?: MessageSentEvent['message'] | MessageBody | string | null;
}

export type NotificationToastPayload = Partial<Omit<NotificationSentEvent, 'notification'>> & {
  notification?: Partial<NotificationSentEvent['notification']> | null;
};

export type OrderToastPayload = Partial<OrderStatusUpdatedEvent>;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The message as an object, whichever form it came in; the suppress check needs its chat id too. */
export function realtimeMessage(message: MessageToastPayload['message']): MessageBody {
  if (typeof message !== 'string') return message ?? {};
  try {
    const parsed: unknown = JSON.parse(message);
    if (parsed && typeof parsed === 'object') return parsed as MessageBody;
  } catch {
    // Not JSON: the string is the text of the message itself.
  }
  return { content: message };
}

const hasId = (value: unknown): value is number | string => (typeof value === 'number' && value > 0) || (typeof value === 'string' && /^\d+$/.test(value));

/** SPEC §8: titled with the sender name (fallback User), the content as body (fallback sent a file). */
export function messageToast(payload: MessageToastPayload, formatMessage: FormatMessage): ToastInput {
  const message = realtimeMessage(payload.message);
  return {
    id: payload.event_id,
    kind: 'message',
    title: text(message.sender?.name) || formatMessage({ id: 'toasts.message.fallbackSender' }),
    body: text(message.content) || formatMessage({ id: 'toasts.message.fallbackBody' }),
    link: hasId(message.chat_id) ? `/chats/${message.chat_id}` : undefined,
  };
}

/**
 * SPEC §8: titled New notification, fallback text You have a new notification.
 * A staff announcement may have a title and no body, so its title is the body then.
 */
export function notificationToast(payload: NotificationToastPayload, formatMessage: FormatMessage): ToastInput {
  const notification = payload.notification ?? {};
  return {
    id: payload.event_id,
    kind: 'notification',
    title: formatMessage({ id: 'toasts.notification.title' }),
    body: text(notification.body) || text(notification.title) || formatMessage({ id: 'toasts.notification.fallbackBody' }),
    link: notificationLink(notification.data) ?? '/notifications',
  };
}

/** SPEC §8: titled Order update, fallback text Order #{order_id} status changed. */
export function orderToast(payload: OrderToastPayload, formatMessage: FormatMessage): ToastInput {
  // A string, so the number is not grouped ("12 345") by the message formatter.
  const orderId = hasId(payload.order_id) ? String(payload.order_id) : '';
  return {
    id: payload.event_id,
    kind: 'order',
    title: formatMessage({ id: 'toasts.order.title' }),
    body: text(payload.message) || formatMessage({ id: 'toasts.order.fallbackBody' }, { order_id: orderId }),
    link: orderId ? `/order/${orderId}` : undefined,
  };
}
