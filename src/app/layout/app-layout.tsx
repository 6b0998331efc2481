import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useAppSelector } from '../../session/hooks';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { selectIsSignedIn } from '../../session/session-slice';
import { useHeadingFocus } from '../../components/focus/use-heading-focus';
import { guardRedirect } from '../route-guard';
import { Footer } from './footer';
import { Header } from './header';
import { useKeepFocusInView } from './keep-focus-in-view';
import { useScrollingClass } from './use-scrolling-class';
import { ToastViewport } from '../../features/toasts/toast-viewport';
import { UpdateBanner } from '../../features/app-update/update-banner';
import { OfflinePage } from '../../features/offline/offline-page';
import { SavedDataNotice } from '../../features/offline/saved-data-notice';
import { useOfflineShell } from '../../features/offline/use-offline-shell';

export function AppLayout() {
  const intl = useIntl();
  const location = useLocation();
  const navigate = useNavigate();
  const signedIn = useAppSelector(selectIsSignedIn);
  const redirect = guardRedirect(location.pathname, signedIn, location.search);
  const main = useRef<HTMLElement>(null);
  // One place for every screen: a new route's content is announced from its heading.
  useHeadingFocus(main, location.pathname);
  useKeepFocusInView();
  const offlineShell = useOfflineShell();
  useScrollingClass();

  useEffect(() => {
    if (redirect) navigate(redirect, { replace: true });
  }, [redirect, navigate]);

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {intl.formatMessage({ id: 'app.skipToContent' })}
      </a>
      <Header />
      <SavedDataNotice />
      {/* data-path: the screen shown, which lags the address bar while a lazy screen loads. */}
      <main id="main" className="app-main" tabIndex={-1} ref={main} data-path={location.pathname}>
        {redirect ? null : offlineShell ? <OfflinePage /> : <Outlet />}
      </main>
      <Footer />
      <UpdateBanner />
      <ToastViewport />
    </div>
  );
}
