import { useRef, type ReactNode } from 'react';
import { useAppSelector } from '../session/hooks';
import { Navigate, useLocation } from 'react-router';
import { SIGNED_IN_HOME } from '../../shared/routes';
import { selectIsSignedIn } from '../session/session-slice';
import { signInRedirect } from './route-guard';

/**
 * A guest opening a guarded page is asked to sign in and brought back; a session that ends
 * while the page is open (revoked, or signed out in another tab) ends on the home page,
 * as SPEC §2 says, not on the sign-in form.
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const signedIn = useAppSelector(selectIsSignedIn);
  const location = useLocation();
  const wasSignedIn = useRef(signedIn);
  if (signedIn) wasSignedIn.current = true;
  if (!signedIn) return <Navigate to={wasSignedIn.current ? SIGNED_IN_HOME : signInRedirect(location.pathname, location.search)} replace />;
  return <>{children}</>;
}
