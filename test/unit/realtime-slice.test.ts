import {
  chatOpened,
  countsFailed,
  countsLoaded,
  realtimeEventReceived,
  realtimeReducer,
  type RealtimeState,
} from '../../src/realtime/realtime-slice';

const start = (n: number, m: number): RealtimeState =>
  realtimeReducer(undefined, countsLoaded({ unread_notifications: n, unread_messages: m, total_unread: n + m }));

const message = (senderId: number, chatId = 9) =>
  realtimeEventReceived({
    name: 'MessageSent',
    selfId: 1,
    payload: { event_id: 'e', message: { id: 1, chat_id: chatId, sender: { id: senderId, name: 'A', image: null }, content: 'hi', attachments: [], created_at: '' } },
  });

test('a loaded count sets the total to the sum', () => {
  expect(start(2, 3).counts).toEqual({ unread_notifications: 2, unread_messages: 3, total_unread: 5 });
});

test('a failed count fetch gives zero counts that are treated as loaded', () => {
  const state = realtimeReducer(start(4, 4), countsFailed());
  expect(state.counts.total_unread).toBe(0);
  expect(state.countsLoaded).toBe(true);
});

test('read events subtract their count (default 1) and never go below zero', () => {
  let state = start(3, 2);
  state = realtimeReducer(state, realtimeEventReceived({ name: 'NotificationsRead', payload: { event_id: 'a' } }));
  expect(state.counts.unread_notifications).toBe(2);
  state = realtimeReducer(state, realtimeEventReceived({ name: 'NotificationsRead', payload: { event_id: 'b', count: 10 } }));
  expect(state.counts.unread_notifications).toBe(0);
  state = realtimeReducer(state, realtimeEventReceived({ name: 'MessagesRead', payload: { event_id: 'c', chat_id: 1, count: 5 } }));
  expect(state.counts).toEqual({ unread_notifications: 0, unread_messages: 0, total_unread: 0 });
});

test('a notification adds one; a message adds one unless it is mine or its chat is open', () => {
  let state = realtimeReducer(start(0, 0), realtimeEventReceived({ name: 'NotificationSent', payload: { event_id: 'n', notification: { id: 1, type: 'x', title: 't', body: '', data: {}, created_at: '' } } }));
  expect(state.counts.total_unread).toBe(1);
  state = realtimeReducer(state, message(2));
  expect(state.counts.unread_messages).toBe(1);
  state = realtimeReducer(state, message(1));
  expect(state.counts.unread_messages).toBe(1);
  state = realtimeReducer(realtimeReducer(state, chatOpened(9)), message(2, 9));
  expect(state.counts.unread_messages).toBe(1);
});

test('a message read in the open chat is taken off the read count, not off the badge; other chats still count', () => {
  // Three unread elsewhere; chat 9 is on screen and two messages land in it, then another in chat 4.
  let state = realtimeReducer(start(0, 3), chatOpened(9));
  state = realtimeReducer(realtimeReducer(state, message(2, 9)), message(2, 9));
  state = realtimeReducer(state, message(2, 4));
  expect(state.counts.unread_messages).toBe(4);
  // The open chat marks its two read: the badge keeps the four that are really unread.
  state = realtimeReducer(state, realtimeEventReceived({ name: 'MessagesRead', payload: { event_id: 'r1', chat_id: 9, count: 2 } }));
  expect(state.counts.unread_messages).toBe(4);
  // Reading chat 4 elsewhere takes its message off.
  state = realtimeReducer(state, realtimeEventReceived({ name: 'MessagesRead', payload: { event_id: 'r2', chat_id: 4, count: 1 } }));
  expect(state.counts.unread_messages).toBe(3);
  // A later read of chat 9 that covers older, counted messages subtracts them as usual.
  state = realtimeReducer(state, realtimeEventReceived({ name: 'MessagesRead', payload: { event_id: 'r3', chat_id: 9, count: 2 } }));
  expect(state.counts.unread_messages).toBe(1);
});

test('fresh counts from the server replace what was never counted', () => {
  let state = realtimeReducer(start(0, 0), chatOpened(9));
  state = realtimeReducer(state, message(2, 9));
  // The server still counts that message as unread when the counts are fetched (a reconnect)...
  state = realtimeReducer(state, countsLoaded({ unread_notifications: 0, unread_messages: 1, total_unread: 1 }));
  // ...so its read takes it off the badge.
  state = realtimeReducer(state, realtimeEventReceived({ name: 'MessagesRead', payload: { event_id: 'r', chat_id: 9, count: 1 } }));
  expect(state.counts.unread_messages).toBe(0);
});
