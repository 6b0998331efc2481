import { all, fork } from 'redux-saga/effects';
import { crossTabSaga } from '../sagas/cross-tab.saga';
import { realtimeSaga } from '../sagas/realtime.saga';
import { toastsSaga } from '../sagas/toasts.saga';
import { serviceWorkerSaga } from '../sagas/service-worker.saga';
import { resendTimerSaga } from '../sagas/resend-timer.saga';
import { sessionSaga } from '../sagas/session.saga';
import { olympiadCountdownSaga } from '../sagas/olympiad-countdown.saga';
import { olympiadVerificationSaga } from '../sagas/olympiad-verification.saga';
import { testSessionSaga } from '../sagas/test-session.saga';
import { chatCatchUpSaga } from '../sagas/chat-catch-up.saga';
import { supportConsoleSaga } from '../sagas/support-console.saga';
import { watchedChannelsSaga } from '../sagas/watched-channels.saga';

export function* rootSaga() {
  yield all([fork(sessionSaga), fork(resendTimerSaga), fork(crossTabSaga), fork(realtimeSaga), fork(toastsSaga), fork(olympiadCountdownSaga), fork(olympiadVerificationSaga), fork(testSessionSaga), fork(serviceWorkerSaga), fork(chatCatchUpSaga), fork(supportConsoleSaga), fork(watchedChannelsSaga)]);
}
