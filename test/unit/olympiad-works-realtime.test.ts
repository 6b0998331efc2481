import { combineReducers, configureStore, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { realtimeListeners } from '../../src/app/realtime-listeners';
import { worksApi } from '../../src/features/olympiad-works/works-api';
import {
  channelEventReceived,
  channelsWanted,
  channelUnwatched,
  channelWantsRequested,
  channelWatched,
  WANTS_REFRESH_MS,
} from '../../src/realtime/extra-channels';
import { realtimeEventReceived, realtimeReducer } from '../../src/realtime/realtime-slice';
import { isJoinable, leadExtraChannels } from '../../src/sagas/realtime-channels.saga';
import { realtimeDeps, realtimeSaga } from '../../src/sagas/realtime.saga';
import { watchedChannelsDeps, watchedChannelsSaga } from '../../src/sagas/watched-channels.saga';
import { api } from '../../src/services/api';
import type { EchoClient } from '../../src/services/echo';
import { authReducer, signedIn } from '../../src/session/session-slice';
import { fakeApi, myWork } from './olympiad-works-kit';
import { recorder } from './support/record-actions';

/** The leader's socket as far as it is used: public, private and presence channels the test plays. */
function fakeEcho() {
  const joined: Array<{ how: string; name: string; hear: (event: string, data?: unknown) => void }> = [];
  const left: string[] = [];
  const open = (how: string, name: string) => {
    let onAny: ((event: string, data: unknown) => void) | null = null;
    const subscription = { trigger: () => true, bind: () => undefined, bind_global: (fn: typeof onAny) => (onAny = fn), unbind_global: () => (onAny = null) };
    joined.push({ how, name, hear: (event, data) => onAny?.(event, data) });
    return { subscription };
  };
  const echo = { channel: (name: string) => open('public', name), private: (name: string) => open('private', name), join: (name: string) => open('presence', name), leaveChannel: (name: string) => left.push(name) };
  return { echo: echo as unknown as EchoClient, joined, left };
}

function sagaStore() {
  const seen: UnknownAction[] = [];
  const sagas = createSagaMiddleware();
  const store = configureStore({ reducer: combineReducers({ none: (state = 0) => state }), middleware: (d) => d({ serializableCheck: false }).prepend(recorder(seen)).concat(sagas) });
  return { store, sagas, seen };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('public channels ride on the leader\'s socket like the staff ones: joined without auth, their events relayed once', () => {
  expect(['olympiad-work.9', 'private-support', 'presence-support.3'].every(isJoinable)).toBe(true);
  expect(['private-user.3', 'private-encrypted-x', 'a b', ''].some(isJoinable)).toBe(false);
  const { store, sagas, seen } = sagaStore();
  const fake = fakeEcho();
  const task = sagas.run(leadExtraChannels, fake.echo);
  store.dispatch(channelsWanted({ tabId: 'tab-1:screens', channels: ['olympiad-work.9'] }));
  expect(fake.joined.map(({ how, name }) => `${how}:${name}`)).toEqual(['public:olympiad-work.9']);
  const payload = { event_id: 'e1', work_id: 9, likes_count: 4 };
  fake.joined[0].hear('WorkLikesChanged', payload);
  fake.joined[0].hear('WorkLikesChanged', payload);
  expect(seen.filter(channelEventReceived.match).map((action) => action.payload)).toEqual([{ channel: 'olympiad-work.9', event: 'WorkLikesChanged', payload }]);
  store.dispatch(channelsWanted({ tabId: 'tab-1:screens', channels: [] }));
  expect(fake.left).toEqual(['olympiad-work.9']);
  task.cancel();
});

test('a tab announces the channels its screens watch: counted, kept fresh, told again to a new leader, withdrawn when the last screen leaves', async () => {
  const { store, sagas, seen } = sagaStore();
  sagas.run(watchedChannelsSaga);
  const wants = () => seen.filter(channelsWanted.match).map((action) => action.payload);
  store.dispatch(channelWatched({ channel: 'olympiad-work.9' }));
  store.dispatch(channelWatched({ channel: 'olympiad-work.9' }));
  expect(wants().at(-1)).toEqual({ tabId: watchedChannelsDeps.wantsId, channels: ['olympiad-work.9'] });
  store.dispatch(channelUnwatched({ channel: 'olympiad-work.9' }));
  // One screen still shows it: nothing withdrawn.
  expect(wants().at(-1)!.channels).toEqual(['olympiad-work.9']);

  const before = wants().length;
  await jest.advanceTimersByTimeAsync(WANTS_REFRESH_MS);
  expect(wants().length).toBe(before + 1);
  store.dispatch(channelWantsRequested());
  expect(wants().length).toBe(before + 2);

  store.dispatch(channelUnwatched({ channel: 'olympiad-work.9' }));
  expect(wants().at(-1)!.channels).toEqual([]);
  // Nothing watched: no more refreshes.
  const after = wants().length;
  await jest.advanceTimersByTimeAsync(WANTS_REFRESH_MS * 3);
  expect(wants().length).toBe(after);
});

test('a moderator\'s decision (NotificationSent work_moderated) makes my works load again', async () => {
  jest.useRealTimers();
  let status = 'moderation';
  const calls = fakeApi((call) => (call.path === '/olympiad/works/mine' ? { status: 200, body: { data: [myWork(3, { status: status as 'moderation' })] } } : undefined));
  const store = configureStore({
    reducer: combineReducers({ [api.reducerPath]: api.reducer, auth: authReducer, realtime: realtimeReducer, language: (state = { current: 'en' }) => state }),
    preloadedState: { auth: { token: 't', userId: 7, notSignedIn: false } },
    middleware: (d) => d({ serializableCheck: false }).concat(api.middleware, realtimeListeners.middleware),
  });
  // The store's type knows the API before the works' tags were added to it; the state is the same.
  const myWorksNow = () => worksApi.endpoints.myWorks.select()(store.getState() as never);
  const subscription = store.dispatch(worksApi.endpoints.myWorks.initiate());
  await subscription;
  status = 'approved';
  store.dispatch(
    realtimeEventReceived({
      name: 'NotificationSent',
      payload: { event_id: 'n1', notification: { id: 1, type: 'work_moderated', title: 'Published', body: '', data: { work_id: 3, status: 'approved' }, created_at: '' } },
    }),
  );
  for (let i = 0; i < 20 && myWorksNow().data?.data[0].status !== 'approved'; i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(myWorksNow().data?.data[0].status).toBe('approved');
  expect(calls.filter((call) => call.path === '/olympiad/works/mine')).toHaveLength(2);
  subscription.unsubscribe();
});

test('a guest gets no socket until a screen watches a public channel; then one, without credentials, which goes at sign-in', async () => {
  jest.useRealTimers();
  const fake = fakeEcho();
  const disconnect = jest.fn();
  Object.assign(fake.echo, { disconnect });
  const saved = { ...realtimeDeps };
  realtimeDeps.createEcho = jest.fn(async () => fake.echo);
  // The lock is granted a moment later, as the browser's is.
  realtimeDeps.requestLeadership = (onLeader) => {
    setTimeout(onLeader, 0);
    return () => undefined;
  };
  try {
    const sagas = createSagaMiddleware();
    const store = configureStore({
      reducer: combineReducers({ auth: authReducer, realtime: realtimeReducer }),
      preloadedState: { auth: { token: null, userId: null, notSignedIn: true } },
      middleware: (d) => d({ serializableCheck: false }).concat(sagas),
    });
    const task = sagas.run(realtimeSaga);
    const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
    await settle();
    store.dispatch(channelsWanted({ tabId: 'other', channels: [] }));
    await settle();
    expect(realtimeDeps.createEcho).not.toHaveBeenCalled();

    store.dispatch(channelsWanted({ tabId: 'tab:screens', channels: ['olympiad-work.9'] }));
    await settle();
    expect(realtimeDeps.createEcho).toHaveBeenCalledWith(null);
    // The leader asked the tabs again; the wish (repeated as the watching saga does) is joined.
    store.dispatch(channelsWanted({ tabId: 'tab:screens', channels: ['olympiad-work.9'] }));
    await settle();
    expect(fake.joined.map(({ how, name }) => `${how}:${name}`)).toEqual(['public:olympiad-work.9']);

    store.dispatch(signedIn({ token: 'tok', userId: 5 }));
    await settle();
    expect(disconnect).toHaveBeenCalled();
    task.cancel();
  } finally {
    Object.assign(realtimeDeps, saved);
  }
});
