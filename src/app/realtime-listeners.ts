import { createListenerMiddleware } from '@reduxjs/toolkit';
import { notificationsChanged } from '../features/notifications/notifications-api';
import { orderChanged } from '../features/orders/order-changed';
import { myBannersChanged } from '../features/seller-banners/banners-api';
import { moderatedItemChanged } from '../features/catalog/catalog-api';
import { messageToast, notificationToast, orderToast, realtimeMessage, type FormatMessage } from '../features/toasts/realtime-toasts';
import { toastShown, type ToastInput } from '../features/toasts/toasts-slice';
import { realtimeEventReceived, selectOpenChatId, type RealtimeEvent, type RealtimeState } from '../realtime/realtime-slice';
import { channelEventReceived } from '../realtime/extra-channels';
import { isFocusedTab } from '../services/focus-tab';
import type { PublicRealtimeEventName } from '../../shared/api/realtime-events';
import type { AppDispatch } from './store';
import { formatMessage } from '../services/intl-bridge';

/**
 * What every tab does with a realtime event it hears (from its own socket or
 * relayed by the leading tab): refresh what the event changed, and show the
 * toast only in the tab the person looks at. A plain "after X do Y": nothing
 * here waits, so it is a listener, not a saga.
 */
export const realtimeListeners = createListenerMiddleware();

const format: FormatMessage = (descriptor, values) => formatMessage(descriptor.id, values);

/** The toast an event deserves in this tab, or null (SPEC §8). */
export function toastFor(event: RealtimeEvent & { selfId?: number | null }, openChatId: number | null): ToastInput | null {
  switch (event.name) {
    case 'MessageSent': {
      const message = realtimeMessage(event.payload.message);
      if (event.selfId != null && message.sender?.id === event.selfId) return null;
      // The suppress flag: the chat is already on screen.
      if (message.chat_id != null && Number(message.chat_id) === openChatId) return null;
      return messageToast(event.payload, format);
    }
    case 'NotificationSent':
      return notificationToast(event.payload, format);
    case 'OrderStatusUpdated':
      return orderToast(event.payload, format);
    default:
      return null;
  }
}

/**
 * The olympiad works' API is loaded when a works event comes: these listeners are in every page's first
 * bundle, and a work's events come only to someone with works (the chunk is then mostly loaded already).
 */
const worksApi = () => import(/* webpackChunkName: "olympiad-works-api" */ '../features/olympiad-works/works-api');

realtimeListeners.startListening.withTypes<{ realtime: RealtimeState }>()({
  actionCreator: realtimeEventReceived,
  effect: (action, listenerApi) => {
    const event = action.payload;
    if (event.name === 'NotificationSent' || event.name === 'NotificationsRead') listenerApi.dispatch(notificationsChanged());
    // A moderator decided one of my works: its state (and the gallery) is read again, in every tab.
    if (event.name === 'NotificationSent' && event.payload.notification?.type === 'work_moderated') {
      void worksApi().then(({ myWorksChanged }) => listenerApi.dispatch(myWorksChanged()));
    }
    // A moderator decided one of my banners: my list of banners is read again.
    if (event.name === 'NotificationSent' && event.payload.notification?.type === 'banner_moderated') listenerApi.dispatch(myBannersChanged());
    // A moderator decided one of my businesses, ads or products: its page and my lists are read again.
    if (event.name === 'NotificationSent' && event.payload.notification?.type === 'moderation') {
      const data = event.payload.notification.data ?? {};
      listenerApi.dispatch(moderatedItemChanged(data.kind, data.id));
    }
    // The order and every list of it, in every tab (relayed events land here too).
    if (event.name === 'OrderStatusUpdated' && Number(event.payload.order_id) > 0) {
      listenerApi.dispatch(orderChanged(Number(event.payload.order_id), event.payload.status));
    }
    const toast = toastFor(event, selectOpenChatId(listenerApi.getState()));
    if (toast && isFocusedTab()) listenerApi.dispatch(toastShown(toast));
  },
});

/** A work's live like count (its public channel, joined while its page is open) lands on the work in the cache. */
realtimeListeners.startListening({
  actionCreator: channelEventReceived,
  effect: (action, listenerApi) => {
    const { channel, event, payload } = action.payload;
    if (event !== ('WorkLikesChanged' satisfies PublicRealtimeEventName) || !channel.startsWith('olympiad-work.')) return;
    const { work_id: workId, likes_count: likes } = (payload ?? {}) as { work_id?: unknown; likes_count?: unknown };
    if (Number.isInteger(workId) && Number.isInteger(likes) && channel === `olympiad-work.${String(workId)}`) {
      void worksApi().then(({ workLikesChanged }) => (listenerApi.dispatch as AppDispatch)(workLikesChanged(workId as number, likes as number)));
    }
  },
});
