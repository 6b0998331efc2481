/**
 * @jest-environment node
 */
// Node, not jsdom: RTK Query's fetchBaseQuery needs the platform's Request and Response.
import { combineReducers, configureStore, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware, { eventChannel, runSaga, type EventChannel } from 'redux-saga';
import { call } from 'redux-saga/effects';
import { SUPPORT_CHANNEL } from '../../shared/api/realtime-events';
import { supportPresenceChannel } from '../../shared/api/support';
import { channelEventReceived, channelsWanted, channelSubscribed, presenceChanged, whisperRequested } from '../../src/realtime/extra-channels';
import { presenceReducer } from '../../src/realtime/presence-slice';
import { DEFAULT_QUEUE_ARGS } from '../../src/features/support-console/queue-args';
import { supportConsoleApi } from '../../src/features/support-console/support-console-api';
import {
  consoleClosed,
  consoleOpened,
  conversationOpened,
  draftChanged,
  supportConsoleReducer,
} from '../../src/features/support-console/support-console-slice';
import { api } from '../../src/services/api';
import {
  applyConsoleEvent,
  createConsoleContext,
  GAP_WAIT_MS,
  supportConsoleDeps,
  supportConsoleSaga,
  TYPING_EXPIRY_MS,
  TYPING_IDLE_MS,
  TYPING_THROTTLE_MS,
} from '../../src/sagas/support-console.saga';
import { sagaContext } from '../../src/sagas/endpoint-call';
import { AGENT_ID, createFakeServer, OTHER_AGENT, type FakeServer } from './support-console-fake-server';
import { recorder } from './support/record-actions';

jest.mock('../../src/services/app-config', () => ({ appConfig: () => ({ apiUrl: 'http://api.test' }) }));

type BrowserSignal = 'visible' | 'online' | 'pagehide';

let server: FakeServer;
let browser: (signal: BrowserSignal) => void;
let seen: UnknownAction[];

function setup() {
  seen = [];
  const sagas = createSagaMiddleware();
  const record = recorder(seen);
  const store = configureStore({
    reducer: combineReducers({
      [api.reducerPath]: api.reducer,
      auth: (state = { token: 'token', userId: AGENT_ID }) => state,
      language: (state = { current: 'ru' }) => state,
      supportConsole: supportConsoleReducer,
      presence: presenceReducer,
    }),
    middleware: (d) =>
      d({ serializableCheck: false, immutableCheck: false }).prepend(record).concat(api.middleware, sagas),
  });
  sagas.setContext(sagaContext(store.dispatch));
  sagas.run(supportConsoleSaga);
  return store;
}

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-03-01T10:30:00.000Z') });
  server = createFakeServer(7);
  globalThis.fetch = jest.fn((input: RequestInfo | URL) => server.answer(input as Request)) as typeof fetch;
  supportConsoleDeps.fetchEvents = function* fetchEvents(after: number) {
    return yield call(async () => server.eventsAfter(after));
  } as typeof supportConsoleDeps.fetchEvents;
  supportConsoleDeps.browserSignals = () =>
    eventChannel<BrowserSignal>((emit) => {
      browser = emit;
      return () => undefined;
    }) as EventChannel<BrowserSignal>;
  supportConsoleDeps.isVisible = () => true;
  supportConsoleDeps.tabId = 'tab-a';
});
afterEach(() => {
  jest.useRealTimers();
});

const settle = () => jest.advanceTimersByTimeAsync(5);
const live = (payload: Record<string, unknown>, event = 'SupportMessage') => channelEventReceived({ channel: SUPPORT_CHANNEL, event, payload });

async function openConsole() {
  const store = setup();
  store.dispatch(consoleOpened({ agentId: AGENT_ID, agentName: 'Сергей Помощников' }));
  store.dispatch(supportConsoleApi.endpoints.supportQueue.initiate(DEFAULT_QUEUE_ARGS) as unknown as UnknownAction);
  await settle();
  const queued = () => supportConsoleApi.endpoints.supportQueue.select(DEFAULT_QUEUE_ARGS)(store.getState() as never).data!.pages[0].data[0];
  return { store, queued };
}

test('the first queue page sets the seq to resume from; every reconnect fetches the log after the last applied seq', async () => {
  const { store, queued } = await openConsole();
  // The page was read at seq 5: the console asks the log for what came after (the socket may have joined before the page).
  expect(server.eventCalls).toEqual([5]);
  expect(queued().unread_count).toBe(1);

  store.dispatch(live(server.customerWrites(101, 1)));
  await settle();
  expect(queued()).toMatchObject({ unread_count: 2, last_message: { id: 101 } });

  // The laptop sleeps: two messages and an assignment happen without the socket.
  server.customerWrites(102, 2);
  server.customerWrites(103, 3);
  server.assigns(4);
  store.dispatch(channelSubscribed({ channel: SUPPORT_CHANNEL }));
  await settle();
  expect(server.eventCalls).toEqual([5, 6]);
  expect(queued()).toMatchObject({ unread_count: 4, last_message: { id: 103 }, assignee: { id: OTHER_AGENT.id } });

  // Back to the tab: the log again, from where the console now stands.
  server.notes(900, 5);
  browser('visible');
  await settle();
  expect(server.eventCalls).toEqual([5, 6, 9]);
  // An "online" after a lost network does the same.
  browser('online');
  await settle();
  expect(server.eventCalls).toEqual([5, 6, 9, 10]);
});

test('an event heard live and again in the catch-up is applied once; a lost one is fetched after a short wait', async () => {
  const { store, queued } = await openConsole();
  store.dispatch(supportConsoleApi.endpoints.supportMessages.initiate(7) as unknown as UnknownAction);
  store.dispatch(supportConsoleApi.endpoints.supportNotes.initiate(7) as unknown as UnknownAction);
  await settle();
  const history = () => supportConsoleApi.endpoints.supportMessages.select(7)(store.getState() as never).data!.pages.flatMap((page) => page.data.map((m) => m.id));
  const notes = () => supportConsoleApi.endpoints.supportNotes.select(7)(store.getState() as never).data!.map((n) => n.id);

  const first = server.customerWrites(101, 1);
  const second = server.customerWrites(102, 2);
  const note = server.notes(900, 3);
  // Seq 6 is lost on the way; 7 and the note arrive, 7 twice (a relay).
  store.dispatch(live(second));
  store.dispatch(live(second));
  store.dispatch(live(note, 'SupportNoteAdded'));
  await settle();
  expect(history()).toEqual([100, 102]);
  expect(queued().unread_count).toBe(2);
  expect(server.eventCalls).toEqual([5]);

  await jest.advanceTimersByTimeAsync(GAP_WAIT_MS);
  expect(server.eventCalls).toEqual([5, 5]);
  // The catch-up brings 6, 7 and 8 again: 7 and 8 are skipped, 6 slots in, and the late message is recounted by the server.
  expect(history()).toEqual([100, 101, 102]);
  expect(notes()).toEqual([900]);
  expect(queued().unread_count).toBe(3);

  // Heard live once more after all that: nothing changes.
  store.dispatch(live(first));
  store.dispatch(live(note, 'SupportNoteAdded'));
  await settle();
  expect(history()).toEqual([100, 101, 102]);
  expect(notes()).toEqual([900]);
  expect(queued().unread_count).toBe(3);
});

test('each seq is applied once, whether it comes live, relayed again or in a catch-up', async () => {
  const store = setup();
  const ctx = createConsoleContext({ agentId: AGENT_ID, agentName: 'Сергей Помощников' });
  ctx.sync.watermark = 5;
  const apply = (payload: Record<string, unknown>, name = 'SupportMessage') =>
    runSaga({ dispatch: store.dispatch, getState: store.getState, context: sagaContext(store.dispatch) }, applyConsoleEvent, ctx, name, payload).toPromise() as Promise<boolean>;
  const sixth = server.customerWrites(101, 1);
  const seventh = server.customerWrites(102, 2);
  expect(await apply(seventh)).toBe(true);
  expect(await apply(seventh)).toBe(false);
  // 6 is still missing, so the console does not claim to have everything up to 7.
  expect(ctx.sync.watermark).toBe(5);
  expect(await apply(sixth)).toBe(true);
  expect(ctx.sync.watermark).toBe(7);
  for (const event of server.eventsAfter(5).data) expect(await apply(event.data, event.type)).toBe(false);
  // Reads carry no seq and change nothing twice, so they always pass.
  expect(await apply({ conversation_id: 7, agent_id: AGENT_ID, count: 1 }, 'SupportConversationRead')).toBe(true);
});

test('a customer message in the conversation on screen is read at once', async () => {
  const { store, queued } = await openConsole();
  store.dispatch(conversationOpened(7));
  await settle();
  expect(queued().unread_count).toBe(0);
  store.dispatch(live(server.customerWrites(101, 1)));
  await settle();
  expect(queued().unread_count).toBe(0);
  expect(server.conversation.unread_count).toBe(0);
});

test('the tab asks the leader for the console channel and the open conversation, and withdraws on close', async () => {
  const { store } = await openConsole();
  const wants = () => seen.filter(channelsWanted.match).map((action) => action.payload.channels);
  expect(wants().at(-1)).toEqual([SUPPORT_CHANNEL]);
  store.dispatch(conversationOpened(7));
  await settle();
  expect(wants().at(-1)).toEqual([SUPPORT_CHANNEL, supportPresenceChannel(7)]);
  store.dispatch(consoleClosed());
  await settle();
  expect(wants().at(-1)).toEqual([]);
  expect(seen.filter(channelsWanted.match).every((action) => action.payload.tabId === 'tab-a')).toBe(true);
});

describe('typing', () => {
  const whispers = () => seen.filter(whisperRequested.match).map((action) => (action.payload.payload as { typing: boolean }).typing);

  test('my typing is whispered at most every few seconds, and "stopped" after a pause, on send or when cleared', async () => {
    const { store } = await openConsole();
    store.dispatch(conversationOpened(7));
    const type = (text: string) => store.dispatch(draftChanged({ conversationId: 7, text }));
    type('З');
    type('Зд');
    await jest.advanceTimersByTimeAsync(TYPING_THROTTLE_MS - 100);
    type('Здр');
    expect(whispers()).toEqual([true]);
    expect(seen.filter(whisperRequested.match)[0].payload).toEqual({
      channel: 'presence-support.7',
      event: 'client-typing',
      payload: { user_id: AGENT_ID, name: 'Сергей Помощников', typing: true },
    });
    await jest.advanceTimersByTimeAsync(200);
    type('Здра');
    expect(whispers()).toEqual([true, true]);
    await jest.advanceTimersByTimeAsync(TYPING_IDLE_MS);
    expect(whispers()).toEqual([true, true, false]);
    type('Здравствуйте');
    type('');
    expect(whispers()).toEqual([true, true, false, true, false]);
  });

  test('another agent typing shows until they stop, send, leave, or go quiet; my own echo is ignored', async () => {
    const { store } = await openConsole();
    const typing = () => (store.getState().supportConsole.typing[7] ?? []).map((agent) => agent.name);
    const whisper = (user_id: number, typingNow: boolean) =>
      store.dispatch(channelEventReceived({ channel: 'presence-support.7', event: 'client-typing', payload: { user_id, name: user_id === AGENT_ID ? 'Я' : OTHER_AGENT.name, typing: typingNow } }));

    whisper(AGENT_ID, true);
    whisper(OTHER_AGENT.id, true);
    await settle();
    expect(typing()).toEqual([OTHER_AGENT.name]);
    // Said again in time: it stays.
    await jest.advanceTimersByTimeAsync(TYPING_EXPIRY_MS - 1000);
    whisper(OTHER_AGENT.id, true);
    await jest.advanceTimersByTimeAsync(TYPING_EXPIRY_MS - 1000);
    expect(typing()).toEqual([OTHER_AGENT.name]);
    // Then nothing more (a closed laptop): it fades.
    await jest.advanceTimersByTimeAsync(1500);
    expect(typing()).toEqual([]);

    whisper(OTHER_AGENT.id, true);
    whisper(OTHER_AGENT.id, false);
    await settle();
    expect(typing()).toEqual([]);

    whisper(OTHER_AGENT.id, true);
    store.dispatch(presenceChanged({ channel: 'presence-support.7', members: [{ id: AGENT_ID, name: 'Сергей Помощников', role: 'support' }] }));
    expect(typing()).toEqual([]);
  });
});
