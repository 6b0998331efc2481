/**
 * @jest-environment node
 */
// Node, not jsdom: RTK Query's fetchBaseQuery needs the platform's Request and Response.
import { combineReducers, configureStore, type UnknownAction } from '@reduxjs/toolkit';
import type { ChatMessageEvent, ChatMessageResource } from '../../shared/api/chats';
import { addMessage, chatsApi } from '../../src/features/chats/chats-api';
import { chatThreadsReducer, selectThread, sendStarted } from '../../src/features/chats/chat-thread-slice';
import { chatOpened, realtimeEventReceived, realtimeReducer } from '../../src/realtime/realtime-slice';
import { chatLiveListeners } from '../../src/features/chats/chat-live-listeners';
import { api } from '../../src/services/api';
import { recorder } from './support/record-actions';

jest.mock('../../src/services/app-config', () => ({ appConfig: () => ({ apiUrl: 'http://api.test' }) }));

const REF = { kind: 'direct' as const, chatId: 9 };
const CLIENT_ID = '3c9f1d2e-8a7b-4c6d-9e0f-1a2b3c4d5e6f';
const stored = (id: number, extra: Partial<ChatMessageResource> = {}): ChatMessageResource => ({
  id,
  chat_id: 9,
  client_id: null,
  sender: { id: 2, name: 'Boris', image: null },
  content: `Message ${id}`,
  attachments: [],
  created_at: '2026-01-01T10:00:00.000Z',
  ...extra,
});
const live = (message: ChatMessageResource) => {
  const event: ChatMessageEvent = { ...message, sender: message.sender!, chat_kind: 'direct' };
  return realtimeEventReceived({ name: 'MessageSent', payload: { event_id: `e${message.id}`, message: event }, selfId: 1 });
};
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const request = input as Request;
    if (request.method === 'POST') return json({ data: { chat_id: 9, count: 1 } });
    return json({ data: [stored(1), stored(2)], meta: { next_cursor: null } });
  }) as typeof fetch;
});

const seen: UnknownAction[] = [];
const record = recorder(seen);
const requests = () => (globalThis.fetch as jest.Mock).mock.calls.map(([request]: [Request]) => `${request.method} ${new URL(request.url).pathname}`);
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

async function openChat() {
  seen.length = 0;
  const store = configureStore({
    reducer: combineReducers({
      [api.reducerPath]: api.reducer,
      realtime: realtimeReducer,
      chatThreads: chatThreadsReducer,
      auth: (state = { token: 'token', userId: 1 }) => state,
      language: (state = { current: 'en' }) => state,
    }),
    middleware: (d) => d().prepend(chatLiveListeners.middleware).concat(record, api.middleware),
  });
  await store.dispatch(chatsApi.endpoints.chatHistory.initiate(REF));
  const history = () => (chatsApi.endpoints.chatHistory.select(REF)(store.getState()).data?.pages ?? []).flatMap((page) => page.data);
  return { store, history };
}

test('a live message heard twice is in the history once', async () => {
  const { store, history } = await openChat();
  store.dispatch(live(stored(3)));
  store.dispatch(live(stored(3)));
  expect(history().map((message) => message.id)).toEqual([1, 2, 3]);
});

test('a message sent from another tab, heard live, joins the history and leaves no pending copy here', async () => {
  const { store, history } = await openChat();
  store.dispatch(sendStarted({ chatId: 9, message: { client_id: CLIENT_ID, content: 'Mine', files: [], created_at: '2026-01-01T10:00:00.000Z' } }));
  store.dispatch(live(stored(3, { client_id: CLIENT_ID, content: 'Mine', sender: { id: 1, name: 'Anna', image: null } })));
  expect(history().filter((message) => message.client_id === CLIENT_ID)).toHaveLength(1);
  expect(selectThread(9)(store.getState()).pending).toEqual([]);
});

test('a message for a chat whose history is not loaded is not cached anywhere', async () => {
  const { store } = await openChat();
  store.dispatch(live({ ...stored(3), chat_id: 4 }));
  expect(chatsApi.endpoints.chatHistory.select({ kind: 'direct', chatId: 4 })(store.getState()).data).toBeUndefined();
});

test('the same message by id or by client id is kept once; a cut-short copy gives way to the whole one, never the reverse', () => {
  const draft = { pages: [{ data: [stored(1), stored(2, { client_id: CLIENT_ID })], meta: { next_cursor: null } }] };
  expect(addMessage(draft, stored(2))).toBe(false);
  expect(addMessage(draft, stored(7, { client_id: CLIENT_ID }))).toBe(false);
  expect(addMessage(draft, { ...stored(3, { content: 'cut' }), content_truncated: true })).toBe(true);
  expect(addMessage(draft, stored(3, { content: 'whole' }))).toBe(false);
  expect(addMessage(draft, { ...stored(3, { content: 'cut' }), content_truncated: true })).toBe(false);
  expect(draft.pages[0].data.map((message) => [message.id, message.content])).toEqual([
    [1, 'Message 1'],
    [2, 'Message 2'],
    [3, 'whole'],
  ]);
});

test('a message in the chat on screen refreshes the list and is read at once', async () => {
  const { store } = await openChat();
  store.dispatch(chatOpened(9));
  store.dispatch(live(stored(3)));
  await settled();
  expect(seen.map((action) => action.type)).toContain(`${api.reducerPath}/invalidateTags`);
  expect(requests()).toContain('POST /v1/chats/9/mark-as-read');
});

test('a message in another chat, or my own from another tab, is not marked read', async () => {
  const { store } = await openChat();
  store.dispatch(chatOpened(4));
  store.dispatch(live(stored(3)));
  store.dispatch(chatOpened(9));
  store.dispatch(live(stored(4, { sender: { id: 1, name: 'Anna', image: null } })));
  await settled();
  expect(requests().filter((request) => request.startsWith('POST'))).toEqual([]);
});

test('a read elsewhere refreshes the list; other events change nothing', async () => {
  const { store } = await openChat();
  store.dispatch(realtimeEventReceived({ name: 'NotificationsRead', payload: { event_id: 'n', count: 1 } }));
  expect(seen.map((action) => action.type)).not.toContain(`${api.reducerPath}/invalidateTags`);
  store.dispatch(realtimeEventReceived({ name: 'MessagesRead', payload: { event_id: 'r', chat_id: 9, count: 1 } }));
  expect(seen.map((action) => action.type)).toContain(`${api.reducerPath}/invalidateTags`);
});
