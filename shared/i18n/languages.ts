export const LANGUAGES = ['ru', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ru';
/** Cookie that keeps the chosen language (SPEC §1). */
export const LANG_COOKIE = 'lang';
export const LANG_COOKIE_DAYS = 365;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Picks the language from the `lang` cookie first, then from Accept-Language. */
export function pickLanguage(cookieValue: string | undefined, acceptLanguage: string | undefined): Language {
  if (isLanguage(cookieValue)) return cookieValue;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if (isLanguage(code)) return code;
  }
  return DEFAULT_LANGUAGE;
}
