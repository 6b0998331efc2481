import { GUARD_EXEMPT_PREFIXES, GUEST_ONLY_PATHS } from '../../shared/routes';
import { safeNextPath } from '../services/same-site-path';

/**
 * SPEC §2: where a visitor must go instead of `pathname`, or null to stay. A signed-in visitor
 * on /auth goes home, or back to the page that sent them to sign in (`?next=`): the guard sees
 * the new session before the form's own navigation lands, so it must pick the same place.
 */
export function guardRedirect(pathname: string, signedIn: boolean, search = ''): string | null {
  if (GUARD_EXEMPT_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return null;
  if (signedIn && GUEST_ONLY_PATHS.includes(pathname.replace(/\/$/, ''))) return safeNextPath(new URLSearchParams(search).get('next'));
  return null;
}

/** Screens that need an account send guests to /auth and bring them back after. */
export function signInRedirect(pathname: string, search: string): string {
  return `/auth?next=${encodeURIComponent(pathname + search)}`;
}
