import { combineReducers, configureStore } from '@reduxjs/toolkit';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { api } from '../../src/services/api';

/**
 * What `jest.mock('react-intl', …)` gives the catalogue's component tests:
 * react-intl speaking English from the real catalogue, so a test reads the
 * words a person sees.
 */
export function englishIntl() {
  const { createIntl } = jest.requireActual('@formatjs/intl');
  const intl = createIntl({ locale: 'en', messages: jest.requireActual('../../src/locales/en.json') });
  return {
    useIntl: () => intl,
    FormattedMessage: ({ id, values }: { id: string; values?: Record<string, unknown> }) => intl.formatMessage({ id }, values),
  };
}

/** The store the forms need (the API slice, a guest, English), around `children`. */
export function WithStore({ children }: { children: ReactNode }) {
  const store = configureStore({
    reducer: combineReducers({ [api.reducerPath]: api.reducer, auth: (s = { token: null }) => s, language: (s = { current: 'en' }) => s }),
    middleware: (d) => d().concat(api.middleware),
  });
  return <Provider store={store}>{children}</Provider>;
}
