import { buffers, channel, type Channel } from 'redux-saga';
import { call, delay, flush, put, select, spawn, take, type Effect } from 'redux-saga/effects';
import type {
  SupportConversationReadEvent,
  SupportConversationUpdatedEvent,
  SupportMessageEvent,
  SupportNoteAddedEvent,
} from '../../shared/api/support';
import { supportConsoleApi } from '../features/support-console/support-console-api';
import { selectOpenConversationId, typingCleared, type ConsoleAgent } from '../features/support-console/support-console-slice';
import { applyConversationRead, applyConversationUpdated, applyNoteAdded, applySupportMessage } from '../features/support-console/support-live';
import { callEndpoint, dispatchThunk } from './endpoint-call';
import { supportConsoleDeps } from './support-console-deps';

/** Applying the console's events to the caches, once each, in the order of the event log. */

/** Bursts of events refetch the counts once. */
export const COUNTS_DEBOUNCE_MS = 300;

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

/** Moves the watermark over the applied events that now follow it without a gap. */
export function advance(sync: SyncState): void {
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
export function* applyConsoleEvent(ctx: ConsoleContext, name: string, payload: unknown): Generator<Effect, boolean, unknown> {
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
      yield* dispatchThunk(applySupportMessage(event, agent.agentId));
      // A message older than one already applied cannot be counted on top of it: the server recounts.
      if (late) yield put(supportConsoleApi.util.invalidateTags(['SupportQueue', { type: 'SupportConversation', id: event.conversation.id }]));
      // Whoever answered has stopped typing.
      if (event.message.sender) yield put(typingCleared({ conversationId: event.conversation.id, agentId: event.message.sender.id }));
      if (event.message.from === 'customer') yield call(readIfOnScreen, event.conversation.id);
      break;
    }
    case 'SupportConversationUpdated':
      yield* dispatchThunk(applyConversationUpdated(payload as SupportConversationUpdatedEvent, agent.agentId));
      break;
    case 'SupportNoteAdded':
      yield* dispatchThunk(applyNoteAdded(payload as SupportNoteAddedEvent));
      break;
    case 'SupportConversationRead':
      // Unread is per agent: another agent's reading changes nothing here.
      if ((payload as SupportConversationReadEvent).agent_id !== agent.agentId) return false;
      yield* dispatchThunk(applyConversationRead(payload as SupportConversationReadEvent, agent.agentId));
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
  // Spawned: the events behind this one are not held up by the read, and its failure changes nothing here.
  yield spawn(callEndpoint, supportConsoleApi.endpoints.markSupportRead, conversationId, { settle: true });
}

/** The counts changed: refetched once per burst. */
export function* countsWorker(ctx: ConsoleContext): Generator<Effect, void, unknown> {
  while (true) {
    yield take(ctx.counts);
    yield delay(COUNTS_DEBOUNCE_MS);
    yield flush(ctx.counts);
    yield put(supportConsoleApi.util.invalidateTags(['SupportCounts']));
  }
}
