import type { UnknownAction } from '@reduxjs/toolkit';
import type { EventChannel } from 'redux-saga';
import { call, put, type Effect } from 'redux-saga/effects';
import type { SavedAnswerResponse } from '../../shared/api/olympiad-test-answers';
import type { AttemptResponse, PositionResponse } from '../../shared/api/olympiad-test-attempts';
import { olympiadTestsApi, type SaveAnswerArgs } from '../features/olympiad-tests/olympiad-tests-api';
import { selectSession, type TestSessionState } from '../features/olympiad-tests/test-session-slice';
import { toastShown } from '../features/toasts/toasts-slice';
import { formatMessage } from '../services/intl-bridge';
import { browserSaysOnline, connectivityChannel } from './test-session-network';
import { forgetAttempt, readStoredAttempt, writePosition, writeQueue, writeSnapshot } from './test-session-storage';

/** What every piece of the timed-test session calls out to: the server, the device, the messages. */

/** Calls through RTK Query (its base URL, token and language), bypassing the cache. */
function* request<T>(action: unknown): Generator<Effect, T, unknown> {
  const pending = (yield put(action as UnknownAction)) as unknown as { unwrap(): Promise<T>; unsubscribe?: () => void };
  try {
    return (yield call([pending, pending.unwrap])) as T;
  } finally {
    pending.unsubscribe?.();
  }
}

/** Injectable so saga tests run on fake time without a network, a browser or local storage. */
export const testSessionDeps = {
  now: () => Date.now(),
  fetchAttempt: (attemptId: number) =>
    request<AttemptResponse>(olympiadTestsApi.endpoints.attempt.initiate(attemptId, { forceRefetch: true, subscribe: false })),
  saveAnswer: (args: SaveAnswerArgs) => request<SavedAnswerResponse>(olympiadTestsApi.endpoints.saveAnswer.initiate(args, { track: false })),
  savePosition: (attemptId: number, index: number) =>
    request<PositionResponse>(olympiadTestsApi.endpoints.saveAttemptPosition.initiate({ attemptId, index }, { track: false })),
  finishAttempt: (attemptId: number) => request<AttemptResponse>(olympiadTestsApi.endpoints.finishAttempt.initiate(attemptId, { track: false })),
  connectivity: connectivityChannel as () => EventChannel<boolean>,
  isOnline: browserSaysOnline,
  storage: { read: readStoredAttempt, writeQueue, writePosition, writeSnapshot, forget: forgetAttempt },
  message: formatMessage,
};

export const sessionOf = (state: { testSession: TestSessionState }) => selectSession(state);

/** Tells the session that the server has closed the attempt (deadline passed, or it was ended elsewhere). */
export const CLOSED_BY_SERVER = 'testSession/closedByServer';

export function* toast(kind: 'info' | 'error', key: string, values?: Record<string, string | number>) {
  yield put(toastShown({ kind, title: testSessionDeps.message(`${key}.title`), body: testSessionDeps.message(key, values) }));
}
