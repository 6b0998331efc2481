import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

test('a guest searching «телефон» sees smartphones; punctuation, emoji or a 1,000-character query get a clear empty state', async () => {
  const { context, page } = await newPage(browser);

  await page.goto(`/search?q=${encodeURIComponent('телефон')}`);
  await page.getByTestId('search-results').getByText('Смартфон iPhone 15 128 ГБ', { exact: true }).first().waitFor();

  // Nothing to look for: said in words, not "nothing found" and not an error.
  const symbols = page.waitForResponse((response) => response.url().includes('/v1/search?'));
  await page.goto(`/search?q=${encodeURIComponent('🙂?!…')}`);
  expect((await symbols).status()).toBe(200);
  await page.getByTestId('search-empty').getByText('В запросе нет ни букв, ни цифр — искать нечего. Напишите слово, например «телефон».').waitFor();

  const long = page.waitForResponse((response) => response.url().includes('/v1/search?'));
  await page.goto(`/search?q=${encodeURIComponent('ы'.repeat(1000))}`);
  expect((await long).status()).toBe(200);
  await page.getByTestId('search-empty').getByText('Ничего не нашлось. Попробуйте другие слова или уберите фильтры.').waitFor();
  await context.close();
});
