import './app/styles.css';
import { yieldToBrowser } from './services/yield-to-browser';

const lang = document.documentElement.lang || 'ru';

/**
 * The bundle's modules run in pieces with the browser let in between: run at once they were one task
 * of over half a second on a slow phone (Lighthouse's 4× CPU), all of it blocking time. Each piece is a
 * part of the app with the libraries it brings: our modules only, so the libraries keep their
 * tree-shaking. `eager` keeps each in the bundle already loaded (no request); only its evaluation is
 * spread out.
 */
const PIECES = [
  () => import(/* webpackMode: "eager" */ 'react-dom/client'),
  () => import(/* webpackMode: "eager" */ './services/api'),
  () => import(/* webpackMode: "eager" */ './app/root-saga'),
  () => import(/* webpackMode: "eager" */ './app/store'),
  () => import(/* webpackMode: "eager" */ './app/router'),
  () => import(/* webpackMode: "eager" */ './app/i18n-provider'),
  // The first look at the browser's locale data is slow (react-intl's provider makes it when it first
  // draws); made here, one kind a task, it is not part of that drawing.
  () => Intl.NumberFormat.supportedLocalesOf(lang),
  () => Intl.DateTimeFormat.supportedLocalesOf(lang),
  () => new Intl.PluralRules(lang),
];

void (async () => {
  for (const piece of PIECES) {
    await piece();
    await yieldToBrowser();
  }
  const { boot } = await import(/* webpackMode: "eager" */ './app/boot');
  await boot();
})();
