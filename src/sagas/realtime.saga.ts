import { buffers, channel, eventChannel, type Channel, type EventChannel } from 'redux-saga';
import { call, cancel, cancelled, delay, flush, fork, put, race, select, take, takeLatest, type Effect } from 'redux-saga/effects';
import type { Task } from 'redux-saga';
import { echoUserChannel, REALTIME_EVENTS, type UnreadCounts } from '../../shared/api/realtime-events';
import { loggedOut, selectToken, selectUserId, signedIn, signedOut } from '../session/session-slice';
import { dashboardApi } from '../realtime/dashboard-api';
import {
  connectionStatusChanged,
  countsFailed,
  countsLoaded,
  realtimeEventReceived,
  realtimeReset,
  type ConnectionStatus,
  type RealtimeEvent,
} from '../realtime/realtime-slice';
import { createEcho, type EchoClient } from '../services/echo';
import { createDeduper } from '../services/event-deduper';
import { requestLeadership } from '../services/tab-leader';
import { callEndpoint } from './endpoint-call';
import { channelsWanted } from '../realtime/extra-channels';
import { leadExtraChannels } from './realtime-channels.saga';
import { firstDrawingPending } from '../services/first-drawing';

/** The realtime connection is not the first screen's: it waits for its drawing (src/services/first-drawing.ts). */
function* afterFirstDrawing(): Generator<Effect, void, unknown> {
  const pending = firstDrawingPending();
  if (pending) yield call(() => pending);
}

/** GET /v1/dashboard/summary through RTK Query, bypassing its cache. */
const fetchCountsViaApi = (): Generator<Effect, UnreadCounts, unknown> =>
  callEndpoint(dashboardApi.endpoints.unreadCounts, undefined, { initiate: { subscribe: false }, fresh: true });

/** Injectable so saga tests run without a browser, a socket, a lock manager or the network. */
export const realtimeDeps = {
  createEcho,
  requestLeadership,
  fetchCounts: fetchCountsViaApi,
  leadExtraChannels,
  /** How long after a counted event the counts are read again (COUNTS_SETTLE_MS). */
  countsSettleMs: 1000,
};

/**
 * Events that add to a badge. A read of the counts may answer after the message is stored but before its event
 * arrives (the event crosses the realtime server, and on several nodes Redis too): the answer already counts it,
 * and the event would count it again. So a counted event is followed, a second later, by a read of the counts,
 * which settles the badge on the server's figure; a stream of events brings one read a second, not one each.
 */
const COUNTED_EVENTS = new Set(['MessageSent', 'NotificationSent']);

type SocketSignal = { kind: 'status'; status: ConnectionStatus; connected: boolean } | { kind: 'subscribed' } | { kind: 'event'; event: RealtimeEvent };

/** pusher-js connection states mapped to what the header shows. */
export function statusOf(state: string): { status: ConnectionStatus; connected: boolean } {
  switch (state) {
    case 'connected':
      return { status: 'connected', connected: true };
    case 'initialized':
    case 'connecting':
      return { status: 'connecting', connected: false };
    // pusher-js ends here after a 4000–4099 refusal (our connection caps) and does not retry.
    case 'disconnected':
    case 'failed':
      return { status: 'offline', connected: false };
    default:
      return { status: 'reconnecting', connected: false };
  }
}

/** The socket as a channel of signals: state changes and the five events of our private channel. */
export function socketSignals(echo: EchoClient, userId: number): EventChannel<SocketSignal> {
  return eventChannel((emit) => {
    const connection = echo.connector.pusher.connection;
    const onState = ({ current }: { current: string }) => emit({ kind: 'status', ...statusOf(current) });
    connection.bind('state_change', onState);
    const channel = echo.private(echoUserChannel(userId));
    // Events reach us only once the channel is joined (after its auth): counts read before that could
    // miss one published in between, so they are read again when it is (on every reconnect too).
    channel.subscribed(() => emit({ kind: 'subscribed' }));
    for (const name of REALTIME_EVENTS) {
      channel.listen(`.${name}`, (payload: RealtimeEvent['payload']) => {
        try {
          emit({ kind: 'event', event: { name, payload } as RealtimeEvent });
        } catch (error) {
          // SPEC §8: a failing handler is only logged.
          console.error('realtime handler failed', name, error);
        }
      });
    }
    return () => {
      connection.unbind('state_change', onState);
      echo.leave(echoUserChannel(userId));
      echo.disconnect();
    };
  });
}

// It moved to services (the staff channels dedupe too); still offered here for existing callers.
export { createDeduper };

/** Reads of the counts a live event may interrupt before one is taken as it is. */
const READS_BEFORE_ACCEPTING = 3;

/**
 * Fetches the unread counts; on failure the counts go to zero and count as loaded (SPEC §8).
 * A read that an event overtakes (the answer may predate it, and setting it would undo the
 * event's +1) is thrown away and made again; under a steady stream of events the third is kept.
 */
export function* refreshCounts(): Generator<Effect, void, unknown> {
  try {
    for (let read = 1; ; read++) {
      if (read >= READS_BEFORE_ACCEPTING) {
        yield put(countsLoaded((yield call(realtimeDeps.fetchCounts)) as UnreadCounts));
        return;
      }
      const { counts } = (yield race({ counts: call(realtimeDeps.fetchCounts), overtaken: take(realtimeEventReceived.type) })) as {
        counts?: UnreadCounts;
      };
      if (counts) {
        yield put(countsLoaded(counts));
        return;
      }
    }
  } catch {
    yield put(countsFailed());
  }
}

/** Every request for the counts goes here: only the latest runs, so an older answer never lands after a newer one. */
type CountsRequests = Channel<true>;
function* keepCounts(requests: CountsRequests): Generator<Effect, void, unknown> {
  yield takeLatest(requests, refreshCounts);
}

/** One read of the counts a while after the first of a run of counted events (the run's later ones ride on it). */
function* settleCounts(counted: Channel<true>, countsWanted: CountsRequests): Generator<Effect, void, unknown> {
  while (true) {
    yield take(counted);
    yield delay(realtimeDeps.countsSettleMs);
    yield flush(counted);
    countsWanted.put(true);
  }
}

/** The leading tab: one socket for the whole browser. Every connect and reconnect repairs the counts. */
export function* leadSocket(token: string, userId: number, countsWanted: CountsRequests): Generator<Effect, void, unknown> {
  const echo = (yield call(realtimeDeps.createEcho, token)) as EchoClient;
  const signals = (yield call(socketSignals, echo, userId)) as EventChannel<SocketSignal>;
  const fresh = createDeduper();
  const counted = channel<true>(buffers.sliding(1));
  yield fork(settleCounts, counted, countsWanted);
  // Staff channels other tabs asked for ride on this socket too (ended with this task).
  yield fork(realtimeDeps.leadExtraChannels, echo);
  try {
    while (true) {
      const signal = (yield take(signals)) as SocketSignal;
      if (signal.kind === 'status') {
        yield put(connectionStatusChanged(signal.status));
        // Connected: repair the counts. Refused for good (the server closed us with a 40xx, as it does
        // when staff block this account): the counts call checks the session now, and its 401 signs
        // this tab out through the one logout-on-401 path, without waiting for the person's next click.
        if (signal.connected || signal.status === 'offline') countsWanted.put(true);
      } else if (signal.kind === 'subscribed') {
        countsWanted.put(true);
      } else if (fresh((signal.event.payload as { event_id?: string }).event_id)) {
        yield put(realtimeEventReceived({ ...signal.event, selfId: userId }));
        if (COUNTED_EVENTS.has(signal.event.name)) counted.put(true);
      }
    }
  } finally {
    signals.close();
  }
}

function leadership(): EventChannel<'lead'> {
  return eventChannel((emit) => realtimeDeps.requestLeadership(() => emit('lead')));
}

/**
 * A guest's tab: no socket at all until a screen wants a public channel (a work's live likes); then the
 * leading tab connects without credentials and joins what the tabs want, as a signed-in leader joins
 * its extra channels. Guests who never open such a screen never download the realtime libraries.
 */
export function* guestRealtime(): Generator<Effect, void, unknown> {
  while (true) {
    const wanted = (yield take(channelsWanted.type)) as ReturnType<typeof channelsWanted>;
    if (wanted.payload.channels.length) break;
  }
  yield* afterFirstDrawing();
  const lead = (yield call(leadership)) as EventChannel<'lead'>;
  try {
    yield take(lead);
    const echo = (yield call(realtimeDeps.createEcho, null)) as EchoClient;
    try {
      yield call(realtimeDeps.leadExtraChannels, echo);
    } finally {
      echo.disconnect();
    }
  } finally {
    lead.close();
  }
}

/** One signed-in session in this tab: follow until this tab may lead, then lead until sign-out. */
export function* realtimeSession(token: string, userId: number): Generator<Effect, void, unknown> {
  yield* afterFirstDrawing();
  const lead = (yield call(leadership)) as EventChannel<'lead'>;
  const countsWanted = channel<true>();
  try {
    yield fork(keepCounts, countsWanted);
    // Followers still need counts of their own on start; events reach them through the cross-tab relay.
    countsWanted.put(true);
    yield take(lead);
    yield call(leadSocket, token, userId, countsWanted);
  } finally {
    // Closing the channel gives the lock back, so another tab takes over at once.
    lead.close();
    if ((yield cancelled()) as boolean) yield put(realtimeReset());
  }
}

export function* realtimeSaga(): Generator<Effect, void, unknown> {
  while (true) {
    let token = (yield select(selectToken)) as string | null;
    let userId = (yield select(selectUserId)) as number | null;
    if (!token || userId === null) {
      const guest = (yield fork(guestRealtime)) as Task;
      const action = (yield take(signedIn.type)) as ReturnType<typeof signedIn>;
      yield cancel(guest);
      token = action.payload.token;
      userId = action.payload.userId;
    }
    const session = (yield fork(realtimeSession, token, userId)) as Task;
    yield take([signedOut.type, loggedOut.type, signedIn.type]);
    yield cancel(session);
  }
}
