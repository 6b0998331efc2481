import { DEFAULT_LANGUAGE, isLanguage, LANG_COOKIE, type Language } from '../../shared/i18n/languages';

/**
 * What each screen needs beyond the page's own scripts (written by the build:
 * scripts/webpack/preload-manifest.mjs). Without a preload the browser learns of a screen's chunk,
 * its CSS and its words only after the bundle has downloaded and run; with one they download
 * beside it, which on a phone's network is most of the wait before the first content.
 */
export interface PreloadManifest {
  publicPath: string;
  screens: Record<string, { files: string[]; areas: string[] }>;
  locales: Record<string, Record<string, string[]>>;
}

export const PRELOAD_MANIFEST_FILE = 'preload-manifest.json';

/**
 * The language the SPA will start in: the `lang` cookie, else the default (src/app/store.ts reads
 * the same, and does not look at Accept-Language), so the words preloaded are the words it asks for.
 */
export function pageLanguage(cookies: Record<string, string | undefined>): Language {
  const chosen = cookies[LANG_COOKIE];
  return isLanguage(chosen) ? chosen : DEFAULT_LANGUAGE;
}

/** A value inside a double-quoted HTML attribute. */
export const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** `<link rel="preload">` for one built file: CSS as a style, the rest (chunks) as scripts. */
function preloadLink(publicPath: string, file: string): string {
  const kind = file.endsWith('.css') ? 'style' : 'script';
  return `<link rel="preload" href="${escapeAttribute(publicPath + file)}" as="${kind}">`;
}

/**
 * The preload tags for a page opening the screen `screen` (a route name; null for a path that is
 * not a screen, which still needs the core words) in `lang`: the screen's CSS first (it blocks
 * the screen's first paint), then its words, then its code.
 */
export function preloadTags(manifest: PreloadManifest, screen: string | null, lang: Language): string {
  const entry = screen ? manifest.screens[screen] : undefined;
  const words = manifest.locales[lang] ?? {};
  const files = [
    ...(entry?.files ?? []).filter((file) => file.endsWith('.css')),
    ...(words.core ?? []),
    ...(entry?.areas ?? []).flatMap((area) => words[area] ?? []),
    ...(entry?.files ?? []).filter((file) => !file.endsWith('.css')),
  ];
  return [...new Set(files)].map((file) => preloadLink(manifest.publicPath, file)).join('');
}
