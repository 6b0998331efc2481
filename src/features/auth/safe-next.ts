import { sameSitePath } from '../../services/same-site-path';

/** Where to go after sign-in: a same-site path other than /auth itself, else home. */
export function safeNextPath(next: string | null): string {
  const path = sameSitePath(next);
  return path && !path.startsWith('/auth') ? path : '/home';
}
