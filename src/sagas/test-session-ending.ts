import type { Task } from 'redux-saga';
import { call, cancel, delay, put, race, select, type Effect } from 'redux-saga/effects';
import type { AttemptResponse } from '../../shared/api/olympiad-test-attempts';
import { olympiadTestsApi } from '../features/olympiad-tests/olympiad-tests-api';
import {
  clockTicked,
  connectivityChanged,
  finishStarted,
  sessionFailed,
  sessionFinished,
  type TestSessionState,
} from '../features/olympiad-tests/test-session-slice';
import { dispatchThunk } from './endpoint-call';
import { waitUntilQueueEmpty } from './test-session-answers';
import { crossedWarning, nextTickIn } from './test-session-clock';
import { sessionOf, testSessionDeps, toast } from './test-session-deps';
import { classifyFailure, PROBE_FIRST_MS, PROBE_MAX_MS, waitForNetwork } from './test-session-network';

/** How an attempt ends: the countdown to its deadline, and the finish. */

/** After the countdown reaches zero, the finish waits this long, so the server's deadline has surely passed. */
export const DEADLINE_MARGIN_MS = 1000;

/** The countdown: each tick reads the device clock plus the measured offset, so a throttled tab is right when it wakes. */
export function* runClock(deadline: number): Generator<Effect, void, unknown> {
  let previous: number | null = null;
  while (true) {
    const { clockOffsetMs } = (yield select(sessionOf)) as TestSessionState;
    const now = ((yield call(testSessionDeps.now)) as number) + clockOffsetMs;
    yield put(clockTicked(now));
    const remaining = deadline - now;
    const warning = crossedWarning(previous, remaining);
    if (warning) yield call(toast, warning.kind, warning.key);
    if (remaining <= 0) return;
    previous = remaining;
    yield delay(nextTickIn(remaining));
  }
}

function* finishedWith(attemptId: number, response: AttemptResponse) {
  yield put(sessionFinished(response.data));
  yield call(testSessionDeps.storage.forget, attemptId);
  yield* dispatchThunk(olympiadTestsApi.util.upsertQueryData('attempt', attemptId, response));
  // 'Rating': the rating is computed from finished attempts, this one may have moved the participant.
  yield put(olympiadTestsApi.util.invalidateTags(['Attempt', 'Rating', { type: 'OlympiadTest', id: 'LIST' }, { type: 'OlympiadTest', id: response.data.test_id }]));
}

/**
 * Ends the attempt: the last queued answers go first (the server takes them
 * until the deadline plus its grace), then the finish. Without network the
 * finish waits for it, and the queue goes out again before it once the
 * network is back; the server ends a timed attempt at its deadline anyway.
 * The sender keeps running until the attempt is finished.
 */
export function* finish(attemptId: number, endedBy: 'participant' | 'deadline' | 'server', sender: Task): Generator<Effect, void, unknown> {
  yield put(finishStarted(endedBy));
  const state = (yield select(sessionOf)) as TestSessionState;
  const graceMs = (state.attempt?.grace_seconds ?? 3) * 1000;
  const endedAt = (yield call(testSessionDeps.now)) as number;
  let probe = PROBE_FIRST_MS;
  let firstTry = true;
  while (true) {
    if (endedBy !== 'server') yield race({ flushed: call(waitUntilQueueEmpty), timeout: delay(graceMs) });
    // At zero by this device's clock the server's deadline may be a few milliseconds away still: let it pass first.
    const waited = ((yield call(testSessionDeps.now)) as number) - endedAt;
    if (firstTry && endedBy === 'deadline' && waited < DEADLINE_MARGIN_MS) yield delay(DEADLINE_MARGIN_MS - waited);
    firstTry = false;
    try {
      const response = (yield call(endedBy === 'server' ? testSessionDeps.fetchAttempt : testSessionDeps.finishAttempt, attemptId)) as AttemptResponse;
      if (response.data.status === 'finished') {
        yield cancel(sender);
        yield call(finishedWith, attemptId, response);
        return;
      }
      // The server has not closed it yet (its sweep runs a moment after the deadline): ask it to.
      endedBy = 'deadline';
      yield delay(1000);
    } catch (failure) {
      const classified = classifyFailure(failure);
      if (classified.kind === 'closed') {
        endedBy = 'server';
        continue;
      }
      if (classified.kind !== 'offline' && classified.kind !== 'transient') {
        yield put(sessionFailed({ status: classified.status, message: classified.message }));
        return;
      }
      if (classified.kind === 'offline') yield put(connectivityChanged(false));
      yield call(waitForNetwork, probe);
      probe = Math.min(probe * 2, PROBE_MAX_MS);
    }
  }
}
