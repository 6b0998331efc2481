import { IntlMessageFormat } from 'intl-messageformat';
import { LANGUAGES, pickLanguage } from '../../shared/i18n/languages';
import { translate } from '../../shared/i18n/translate';
import en from '../../src/locales/en.json';
import ru from '../../src/locales/ru.json';

const catalogues: Record<string, Record<string, string>> = { ru, en };

// Element types of the ICU tree (@formatjs/icu-messageformat-parser's TYPE enum).
const LITERAL = 0;
const POUND = 7;
const TAG = 8;

/** Every argument a message uses (`{code}`, `{count, plural, …}`, `<b>…</b>`), with its element type. */
function argumentsOf(message: string, locale: string): Map<string, number> {
  const found = new Map<string, number>();
  const walk = (elements: unknown[]) => {
    for (const element of elements as Array<Record<string, unknown>>) {
      const type = element.type as number;
      if (type !== LITERAL && type !== POUND && typeof element.value === 'string') found.set(element.value, type);
      if (element.options) for (const option of Object.values(element.options as Record<string, { value: unknown[] }>)) walk(option.value);
      if (Array.isArray(element.children)) walk(element.children);
    }
  };
  walk(new IntlMessageFormat(message, locale).getAst());
  return found;
}

const argumentNames = (message: string, locale: string) => [...argumentsOf(message, locale).keys()].sort();

/** A value every argument of the message accepts: a number fits plain, number, plural, select and date arguments. */
function sampleValues(message: string, locale: string) {
  return Object.fromEntries(
    [...argumentsOf(message, locale)].map(([name, type]) => [name, type === TAG ? (chunks: unknown[]) => chunks.join('') : 3]),
  );
}

describe('locale catalogues', () => {
  test('ru and en have exactly the same keys', () => {
    const ruKeys = Object.keys(ru);
    const enKeys = Object.keys(en);
    expect({ missingInEn: ruKeys.filter((k) => !(k in en)), missingInRu: enKeys.filter((k) => !(k in ru)) }).toEqual({
      missingInEn: [],
      missingInRu: [],
    });
  });

  test.each(LANGUAGES)('every %s message is a non-empty, valid ICU message', (lang) => {
    const broken: string[] = [];
    for (const [key, message] of Object.entries(catalogues[lang])) {
      if (typeof message !== 'string' || message.trim() === '') {
        broken.push(`${key}: empty`);
        continue;
      }
      try {
        new IntlMessageFormat(message, lang);
      } catch (error) {
        broken.push(`${key}: ${(error as Error).message}`);
      }
    }
    expect(broken).toEqual([]);
  });

  test('a message uses the same arguments in both languages', () => {
    const differing = Object.keys(en)
      .filter((key) => key in ru)
      .map((key) => ({ key, en: argumentNames(en[key as keyof typeof en], 'en'), ru: argumentNames(ru[key as keyof typeof ru], 'ru') }))
      .filter((m) => m.en.join() !== m.ru.join());
    expect(differing).toEqual([]);
  });

  test('the texts SPEC.md fixes are verbatim in English', () => {
    expect(en['errors.unauthenticated']).toBe('Unauthenticated.');
    // The SPA logs out on this exact message, whatever the language.
    expect(ru['errors.unauthenticated']).toBe('Unauthenticated.');
    expect(en['validation.email']).toBe('The field must contain an email address.');
    expect(en['validation.blank']).toBe('There are blank fields.');
    expect(en['notFound.title']).toBe('Page Not Found');
  });
});

describe('translate (the server side of the catalogue)', () => {
  test('formats values in the requested language', () => {
    expect(translate('en', 'errors.tooManyRequests', { seconds: 30 })).toBe('Too many requests. Try again in 30 s.');
    expect(translate('ru', 'errors.tooManyRequests', { seconds: 30 })).toBe('Слишком много запросов. Повторите через 30 с.');
    expect(translate('en', 'home.stats.users', { count: 1 })).toBe('1 member');
    expect(translate('en', 'home.stats.users', { count: 5 })).toBe('5 members');
  });

  test('plural forms follow each language', () => {
    const ruForms = [1, 3, 5, 21].map((count) => translate('ru', 'home.stats.users', { count }));
    expect(new Set(ruForms).size).toBeGreaterThan(1);
    for (const text of ruForms) expect(text).toMatch(/^\d+ \S+$/);
  });

  test('every message formats in both languages once its arguments are given', () => {
    for (const lang of LANGUAGES) {
      for (const [key, message] of Object.entries(catalogues[lang])) {
        const text = String(new IntlMessageFormat(message, lang).format(sampleValues(message, lang) as never));
        expect(text.trim().length).toBeGreaterThan(0);
        if (!Object.values(sampleValues(message, lang)).some((v) => typeof v === 'function')) {
          expect(translate(lang, key, sampleValues(message, lang) as Record<string, number>)).toBe(text);
        }
      }
    }
  });

  test('an unknown key comes back as the key itself', () => {
    expect(translate('ru', 'no.such.key')).toBe('no.such.key');
  });

  test('the language comes from the cookie, then Accept-Language, then Russian', () => {
    expect(pickLanguage('en', 'ru')).toBe('en');
    expect(pickLanguage(undefined, 'en-US,en;q=0.9')).toBe('en');
    expect(pickLanguage(undefined, 'de-DE,en;q=0.5')).toBe('en');
    expect(pickLanguage('fr', undefined)).toBe('ru');
    expect(pickLanguage(undefined, undefined)).toBe('ru');
  });
});
