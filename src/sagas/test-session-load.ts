import { call, put, type Effect } from 'redux-saga/effects';
import type { AttemptResponse } from '../../shared/api/olympiad-test-attempts';
import { connectivityChanged, sessionFailed, sessionLoaded } from '../features/olympiad-tests/test-session-slice';
import type { ClockSync } from './test-session-clock';
import { testSessionDeps } from './test-session-deps';
import { classifyFailure, PROBE_FIRST_MS, PROBE_MAX_MS, waitForNetwork } from './test-session-network';

/**
 * Loads the attempt, measuring the clock on the way. Without network it keeps
 * trying, and meanwhile resumes from the copy on this device if there is one.
 * True when the session can run.
 */
export function* loadAttempt(attemptId: number, sync: ClockSync): Generator<Effect, boolean, unknown> {
  let probe = PROBE_FIRST_MS;
  while (true) {
    const sentAt = (yield call(testSessionDeps.now)) as number;
    try {
      const response = (yield call(testSessionDeps.fetchAttempt, attemptId)) as AttemptResponse;
      const receivedAt = (yield call(testSessionDeps.now)) as number;
      // An attempt that came with the page was made when the page was: the clock is measured over that window.
      const made = testSessionDeps.pageAnswerWindow(attemptId) ?? { sentAt, receivedAt };
      const offset = sync(made.sentAt, made.receivedAt, response.server_time) ?? 0;
      const stored = testSessionDeps.storage.read(attemptId);
      const position = stored.position;
      yield put(
        sessionLoaded({
          attempt: response.data,
          clockOffsetMs: offset,
          now: receivedAt + offset,
          queued: stored.queue,
          // A move the server never heard of (made offline) is newer than the server's index.
          current: position && !position.synced ? position.index : response.data.current_index,
        }),
      );
      yield put(connectivityChanged(true));
      yield call(testSessionDeps.storage.writeSnapshot, attemptId, response.data, offset);
      return true;
    } catch (failure) {
      const classified = classifyFailure(failure);
      if (classified.kind !== 'offline' && classified.kind !== 'transient') {
        yield put(sessionFailed({ status: classified.status, message: classified.message }));
        return false;
      }
      if (classified.kind === 'offline') yield put(connectivityChanged(false));
      const { snapshot, queue, position } = testSessionDeps.storage.read(attemptId);
      if (snapshot) {
        const device = (yield call(testSessionDeps.now)) as number;
        yield put(
          sessionLoaded({
            attempt: snapshot.attempt,
            clockOffsetMs: snapshot.clockOffsetMs,
            now: device + snapshot.clockOffsetMs,
            queued: queue,
            current: position?.index ?? snapshot.attempt.current_index,
          }),
        );
        return true;
      }
      yield call(waitForNetwork, probe);
      probe = Math.min(probe * 2, PROBE_MAX_MS);
    }
  }
}
