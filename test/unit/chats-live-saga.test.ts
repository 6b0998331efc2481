import { select } from 'redux-saga/effects';
import type { ChatMessageEvent } from '../../shared/api/chats';
import { applyChatEvent } from '../../src/sagas/chat-live.saga';
import { realtimeEventReceived, selectOpenChatId } from '../../src/realtime/realtime-slice';

jest.mock('../../src/services/app-config', () => ({ appConfig: () => ({ apiUrl: 'http://api.test' }) }));

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
const sent = (chatId: number, senderId: number) => realtimeEventReceived({ name: 'MessageSent', payload: { event_id: 'e', message: message(chatId, senderId) }, selfId: 1 });

test('a message in the chat on screen refreshes the list and is read at once', () => {
  const saga = applyChatEvent(sent(9, 2));
  expect(saga.next().value).toHaveProperty('type', 'PUT'); // the list refetch
  expect(saga.next().value).toEqual(select(selectOpenChatId));
  const markRead = saga.next(9).value;
  expect(markRead).toHaveProperty('type', 'PUT');
  expect(saga.next().done).toBe(true);
});

test('a message in another chat, or my own from another tab, only refreshes the list', () => {
  const other = applyChatEvent(sent(4, 2));
  other.next();
  expect(other.next().value).toEqual(select(selectOpenChatId));
  expect(other.next(9).done).toBe(true);

  const own = applyChatEvent(sent(9, 1));
  own.next();
  expect(own.next().done).toBe(true);
});

test('a read elsewhere refreshes the list; other events are ignored', () => {
  const read = applyChatEvent(realtimeEventReceived({ name: 'MessagesRead', payload: { event_id: 'r', chat_id: 9, count: 1 } }));
  expect(read.next().value).toHaveProperty('type', 'PUT');
  expect(read.next().done).toBe(true);
  const notice = applyChatEvent(realtimeEventReceived({ name: 'NotificationsRead', payload: { event_id: 'n', count: 1 } }));
  expect(notice.next().done).toBe(true);
});
