import { call, delay, select } from 'redux-saga/effects';
import type { AttemptResource } from '../../shared/api/olympiad-test-attempts';
import { pendingAnswers, type TestSessionState } from '../features/olympiad-tests/test-session-slice';
import { sessionOf, testSessionDeps } from './test-session-deps';
import { classifyFailure, PROBE_FIRST_MS, PROBE_MAX_MS, waitForNetwork } from './test-session-network';

/** What the session keeps so a reload resumes it: the answer queue, the position, a copy of the attempt. */

/** How long the position waits for the participant to stop clicking through questions before it is sent. */
export const POSITION_SETTLE_MS = 500;
/** How long the copy of the attempt for an offline reload waits for a quiet moment. */
export const SNAPSHOT_SETTLE_MS = 1000;

function snapshotOf(state: TestSessionState): AttemptResource | null {
  if (!state.attempt) return null;
  return {
    ...state.attempt,
    current_index: state.current,
    questions: state.questions.map((question) => {
      const entry = state.answers[question.id];
      // A pending answer is in the queue too; here it stands at the stored version, so the queue's copy wins on reload.
      return { ...question, answer: entry?.answer ?? null, version: entry?.savedVersion ?? question.version, visited: state.visited.includes(question.id) };
    }),
  };
}

/** The queue of unsent answers, on this device. */
export function* persistQueue(attemptId: number) {
  const state = (yield select(sessionOf)) as TestSessionState;
  const saved = Object.fromEntries(Object.entries(state.answers).map(([id, entry]) => [id, entry.savedVersion]));
  yield call(testSessionDeps.storage.writeQueue, attemptId, pendingAnswers(state), saved);
}

/** The question the participant is on: on this device at once, on the server once they stop moving. */
export function* syncPosition(attemptId: number) {
  const { current } = (yield select(sessionOf)) as TestSessionState;
  yield call(testSessionDeps.storage.writePosition, attemptId, current, false);
  yield delay(POSITION_SETTLE_MS);
  let probe = PROBE_FIRST_MS;
  while (true) {
    try {
      yield call(testSessionDeps.savePosition, attemptId, current);
      yield call(testSessionDeps.storage.writePosition, attemptId, current, true);
      return;
    } catch (failure) {
      const { kind } = classifyFailure(failure);
      if (kind !== 'offline' && kind !== 'transient') return;
      yield call(waitForNetwork, probe);
      probe = Math.min(probe * 2, PROBE_MAX_MS);
    }
  }
}

/** A copy of the attempt for an offline reload, once things are quiet. */
export function* keepSnapshot(attemptId: number) {
  yield delay(SNAPSHOT_SETTLE_MS);
  const state = (yield select(sessionOf)) as TestSessionState;
  const snapshot = snapshotOf(state);
  if (snapshot) yield call(testSessionDeps.storage.writeSnapshot, attemptId, snapshot, state.clockOffsetMs);
}
