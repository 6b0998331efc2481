import type { PayloadAction, UnknownAction } from '@reduxjs/toolkit';
import { call, delay, put, race, take, takeLatest } from 'redux-saga/effects';
import { addressReset, codeSent, resendTick } from '../features/auth/otp-slice';

export const clock = { now: () => Date.now() };

export interface ResendCountdownOptions {
  /** The action that carries each whole second left. */
  tick: (seconds: number) => UnknownAction;
  /** Actions that end the countdown early (the address changed, the user left). */
  stopOn: string[];
}

/**
 * A countdown to the moment another letter or code may be requested. The
 * count is derived from a deadline, so a throttled background tab stays
 * correct. Shared by the sign-in code and the olympiad's verification letter.
 */
export function resendCountdown({ tick, stopOn }: ResendCountdownOptions) {
  return function* countDown(action: PayloadAction<{ resendIn: number }>) {
    const started: number = yield call(clock.now);
    const deadline = started + action.payload.resendIn * 1000;
    while (true) {
      const current: number = yield call(clock.now);
      const remainingMs = Math.max(0, deadline - current);
      yield put(tick(Math.ceil(remainingMs / 1000)));
      if (remainingMs === 0) return;
      // Wake at the next whole second of the deadline, not one second from now.
      const { stop }: { stop?: unknown } = yield race({ stop: take(stopOn), tick: delay(remainingMs % 1000 || 1000) });
      if (stop) return;
    }
  };
}

export const countDown = resendCountdown({ tick: resendTick, stopOn: [addressReset.type] });

export function* resendTimerSaga() {
  yield takeLatest(codeSent.type, countDown);
}
