import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { authReducer, signedIn } from '../../src/session/session-slice';
import { sessionSaga, isUnauthenticated } from '../../src/sagas/session.saga';
import { registerNavigate } from '../../src/services/navigation';

function storeWithSaga() {
  const sagas = createSagaMiddleware();
  const store = configureStore({ reducer: combineReducers({ auth: authReducer }), middleware: (d) => d({ serializableCheck: false }).concat(sagas) });
  sagas.run(sessionSaga);
  return store;
}

const rejected = (status: number, message?: string) => ({
  type: 'profile/load/rejected',
  payload: { status, data: message ? { message } : {} },
  meta: { rejectedWithValue: true, requestStatus: 'rejected', requestId: 'r', arg: {} },
  error: { message: 'Rejected' },
});

let visited: string[];
beforeEach(() => {
  visited = [];
  registerNavigate((to) => void visited.push(to));
});

test('SPEC §8: 401 and 500 "Unauthenticated." end the session; other errors do not', () => {
  expect(isUnauthenticated({ status: 401 })).toBe(true);
  expect(isUnauthenticated({ status: 500, data: { message: 'Unauthenticated.' } })).toBe(true);
  expect(isUnauthenticated({ status: 500, data: { message: 'Server error' } })).toBe(false);
  expect(isUnauthenticated({ status: 403 })).toBe(false);
});

test('a 401 while a token is held logs out and goes to /home', () => {
  const store = storeWithSaga();
  store.dispatch(signedIn({ token: 'abc', userId: 3 }));
  store.dispatch(rejected(401));
  expect(store.getState().auth).toEqual({ token: null, userId: null, notSignedIn: true });
  expect(visited).toEqual(['/home']);
});

test('a 500 with "Unauthenticated." while signed in logs out too', () => {
  const store = storeWithSaga();
  store.dispatch(signedIn({ token: 'abc', userId: 3 }));
  store.dispatch(rejected(500, 'Unauthenticated.'));
  expect(store.getState().auth.token).toBeNull();
  expect(visited).toEqual(['/home']);
});

test('a guest 401 only sets the not-signed-in flag and stays on the page', () => {
  const store = storeWithSaga();
  store.dispatch(rejected(401));
  expect(store.getState().auth.notSignedIn).toBe(true);
  expect(visited).toEqual([]);
});

test('a 422 or 500 with another message keeps the session', () => {
  const store = storeWithSaga();
  store.dispatch(signedIn({ token: 'abc', userId: 3 }));
  store.dispatch(rejected(422, 'The field is required.'));
  store.dispatch(rejected(500, 'Server error'));
  expect(store.getState().auth.token).toBe('abc');
  expect(visited).toEqual([]);
});
