/**
 * @jest-environment node
 */
// Node, not jsdom: RTK Query's fetchBaseQuery needs the platform's Request and Response.
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { sagaContext } from '../../src/sagas/endpoint-call';
import createSagaMiddleware, { eventChannel, type EventChannel } from 'redux-saga';
import type { ChatMessageResource } from '../../shared/api/chats';
import { CATCH_UP_LIMIT, chatsApi, MESSAGES_PER_PAGE } from '../../src/features/chats/chats-api';
import { chatOpened, connectionStatusChanged, realtimeReducer } from '../../src/realtime/realtime-slice';
import { chatCatchUpDeps, chatCatchUpSaga, type CatchUpReason } from '../../src/sagas/chat-catch-up.saga';
import { api } from '../../src/services/api';

jest.mock('../../src/services/app-config', () => ({ appConfig: () => ({ apiUrl: 'http://api.test' }) }));
jest.mock('../../src/services/retry-policy', () => ({ ...jest.requireActual('../../src/services/retry-policy'), shouldRetry: () => false }));

const REF = { kind: 'direct' as const, chatId: 9 };
const message = (id: number): ChatMessageResource => ({
  id,
  chat_id: 9,
  client_id: null,
  sender: { id: 2, name: 'Boris', image: null },
  content: `Message ${id}`,
  attachments: [],
  created_at: '2026-01-01T10:00:00.000Z',
});
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server's history of chat 9, paged as `GET /chats/9/messages?before&limit` pages it. */
let stored: ChatMessageResource[];
let requests: string[];
let offline: boolean;
let browser: (signal: CatchUpReason) => void;

function answer(request: Request): Response {
  const url = new URL(request.url);
  requests.push(`${request.method} ${url.pathname}${url.search}`);
  if (request.method === 'POST') return json(200, { data: { chat_id: 9, count: 1 } });
  const before = Number(url.searchParams.get('before') ?? Infinity);
  const limit = Number(url.searchParams.get('limit'));
  const older = stored.filter((item) => item.id < before);
  const data = older.slice(-limit);
  return json(200, { data, meta: { next_cursor: older.length > limit ? String(data[0].id) : null } });
}

beforeEach(() => {
  jest.useFakeTimers();
  stored = Array.from({ length: 40 }, (_, index) => message(index + 1));
  requests = [];
  offline = false;
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    if (offline) throw new TypeError('network down');
    return answer(input as Request);
  }) as typeof fetch;
  chatCatchUpDeps.browserSignals = () =>
    eventChannel<CatchUpReason>((emit) => {
      browser = emit;
      return () => undefined;
    }) as EventChannel<CatchUpReason>;
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

/** Lets the fake network answer and the sagas run (the timers are fake; promises are not). */
const settle = () => jest.advanceTimersByTimeAsync(50);

async function openChat() {
  const sagas = createSagaMiddleware();
  const store = configureStore({
    reducer: combineReducers({
      [api.reducerPath]: api.reducer,
      realtime: realtimeReducer,
      auth: (state = { token: 'token', userId: 1 }) => state,
      language: (state = { current: 'en' }) => state,
    }),
    middleware: (d) => d({ serializableCheck: false, immutableCheck: false }).concat(api.middleware, sagas),
  });
  sagas.setContext(sagaContext(store.dispatch));
  sagas.run(chatCatchUpSaga);
  store.dispatch(connectionStatusChanged('connecting'));
  store.dispatch(connectionStatusChanged('connected'));
  // What the chat view does: hold the history and say which chat is open.
  store.dispatch(chatsApi.endpoints.chatHistory.initiate(REF));
  store.dispatch(chatOpened(9));
  await settle();
  requests = [];
  const ids = () => (chatsApi.endpoints.chatHistory.select(REF)(store.getState()).data?.pages ?? []).flatMap((page) => page.data.map((item) => item.id));
  const reconnect = async () => {
    store.dispatch(connectionStatusChanged('reconnecting'));
    store.dispatch(connectionStatusChanged('connected'));
    await settle();
  };
  return { store, ids, reconnect };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

test('a reconnect fetches what was said meanwhile and merges it once; the chat is read', async () => {
  const { ids, reconnect } = await openChat();
  expect(ids()).toEqual(range(11, 40));
  stored.push(message(41), message(42));

  await reconnect();
  expect(ids()).toEqual(range(11, 42));
  expect(requests).toEqual([`GET /v1/chats/9/messages?limit=${CATCH_UP_LIMIT}`, 'POST /v1/chats/9/mark-as-read']);

  // Again with nothing new: one more look, nothing added twice, nothing marked read.
  requests = [];
  await reconnect();
  await reconnect();
  expect(ids()).toEqual(range(11, 42));
  expect(requests).toEqual([`GET /v1/chats/9/messages?limit=${CATCH_UP_LIMIT}`, `GET /v1/chats/9/messages?limit=${CATCH_UP_LIMIT}`]);
});

test('older pages already loaded are kept; a message heard live before the catch-up is not doubled', async () => {
  const { store, ids, reconnect } = await openChat();
  await store.dispatch(chatsApi.endpoints.chatHistory.initiate(REF, { direction: 'forward' }));
  expect(ids()).toEqual([...range(11, 40), ...range(1, 10)]);
  stored.push(message(41), message(42));
  store.dispatch(chatsApi.util.updateQueryData('chatHistory', REF, (draft) => void draft.pages[0].data.push(message(41))));

  await reconnect();
  expect(ids()).toEqual([...range(11, 42), ...range(1, 10)]);
});

test('the tab coming back and the network coming back catch up too; a burst of signals makes at most two requests', async () => {
  const { ids } = await openChat();
  stored.push(message(41));
  browser('visible');
  await settle();
  expect(ids().at(-1)).toBe(41);

  stored.push(message(42));
  requests = [];
  browser('online');
  browser('visible');
  browser('online');
  await settle();
  expect(ids().filter((id) => id === 42)).toHaveLength(1);
  expect(requests.filter((request) => request.startsWith('GET')).length).toBeLessThanOrEqual(2);
});

test('more new messages than one page holds: every loaded page is fetched again instead of leaving a hole', async () => {
  const { ids, reconnect } = await openChat();
  stored.push(...range(41, 40 + CATCH_UP_LIMIT + 5).map(message));

  await reconnect();
  const newest = 40 + CATCH_UP_LIMIT + 5;
  expect(ids()).toEqual(range(newest - MESSAGES_PER_PAGE + 1, newest));
  expect(requests).toContain(`GET /v1/chats/9/messages?limit=${MESSAGES_PER_PAGE}`);
});

test('no chat open, or a failed catch-up: nothing changes, and the next signal tries again', async () => {
  const { store, ids, reconnect } = await openChat();
  stored.push(message(41));
  offline = true;
  await reconnect();
  expect(ids()).toEqual(range(11, 40));
  expect(console.warn).toHaveBeenCalled();

  offline = false;
  await reconnect();
  expect(ids().at(-1)).toBe(41);

  store.dispatch(chatOpened(null));
  requests = [];
  await reconnect();
  expect(requests).toEqual([]);
});
