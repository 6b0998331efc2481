import type { PayloadAction, UnknownAction } from '@reduxjs/toolkit';
import { call, put, select, takeEvery, type Effect } from 'redux-saga/effects';
import { notificationsChanged } from '../features/notifications/notifications-api';
import { orderChanged } from '../features/orders/orders-api';
import { realtimeEventReceived, selectOpenChatId, type RealtimeEvent } from '../realtime/realtime-slice';
import { messageToast, notificationToast, orderToast, realtimeMessage, type FormatMessage } from '../features/toasts/realtime-toasts';
import { toastShown, type ToastInput } from '../features/toasts/toasts-slice';
import { isFocusedTab } from '../services/focus-tab';
import { formatMessage } from '../services/intl-bridge';

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
 * What every tab does with an event it hears (from its own socket or relayed):
 * refresh what the event changed, and show the toast only in the tab the person looks at.
 */
export function* applyRealtimeEvent(action: PayloadAction<RealtimeEvent & { selfId?: number | null }>): Generator<Effect, void, unknown> {
  const event = action.payload;
  if (event.name === 'NotificationSent' || event.name === 'NotificationsRead') {
    yield put(notificationsChanged() as unknown as UnknownAction);
  }
  // The order and every list of it, in every tab (relayed events land here too).
  if (event.name === 'OrderStatusUpdated' && Number(event.payload.order_id) > 0) {
    yield put(orderChanged(Number(event.payload.order_id), event.payload.status) as unknown as UnknownAction);
  }
  const openChatId = (yield select(selectOpenChatId)) as number | null;
  const toast = toastFor(event, openChatId);
  if (toast && ((yield call(isFocusedTab)) as boolean)) yield put(toastShown(toast));
}

export function* realtimeEffectsSaga() {
  yield takeEvery(realtimeEventReceived.type, applyRealtimeEvent);
}
