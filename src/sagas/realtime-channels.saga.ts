import type { PayloadAction } from '@reduxjs/toolkit';
import { buffers, channel, type Channel } from 'redux-saga';
import { call, delay, fork, put, race, take, type Effect } from 'redux-saga/effects';
import {
  channelEventReceived,
  channelsWanted,
  channelSubscribed,
  channelWantsRequested,
  presenceChanged,
  whisperRequested,
  WANTS_TTL_MS,
  type PresenceMember,
} from '../realtime/extra-channels';
import type { EchoClient } from '../services/echo';
import { createDeduper } from '../services/event-deduper';

/** How often the leader drops the wishes of tabs that went quiet. */
export const WANTS_SWEEP_MS = 10_000;

/**
 * What the leader may join for other tabs: private and presence channels (staff), never a user's own
 * (the socket saga owns it), and public ones (a work's live likes), which need no auth.
 */
const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]+$/;
const isPublic = (name: string) => !/^(private|presence)-/.test(name);
export const isJoinable = (name: string) => CHANNEL_NAME.test(name) && !name.startsWith('private-user.') && !name.startsWith('private-encrypted-');

type Signal =
  | { kind: 'subscribed'; channel: string }
  | { kind: 'event'; channel: string; event: string; payload: unknown }
  | { kind: 'members'; channel: string; members: PresenceMember[] };

/** The part of a pusher-js channel used here (typed by shape: pusher-js types members loosely). */
interface Subscription {
  bind(event: string, callback: (data?: unknown) => void): unknown;
  bind_global(callback: (event: string, data: unknown) => void): unknown;
  unbind_global(callback?: (event: string, data: unknown) => void): unknown;
  trigger(event: string, data: unknown): boolean;
  members?: { each(callback: (member: { id: string | number; info?: { name?: unknown; role?: unknown } }) => void): void };
}

interface Joined {
  whisper(event: string, payload: unknown): void;
  leave(): void;
  presence: boolean;
  members: PresenceMember[] | null;
}

function membersOf(subscription: Subscription): PresenceMember[] {
  const list: PresenceMember[] = [];
  subscription.members?.each((member) => {
    const id = Number(member.id);
    if (!Number.isInteger(id)) return;
    const name = typeof member.info?.name === 'string' ? member.info.name : '';
    const role = typeof member.info?.role === 'string' ? member.info.role : null;
    list.push({ id, name, role });
  });
  return list;
}

/** Joins one channel on the socket and turns what happens on it into signals. */
export function joinChannel(echo: EchoClient, name: string, emit: (signal: Signal) => void): Joined {
  const presence = name.startsWith('presence-');
  const bare = name.replace(/^(private|presence)-/, '');
  const subscription: Subscription = (isPublic(name) ? echo.channel(name) : presence ? echo.join(bare) : echo.private(bare)).subscription;
  const joined: Joined = {
    presence,
    members: null,
    whisper(event, payload) {
      // Refused while the subscription is pending; a lost "typing" is harmless.
      subscription.trigger(event, payload);
    },
    leave() {
      subscription.unbind_global(onAny);
      echo.leaveChannel(name);
    },
  };
  const emitMembers = () => {
    joined.members = membersOf(subscription);
    emit({ kind: 'members', channel: name, members: joined.members });
  };
  const onAny = (event: string, payload: unknown) => {
    if (event === 'pusher:subscription_succeeded') {
      emit({ kind: 'subscribed', channel: name });
      if (presence) emitMembers();
    } else if (presence && (event === 'pusher:member_added' || event === 'pusher:member_removed')) {
      emitMembers();
    } else if (!event.startsWith('pusher:') && !event.startsWith('pusher_internal:')) {
      emit({ kind: 'event', channel: name, event, payload });
    }
  };
  subscription.bind_global(onAny);
  subscription.bind('pusher:subscription_error', (status) => console.warn('realtime: could not join', name, status));
  return joined;
}

/** Signals become actions for every tab; an event heard twice (a reconnect) is passed on once. */
function* relaySignals(signals: Channel<Signal>): Generator<Effect, void, unknown> {
  const fresh = createDeduper();
  while (true) {
    const signal = (yield take(signals)) as Signal;
    if (signal.kind === 'subscribed') yield put(channelSubscribed({ channel: signal.channel }));
    else if (signal.kind === 'members') yield put(presenceChanged({ channel: signal.channel, members: signal.members }));
    else if (fresh((signal.payload as { event_id?: string } | null)?.event_id)) {
      yield put(channelEventReceived({ channel: signal.channel, event: signal.event, payload: signal.payload }));
    }
  }
}

type WantAction = PayloadAction<{ tabId: string; channels: string[] }>;
type WhisperAction = PayloadAction<{ channel: string; event: string; payload: unknown }>;

/**
 * The leading tab's side: joins the union of the channels the tabs want,
 * leaves what nobody wants any more, and whispers for any tab. Runs as long
 * as this tab owns the socket.
 */
export function* leadExtraChannels(echo: EchoClient): Generator<Effect, void, unknown> {
  const signals = channel<Signal>(buffers.expanding(64));
  const wants = new Map<string, { channels: string[]; until: number }>();
  const joined = new Map<string, Joined>();
  yield fork(relaySignals, signals);
  // Tabs that asked before this tab led (or of a leader that closed) ask again.
  yield put(channelWantsRequested());
  try {
    while (true) {
      const { action } = (yield race({ action: take([channelsWanted.type, whisperRequested.type]), sweep: delay(WANTS_SWEEP_MS) })) as {
        action?: WantAction | WhisperAction;
      };
      if (action && whisperRequested.match(action)) {
        joined.get(action.payload.channel)?.whisper(action.payload.event, action.payload.payload);
        continue;
      }
      const now = (yield call(Date.now)) as number;
      const asked = action && channelsWanted.match(action) ? action.payload : null;
      if (asked) {
        const channels = asked.channels.filter(isJoinable);
        if (channels.length) wants.set(asked.tabId, { channels, until: now + WANTS_TTL_MS });
        else wants.delete(asked.tabId);
      }
      for (const [tab, want] of wants) if (want.until <= now) wants.delete(tab);
      const needed = new Set([...wants.values()].flatMap((want) => want.channels));
      for (const [name, item] of joined) {
        if (needed.has(name)) continue;
        item.leave();
        joined.delete(name);
        if (item.presence) yield put(presenceChanged({ channel: name, members: [] }));
      }
      for (const name of needed) if (!joined.has(name)) joined.set(name, joinChannel(echo, name, (signal) => signals.put(signal)));
      // A tab that just asked learns who is already on the channels it joined late.
      for (const name of asked?.channels ?? []) {
        const members = joined.get(name)?.members;
        if (members) yield put(presenceChanged({ channel: name, members }));
      }
    }
  } finally {
    // The socket closes with this task; sign-out clears the presence lists (realtimeReset), a new leader refills them.
    for (const item of joined.values()) item.leave();
    signals.close();
  }
}
