import { GUARD_EXEMPT_PREFIXES, GUEST_ONLY_PATHS, SIGNED_IN_HOME } from '../../shared/routes';

/** SPEC §2: where a visitor must go instead of `pathname`, or null to stay. */
export function guardRedirect(pathname: string, signedIn: boolean): string | null {
  if (GUARD_EXEMPT_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return null;
  if (signedIn && GUEST_ONLY_PATHS.includes(pathname.replace(/\/$/, ''))) return SIGNED_IN_HOME;
  return null;
}

/** Screens that need an account send guests to /auth and bring them back after. */
export function signInRedirect(pathname: string, search: string): string {
  return `/auth?next=${encodeURIComponent(pathname + search)}`;
}
