import { pageInLanguage } from '../../server/plugins/page-language';

// The page as built (minified, Russian) and as written in public/index.html.
const built = '<!doctype html><html lang=ru><head><title>Базар</title></head><body></body></html>';
const source = '<!doctype html>\n<html lang="ru">\n  <head>\n    <title>Базар</title>\n  </head>\n</html>';

test('a reader of English gets the page in English before any script runs: its lang and tab title', () => {
  expect(pageInLanguage(built, 'en')).toBe('<!doctype html><html lang="en"><head><title>Bazaar</title></head><body></body></html>');
  expect(pageInLanguage(source, 'en')).toContain('<html lang="en">');
  expect(pageInLanguage(source, 'en')).toContain('<title>Bazaar</title>');
});

test('a reader of Russian gets the same page in Russian', () => {
  expect(pageInLanguage(built, 'ru')).toBe('<!doctype html><html lang="ru"><head><title>Базар</title></head><body></body></html>');
});
