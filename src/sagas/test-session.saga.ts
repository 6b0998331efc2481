import type { UnknownAction } from '@reduxjs/toolkit';
import type { EventChannel, Task } from 'redux-saga';
import { call, cancel, cancelled, fork, put, race, select, take, takeEvery, takeLatest, type Effect } from 'redux-saga/effects';
import { loggedOut, signedOut } from '../session/session-slice';
import {
  answerConflicted,
  answerGiven,
  answerQueued,
  answerRefused,
  answerSaved,
  connectivityChanged,
  finishRequested,
  questionOpened,
  sessionClosed,
  sessionLoading,
  sessionOpened,
  sessionReset,
  type TestSessionState,
} from '../features/olympiad-tests/test-session-slice';
import { queueAnswer, sendAnswers } from './test-session-answers';
import { createClockSync } from './test-session-clock';
import { CLOSED_BY_SERVER, sessionOf, testSessionDeps, toast } from './test-session-deps';
import { finish, runClock } from './test-session-ending';
import { loadAttempt } from './test-session-load';
import { watchConnectivity } from './test-session-network';
import { keepSnapshot, persistQueue, syncPosition } from './test-session-persistence';

/**
 * The timed test's session. Its pieces sit beside it: test-session-load,
 * -answers (queue and sender), -persistence (for a reload), -ending (countdown
 * and finish), -network, -clock, -storage, and -deps (what they call out to;
 * tests replace its members).
 */
export { testSessionDeps };

/** One attempt on screen, from loading to finished. */
export function* runSession(attemptId: number): Generator<Effect, void, unknown> {
  yield put(sessionLoading(attemptId));
  const network = (yield call(testSessionDeps.connectivity)) as EventChannel<boolean>;
  const helpers: Task[] = [];
  try {
    yield put(connectivityChanged((yield call(testSessionDeps.isOnline)) as boolean));
    helpers.push((yield fork(watchConnectivity, network)) as Task);
    const sync = createClockSync();
    const ready = (yield call(loadAttempt, attemptId, sync)) as boolean;
    const loaded = (yield select(sessionOf)) as TestSessionState;
    if (!ready) return;
    if (loaded.phase === 'finished') {
      yield call(testSessionDeps.storage.forget, attemptId);
      return;
    }
    helpers.push((yield takeEvery(answerGiven.type, queueAnswer)) as Task);
    helpers.push((yield takeEvery([answerQueued.type, answerSaved.type, answerConflicted.type, answerRefused.type], persistQueue, attemptId)) as Task);
    helpers.push((yield takeLatest(questionOpened.type, syncPosition, attemptId)) as Task);
    helpers.push((yield takeLatest([answerSaved.type, answerConflicted.type, questionOpened.type], keepSnapshot, attemptId)) as Task);
    // Answers restored from the queue go out at once.
    yield call(persistQueue, attemptId);
    const sender = (yield fork(sendAnswers, attemptId, sync)) as Task;
    helpers.push(sender);
    const ending = (yield race({
      expired: loaded.deadline === null ? take('testSession/never') : call(runClock, loaded.deadline),
      requested: take(finishRequested.type),
      closed: take(CLOSED_BY_SERVER),
    })) as { expired?: unknown; requested?: unknown; closed?: unknown };
    const endedBy = ending.requested ? 'participant' : ending.closed ? 'server' : 'deadline';
    if (endedBy === 'server') yield call(toast, 'info', 'olympiadTests.ui.closedByServer');
    yield call(finish, attemptId, endedBy, sender);
  } finally {
    for (const task of helpers) yield cancel(task);
    network.close();
    if ((yield cancelled()) as boolean) yield put(sessionReset());
  }
}

/**
 * The test and essay screens open a session and close it; signing out ends it too. Opening the
 * attempt whose session is running already changes nothing: the app opens it before it first draws
 * (src/app/first-queries.ts), and the screen then opens it again as it mounts.
 */
export function* testSessionSaga(): Generator<Effect, void, unknown> {
  let running: { attemptId: number; task: Task } | null = null;
  while (true) {
    const action = (yield take([sessionOpened.type, sessionClosed.type, signedOut.type, loggedOut.type])) as UnknownAction;
    if (sessionOpened.match(action) && running?.attemptId === action.payload && running.task.isRunning()) continue;
    if (running) yield cancel(running.task);
    running = null;
    if (sessionOpened.match(action)) running = { attemptId: action.payload, task: (yield fork(runSession, action.payload)) as Task };
    else yield put(sessionReset());
  }
}
