import { SIGNED_IN_HOME } from '../../shared/routes';

/**
 * A path inside this site, or null. Links that come from data (notification
 * links, `?next=` after sign-in) are never followed off-site.
 */
export function sameSitePath(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  return value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : null;
}

/** Where a notification leads: `data.link` when it stays on this site. */
export const notificationLink = (data: Record<string, unknown> | null | undefined) => sameSitePath(data?.link);

/** Where to go after sign-in: a same-site path other than /auth itself, else home. */
export function safeNextPath(next: string | null): string {
  const path = sameSitePath(next);
  return path && !path.startsWith('/auth') ? path : SIGNED_IN_HOME;
}
