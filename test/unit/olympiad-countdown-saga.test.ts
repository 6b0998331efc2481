import { configureStore, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import type { StageTimes } from '../../shared/validation/olympiad-stage-clock';
import { clockSynced, countdownStarted, countdownStopped, olympiadReducer } from '../../src/olympiad/olympiad-slice';
import { olympiadCountdownSaga, stageClock } from '../../src/sagas/olympiad-countdown.saga';
import { recorder } from './support/record-actions';

const T0 = Date.parse('2026-03-10T09:00:00.000Z');
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Training open throughout; the first stage ends in 3 s; the second starts 2 h later. */
const stages = (now = T0): StageTimes[] => [
  { id: 1, kind: 'training', position: 1, starts_at: iso(now - 100 * HOUR), ends_at: iso(now + 1000 * HOUR), ended: false },
  { id: 2, kind: 'first', position: 2, starts_at: iso(now - HOUR), ends_at: iso(now + 3000), ended: false },
  { id: 3, kind: 'second', position: 3, starts_at: iso(now + 2 * HOUR), ends_at: iso(now + 4 * HOUR), ended: false },
  { id: 4, kind: 'final', position: 4, starts_at: iso(now + 10 * HOUR), ends_at: iso(now + 11 * HOUR), ended: false },
];

function setup() {
  const seen: UnknownAction[] = [];
  const record = recorder(seen);
  const sagas = createSagaMiddleware();
  const store = configureStore({
    reducer: { olympiad: olympiadReducer },
    middleware: (d) => d({ serializableCheck: false }).concat(record, sagas),
  });
  sagas.run(olympiadCountdownSaga);
  return { store, seen };
}

const remaining = (store: ReturnType<typeof setup>['store']) => {
  const { target, now } = store.getState().olympiad;
  return target && now !== null ? target.at - now : null;
};

beforeEach(() => {
  jest.useFakeTimers();
  jest.setSystemTime(T0);
  stageClock.now = () => Date.now();
});
afterEach(() => jest.useRealTimers());

test('counts down to the end of the running stage, then to the start of the next, and refetches the stages', async () => {
  const { store, seen } = setup();
  store.dispatch(countdownStarted(stages()));
  expect(store.getState().olympiad.target).toMatchObject({ kind: 'first', event: 'end' });
  expect(remaining(store)).toBe(3000);
  await jest.advanceTimersByTimeAsync(1000);
  expect(remaining(store)).toBe(2000);
  await jest.advanceTimersByTimeAsync(2000);
  expect(store.getState().olympiad.target).toMatchObject({ kind: 'second', event: 'start' });
  expect(remaining(store)).toBe(2 * HOUR - 3000);
  expect(seen.some((a) => a.type === 'api/invalidateTags')).toBe(true);
});

test('the count is the server time: the device clock is corrected by the measured offset', async () => {
  const { store } = setup();
  // The device is 5 minutes behind the server; the request took 200 ms.
  store.dispatch(clockSynced({ serverTime: T0 + 5 * 60_000 + 100, sentAt: T0, receivedAt: T0 + 200 }));
  expect(store.getState().olympiad.clockOffsetMs).toBe(5 * 60_000);
  const later = stages(T0 + 5 * 60_000);
  store.dispatch(countdownStarted(later));
  expect(remaining(store)).toBe(3000);
  expect(store.getState().olympiad.now).toBe(T0 + 5 * 60_000);
});

test('a throttled tab is right the moment it wakes: the count follows the deadline, not the ticks', async () => {
  const { store } = setup();
  store.dispatch(countdownStarted(stages()));
  let skew = 0;
  stageClock.now = () => Date.now() + skew;
  skew = 1500; // 2.5 s of wall time went by while one timer fired
  await jest.advanceTimersByTimeAsync(1000);
  expect(remaining(store)).toBe(500);
});

test('a stage marked ended is skipped; after the last stage the countdown says so and stops', async () => {
  const { store } = setup();
  const all = stages().map((s) => (s.kind === 'training' ? s : { ...s, ended: true }));
  store.dispatch(countdownStarted(all));
  expect(store.getState().olympiad.target).toBeNull();
  expect(store.getState().olympiad.now).toBe(T0);
});

test('leaving the page stops the ticks', async () => {
  const { store, seen } = setup();
  store.dispatch(countdownStarted(stages()));
  store.dispatch(countdownStopped());
  const ticks = seen.filter((a) => a.type === 'olympiad/countdownTicked').length;
  await jest.advanceTimersByTimeAsync(5000);
  expect(seen.filter((a) => a.type === 'olympiad/countdownTicked').length).toBe(ticks);
});
