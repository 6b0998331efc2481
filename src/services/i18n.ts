import type { Language } from '../../shared/i18n/languages';

export type Catalogue = Record<string, string>;

/** Catalogues load as their own chunks, so the first page carries one language, not all. */
export function loadCatalogue(lang: Language): Promise<Catalogue> {
  return lang === 'en'
    ? import(/* webpackChunkName: "locale-en" */ '../locales/en.json').then((m) => m.default as Catalogue)
    : import(/* webpackChunkName: "locale-ru" */ '../locales/ru.json').then((m) => m.default as Catalogue);
}
