import { combineReducers, configureStore, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import {
  channelEventReceived,
  channelsWanted,
  channelSubscribed,
  channelWantsRequested,
  whisperRequested,
  WANTS_TTL_MS,
} from '../../src/realtime/extra-channels';
import { presenceReducer } from '../../src/realtime/presence-slice';
import { leadExtraChannels, WANTS_SWEEP_MS } from '../../src/sagas/realtime-channels.saga';
import type { EchoClient } from '../../src/services/echo';
import { recorder } from './support/record-actions';

/** A pusher-js channel as far as the leader uses it: the test plays the server's side. */
function fakeSubscription(members: Array<{ id: string; info: { name: string; role: string } }> = []) {
  let onAny: ((event: string, data: unknown) => void) | null = null;
  return {
    trigger: jest.fn(() => true),
    bind: jest.fn(),
    bind_global: (fn: (event: string, data: unknown) => void) => (onAny = fn),
    unbind_global: () => (onAny = null),
    members: { each: (fn: (member: { id: string; info: { name: string; role: string } }) => void) => members.forEach(fn) },
    hear: (event: string, data?: unknown) => onAny?.(event, data),
    setMembers: (list: typeof members) => members.splice(0, members.length, ...list),
  };
}

type Fake = ReturnType<typeof fakeSubscription>;

function fakeEcho() {
  const subscriptions = new Map<string, Fake>();
  const left: string[] = [];
  const open = (name: string) => {
    const subscription = fakeSubscription();
    subscriptions.set(name, subscription);
    return { subscription };
  };
  const echo = {
    private: (name: string) => open(`private-${name}`),
    join: (name: string) => open(`presence-${name}`),
    leaveChannel: (name: string) => {
      left.push(name);
      subscriptions.delete(name);
    },
  };
  return { echo: echo as unknown as EchoClient, subscriptions, left };
}

let seen: UnknownAction[];

function setup() {
  seen = [];
  const record = recorder(seen);
  const sagas = createSagaMiddleware();
  const store = configureStore({
    reducer: combineReducers({ presence: presenceReducer }),
    middleware: (d) => d({ serializableCheck: false }).prepend(record).concat(sagas),
  });
  const fake = fakeEcho();
  const task = sagas.run(leadExtraChannels, fake.echo);
  return { store, task, ...fake };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('a new leader asks the tabs what they need, joins what staff tabs want and never a user channel', async () => {
  const { store, subscriptions } = setup();
  expect(seen.some(channelWantsRequested.match)).toBe(true);
  store.dispatch(channelsWanted({ tabId: 'a', channels: ['private-support', 'presence-support.7', 'private-user.3', 'not a channel'] }));
  expect([...subscriptions.keys()].sort()).toEqual(['presence-support.7', 'private-support']);
});

test('what the socket hears goes to every tab once: joins, events, and who is on the presence channel', async () => {
  const { store, subscriptions } = setup();
  store.dispatch(channelsWanted({ tabId: 'a', channels: ['private-support', 'presence-support.7'] }));
  const support = subscriptions.get('private-support')!;
  support.hear('pusher:subscription_succeeded', {});
  expect(seen.filter(channelSubscribed.match).map((a) => a.payload.channel)).toEqual(['private-support']);

  const payload = { event_id: 'x1', seq: 9 };
  support.hear('SupportMessage', payload);
  support.hear('SupportMessage', payload);
  expect(seen.filter(channelEventReceived.match).map((a) => a.payload)).toEqual([{ channel: 'private-support', event: 'SupportMessage', payload }]);

  const presence = subscriptions.get('presence-support.7')!;
  presence.setMembers([
    { id: '10', info: { name: 'Сергей Помощников', role: 'support' } },
    { id: '11', info: { name: 'Ольга Ответова', role: 'support' } },
  ]);
  presence.hear('pusher:subscription_succeeded', {});
  expect(store.getState().presence['presence-support.7'].map((m) => m.name)).toEqual(['Сергей Помощников', 'Ольга Ответова']);
  presence.setMembers([{ id: '10', info: { name: 'Сергей Помощников', role: 'support' } }]);
  presence.hear('pusher:member_removed', { id: '11' });
  expect(store.getState().presence['presence-support.7'].map((m) => m.id)).toEqual([10]);

  // Whispers from the others come through as events of the channel.
  presence.hear('client-typing', { user_id: 11, name: 'Ольга Ответова', typing: true });
  expect(seen.filter(channelEventReceived.match).at(-1)!.payload.event).toBe('client-typing');
});

test('any tab may whisper through the socket', async () => {
  const { store, subscriptions } = setup();
  store.dispatch(channelsWanted({ tabId: 'a', channels: ['presence-support.7'] }));
  const payload = { user_id: 10, name: 'Сергей', typing: true };
  store.dispatch(whisperRequested({ channel: 'presence-support.7', event: 'client-typing', payload }));
  expect(subscriptions.get('presence-support.7')!.trigger).toHaveBeenCalledWith('client-typing', payload);
});

test('a channel is left when no tab wants it: withdrawn, or the tab went quiet', async () => {
  const { store, left } = setup();
  store.dispatch(channelsWanted({ tabId: 'a', channels: ['private-support', 'presence-support.7'] }));
  store.dispatch(channelsWanted({ tabId: 'b', channels: ['private-support', 'presence-support.8'] }));
  store.dispatch(channelsWanted({ tabId: 'a', channels: [] }));
  expect(left).toEqual(['presence-support.7']);
  // Tab b closed without a word: after the time-to-live its channels go too.
  await jest.advanceTimersByTimeAsync(WANTS_TTL_MS + WANTS_SWEEP_MS);
  expect(left.sort()).toEqual(['presence-support.7', 'presence-support.8', 'private-support']);
});

test('a tab that keeps asking keeps its channels; the leader leaves them all when it stops leading', async () => {
  const { store, left, task } = setup();
  for (let i = 0; i < 5; i++) {
    store.dispatch(channelsWanted({ tabId: 'a', channels: ['private-support'] }));
    await jest.advanceTimersByTimeAsync(WANTS_TTL_MS / 2);
  }
  expect(left).toEqual([]);
  task.cancel();
  expect(left).toEqual(['private-support']);
});
