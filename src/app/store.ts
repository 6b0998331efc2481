import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import createSagaMiddleware from 'redux-saga';
import { authReducer, initialAuthState } from '../session/session-slice';
import { otpReducer } from '../features/auth/otp-slice';
import { languageReducer } from '../session/language-slice';
import { realtimeReducer } from '../realtime/realtime-slice';
import { toastsReducer } from '../features/toasts/toasts-slice';
import { olympiadReducer } from '../olympiad/olympiad-slice';
import { testSessionReducer } from '../features/olympiad-tests/test-session-slice';
import { appUpdateReducer } from '../features/app-update/app-update-slice';
import { chatThreadsReducer } from '../features/chats/chat-thread-slice';
import { presenceReducer } from '../realtime/presence-slice';
import { supportConsoleReducer } from '../features/support-console/support-console-slice';
import { guestCartReducer } from '../components/cart/guest-cart-slice';
import { checkoutReducer } from '../features/cart/checkout-slice';
import { cartListeners } from '../features/cart/cart-listeners';
import { DEFAULT_LANGUAGE } from '../../shared/i18n/languages';
import { api } from '../services/api';
import { savedDataReducer } from '../services/saved-data-slice';
import { readLanguage, readSession } from '../services/cookies';
import { rootSaga } from './root-saga';
import { sessionListeners } from './session-listeners';
import { realtimeListeners } from './realtime-listeners';
import { offlineListeners } from './offline-listeners';
import { chatLiveListeners } from '../features/chats/chat-live-listeners';
import { chatOutboxListeners } from '../features/chats/outbox-listeners';
import { readOutbox } from '../features/chats/outbox-storage';
import { sagaContext } from '../sagas/endpoint-call';

export const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  auth: authReducer,
  otp: otpReducer,
  language: languageReducer,
  realtime: realtimeReducer,
  toasts: toastsReducer,
  olympiad: olympiadReducer,
  testSession: testSessionReducer,
  appUpdate: appUpdateReducer,
  chatThreads: chatThreadsReducer,
  presence: presenceReducer,
  supportConsole: supportConsoleReducer,
  guestCart: guestCartReducer,
  checkout: checkoutReducer,
  savedData: savedDataReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** The session and language survive reloads through their cookies, the chat outbox through the browser's storage. */
function preloadedState(): Partial<RootState> {
  const session = readSession();
  return {
    auth: session ? { ...initialAuthState, token: session.token, userId: session.userId } : initialAuthState,
    language: { current: readLanguage() ?? DEFAULT_LANGUAGE },
    ...(session ? { chatThreads: readOutbox(session.userId) } : {}),
  };
}

export function createStore() {
  const sagaMiddleware = createSagaMiddleware({
    onError: (error) => console.error('saga failed', error),
  });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState(),
    middleware: (getDefault) => getDefault().prepend(sessionListeners.middleware, realtimeListeners.middleware, chatLiveListeners.middleware, chatOutboxListeners.middleware, cartListeners.middleware, offlineListeners.middleware).concat(api.middleware, sagaMiddleware),
  });
  // Sagas dispatch thunks (RTK Query calls, cache updates) through the store's own dispatch.
  sagaMiddleware.setContext(sagaContext(store.dispatch));
  sagaMiddleware.run(rootSaga);
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];
