import { sameSitePath } from '../services/same-site-path';

const HERE = 'http://same.site';

/**
 * Where an account form goes after saving: `next` when it is a path of this
 * site (never off-site, whatever the link said), else `fallback`. The path is
 * read as the browser would read it, so `/\t/evil.example` (tabs are dropped:
 * `//evil.example`) is refused too. `chosen` adds the new thing's id
 * (`?address=12`), so the page that sent the user here (the checkout) can
 * pick what was just added.
 */
export function returnPath(next: string | null, fallback: string, chosen?: { param: string; id: number }): string {
  const path = sameSitePath(next);
  if (!path) return fallback;
  const url = new URL(path, HERE);
  if (url.origin !== HERE) return fallback;
  if (chosen) url.searchParams.set(chosen.param, String(chosen.id));
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The link to an account form that comes back here afterwards. */
export const formLinkFrom = (form: string, here: string) => `${form}?next=${encodeURIComponent(here)}`;
