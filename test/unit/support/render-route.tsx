import type { Store } from '@reduxjs/toolkit';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { renderScreen } from './render';

/** Where the app under test is now (path and query), kept by `renderRoute`. */
export const where = { path: '' };
function Where() {
  const location = useLocation();
  where.path = `${location.pathname}${location.search}`;
  return null;
}

/** One screen at `url` under `pattern` with the given store; any other path shows "elsewhere". */
export function renderRoute(store: Store, pattern: string, element: ReactElement, url: string, lang: 'en' | 'ru') {
  return renderScreen(
    <Provider store={store}>
      <MemoryRouter initialEntries={[url]}>
        <Where />
        <Routes>
          <Route path={pattern} element={element} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
    { lang },
  );
}
