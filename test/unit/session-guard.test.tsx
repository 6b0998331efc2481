import { act, screen } from '@testing-library/react';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { Provider } from 'react-redux';
import createSagaMiddleware from 'redux-saga';
import { authReducer, signedIn, signedOut } from '../../src/session/session-slice';
import { sessionSaga } from '../../src/sagas/session.saga';
import { registerNavigate } from '../../src/services/navigation';
import { RequireSignIn } from '../../src/app/require-sign-in';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { renderScreen } from './support/render';

/**
 * The app's wiring in small: the session saga, the guard around a signed-in screen, and the
 * saga navigating through the same router (as main.tsx registers it). Every location the
 * router moves to is recorded, so a detour through /auth shows even when it ends elsewhere.
 */
function renderApp(path: string) {
  const sagas = createSagaMiddleware();
  const store = configureStore({
    reducer: combineReducers({ auth: authReducer }),
    middleware: (defaults) => defaults({ serializableCheck: false }).concat(sagas),
  });
  sagas.run(sessionSaga);
  store.dispatch(signedIn({ token: 'abc', userId: 3 }));
  const router = createMemoryRouter(
    [
      { path: '/home', element: <h1>Home</h1> },
      { path: '/auth', element: <h1>Sign in</h1> },
      { path: '/profile', element: <RequireSignIn><h1>Profile</h1></RequireSignIn> },
    ],
    { initialEntries: [path] },
  );
  const visited: string[] = [];
  router.subscribe((state) => visited.push(state.location.pathname));
  registerNavigate((to, options) => router.navigate(to, options));
  renderScreen(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, router, visited };
}

const rejected401 = {
  type: 'profile/load/rejected',
  payload: { status: 401, data: { message: 'Unauthenticated.' } },
  meta: { rejectedWithValue: true, requestStatus: 'rejected', requestId: 'r', arg: {} },
  error: { message: 'Rejected' },
};

test('SPEC §2: a 401 on a guarded page ends on /home, never passing through /auth', async () => {
  const { store, router, visited } = renderApp('/profile');
  expect(screen.getByRole('heading', { name: 'Profile' })).toBeTruthy();

  await act(async () => {
    store.dispatch(rejected401);
  });

  expect(store.getState().auth.token).toBeNull();
  expect(router.state.location.pathname).toBe('/home');
  expect(visited).not.toContain('/auth');
  expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();
});

test('a sign-out replayed from another tab on a guarded page also ends on /home', async () => {
  const { store, router, visited } = renderApp('/profile');
  expect(screen.getByRole('heading', { name: 'Profile' })).toBeTruthy();

  // What the cross-tab relay puts: the session ends here without this tab's saga moving first.
  await act(async () => {
    store.dispatch({ ...signedOut(), meta: { fromOtherTab: true } });
  });

  expect(router.state.location.pathname).toBe('/home');
  expect(visited).not.toContain('/auth');
});

test('a guest opening a guarded page is still sent to sign in', async () => {
  const { store, router } = renderApp('/home');
  await act(async () => {
    store.dispatch(rejected401);
  });
  expect(router.state.location.pathname).toBe('/home');

  await act(async () => {
    await router.navigate('/profile');
  });
  expect(router.state.location.pathname).toBe('/auth');
  expect(router.state.location.search).toBe('?next=%2Fprofile');
});
