import { configureStore } from '@reduxjs/toolkit';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { FormattedMessage } from 'react-intl';
import { Provider } from 'react-redux';
import type { Catalogue, CatalogueArea } from '../../src/services/i18n';
import { I18nProvider } from '../../src/app/i18n-provider';
import { catalogueStore } from '../../src/services/catalogue-store';
import { languageReducer } from '../../src/session/language-slice';

jest.mock('../../src/services/i18n', () => ({
  loadCatalogue: (lang: string, area: CatalogueArea) => Promise.resolve({ [`${area}.word`]: `${area} in ${lang}` } as unknown as Catalogue),
}));

// React's act() is how these tests see each commit.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const store = () => configureStore({ reducer: { language: languageReducer } });

/** Draws the provider and reports what the very first commit held, before any effect or later render. */
function firstCommitOf(element: React.ReactNode): string {
  const container = document.createElement('div');
  const root = createRoot(container);
  // act without awaiting: the first commit only, no promise of the provider's own has been let run.
  act(() => root.render(element));
  const html = container.textContent ?? '';
  act(() => root.unmount());
  return html;
}

test('with its words loaded before it draws (as start-up does), the app is in its first commit', async () => {
  await catalogueStore.prepare('ru');
  expect(firstCommitOf(<Provider store={store()}><I18nProvider><FormattedMessage id="core.word" /></I18nProvider></Provider>)).toBe('core in ru');
});

test('a language still loading draws nothing rather than message ids, then the words once in', async () => {
  const container = document.createElement('div');
  const root = createRoot(container);
  const english = configureStore({ reducer: { language: languageReducer }, preloadedState: { language: { ...languageReducer(undefined, { type: '' }), current: 'en' as const } } });
  act(() => root.render(<Provider store={english}><I18nProvider><FormattedMessage id="core.word" /></I18nProvider></Provider>));
  expect(container.textContent).toBe('');
  await act(() => catalogueStore.prepare('en'));
  expect(container.textContent).toBe('core in en');
  act(() => root.unmount());
});
