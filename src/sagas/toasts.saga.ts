import type { PayloadAction } from '@reduxjs/toolkit';
import type { Action } from 'redux';
import { call, delay, put, race, select, take, takeEvery } from 'redux-saga/effects';
import { selectToastById, toastDismissed, toastPaused, toastResumed, toastShown, type Toast } from '../features/toasts/toasts-slice';

export const clock = { now: () => Date.now() };

const aboutToast = (creator: typeof toastPaused | typeof toastResumed | typeof toastDismissed, id: string) => (action: Action) =>
  creator.match(action) && action.payload === id;

interface Outcome {
  elapsed?: true;
  toggled?: PayloadAction<string>;
  dismissed?: PayloadAction<string>;
  shown?: PayloadAction<Toast>;
}

/**
 * Keeps a toast on screen for its duration, not counting the time it is
 * hovered or focused. Time is measured against a deadline, so a throttled
 * background tab or a late timer never stretches it.
 */
export function* autoDismiss(toast: Toast) {
  const shownAt: number = yield call(clock.now);
  let remaining = toast.duration;
  // Null while the toast is paused; `remaining` then holds what is left.
  let deadline: number | null = shownAt + remaining;
  while (true) {
    const now: number = yield call(clock.now);
    if (deadline !== null && now >= deadline) {
      yield put(toastDismissed(toast.id));
      return;
    }
    const outcome: Outcome = yield race({
      ...(deadline === null ? {} : { elapsed: delay(deadline - now, true) }),
      toggled: take(aboutToast(deadline === null ? toastResumed : toastPaused, toast.id)),
      dismissed: take(aboutToast(toastDismissed, toast.id)),
      // A newer toast may have pushed this one off the screen.
      shown: take(toastShown.type),
    });
    if (outcome.dismissed) return;
    if (outcome.shown) {
      const present: Toast | undefined = yield select(selectToastById, toast.id);
      if (!present) return;
    }
    if (outcome.toggled) {
      const at: number = yield call(clock.now);
      if (deadline === null) {
        deadline = at + remaining;
      } else {
        remaining = Math.max(0, deadline - at);
        deadline = null;
      }
    }
  }
}

export function* toastsSaga() {
  yield takeEvery(toastShown.type, function* startClock(action: PayloadAction<Toast>) {
    yield call(autoDismiss, action.payload);
  });
}
