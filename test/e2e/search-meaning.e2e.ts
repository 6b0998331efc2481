import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from './support/browser';
import { signInThroughUi } from './support/sign-in';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

test('a guest searching «телефон» sees smartphones; punctuation, emoji or a 1,000-character query get a clear empty state', async () => {
  const { context, page } = await newPage(browser);

  await page.goto(`/search?q=${encodeURIComponent('телефон')}`);
  await page.getByTestId('search-results').getByText('Смартфон iPhone 15 128 ГБ', { exact: true }).first().waitFor();

  // Nothing to look for: said in words, not "nothing found" and not an error. (The answers come with the page.)
  await page.goto(`/search?q=${encodeURIComponent('🙂?!…')}`);
  await page.getByTestId('search-empty').getByText('В запросе нет ни букв, ни цифр — искать нечего. Напишите слово, например «телефон».').waitFor();

  await page.goto(`/search?q=${encodeURIComponent('ы'.repeat(1000))}`);
  await page.getByTestId('search-empty').getByText('Ничего не нашлось. Попробуйте другие слова или уберите фильтры.').waitFor();
  expect(await page.getByTestId('search-results').count()).toBe(0);
  await context.close();
});

test('a moderator adds synonyms on their screen and search finds by the new word at once; deleting them takes it back', async () => {
  // A word of this run's own (search reads letters, so the run's number is spelt in letters).
  const word = `трубофон${String(process.pid % 100_000).replace(/\d/g, (digit) => 'абвгдежзик'[Number(digit)])}`;
  const { context, page } = await newPage(browser);
  // No API grants a staff role: the demo admin stands for the search's editors.
  await signInThroughUi(page, 'admin@example.com');
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-search-synonyms').click();
  await page.getByRole('heading', { name: 'Синонимы поиска' }).waitFor();

  await page.getByTestId('synonym-add').click();
  // One word alone means nothing to search: said on its field, and what was typed stays.
  await page.getByLabel('Слова с одним значением').fill(word);
  await page.getByTestId('synonym-save').click();
  await page.getByText('Нужно хотя бы два термина или термин и то, что он находит.').waitFor();
  expect(await page.getByLabel('Слова с одним значением').inputValue()).toBe(word);
  await page.getByLabel('Слова с одним значением').fill(`${word}, смартфон`);
  await page.getByTestId('synonym-save').click();
  await page.getByTestId('synonym-notice').getByText('Синонимы добавлены: поиск уже использует их.').waitFor();
  const row = page.getByTestId('synonym-row').filter({ hasText: word });
  await row.waitFor();

  const guest = await newPage(browser);
  await guest.page.goto(`/search?q=${encodeURIComponent(word)}`);
  await guest.page.getByTestId('search-results').getByText('Смартфон iPhone 15 128 ГБ', { exact: true }).first().waitFor();

  page.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: `Удалить синонимы ${word}, смартфон` }).click();
  await page.getByTestId('synonym-notice').getByText('Синонимы удалены.').waitFor();
  await guest.page.goto(`/search?q=${encodeURIComponent(word)}`);
  await guest.page.getByTestId('search-empty').waitFor();
  await guest.context.close();
  await context.close();
});
