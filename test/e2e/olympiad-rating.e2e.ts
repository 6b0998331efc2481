import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, launchBrowser } from './support/browser';
import { axeViolations } from './support/axe';
import { signInAsParticipant } from './support/olympiad';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

async function englishContext(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: BASE_URL, locale: 'en-US', viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  await context.addCookies([{ name: 'lang', value: 'en', url: BASE_URL }]);
  return { context, page: await context.newPage() };
}

test('a participant finishes a training test and finds themselves in the rating with its points, at once', async () => {
  const { context, page } = await englishContext();
  const { login } = await signInAsParticipant(page, '/olympiad/account/ranking');
  // No result yet: the account says so plainly.
  await page.getByText('You do not have a place in the rating yet').waitFor();

  // The training test, one answer given, ended at once.
  await page.getByRole('navigation', { name: 'Olympiad sections' }).getByRole('link', { name: 'Tests', exact: true }).click();
  await page.getByRole('link', { name: 'Training test', exact: true }).click();
  await page.getByTestId('start-test').click();
  await page.getByTestId('test-screen').waitFor();
  await page.getByTestId('end-test').click();
  await page.getByTestId('confirm-finish').click();
  await page.getByTestId('result').waitFor();
  const points = (await page.getByTestId('result-points').locator('dd').textContent())!.split(' of ')[0];

  // Back in the account (the SPA's own navigation, no reload): the place is there, with the points.
  await page.getByTestId('olympiad-account-link').click();
  await page.getByRole('navigation', { name: 'Account sections' }).getByRole('link', { name: 'Place in the ranking' }).click();
  await page.getByTestId('ranking-overall').waitFor();
  expect(Number(await page.getByTestId('ranking-overall').textContent())).toBeGreaterThan(0);
  expect(await page.getByTestId('ranking-points').textContent()).toBe(points);
  expect(await axeViolations(page)).toEqual([]);

  // The public rating, filtered by my category from the account's link: my row is marked, with my points.
  await page.getByRole('link', { name: 'Open the rating' }).click();
  await page.waitForURL('**/olympiad/rating?category=middle');
  const mine = page.getByTestId('rating-my-row');
  await mine.waitFor();
  expect(await mine.getAttribute('aria-current')).toBe('true');
  expect(await mine.locator('th').textContent()).toBe(`${login} (you)`);
  expect(await mine.locator('.rating-total').textContent()).toBe(points);
  expect(await page.getByTestId('rating-tie-rule').textContent()).toMatch(/then by the earlier finish/);
  expect(await axeViolations(page)).toEqual([]);
  // On a phone the table scrolls inside its own box; the page itself does not get wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });

  // A stage filter in the URL: the first stage has no result of mine, so my row is gone.
  await page.getByLabel('Stage').selectOption('first');
  await page.waitForURL('**/olympiad/rating?category=middle&stage=first');
  await page.getByTestId('rating-my-row').waitFor({ state: 'detached' });
  // Back to the training stage, straight from the address bar.
  await page.goto('/olympiad/rating?stage=training');
  expect(await page.getByLabel('Stage').inputValue()).toBe('training');
  await page.getByTestId('rating-my-row').waitFor();
  await context.close();
}, 120_000);
