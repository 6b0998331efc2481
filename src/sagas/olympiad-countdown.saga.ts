import type { PayloadAction } from '@reduxjs/toolkit';
import { call, delay, put, race, select, take, takeLatest } from 'redux-saga/effects';
import { countdownTarget, type CountdownTarget, type StageTimes } from '../../shared/validation/olympiad-stage-clock';
import { olympiadApi } from '../features/olympiad/olympiad-api';
import { countdownStarted, countdownStopped, countdownTicked, selectClockOffset } from '../olympiad/olympiad-slice';

export const stageClock = { now: () => Date.now() };

/**
 * The stage countdown (SPEC §4): each tick reads the device clock plus the
 * offset measured against the server, so the count never drifts and a
 * throttled tab is right the moment it wakes. When a deadline passes the
 * next target is taken and the stages are fetched again, so their states
 * come from the server.
 */
export function* runCountdown(action: PayloadAction<StageTimes[]>) {
  const stages = action.payload;
  let previous: CountdownTarget | null = null;
  while (true) {
    const offset: number = yield select(selectClockOffset);
    const device: number = yield call(stageClock.now);
    const now = device + offset;
    const target = countdownTarget(stages, now);
    if (previous && (!target || target.stageId !== previous.stageId || target.event !== previous.event)) {
      yield put(olympiadApi.util.invalidateTags(['Stage']));
    }
    previous = target;
    yield put(countdownTicked({ now, target }));
    if (!target) return;
    const remaining = target.at - now;
    // Wake at the next whole second of the deadline, not one second from now.
    const { stop }: { stop?: unknown } = yield race({ stop: take(countdownStopped.type), tick: delay(remaining % 1000 || 1000) });
    if (stop) return;
  }
}

export function* olympiadCountdownSaga() {
  yield takeLatest(countdownStarted.type, runCountdown);
}
