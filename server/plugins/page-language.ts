import type { Language } from '../../shared/i18n/languages';
import { translate } from '../../shared/i18n/translate';

/**
 * The page as the reader's language has it before any script runs: `<html lang>` and the tab
 * title (each screen then names itself). The built page is Russian, the default; a reader of
 * English must not see "Базар" in the tab while the bundle loads.
 */
export function pageInLanguage(html: string, lang: Language): string {
  // The built page is minified: the attribute may come without quotes.
  return html.replace(/<html lang=("?)[a-zA-Z-]*\1/, `<html lang="${lang}"`).replace(/<title>[^<]*<\/title>/, `<title>${translate(lang, 'app.name')}</title>`);
}
