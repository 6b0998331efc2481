import type { MessageFormatElement } from 'react-intl';
import type { Language } from '../../shared/i18n/languages';

/** Messages as ICU strings, or already parsed: the production build parses them at build time. */
export type Catalogue = Record<string, string> | Record<string, MessageFormatElement[]>;

/**
 * The catalogue comes in areas (shared/i18n/catalogue-areas.json): the core for the first page
 * and every marketplace screen, and the olympiad's and the about pages' words, which are more than
 * half of all text, with their own screens (so do the dev pages', the seller workspace's and the admin area's words).
 * One chunk per language and area; the import strings stay literal so webpack can name the chunks.
 */
export type CatalogueArea = 'core' | 'olympiad' | 'about' | 'dev' | 'seller' | 'admin';

type Load = () => Promise<{ default: Catalogue }>;
const LOADERS: Record<Language, Record<CatalogueArea, Load>> = {
  ru: {
    core: () => import(/* webpackChunkName: "locale-ru" */ '../locales/ru.json?area=core'),
    olympiad: () => import(/* webpackChunkName: "locale-ru-olympiad" */ '../locales/ru.json?area=olympiad'),
    about: () => import(/* webpackChunkName: "locale-ru-about" */ '../locales/ru.json?area=about'),
    dev: () => import(/* webpackChunkName: "locale-ru-dev" */ '../locales/ru.json?area=dev'),
    seller: () => import(/* webpackChunkName: "locale-ru-seller" */ '../locales/ru.json?area=seller'),
    admin: () => import(/* webpackChunkName: "locale-ru-admin" */ '../locales/ru.json?area=admin'),
  },
  en: {
    core: () => import(/* webpackChunkName: "locale-en" */ '../locales/en.json?area=core'),
    olympiad: () => import(/* webpackChunkName: "locale-en-olympiad" */ '../locales/en.json?area=olympiad'),
    about: () => import(/* webpackChunkName: "locale-en-about" */ '../locales/en.json?area=about'),
    dev: () => import(/* webpackChunkName: "locale-en-dev" */ '../locales/en.json?area=dev'),
    seller: () => import(/* webpackChunkName: "locale-en-seller" */ '../locales/en.json?area=seller'),
    admin: () => import(/* webpackChunkName: "locale-en-admin" */ '../locales/en.json?area=admin'),
  },
};

export function loadCatalogue(lang: Language, area: CatalogueArea = 'core'): Promise<Catalogue> {
  return LOADERS[lang][area]().then((module) => module.default);
}
