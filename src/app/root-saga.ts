import { all, fork } from 'redux-saga/effects';
import { crossTabSaga } from '../sagas/cross-tab.saga';
import { realtimeSaga } from '../sagas/realtime.saga';
import { realtimeEffectsSaga } from '../sagas/realtime-effects.saga';
import { toastsSaga } from '../sagas/toasts.saga';
import { resendTimerSaga } from '../sagas/resend-timer.saga';
import { sessionSaga } from '../sagas/session.saga';

export function* rootSaga() {
  yield all([fork(sessionSaga), fork(resendTimerSaga), fork(crossTabSaga), fork(realtimeSaga), fork(realtimeEffectsSaga), fork(toastsSaga)]);
}
