import { isRejectedWithValue, type UnknownAction } from '@reduxjs/toolkit';
import { call, put, select, takeEvery, takeLeading } from 'redux-saga/effects';
import { sessionsApi } from '../session/sessions-api';
import { loggedOut, selectToken, signedOut, unauthorizedSeen } from '../session/session-slice';

import { SIGNED_IN_HOME } from '../../shared/routes';
import { navigateTo } from '../services/navigation';
import { signOutRequested } from '../session/session-slice';
import { callEndpoint } from './endpoint-call';

interface RejectedPayload {
  status?: number | string;
  data?: { message?: string };
}

/** SPEC §8: 401, or 500 saying `Unauthenticated.`, means the session is gone. */
export function isUnauthenticated(payload: RejectedPayload | undefined): boolean {
  if (!payload) return false;
  return payload.status === 401 || (payload.status === 500 && payload.data?.message === 'Unauthenticated.');
}

/**
 * Ends the session on the page it must end on. The route guard sends a signed-out visitor on a
 * guarded page to /auth. React renders a store change at once but the router's moves as a
 * transition, after it; so ending the session first showed the guard a signed-out visitor still
 * on the guarded page, and its /auth redirect came after our move and won. Leaving first, with
 * the new page rendered before the session ends, leaves no guarded page on screen to object.
 */
function* leaveThenEnd(to: string, end: UnknownAction, replace = false) {
  yield call(navigateTo, to, { replace, flushSync: true });
  yield put(end);
}

export function* handleRejected(action: UnknownAction & { payload?: RejectedPayload }) {
  const payload = action.payload;
  if (payload?.status === 401) yield put(unauthorizedSeen());
  if (!isUnauthenticated(payload)) return;
  const token: string | null = yield select(selectToken);
  if (!token) return;
  yield* leaveThenEnd(SIGNED_IN_HOME, loggedOut(), true);
}

/** The user's own sign-out: revoke the token on the server, then end the session here whatever it answered. */
export function* signOut(action: ReturnType<typeof signOutRequested>) {
  const token: string | null = yield select(selectToken);
  if (token) {
    // Settled, not thrown: an already revoked or unreachable token ends the session all the same.
    yield call(callEndpoint, sessionsApi.endpoints.signOut, undefined, { settle: true });
  }
  // Each area sends people to its own start page (the olympiad to /olympiad).
  yield* leaveThenEnd(action.payload.to ?? SIGNED_IN_HOME, signedOut());
}

export function* sessionSaga() {
  yield takeEvery((action: unknown) => isRejectedWithValue(action as UnknownAction), handleRejected);
  yield takeLeading(signOutRequested.type, signOut);
}
