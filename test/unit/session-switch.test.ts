import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { sessionListeners } from '../../src/app/session-listeners';
import { api } from '../../src/services/api';
import { authReducer, signedIn } from '../../src/session/session-slice';

const resetType = api.util.resetApiState().type;

/** The actions dispatched when `after` signs in over the session of `before` (null: a guest). */
function signInOver(before: number | null, after: number): string[] {
  const store = configureStore({
    reducer: combineReducers({ [api.reducerPath]: api.reducer, auth: authReducer }),
    preloadedState: { auth: { token: before === null ? null : 'old', userId: before, notSignedIn: false } },
    middleware: (defaults) => defaults().prepend(sessionListeners.middleware).concat(api.middleware),
  });
  const seen: string[] = [];
  const unsubscribe = sessionListeners.startListening({ predicate: () => true, effect: (action) => void seen.push(action.type) });
  store.dispatch(signedIn({ token: 'new', userId: after }));
  unsubscribe();
  return seen;
}

test("signing in over another person's session drops everything cached for them (their menu included)", () => {
  expect(signInOver(7, 8)).toContain(resetType);
});

test('a first sign-in, or the same person again, keeps the cache', () => {
  expect(signInOver(null, 8)).not.toContain(resetType);
  expect(signInOver(8, 8)).not.toContain(resetType);
});
