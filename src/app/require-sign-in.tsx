import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Navigate, useLocation } from 'react-router';
import { selectIsSignedIn } from '../features/auth/auth-slice';
import { signInRedirect } from './route-guard';

export function RequireSignIn({ children }: { children: ReactNode }) {
  const signedIn = useSelector(selectIsSignedIn);
  const location = useLocation();
  if (!signedIn) return <Navigate to={signInRedirect(location.pathname, location.search)} replace />;
  return <>{children}</>;
}
