import { takeLatest } from 'redux-saga/effects';
import { loggedOut, signedOut } from '../session/session-slice';
import { verificationLetterSent, verificationResendTick } from '../olympiad/olympiad-slice';
import { resendCountdown } from './resend-timer.saga';

/** SPEC §9: the verification letter may be asked for again after 30 seconds; the banner shows the seconds left. */
export const verificationCountdown = resendCountdown({
  tick: verificationResendTick,
  stopOn: [signedOut.type, loggedOut.type],
});

export function* olympiadVerificationSaga() {
  yield takeLatest(verificationLetterSent.type, verificationCountdown);
}
