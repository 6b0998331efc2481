import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import en from '../../../src/locales/en.json';
import ru from '../../../src/locales/ru.json';

export interface RenderOptions {
  /** The language the screen speaks: English by default, so a test reads the words a person sees. */
  lang?: 'en' | 'ru';
  /** Put the element in a memory router starting here (for elements that do not bring their own router). */
  path?: string;
}

/**
 * The one way SPA tests render: the real react-intl with the real catalogue around the
 * element (and a memory router when asked), kept across `rerender`.
 */
export function renderScreen(ui: ReactElement, { lang = 'en', path }: RenderOptions = {}): RenderResult {
  const Providers = ({ children }: { children: ReactNode }) => (
    <IntlProvider locale={lang} messages={lang === 'en' ? en : ru}>
      {path === undefined ? children : <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>}
    </IntlProvider>
  );
  return render(ui, { wrapper: Providers });
}
