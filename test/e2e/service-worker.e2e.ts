import type { Browser } from 'playwright-core';
import { BASE_URL, launchBrowser } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

test('the app installs its service worker at the root, says so once, and opens offline afterwards', async () => {
  const context = await browser.newContext({ baseURL: BASE_URL, locale: 'ru-RU' });
  const page = await context.newPage();
  await page.goto('/home');
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`${BASE_URL}/`);
  await page.getByText('Базар установлен').waitFor();

  // Once the worker controls the page, the shell and the visited page come from the cache.
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await context.setOffline(true);
  await page.reload();
  await page.getByRole('heading', { name: 'Покупайте, продавайте и учитесь в одном месте' }).waitFor();
  await context.setOffline(false);

  const sw = await fetch(`${BASE_URL}/sw.js`);
  expect(sw.headers.get('cache-control')).toBe('no-cache');
  await context.close();
});
