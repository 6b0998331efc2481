import type { Task } from 'redux-saga';
import { call, cancel, delay, fork, put, race, take, type Effect } from 'redux-saga/effects';
import { SUPPORT_TYPING_EVENT, supportPresenceChannel } from '../../shared/api/support-values';
import type { SupportTypingPayload } from '../../shared/api/support';
import { channelEventReceived, whisperRequested } from '../realtime/extra-channels';
import { conversationOpened, draftChanged, typingCleared, typingHeard, type ConsoleAgent } from '../features/support-console/support-console-slice';
import type { ConsoleContext } from './support-console-events';

/** While typing, "typing" is said again at most this often... */
export const TYPING_THROTTLE_MS = 2_000;
/** ...and after this long without a keystroke the agent has stopped. */
export const TYPING_IDLE_MS = 5_000;
/** Someone else's "typing" fades after this long unless they say it again (a closed tab never says "stopped"). */
export const TYPING_EXPIRY_MS = 7_000;

/** Others' typing in the conversations on screen: shown until they stop, send, leave, or go quiet. */
export function* typingIn(ctx: ConsoleContext): Generator<Effect, void, unknown> {
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
