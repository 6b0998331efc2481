import { call, delay, put, race, select, take, type Effect } from 'redux-saga/effects';
import type { SavedAnswerResponse } from '../../shared/api/olympiad-test-answers';
import { sameAnswer } from '../features/olympiad-tests/answers';
import {
  answerConflicted,
  answerDeferred,
  answerGiven,
  answerQueued,
  answerRefused,
  answerSaved,
  answerSending,
  clockMeasured,
  connectivityChanged,
  isPending,
  nextToSend,
  type TestSessionState,
} from '../features/olympiad-tests/test-session-slice';
import type { ClockSync } from './test-session-clock';
import { CLOSED_BY_SERVER, sessionOf, testSessionDeps, toast } from './test-session-deps';
import { classifyFailure, PROBE_FIRST_MS, PROBE_MAX_MS, waitForNetwork } from './test-session-network';

/** The participant's answers: queued with a version, sent one by one, and waited for at the finish. */

function* measured(sync: ClockSync, sentAt: number, serverTime: string | undefined) {
  const receivedAt: number = yield call(testSessionDeps.now);
  const offset = sync(sentAt, receivedAt, serverTime);
  if (offset !== null) yield put(clockMeasured(offset));
}

/** Turns what the participant gave into a versioned queue entry; the version is the server's time, so the latest answer wins across tabs. */
export function* queueAnswer(action: ReturnType<typeof answerGiven>) {
  const state = (yield select(sessionOf)) as TestSessionState;
  const { questionId, answer, settleMs = 0 } = action.payload;
  const entry = state.answers[questionId];
  if (state.phase !== 'in_progress' || !entry || sameAnswer(entry.answer, answer)) return;
  const device = (yield call(testSessionDeps.now)) as number;
  const version = Math.max(Math.round(device + state.clockOffsetMs), entry.version + 1, entry.savedVersion + 1);
  yield put(answerQueued({ questionId, answer, version, dueAt: device + settleMs }));
}

/**
 * A wait before trying the server again, spread between half and one and a half of `ms`: after a
 * server restart every open test tab would otherwise come back on the same 2, 4, 8 s beat, all at
 * once, and the fresh server would turn many of them away again (bench:olympiad's fault run).
 */
const spread = (ms: number) => Math.round(ms * (0.5 + testSessionDeps.random()));

/**
 * Sends queued answers one at a time, oldest first, each with its version.
 * Offline it waits for the network; a 409 with a newer answer adopts it; a
 * closed attempt ends the session.
 */
export function* sendAnswers(attemptId: number, sync: ClockSync): Generator<Effect, void, unknown> {
  let probe = PROBE_FIRST_MS;
  let retryAt = 0;
  while (true) {
    const state = (yield select(sessionOf)) as TestSessionState;
    const device = (yield call(testSessionDeps.now)) as number;
    const next = nextToSend(state, device);
    if (!next) {
      yield take(answerQueued.type);
      continue;
    }
    if ('wakeAt' in next) {
      yield race({ due: delay(next.wakeAt - device), queued: take(answerQueued.type) });
      continue;
    }
    if (!state.online) {
      yield call(waitForNetwork, spread(probe));
      probe = Math.min(probe * 2, PROBE_MAX_MS);
    }
    if (retryAt > device) yield delay(retryAt - device);
    const { questionId, entry } = next;
    yield put(answerSending(questionId));
    const sentAt = (yield call(testSessionDeps.now)) as number;
    try {
      const response = (yield call(testSessionDeps.saveAnswer, {
        attemptId,
        questionId,
        body: { version: entry.version, answer: entry.answer },
      })) as SavedAnswerResponse;
      yield call(measured, sync, sentAt, response.server_time);
      yield put(answerSaved(response.data));
      if (!state.online) yield put(connectivityChanged(true));
      probe = PROBE_FIRST_MS;
      retryAt = 0;
    } catch (failure) {
      const classified = classifyFailure(failure);
      switch (classified.kind) {
        case 'conflict':
          yield put(answerConflicted(classified.conflict!.data!));
          if (!sameAnswer(classified.conflict!.data!.answer, entry.answer)) yield call(toast, 'info', 'olympiadTests.ui.conflict');
          break;
        case 'closed':
          yield put(answerDeferred(questionId));
          yield put({ type: CLOSED_BY_SERVER });
          return;
        case 'refused':
          yield put(answerRefused({ questionId, message: classified.message ?? testSessionDeps.message('common.unknownError') }));
          yield call(toast, 'error', 'olympiadTests.ui.refused', { reason: classified.message ?? '' });
          break;
        case 'offline':
          yield put(answerDeferred(questionId));
          yield put(connectivityChanged(false));
          break;
        default: {
          // Server trouble or a 401 (the session saga signs out): keep the answer and try again later.
          yield put(answerDeferred(questionId));
          retryAt = ((yield call(testSessionDeps.now)) as number) + spread(probe);
          probe = Math.min(probe * 2, PROBE_MAX_MS);
        }
      }
    }
  }
}

/** Until every queued answer has had its answer from the server (or the network is gone). */
export function* waitUntilQueueEmpty() {
  while (true) {
    const state = (yield select(sessionOf)) as TestSessionState;
    const waiting = Object.values(state.answers).some((entry) => isPending(entry) && !entry.error);
    if (!waiting || !state.online) return;
    yield take([answerSaved.type, answerConflicted.type, answerRefused.type, answerDeferred.type, connectivityChanged.type]);
  }
}
