import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { toastDismissed, toastPaused, toastResumed, toastShown, toastsReducer } from '../../src/features/toasts/toasts-slice';
import { clock, toastsSaga } from '../../src/sagas/toasts.saga';

function setup() {
  const sagas = createSagaMiddleware();
  const store = configureStore({ reducer: combineReducers({ toasts: toastsReducer }), middleware: (d) => d().concat(sagas) });
  sagas.run(toastsSaga);
  const ids = () => store.getState().toasts.items.map((toast) => toast.id);
  return { store, ids };
}

beforeEach(() => {
  jest.useFakeTimers();
  clock.now = () => Date.now();
});
afterEach(() => jest.useRealTimers());

test('a marketplace toast leaves after 5 s and an in-app one after 3 s', async () => {
  const { store, ids } = setup();
  store.dispatch(toastShown({ id: 'order', kind: 'order', title: 'Order update', body: '' }));
  store.dispatch(toastShown({ id: 'saved', kind: 'success', title: 'Saved', body: '' }));
  await jest.advanceTimersByTimeAsync(2999);
  expect(ids()).toEqual(['order', 'saved']);
  await jest.advanceTimersByTimeAsync(1);
  expect(ids()).toEqual(['order']);
  await jest.advanceTimersByTimeAsync(1999);
  expect(ids()).toEqual(['order']);
  await jest.advanceTimersByTimeAsync(1);
  expect(ids()).toEqual([]);
});

test('hovering pauses the clock; the time left runs after the pointer leaves', async () => {
  const { store, ids } = setup();
  store.dispatch(toastShown({ id: 'm', kind: 'message', title: 'Анна', body: 'Привет' }));
  await jest.advanceTimersByTimeAsync(4000);
  store.dispatch(toastPaused('m'));
  await jest.advanceTimersByTimeAsync(60_000);
  expect(ids()).toEqual(['m']);
  store.dispatch(toastResumed('m'));
  await jest.advanceTimersByTimeAsync(999);
  expect(ids()).toEqual(['m']);
  await jest.advanceTimersByTimeAsync(1);
  expect(ids()).toEqual([]);
});

test('the deadline holds when timers fire late (a throttled background tab)', async () => {
  const { store, ids } = setup();
  let offset = 0;
  clock.now = () => Date.now() + offset;
  store.dispatch(toastShown({ id: 'n', kind: 'notification', title: 'New notification', body: '' }));
  store.dispatch(toastPaused('n'));
  offset = 2000;
  store.dispatch(toastResumed('n'));
  // 2 s passed while paused on the wall clock, yet none of it counted.
  await jest.advanceTimersByTimeAsync(4999);
  expect(ids()).toEqual(['n']);
  await jest.advanceTimersByTimeAsync(1);
  expect(ids()).toEqual([]);
});

test('a toast closed by hand or pushed off the screen stops its clock', async () => {
  const { store, ids } = setup();
  const seen: string[] = [];
  store.subscribe(() => seen.push(ids().join(',')));
  store.dispatch(toastShown({ id: 'a', kind: 'info', title: 'a', body: '' }));
  store.dispatch(toastDismissed('a'));
  for (const id of ['b', 'c', 'd', 'e', 'f', 'g']) store.dispatch(toastShown({ id, kind: 'info', title: id, body: '' }));
  expect(ids()).toEqual(['c', 'd', 'e', 'f', 'g']);
  const dismissals = jest.fn();
  store.subscribe(dismissals);
  await jest.advanceTimersByTimeAsync(3000);
  expect(ids()).toEqual([]);
  // One dismissal per toast still on screen; none for "a" or the dropped "b".
  expect(dismissals).toHaveBeenCalledTimes(5);
});
