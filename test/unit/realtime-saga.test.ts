import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { delay } from 'redux-saga/effects';
import { authReducer, loggedOut, signedIn, signedOut } from '../../src/session/session-slice';
import { realtimeReducer } from '../../src/realtime/realtime-slice';
import { api } from '../../src/services/api';
import { languageReducer } from '../../src/session/language-slice';
import { createDeduper, realtimeDeps, realtimeSaga, statusOf } from '../../src/sagas/realtime.saga';

/** A stand-in for laravel-echo: records subscriptions and lets the test drive the connection. */
function fakeEcho() {
  const handlers = new Map<string, (payload: unknown) => void>();
  let onState: ((change: { current: string }) => void) | null = null;
  let onSubscribed: (() => void) | null = null;
  const echo = {
    disconnected: false,
    left: [] as string[],
    connector: {
      pusher: {
        connection: {
          bind: (_: string, fn: (change: { current: string }) => void) => (onState = fn),
          unbind: () => (onState = null),
        },
      },
    },
    private: () => ({
      listen: (event: string, fn: (payload: unknown) => void) => handlers.set(event, fn),
      subscribed: (fn: () => void) => (onSubscribed = fn),
    }),
    leave: (name: string) => echo.left.push(name),
    disconnect: () => (echo.disconnected = true),
    state: (current: string) => onState?.({ current }),
    emit: (event: string, payload: unknown) => handlers.get(event)?.(payload),
    /** The private channel joined (its auth answered). */
    joined: () => onSubscribed?.(),
  };
  return echo;
}

let echo: ReturnType<typeof fakeEcho>;
let counts: { status: number; body: unknown };
let leaderRelease: jest.Mock;
let grantLeadership: (() => void) | null;

/** Every store of a test, signed out after it so no saga of it (a timer, a read) runs into the next test. */
const stores: Array<ReturnType<typeof setupStore>> = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.dispatch(signedOut());
});

function setup() {
  const store = setupStore();
  stores.push(store);
  return store;
}

function setupStore() {
  const sagas = createSagaMiddleware();
  const store = configureStore({
    reducer: combineReducers({ [api.reducerPath]: api.reducer, auth: authReducer, realtime: realtimeReducer, language: languageReducer }),
    middleware: (d) => d({ serializableCheck: false, immutableCheck: false }).concat(api.middleware, sagas),
  });
  sagas.run(realtimeSaga);
  return store;
}

const countsBody = (n: number, m: number) => ({ data: { counts: { unread_notifications: n, unread_messages: m, total_unread: n + m } } });

beforeEach(() => {
  echo = fakeEcho();
  counts = { status: 200, body: countsBody(2, 1) };
  leaderRelease = jest.fn();
  grantLeadership = null;
  realtimeDeps.createEcho = jest.fn(async () => echo as never);
  realtimeDeps.countsSettleMs = 1000;
  realtimeDeps.requestLeadership = (onLeader) => {
    grantLeadership = onLeader;
    return leaderRelease;
  };
  realtimeDeps.fetchCounts = function* fetchCounts() {
    yield delay(1);
    if (counts.status >= 400) throw new Error(`HTTP ${counts.status}`);
    return (counts.body as ReturnType<typeof countsBody>).data.counts;
  } as never;
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/** A signed-in tab that leads and whose socket has connected. */
async function connectedLeader() {
  const store = setup();
  store.dispatch(signedIn({ token: 'tok', userId: 5 }));
  grantLeadership!();
  await settle();
  echo.state('connected');
  await settle();
  return store;
}

test('pusher-js states map to what the header shows', () => {
  expect(statusOf('connected')).toEqual({ status: 'connected', connected: true });
  expect(statusOf('connecting').status).toBe('connecting');
  expect(statusOf('unavailable').status).toBe('reconnecting');
  // Refused by the server's connection cap: pusher-js will not retry, so the header must not promise it.
  expect(statusOf('disconnected').status).toBe('offline');
});

test('the deduper lets each event id through once', () => {
  const fresh = createDeduper(2);
  expect(fresh('a')).toBe(true);
  expect(fresh('a')).toBe(false);
  expect(fresh(undefined)).toBe(true);
});

test('nothing connects before sign-in; after sign-in the leading tab connects and fetches counts', async () => {
  const store = setup();
  await settle();
  expect(realtimeDeps.createEcho).not.toHaveBeenCalled();
  store.dispatch(signedIn({ token: 'tok', userId: 5 }));
  await settle();
  // A follower fetches counts but opens no socket until it leads.
  expect(realtimeDeps.createEcho).not.toHaveBeenCalled();
  expect(store.getState().realtime.counts.total_unread).toBe(3);
  grantLeadership!();
  await settle();
  expect(realtimeDeps.createEcho).toHaveBeenCalledWith('tok');
  echo.state('connected');
  await settle();
  expect(store.getState().realtime.status).toBe('connected');
});

test('every reconnect repairs the counts; a failed fetch gives zeros', async () => {
  const store = await connectedLeader();
  counts.body = countsBody(7, 0);
  echo.state('unavailable');
  await settle();
  expect(store.getState().realtime.status).toBe('reconnecting');
  echo.state('connected');
  await settle();
  expect(store.getState().realtime.counts.total_unread).toBe(7);
  counts.status = 500;
  counts.body = { message: 'Server error' };
  echo.state('connecting');
  echo.state('connected');
  await settle();
  expect(store.getState().realtime.counts).toEqual({ unread_notifications: 0, unread_messages: 0, total_unread: 0 });
  expect(store.getState().realtime.countsLoaded).toBe(true);
});

test('the counts are read again once the channel is joined: a message sent between the first read and the join is counted', async () => {
  const store = await connectedLeader();
  expect(store.getState().realtime.counts.total_unread).toBe(3);
  // A reply lands before the channel is joined: no event reaches this socket for it.
  counts.body = countsBody(2, 2);
  echo.joined();
  await settle();
  expect(store.getState().realtime.counts).toEqual({ unread_notifications: 2, unread_messages: 2, total_unread: 4 });
});

test('events update the counters once per id, floors at zero', async () => {
  const store = await connectedLeader();
  const notification = { event_id: 'n1', notification: { id: 1, type: 'announcement', title: 'Hi', body: '', data: {}, created_at: '' } };
  echo.emit('.NotificationSent', notification);
  echo.emit('.NotificationSent', notification);
  await settle();
  expect(store.getState().realtime.counts.unread_notifications).toBe(3);
  echo.emit('.NotificationsRead', { event_id: 'r1', count: 10 });
  await settle();
  expect(store.getState().realtime.counts.unread_notifications).toBe(0);
});

test.each([
  ['sign-out', signedOut()],
  ['a forced logout', loggedOut()],
])('%s disconnects, gives leadership up and clears the counts', async (_name, action) => {
  const store = await connectedLeader();
  store.dispatch(action);
  await settle();
  expect(echo.disconnected).toBe(true);
  expect(echo.left).toEqual(['user.5']);
  expect(leaderRelease).toHaveBeenCalled();
  expect(store.getState().realtime.countsLoaded).toBe(false);
});

/** Reads of the counts that answer when the test says, each with what the server held when it was asked. */
function heldReads() {
  const pending: Array<{ answer: () => void }> = [];
  realtimeDeps.fetchCounts = function* fetchCounts() {
    const asked = (counts.body as ReturnType<typeof countsBody>).data.counts;
    yield new Promise<void>((resolve) => pending.push({ answer: resolve }));
    return asked;
  } as never;
  return pending;
}

test('an older read of the counts that answers after a newer one does not undo it', async () => {
  const reads = heldReads();
  const store = await connectedLeader();
  // Between the first reads and the join a reply lands, and no event tells this socket of it.
  counts.body = countsBody(2, 2);
  echo.joined();
  await settle();
  expect(reads.length).toBe(3);
  reads[2].answer();
  await settle();
  reads[0].answer();
  reads[1].answer();
  await settle();
  expect(store.getState().realtime.counts.total_unread).toBe(4);
});

test('a read of the counts that an event overtakes is made again, so the event is not undone by an answer from before it', async () => {
  const reads = heldReads();
  const store = await connectedLeader();
  reads.forEach((read) => read.answer());
  await settle();
  expect(store.getState().realtime.counts.total_unread).toBe(3);
  // A reconnect reads the counts; before that read answers, a notification arrives live.
  echo.state('connecting');
  echo.state('connected');
  await settle();
  const before = reads.length;
  counts.body = countsBody(3, 1);
  echo.emit('.NotificationSent', { event_id: 'n-live', notification: { id: 9, type: 'announcement', title: 'Hi', body: '', data: {}, created_at: '' } });
  await settle();
  expect(store.getState().realtime.counts.unread_notifications).toBe(3);
  // The read asked before the event answers late with the old figure: it is not taken.
  reads[before - 1].answer();
  await settle();
  expect(store.getState().realtime.counts.unread_notifications).toBe(3);
  // The read made again after the event is.
  expect(reads.length).toBe(before + 1);
  reads[before].answer();
  await settle();
  expect(store.getState().realtime.counts).toEqual({ unread_notifications: 3, unread_messages: 1, total_unread: 4 });
});

test('a read of the counts that answers before the event of a message it already counts is settled a moment later', async () => {
  realtimeDeps.countsSettleMs = 30;
  const store = await connectedLeader();
  expect(store.getState().realtime.counts.unread_messages).toBe(1);
  // A reply is stored; a read asked now counts it (a reconnect's), and answers before the reply's event arrives.
  counts.body = countsBody(2, 2);
  echo.state('connecting');
  echo.state('connected');
  await settle();
  expect(store.getState().realtime.counts.unread_messages).toBe(2);
  echo.emit('.MessageSent', { event_id: 'm-late', message: { id: 41, chat_id: 3, sender: { id: 8 }, content: 'Платёж прошёл' } });
  await settle();
  // Counted twice for a moment…
  expect(store.getState().realtime.counts.unread_messages).toBe(3);
  // …then the read after the event settles the badge on the server's figure: one read for a run of events.
  echo.emit('.MessageSent', { event_id: 'm-late-2', message: { id: 42, chat_id: 3, sender: { id: 8 }, content: 'Чек на почте' } });
  counts.body = countsBody(2, 3);
  await new Promise((resolve) => setTimeout(resolve, 80));
  expect(store.getState().realtime.counts.unread_messages).toBe(3);
});

test('the server closing the socket for good (a blocked account) makes the tab check its session at once', async () => {
  const store = await connectedLeader();
  const calls = jest.fn();
  realtimeDeps.fetchCounts = function* fetchCounts() {
    calls();
    yield delay(1);
    return countsBody(0, 0).data.counts;
  } as never;
  echo.state('disconnected');
  await settle();
  expect(store.getState().realtime.status).toBe('offline');
  // The counts call is an authenticated one: a revoked token answers 401 and the logout-on-401 saga signs out.
  expect(calls).toHaveBeenCalledTimes(1);
});
