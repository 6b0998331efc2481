/**
 * @jest-environment node
 */
// Node, not jsdom: RTK Query's fetchBaseQuery needs the platform's Request and Response.
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import type { ChatMessageResource } from '../../shared/api/chats';
import { chatThreadsReducer, selectThread } from '../../src/features/chats/chat-thread-slice';
import { chatsApi } from '../../src/features/chats/chats-api';
import { sendChatMessage, sendWaiting } from '../../src/features/chats/chat-send';
import { realtimeEventReceived } from '../../src/realtime/realtime-slice';
import { api } from '../../src/services/api';

jest.mock('../../src/services/app-config', () => ({ appConfig: () => ({ apiUrl: 'http://api.test' }) }));
// The transport's own retries are tested elsewhere; here a lost connection must surface at once.
jest.mock('../../src/services/retry-policy', () => ({ ...jest.requireActual('../../src/services/retry-policy'), shouldRetry: () => false }));

const CLIENT_ID = '7b0c3f8e-1d2a-4c3b-9e8f-0a1b2c3d4e5f';
const stored = (id: number, clientId: string | null, content: string): ChatMessageResource => ({
  id,
  chat_id: 9,
  client_id: clientId,
  sender: { id: 1, name: 'Anna', image: null },
  content,
  attachments: [],
  created_at: '2026-01-01T10:00:00.000Z',
});
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let answer: (request: Request) => Promise<Response>;
const requests: Array<{ url: string; key: string | null; body: unknown }> = [];

beforeEach(() => {
  requests.length = 0;
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const request = input as Request;
    // The history the chat opens with; the sends are what these tests look at.
    if (request.method === 'GET') return json(200, { data: [stored(1, null, 'Hello')], meta: { next_cursor: null } });
    requests.push({ url: request.url, key: request.headers.get('Idempotency-Key'), body: await request.clone().json().catch(() => null) });
    return answer(request);
  }) as typeof fetch;
});

async function makeStore() {
  const store = configureStore({
    reducer: combineReducers({
      [api.reducerPath]: api.reducer,
      chatThreads: chatThreadsReducer,
      auth: (state = { token: 'token' }) => state,
      language: (state = { current: 'en' }) => state,
    }),
    middleware: (d) => d().concat(api.middleware),
  });
  // Held open as the chat view holds it.
  await store.dispatch(chatsApi.endpoints.chatHistory.initiate({ kind: 'direct', chatId: 9 }));
  const thread = () => selectThread(9)(store.getState());
  const history = () => (chatsApi.endpoints.chatHistory.select({ kind: 'direct', chatId: 9 })(store.getState()).data?.pages ?? []).flatMap((page) => page.data);
  return { store, thread, history };
}

test('a message shows as sending, then as the stored message once the server has it', async () => {
  const { store, thread, history } = await makeStore();
  let release!: () => void;
  answer = () => new Promise((resolve) => (release = () => resolve(json(201, { data: stored(2, CLIENT_ID, 'Is it available?') }))));
  const sending = store.dispatch(sendChatMessage({ kind: 'direct', chatId: 9, clientId: CLIENT_ID, content: 'Is it available?', files: [] }));
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(thread().pending).toEqual([expect.objectContaining({ client_id: CLIENT_ID, status: 'sending', content: 'Is it available?' })]);
  release();
  expect(await sending).toEqual({ status: 'sent' });
  expect(thread().pending).toEqual([]);
  expect(history().map((m) => m.content)).toEqual(['Hello', 'Is it available?']);
  expect(requests[0]).toMatchObject({ url: 'http://api.test/v1/messages', key: CLIENT_ID, body: { chat_id: 9, client_id: CLIENT_ID, content: 'Is it available?' } });
});

test('a lost connection queues the message ("will send when online"); sending it again uses the same client id and the message is kept once', async () => {
  const { store, thread, history } = await makeStore();
  answer = () => Promise.reject(new TypeError('network down'));
  expect(await store.dispatch(sendChatMessage({ kind: 'direct', chatId: 9, clientId: CLIENT_ID, content: 'Still there?', files: [] }))).toEqual({ status: 'failed' });
  expect(thread().pending).toEqual([expect.objectContaining({ client_id: CLIENT_ID, status: 'waiting', content: 'Still there?' })]);

  // The first attempt did reach the server after all: its live echo arrives, then the retry answers 200 with the same message.
  answer = async () => json(200, { data: stored(3, CLIENT_ID, 'Still there?') });
  store.dispatch(
    realtimeEventReceived({
      name: 'MessageSent',
      payload: { event_id: 'e1', message: { ...stored(3, CLIENT_ID, 'Still there?'), chat_kind: 'direct' } as never },
    }),
  );
  expect(await store.dispatch(sendChatMessage({ kind: 'direct', chatId: 9, clientId: CLIENT_ID, content: 'Still there?', files: [] }))).toEqual({ status: 'sent' });
  expect(requests.map((r) => (r.body as { client_id: string }).client_id)).toEqual([CLIENT_ID, CLIENT_ID]);
  expect(thread().pending).toEqual([]);
  expect(history().filter((m) => m.content === 'Still there?')).toHaveLength(1);
});

test('offline, a message is queued without a request and goes by itself when the network is back', async () => {
  const { store, thread, history } = await makeStore();
  // This suite runs in node: the browser's word that it is offline is all the send reads of navigator.
  Object.defineProperty(globalThis, 'navigator', { value: { onLine: false }, configurable: true });
  try {
    await store.dispatch(sendChatMessage({ kind: 'direct', chatId: 9, clientId: CLIENT_ID, content: 'On the train', files: [] }));
    expect(requests).toHaveLength(0);
    expect(thread().pending).toEqual([expect.objectContaining({ client_id: CLIENT_ID, status: 'waiting' })]);
  } finally {
    Reflect.deleteProperty(globalThis, 'navigator');
  }
  answer = async () => json(201, { data: stored(5, CLIENT_ID, 'On the train') });
  await store.dispatch(sendWaiting());
  expect(requests.map((r) => (r.body as { client_id: string }).client_id)).toEqual([CLIENT_ID]);
  expect(thread().pending).toEqual([]);
  expect(history().filter((m) => m.content === 'On the train')).toHaveLength(1);
});

test('a server error (500) is not a lost connection: the message waits for the person\'s retry', async () => {
  const { store, thread } = await makeStore();
  answer = async () => json(500, { message: 'Server Error' });
  await store.dispatch(sendChatMessage({ kind: 'direct', chatId: 9, clientId: CLIENT_ID, content: 'Hi', files: [] }));
  expect(thread().pending).toEqual([expect.objectContaining({ client_id: CLIENT_ID, status: 'failed' })]);
});

test('a refusal (422) takes the message off the thread and hands the server message back for the composer', async () => {
  const { store, thread } = await makeStore();
  answer = async () => json(422, { message: 'The given data was invalid.', errors: { chat_id: ['The other person deleted their account.'] } });
  const outcome = await store.dispatch(sendChatMessage({ kind: 'direct', chatId: 9, clientId: CLIENT_ID, content: 'Hi', files: [] }));
  expect(outcome).toEqual({ status: 'refused', error: { message: 'The given data was invalid.', errors: { chat_id: ['The other person deleted their account.'] } } });
  expect(thread().pending).toEqual([]);
});

test('support messages go to the support endpoint without a chat id', async () => {
  const { store } = await makeStore();
  answer = async () => json(201, { data: { ...stored(4, CLIENT_ID, 'Help'), from: 'customer' } });
  await store.dispatch(sendChatMessage({ kind: 'support', chatId: 9, clientId: CLIENT_ID, content: 'Help', files: [] }));
  expect(requests[0]).toMatchObject({ url: 'http://api.test/v1/support/messages', body: { client_id: CLIENT_ID, content: 'Help' } });
  expect((requests[0].body as Record<string, unknown>).chat_id).toBeUndefined();
});
