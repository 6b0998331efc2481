import type { MessageFormatElement } from 'react-intl';
import type { Language } from '../../shared/i18n/languages';

/** Messages as ICU strings, or already parsed: the production build parses them at build time. */
export type Catalogue = Record<string, string> | Record<string, MessageFormatElement[]>;

/** Catalogues load as their own chunks, so the first page carries one language, not all. */
export function loadCatalogue(lang: Language): Promise<Catalogue> {
  return lang === 'en'
    ? import(/* webpackChunkName: "locale-en" */ '../locales/en.json').then((m) => m.default as Catalogue)
    : import(/* webpackChunkName: "locale-ru" */ '../locales/ru.json').then((m) => m.default as Catalogue);
}
