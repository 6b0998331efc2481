import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
// The DOM build of RouterProvider: it can render a move at once (flushSync), which the session saga needs.
import { RouterProvider } from 'react-router/dom';
import { I18nProvider } from './app/i18n-provider';
import { createAppRouter } from './app/router';
import { createStore } from './app/store';
import { trackFocusedTab } from './services/focus-tab';
import { captureInstallPrompt } from './services/install-prompt';
import { registerNavigate } from './services/navigation';
import './app/styles.css';

const store = createStore();
const router = createAppRouter();
registerNavigate((to, options) => router.navigate(to, options));
trackFocusedTab();
captureInstallPrompt();

const root = createRoot(document.getElementById('root')!);
// The first render as a transition: React renders it in slices and lets the browser in between,
// instead of one long task that keeps a slow phone from answering a tap (Lighthouse's TBT).
startTransition(() => {
  root.render(
    <StrictMode>
      <Provider store={store}>
        <I18nProvider>
          <RouterProvider router={router} />
        </I18nProvider>
      </Provider>
    </StrictMode>,
  );
});
