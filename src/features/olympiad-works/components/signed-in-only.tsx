import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAppSelector } from '../../../session/hooks';
import { selectIsSignedIn } from '../../../session/session-slice';

/** Guests go to the olympiad's own sign-in and come back here afterwards. */
export function SignedInOnly({ children }: { children: ReactNode }) {
  const signedIn = useAppSelector(selectIsSignedIn);
  const location = useLocation();
  if (!signedIn) return <Navigate to={`/olympiad/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return <>{children}</>;
}
