import type { PayloadAction, UnknownAction } from '@reduxjs/toolkit';
import { buffers, channel, eventChannel, type Channel, type EventChannel, type Task } from 'redux-saga';
import { call, cancel, cancelled, delay, flush, fork, put, race, select, take, takeEvery, type Effect } from 'redux-saga/effects';
import { SUPPORT_CHANNEL } from '../../shared/api/realtime-events';
import { SUPPORT_TYPING_EVENT, supportPresenceChannel } from '../../shared/api/support-values';
import type {
  EventsPage,
  QueuePage,
  SupportConversationReadEvent,
  SupportConversationUpdatedEvent,
  SupportMessageEvent,
  SupportNoteAddedEvent,
  SupportTypingPayload,
} from '../../shared/api/support';
import { loggedOut, signedIn, signedOut } from '../features/auth/auth-slice';
import {
  channelEventReceived,
  channelsWanted,
  channelSubscribed,
  channelWantsRequested,
  whisperRequested,
  WANTS_REFRESH_MS,
} from '../features/realtime/extra-channels';
import { supportConsoleApi } from '../features/support-console/support-console-api';
import {
  consoleClosed,
  consoleOpened,
  conversationOpened,
  draftChanged,
  selectOpenConversationId,
  typingCleared,
  typingHeard,
  type ConsoleAgent,
} from '../features/support-console/support-console-slice';
import { applyConversationRead, applyConversationUpdated, applyNoteAdded, applySupportMessage } from '../features/support-console/support-live';
import { tabId } from '../services/tab-leader';

/** While typing, "typing" is said again at most this often... */
export const TYPING_THROTTLE_MS = 2_000;
/** ...and after this long without a keystroke the agent has stopped. */
export const TYPING_IDLE_MS = 5_000;
/** Someone else's "typing" fades after this long unless they say it again (a closed tab never says "stopped"). */
export const TYPING_EXPIRY_MS = 7_000;
/** A missing seq that has not arrived live by then is fetched from the log. */
export const GAP_WAIT_MS = 3_000;
/** Bursts of events refetch the counts once. */
export const COUNTS_DEBOUNCE_MS = 300;

type BrowserSignal = 'visible' | 'online' | 'pagehide';

function browserSignals(): EventChannel<BrowserSignal> {
  return eventChannel((emit) => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') emit('visible');
    };
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) emit('visible');
    };
    const onOnline = () => emit('online');
    const onHide = () => emit('pagehide');
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pageshow', onShow);
    window.addEventListener('online', onOnline);
    window.addEventListener('pagehide', onHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pageshow', onShow);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('pagehide', onHide);
    };
  });
}

/** `GET /v1/support/events?after=` through RTK Query, never from its cache. */
function* fetchEventsViaApi(after: number): Generator<Effect, EventsPage, unknown> {
  const request = (yield put(
    supportConsoleApi.endpoints.supportEvents.initiate(after, { forceRefetch: true, subscribe: false }) as unknown as UnknownAction,
  )) as unknown as { unwrap(): Promise<EventsPage> };
  return (yield call([request, request.unwrap])) as EventsPage;
}

/** Injectable so saga tests run without a browser or the network. */
export const supportConsoleDeps = {
  fetchEvents: fetchEventsViaApi as (after: number) => Generator<Effect, EventsPage, unknown>,
  browserSignals: browserSignals as () => EventChannel<BrowserSignal>,
  isVisible: (): boolean => typeof document === 'undefined' || document.visibilityState !== 'hidden',
  tabId,
};

/**
 * Where the console stands in the event log. `watermark`: every event up to
 * it is in the caches (set from the first queue page, moved by catch-ups and
 * by live events that arrive in order); `applied`: events above it already applied.
 */
export interface SyncState {
  watermark: number | null;
  applied: Set<number>;
  /** The highest seq applied per conversation: an older one arriving later is out of order. */
  latest: Map<number, number>;
  gapCheck: boolean;
}

export const newSyncState = (): SyncState => ({ watermark: null, applied: new Set(), latest: new Map(), gapCheck: false });

function conversationOf(name: string, payload: unknown): number | null {
  if (name === 'SupportNoteAdded') return (payload as SupportNoteAddedEvent).note?.conversation_id ?? null;
  if (name === 'SupportConversationRead') return (payload as SupportConversationReadEvent).conversation_id ?? null;
  return (payload as SupportMessageEvent).conversation?.id ?? null;
}

function advance(sync: SyncState): void {
  if (sync.watermark === null) return;
  for (const seq of sync.applied) if (seq <= sync.watermark) sync.applied.delete(seq);
  while (sync.applied.delete(sync.watermark + 1)) sync.watermark += 1;
}

export interface ConsoleContext {
  sync: SyncState;
  agent: ConsoleAgent;
  /** Requests for a catch-up; one waits while another runs. */
  catchUps: Channel<string>;
  /** The counts changed; refetched once per burst. */
  counts: Channel<true>;
}
type Context = ConsoleContext;

export const createConsoleContext = (agent: ConsoleAgent): ConsoleContext => ({
  sync: newSyncState(),
  agent,
  catchUps: channel(buffers.sliding(1)),
  counts: channel(buffers.sliding(1)),
});

/**
 * Applies one console event, live or from the log, unless it was applied
 * already; returns whether it was. Reads carry no seq (they are not
 * logged): this agent's own apply every time, as they change nothing twice.
 */
export function* applyConsoleEvent(ctx: Context, name: string, payload: unknown): Generator<Effect, boolean, unknown> {
  const { sync, agent } = ctx;
  const seq = (payload as { seq?: unknown } | null)?.seq;
  const conversationId = conversationOf(name, payload);
  let late = false;
  if (typeof seq === 'number') {
    if ((sync.watermark !== null && seq <= sync.watermark) || sync.applied.has(seq)) return false;
    sync.applied.add(seq);
    advance(sync);
    if (conversationId !== null) {
      late = (sync.latest.get(conversationId) ?? 0) > seq;
      if (!late) sync.latest.set(conversationId, seq);
    }
  }
  switch (name) {
    case 'SupportMessage': {
      const event = payload as SupportMessageEvent;
      yield put(applySupportMessage(event, agent.agentId) as unknown as UnknownAction);
      // A message older than one already applied cannot be counted on top of it: the server recounts.
      if (late) yield put(supportConsoleApi.util.invalidateTags(['SupportQueue', { type: 'SupportConversation', id: event.conversation.id }]));
      // Whoever answered has stopped typing.
      if (event.message.sender) yield put(typingCleared({ conversationId: event.conversation.id, agentId: event.message.sender.id }));
      if (event.message.from === 'customer') yield call(readIfOnScreen, event.conversation.id);
      break;
    }
    case 'SupportConversationUpdated':
      yield put(applyConversationUpdated(payload as SupportConversationUpdatedEvent, agent.agentId) as unknown as UnknownAction);
      break;
    case 'SupportNoteAdded':
      yield put(applyNoteAdded(payload as SupportNoteAddedEvent) as unknown as UnknownAction);
      break;
    case 'SupportConversationRead':
      // Unread is per agent: another agent's reading changes nothing here.
      if ((payload as SupportConversationReadEvent).agent_id !== agent.agentId) return false;
      yield put(applyConversationRead(payload as SupportConversationReadEvent, agent.agentId) as unknown as UnknownAction);
      break;
    default:
      return false;
  }
  ctx.counts.put(true);
  return true;
}

/** A customer's message in the conversation the agent is looking at is read at once. */
function* readIfOnScreen(conversationId: number): Generator<Effect, void, unknown> {
  const open = (yield select(selectOpenConversationId)) as number | null;
  if (open !== conversationId || !supportConsoleDeps.isVisible()) return;
  yield put(supportConsoleApi.endpoints.markSupportRead.initiate(conversationId) as unknown as UnknownAction);
}

/** Everything logged after the watermark, page by page, applied in order. */
export function* catchUp(ctx: Context): Generator<Effect, void, unknown> {
  const { sync } = ctx;
  while (sync.watermark !== null) {
    const page = (yield call(supportConsoleDeps.fetchEvents, sync.watermark)) as EventsPage;
    if (page.meta.reset) {
      // The log does not reach back that far (a restored database): start again from what the server shows now.
      sync.watermark = page.meta.last_seq;
      sync.applied.clear();
      sync.latest.clear();
      yield put(supportConsoleApi.util.invalidateTags(['SupportQueue', 'SupportCounts', 'SupportConversation', 'SupportMessages', 'SupportNote']));
      return;
    }
    for (const event of page.data) yield call(applyConsoleEvent, ctx, event.type, event.data);
    sync.watermark = Math.max(sync.watermark, page.meta.last_seq);
    advance(sync);
    if (!page.meta.has_more) return;
  }
}

/** One catch-up at a time; requests made meanwhile make one more run (the buffer holds one). */
function* catchUpWorker(ctx: Context): Generator<Effect, void, unknown> {
  while (true) {
    yield take(ctx.catchUps);
    try {
      yield call(catchUp, ctx);
      // Reads made in other tabs while this one was away are not in the log: the counts say.
      ctx.counts.put(true);
    } catch (error) {
      // Offline or refused: the next reconnect, "online" or return to the tab tries again.
      console.warn('support console: catch-up failed', error);
    }
  }
}

function* countsWorker(ctx: Context): Generator<Effect, void, unknown> {
  while (true) {
    yield take(ctx.counts);
    yield delay(COUNTS_DEBOUNCE_MS);
    yield flush(ctx.counts);
    yield put(supportConsoleApi.util.invalidateTags(['SupportCounts']));
  }
}

function* checkGap(ctx: Context, seq: number): Generator<Effect, void, unknown> {
  ctx.sync.gapCheck = true;
  try {
    yield delay(GAP_WAIT_MS);
    if (ctx.sync.watermark !== null && ctx.sync.watermark < seq) ctx.catchUps.put('gap');
  } finally {
    ctx.sync.gapCheck = false;
  }
}

function* onSupportEvent(ctx: Context, action: PayloadAction<{ channel: string; event: string; payload: unknown }>): Generator<Effect, void, unknown> {
  const { event, payload } = action.payload;
  yield call(applyConsoleEvent, ctx, event, payload);
  const seq = (payload as { seq?: unknown } | null)?.seq;
  const { watermark } = ctx.sync;
  // Seqs arrive in order unless one got lost: wait a little for it, then ask the log.
  if (typeof seq === 'number' && watermark !== null && watermark < seq && !ctx.sync.gapCheck) yield fork(checkGap, ctx, seq);
}

/** Others' typing in the conversations on screen: shown until they stop, send, leave, or go quiet. */
function* typingIn(ctx: Context): Generator<Effect, void, unknown> {
  const timers = new Map<string, Task>();
  function* expire(conversationId: number, agentId: number): Generator<Effect, void, unknown> {
    yield delay(TYPING_EXPIRY_MS);
    timers.delete(`${conversationId}:${agentId}`);
    yield put(typingCleared({ conversationId, agentId }));
  }
  while (true) {
    const action = (yield take(channelEventReceived.type)) as ReturnType<typeof channelEventReceived>;
    const { channel: name, event, payload } = action.payload;
    const conversationId = Number(/^presence-support\.(\d+)$/.exec(name)?.[1]);
    if (!conversationId || event !== SUPPORT_TYPING_EVENT) continue;
    const whisper = payload as Partial<SupportTypingPayload> | null;
    const agentId = Number(whisper?.user_id);
    if (!Number.isInteger(agentId) || agentId === ctx.agent.agentId) continue;
    const key = `${conversationId}:${agentId}`;
    const timer = timers.get(key);
    if (timer) yield cancel(timer);
    timers.delete(key);
    if (whisper?.typing) {
      const agentName = typeof whisper.name === 'string' ? whisper.name : '';
      yield put(typingHeard({ conversationId, agent: { id: agentId, name: agentName } }));
      timers.set(key, (yield fork(expire, conversationId, agentId)) as Task);
    } else {
      yield put(typingCleared({ conversationId, agentId }));
    }
  }
}

/** This agent's typing, whispered to the others on the conversation: throttled while typing, "stopped" when idle, sent or cleared. */
export function* typingOut(agent: ConsoleAgent): Generator<Effect, void, unknown> {
  let typingIn: number | null = null;
  let saidAt = 0;
  function* say(conversationId: number, typing: boolean): Generator<Effect, void, unknown> {
    const payload: SupportTypingPayload = { user_id: agent.agentId, name: agent.agentName, typing };
    yield put(whisperRequested({ channel: supportPresenceChannel(conversationId), event: SUPPORT_TYPING_EVENT, payload }));
  }
  try {
    while (true) {
      const waits: Record<string, Effect> = { draft: take(draftChanged.type), switched: take(conversationOpened.type) };
      if (typingIn !== null) waits.idle = delay(TYPING_IDLE_MS);
      const { draft, switched, idle } = (yield race(waits)) as { draft?: ReturnType<typeof draftChanged>; switched?: unknown; idle?: true };
      if (idle || switched) {
        if (typingIn !== null) yield call(say, typingIn, false);
        typingIn = null;
        continue;
      }
      const { conversationId, text } = draft!.payload;
      if (typingIn !== null && typingIn !== conversationId) {
        yield call(say, typingIn, false);
        typingIn = null;
      }
      if (!text.trim()) {
        if (typingIn !== null) yield call(say, typingIn, false);
        typingIn = null;
        continue;
      }
      const now = (yield call(Date.now)) as number;
      if (typingIn === null || now - saidAt >= TYPING_THROTTLE_MS) {
        yield call(say, conversationId, true);
        saidAt = now;
      }
      typingIn = conversationId;
    }
  } finally {
    if (typingIn !== null) yield call(say, typingIn, false);
  }
}

/** Tells the leading tab which channels this tab needs: the console's, and the presence of the open conversation. */
function* announceWants(nudges: Channel<true>): Generator<Effect, void, unknown> {
  try {
    while (true) {
      const open = (yield select(selectOpenConversationId)) as number | null;
      yield put(channelsWanted({ tabId: supportConsoleDeps.tabId, channels: open ? [SUPPORT_CHANNEL, supportPresenceChannel(open)] : [SUPPORT_CHANNEL] }));
      yield race({ opened: take(conversationOpened.type), asked: take(channelWantsRequested.type), nudged: take(nudges), refresh: delay(WANTS_REFRESH_MS) });
    }
  } finally {
    yield put(channelsWanted({ tabId: supportConsoleDeps.tabId, channels: [] }));
  }
}

function* readOpenConversation(): Generator<Effect, void, unknown> {
  const open = (yield select(selectOpenConversationId)) as number | null;
  if (open !== null && supportConsoleDeps.isVisible()) yield put(supportConsoleApi.endpoints.markSupportRead.initiate(open) as unknown as UnknownAction);
}

function* watchBrowser(ctx: Context, nudges: Channel<true>): Generator<Effect, void, unknown> {
  const signals = (yield call(supportConsoleDeps.browserSignals)) as EventChannel<BrowserSignal>;
  try {
    while (true) {
      const signal = (yield take(signals)) as BrowserSignal;
      if (signal === 'pagehide') {
        // Leaving: stop showing as a viewer now rather than when the leader's memory of this tab runs out.
        yield put(channelsWanted({ tabId: supportConsoleDeps.tabId, channels: [] }));
        continue;
      }
      // Back from sleep, a hidden tab or a lost network: fetch what changed meanwhile.
      ctx.catchUps.put(signal);
      if (signal === 'visible') {
        nudges.put(true);
        yield call(readOpenConversation);
      }
    }
  } finally {
    if ((yield cancelled()) as boolean) signals.close();
  }
}

/** The first queue page says where the log stood when it was read: events after that are applied on top. */
function* watchFirstPage(ctx: Context): Generator<Effect, void, unknown> {
  while (ctx.sync.watermark === null) {
    const action = (yield take(supportConsoleApi.endpoints.supportQueue.matchFulfilled)) as { payload: { pages: QueuePage[] } };
    const seqs = action.payload.pages.map((page) => page.meta.last_seq);
    if (!seqs.length) continue;
    ctx.sync.watermark = Math.min(...seqs);
    advance(ctx.sync);
    // The socket may have joined before the page was read: whatever fell between is in the log.
    ctx.catchUps.put('start');
  }
}

/** The console on screen in this tab: live queue and conversation, catch-up, presence and typing. */
export function* runConsole(agent: ConsoleAgent): Generator<Effect, void, unknown> {
  const ctx = createConsoleContext(agent);
  const nudges = channel<true>(buffers.sliding(1));
  yield fork(catchUpWorker, ctx);
  yield fork(countsWorker, ctx);
  yield fork(watchFirstPage, ctx);
  yield fork(announceWants, nudges);
  yield fork(watchBrowser, ctx, nudges);
  yield fork(typingIn, ctx);
  yield fork(typingOut, agent);
  yield takeEvery(conversationOpened.type, readOpenConversation);
  yield takeEvery(
    (action: unknown) => channelSubscribed.match(action as UnknownAction) && (action as ReturnType<typeof channelSubscribed>).payload.channel === SUPPORT_CHANNEL,
    // A (re)join: anything published while the socket was away is only in the log.
    () => ctx.catchUps.put('subscribed'),
  );
  yield takeEvery(
    (action: unknown) => channelEventReceived.match(action as UnknownAction) && (action as ReturnType<typeof channelEventReceived>).payload.channel === SUPPORT_CHANNEL,
    onSupportEvent,
    ctx,
  );
}

/**
 * Runs the console flow only while the console is on screen in this tab (see
 * the README): the staff channels, the catch-up and presence cost nothing
 * while the agent is elsewhere, and opening the console fetches afresh.
 */
export function* supportConsoleSaga(): Generator<Effect, void, unknown> {
  let opened = (yield take(consoleOpened.type)) as ReturnType<typeof consoleOpened>;
  while (true) {
    const task = (yield fork(runConsole, opened.payload)) as Task;
    const next = (yield take([consoleClosed.type, consoleOpened.type, signedOut.type, loggedOut.type, signedIn.type])) as UnknownAction;
    yield cancel(task);
    // Opened again (another agent signed in here, or a remount): start over at once.
    opened = consoleOpened.match(next) ? next : ((yield take(consoleOpened.type)) as ReturnType<typeof consoleOpened>);
  }
}
