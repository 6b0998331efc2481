import { configureStore, type UnknownAction } from '@reduxjs/toolkit';
import type { ChatMessageEvent } from '../../shared/api/chats';
import { realtimeListeners } from '../../src/app/realtime-listeners';
import { notificationsChanged } from '../../src/features/notifications/notifications-api';
import { toastsReducer } from '../../src/features/toasts/toasts-slice';
import { chatOpened, realtimeEventReceived, realtimeReducer } from '../../src/realtime/realtime-slice';
import { api } from '../../src/services/api';
import { recorder } from './support/record-actions';

jest.mock('../../src/services/app-config', () => ({ appConfig: () => ({ apiUrl: 'http://api.test' }) }));

let seen: UnknownAction[];

function setup() {
  seen = [];
  const record = recorder(seen);
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer, realtime: realtimeReducer, toasts: toastsReducer },
    middleware: (d) => d().prepend(realtimeListeners.middleware).concat(record, api.middleware),
  });
}

const message = (chatId: number, senderId: number): ChatMessageEvent => ({
  id: 5,
  chat_id: chatId,
  client_id: null,
  chat_kind: 'direct',
  sender: { id: senderId, name: 'Boris', image: null },
  content: 'Hi',
  attachments: [],
  created_at: '2026-01-01T10:00:00.000Z',
});
const sent = (chatId: number, senderId: number) =>
  realtimeEventReceived({ name: 'MessageSent', payload: { event_id: `m${chatId}-${senderId}`, message: message(chatId, senderId) }, selfId: 1 });
const notification = realtimeEventReceived({
  name: 'NotificationSent',
  payload: { event_id: 'n1', notification: { id: 3, type: 'system', title: 'Hello', body: 'A notice', data: {}, created_at: '2026-01-01T10:00:00.000Z' } },
});
const refetchesNotifications = () => seen.some((action) => action.type === notificationsChanged().type && JSON.stringify(action.payload) === JSON.stringify(notificationsChanged().payload));

beforeEach(() => localStorage.clear());

test("someone else's message shows a toast in the tab the person looks at", () => {
  const store = setup();
  store.dispatch(sent(9, 2));
  expect(store.getState().toasts.items).toEqual([expect.objectContaining({ kind: 'message', title: 'Boris', body: 'Hi', link: '/chats/9' })]);
  expect(refetchesNotifications()).toBe(false);
});

test('no toast for my own message, for the chat on screen, or in a tab the person is not looking at', () => {
  const store = setup();
  store.dispatch(sent(9, 1));
  store.dispatch(chatOpened(9));
  store.dispatch(sent(9, 2));
  expect(store.getState().toasts.items).toEqual([]);
  // Another tab of this browser was looked at last (services/focus-tab).
  localStorage.setItem('bazaar-focused-tab', 'another-tab');
  store.dispatch(sent(4, 2));
  expect(store.getState().toasts.items).toEqual([]);
});

test('a notification refetches the notification list and shows its toast; a read elsewhere only refetches', () => {
  const store = setup();
  store.dispatch(notification);
  expect(refetchesNotifications()).toBe(true);
  expect(store.getState().toasts.items).toEqual([expect.objectContaining({ kind: 'notification' })]);

  seen.length = 0;
  store.dispatch(realtimeEventReceived({ name: 'NotificationsRead', payload: { event_id: 'r1', count: 2 } }));
  expect(refetchesNotifications()).toBe(true);
  expect(store.getState().toasts.items).toHaveLength(1);
});
