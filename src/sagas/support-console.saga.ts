import type { UnknownAction } from '@reduxjs/toolkit';
import { buffers, channel, type Task } from 'redux-saga';
import { cancel, fork, take, takeEvery, type Effect } from 'redux-saga/effects';
import { SUPPORT_CHANNEL } from '../../shared/api/realtime-events';
import { loggedOut, signedIn, signedOut } from '../session/session-slice';
import { channelEventReceived, channelSubscribed } from '../realtime/extra-channels';
import { consoleClosed, consoleOpened, conversationOpened, type ConsoleAgent } from '../features/support-console/support-console-slice';
import { catchUpWorker, GAP_WAIT_MS, onSupportEvent, watchFirstPage } from './support-console-catch-up';
import { supportConsoleDeps } from './support-console-deps';
import { applyConsoleEvent, countsWorker, createConsoleContext } from './support-console-events';
import { announceWants, readOpenConversation, watchBrowser } from './support-console-tab';
import { TYPING_EXPIRY_MS, TYPING_IDLE_MS, TYPING_THROTTLE_MS, typingIn, typingOut } from './support-console-typing';

/**
 * The support console's flow. Its pieces sit beside it: support-console-events
 * (applying events), -catch-up (the event log), -typing, -tab (channels and
 * browser signals) and -deps (what they call out to; tests replace its members).
 */
export { applyConsoleEvent, createConsoleContext, GAP_WAIT_MS, supportConsoleDeps, TYPING_EXPIRY_MS, TYPING_IDLE_MS, TYPING_THROTTLE_MS };

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
