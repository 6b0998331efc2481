import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useAppSelector } from '../../session/hooks';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { selectIsSignedIn } from '../../session/session-slice';
import { guardRedirect } from '../route-guard';
import { Footer } from './footer';
import { Header } from './header';
import { useScrollingClass } from './use-scrolling-class';
import { ToastViewport } from '../../features/toasts/toast-viewport';
import { UpdateBanner } from '../../features/app-update/update-banner';

export function AppLayout() {
  const intl = useIntl();
  const location = useLocation();
  const navigate = useNavigate();
  const signedIn = useAppSelector(selectIsSignedIn);
  const redirect = guardRedirect(location.pathname, signedIn);
  useScrollingClass();

  useEffect(() => {
    if (redirect) navigate(redirect, { replace: true });
  }, [redirect, navigate]);

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {intl.formatMessage({ id: 'app.skipToContent' })}
      </a>
      <UpdateBanner />
      <Header />
      <main id="main" className="app-main" tabIndex={-1}>
        {redirect ? null : <Outlet />}
      </main>
      <Footer />
      <ToastViewport />
    </div>
  );
}
