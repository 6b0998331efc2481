import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { authReducer, signedOut } from '../../src/session/session-slice';
import { olympiadReducer, verificationLetterSent } from '../../src/olympiad/olympiad-slice';
import { olympiadVerificationSaga } from '../../src/sagas/olympiad-verification.saga';
import { clock } from '../../src/sagas/resend-timer.saga';

function setup() {
  const sagas = createSagaMiddleware();
  const store = configureStore({ reducer: combineReducers({ auth: authReducer, olympiad: olympiadReducer }), middleware: (d) => d().concat(sagas) });
  sagas.run(olympiadVerificationSaga);
  return store;
}

beforeEach(() => {
  jest.useFakeTimers();
  clock.now = () => Date.now();
});
afterEach(() => jest.useRealTimers());

test('after a letter the banner counts 30 seconds down to zero, then the button unlocks', async () => {
  const store = setup();
  store.dispatch(verificationLetterSent({ resendIn: 30 }));
  expect(store.getState().olympiad.resendIn).toBe(30);
  await jest.advanceTimersByTimeAsync(12_000);
  expect(store.getState().olympiad.resendIn).toBe(18);
  await jest.advanceTimersByTimeAsync(18_000);
  expect(store.getState().olympiad.resendIn).toBe(0);
});

test('the wait the server reports (a reload, a 429) restarts the count from that value', async () => {
  const store = setup();
  store.dispatch(verificationLetterSent({ resendIn: 30 }));
  await jest.advanceTimersByTimeAsync(5000);
  store.dispatch(verificationLetterSent({ resendIn: 12 }));
  expect(store.getState().olympiad.resendIn).toBe(12);
  await jest.advanceTimersByTimeAsync(12_000);
  expect(store.getState().olympiad.resendIn).toBe(0);
});

test('a throttled tab shows the right number when it wakes, and signing out stops the count', async () => {
  const store = setup();
  let skew = 0;
  clock.now = () => Date.now() + skew;
  store.dispatch(verificationLetterSent({ resendIn: 30 }));
  skew = 20_000;
  await jest.advanceTimersByTimeAsync(1000);
  expect(store.getState().olympiad.resendIn).toBe(9);
  store.dispatch(signedOut());
  await jest.advanceTimersByTimeAsync(3000);
  expect(store.getState().olympiad.resendIn).toBe(9);
});
