/** Only same-site paths are followed after sign-in; anything else goes home. */
export function safeNextPath(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/auth') ? next : '/home';
}
