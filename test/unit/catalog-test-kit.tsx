import { combineReducers, configureStore } from '@reduxjs/toolkit';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { api } from '../../src/services/api';

/** The store the forms need (the API slice, a guest, English), around `children`. */
export function WithStore({ children }: { children: ReactNode }) {
  const store = configureStore({
    reducer: combineReducers({ [api.reducerPath]: api.reducer, auth: (s = { token: null }) => s, language: (s = { current: 'en' }) => s }),
    middleware: (d) => d().concat(api.middleware),
  });
  return <Provider store={store}>{children}</Provider>;
}
