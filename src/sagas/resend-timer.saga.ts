import type { PayloadAction } from '@reduxjs/toolkit';
import { call, delay, put, race, take, takeLatest } from 'redux-saga/effects';
import { addressReset, codeSent, resendTick } from '../features/auth/otp-slice';

export const clock = { now: () => Date.now() };

/**
 * Counts down to the moment another code may be requested. The count is
 * derived from a deadline, so a throttled background tab stays correct.
 */
export function* countDown(action: PayloadAction<{ resendIn: number }>) {
  const started: number = yield call(clock.now);
  const deadline = started + action.payload.resendIn * 1000;
  while (true) {
    const current: number = yield call(clock.now);
    const remainingMs = Math.max(0, deadline - current);
    yield put(resendTick(Math.ceil(remainingMs / 1000)));
    if (remainingMs === 0) return;
    // Wake at the next whole second of the deadline, not one second from now.
    const { reset }: { reset?: unknown } = yield race({ reset: take(addressReset.type), tick: delay(remainingMs % 1000 || 1000) });
    if (reset) return;
  }
}

export function* resendTimerSaga() {
  yield takeLatest(codeSent.type, countDown);
}
