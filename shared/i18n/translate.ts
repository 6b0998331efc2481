import { IntlMessageFormat } from 'intl-messageformat';
import en from '../../src/locales/en.json';
import ru from '../../src/locales/ru.json';
import type { Language } from './languages';

export type MessageKey = keyof typeof en & keyof typeof ru;
export type MessageValues = Record<string, string | number>;

const catalogues: Record<Language, Record<string, string>> = { en, ru };
const cache = new Map<string, IntlMessageFormat>();

/** Formats a catalogue message outside React (the server, sagas). Unknown keys come back as the key. */
export function translate(lang: Language, key: string, values?: MessageValues): string {
  const source = catalogues[lang][key] ?? catalogues.en[key];
  if (source === undefined) return key;
  const cacheKey = `${lang}:${key}`;
  let format = cache.get(cacheKey);
  if (!format) {
    format = new IntlMessageFormat(source, lang);
    cache.set(cacheKey, format);
  }
  return String(format.format(values));
}
