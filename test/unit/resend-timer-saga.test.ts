import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { addressReset, codeSent, otpReducer } from '../../src/features/auth/otp-slice';
import { clock, resendTimerSaga } from '../../src/sagas/resend-timer.saga';

function setup() {
  const sagas = createSagaMiddleware();
  const store = configureStore({ reducer: { otp: otpReducer }, middleware: (d) => d().concat(sagas) });
  sagas.run(resendTimerSaga);
  return store;
}

beforeEach(() => {
  jest.useFakeTimers();
  clock.now = () => Date.now();
});
afterEach(() => jest.useRealTimers());

test('the 30-second re-send countdown ticks down to zero and unlocks', async () => {
  const store = setup();
  store.dispatch(codeSent({ address: 'a@b.co', resendIn: 30 }));
  expect(store.getState().otp.resendIn).toBe(30);
  await jest.advanceTimersByTimeAsync(10_000);
  expect(store.getState().otp.resendIn).toBe(20);
  await jest.advanceTimersByTimeAsync(20_000);
  expect(store.getState().otp.resendIn).toBe(0);
});

test('the countdown follows the deadline even when timers fire late (a background tab)', async () => {
  const store = setup();
  let offset = 0;
  clock.now = () => Date.now() + offset;
  store.dispatch(codeSent({ address: 'a@b.co', resendIn: 30 }));
  // The tab was throttled: 25 s of wall time passed while only one timer fired.
  offset = 24_000;
  await jest.advanceTimersByTimeAsync(1000);
  expect(store.getState().otp.resendIn).toBe(5);
});

test('a new code restarts the countdown and changing the address stops it', async () => {
  const store = setup();
  store.dispatch(codeSent({ address: 'a@b.co', resendIn: 30 }));
  await jest.advanceTimersByTimeAsync(25_000);
  store.dispatch(codeSent({ address: 'a@b.co', resendIn: 30 }));
  expect(store.getState().otp.resendIn).toBe(30);
  store.dispatch(addressReset());
  await jest.advanceTimersByTimeAsync(5_000);
  expect(store.getState().otp).toEqual({ address: null, resendIn: 0 });
});
