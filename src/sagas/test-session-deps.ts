import type { EventChannel } from 'redux-saga';
import { put } from 'redux-saga/effects';
import { olympiadTestsApi, type SaveAnswerArgs } from '../features/olympiad-tests/olympiad-tests-api';
import { selectSession, type TestSessionState } from '../features/olympiad-tests/test-session-slice';
import { toastShown } from '../features/toasts/toasts-slice';
import { pageAnswerWindow } from '../services/first-reads';
import { attemptReadPath } from '../../shared/first-reads';
import { formatMessage } from '../services/intl-bridge';
import { callEndpoint } from './endpoint-call';
import { browserSaysOnline, connectivityChannel } from './test-session-network';
import { forgetAttempt, readStoredAttempt, writePosition, writeQueue, writeSnapshot } from './test-session-storage';

/** What every piece of the timed-test session calls out to: the server, the device, the messages. */

/**
 * Injectable so saga tests run on fake time without a network, a browser or local storage.
 * The server is called through RTK Query (its base URL, token and language), bypassing the cache.
 */
export const testSessionDeps = {
  now: () => Date.now(),
  /** Spreads retries (see test-session-answers); tests make it 0.5, which keeps every wait as it is. */
  random: () => Math.random(),
  /** When the attempt came with the page, when the server made it (src/services/first-reads.ts). */
  pageAnswerWindow: (attemptId: number) => pageAnswerWindow(attemptReadPath(attemptId)),
  fetchAttempt: (attemptId: number) =>
    callEndpoint(olympiadTestsApi.endpoints.attempt, attemptId, { initiate: { subscribe: false }, fresh: true }),
  saveAnswer: (args: SaveAnswerArgs) => callEndpoint(olympiadTestsApi.endpoints.saveAnswer, args, { initiate: { track: false } }),
  savePosition: (attemptId: number, index: number) =>
    callEndpoint(olympiadTestsApi.endpoints.saveAttemptPosition, { attemptId, index }, { initiate: { track: false } }),
  finishAttempt: (attemptId: number) => callEndpoint(olympiadTestsApi.endpoints.finishAttempt, attemptId, { initiate: { track: false } }),
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
