import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
// The DOM build of RouterProvider: it can render a move at once (flushSync), which the session saga needs.
import { RouterProvider } from 'react-router/dom';
import { matchRoute } from '../../shared/routes';
import { I18nProvider } from './i18n-provider';
import { createAppRouter } from './router';
import { askFirstQueries } from './first-queries';
import { createStore } from './store';
import { trackFocusedTab } from '../services/focus-tab';
import { captureInstallPrompt } from '../services/install-prompt';
import { registerNavigate } from '../services/navigation';
import { firstDrawingAhead, firstDrawingDone } from '../services/first-drawing';
import { yieldToBrowser } from '../services/yield-to-browser';
import { loadFirstScreen } from './screens';
import { catalogueStore } from '../services/catalogue-store';
import { selectLanguage } from '../session/language-slice';

const FIRST_SCREEN_PATIENCE_MS = 1000;
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Says when the first drawing is on screen: committed, then painted. A frame's callback runs just
 * before its paint, and a task queued from it runs after (a tab in the background paints nothing:
 * the wait's own limit ends it there).
 */
function FirstDrawing() {
  useEffect(() => {
    requestAnimationFrame(() => setTimeout(firstDrawingDone, 0));
  }, []);
  return null;
}

/**
 * Creates the store and the router and draws the app into #root (src/main.tsx runs it once the modules
 * are in), in steps with the browser let in between, as the modules were.
 */
export async function boot() {
  firstDrawingAhead();
  const store = createStore();
  await yieldToBrowser();
  // The first render waits for its screen's chunk, its words and the reads the page came with (in the
  // cache within a few microtasks), so it draws the content at once, in one drawing; a slow network
  // waits at most a second before the shell draws on its own. The screen is asked for before the
  // words, as asking names the catalogue areas it needs.
  const route = matchRoute(location.pathname);
  const firstScreen = loadFirstScreen(route);
  const words = catalogueStore.prepare(selectLanguage(store.getState())).catch(() => undefined);
  await Promise.race([Promise.all([askFirstQueries(store, route, location), firstScreen, words]), delay(FIRST_SCREEN_PATIENCE_MS)]);
  const router = createAppRouter();
  registerNavigate((to, options) => router.navigate(to, options));
  trackFocusedTab();
  captureInstallPrompt();
  await yieldToBrowser();
  const root = createRoot(document.getElementById('root')!);
  // A transition: React renders it in slices and lets the browser in between, instead of one long
  // task that keeps a slow phone from answering a tap (Lighthouse's TBT).
  startTransition(() => {
    root.render(
      <StrictMode>
        <Provider store={store}>
          <I18nProvider>
            {/* In the provider: it draws nothing until the words are in, and that is not the first drawing. */}
            <FirstDrawing />
            <RouterProvider router={router} />
          </I18nProvider>
        </Provider>
      </StrictMode>,
    );
  });
}
