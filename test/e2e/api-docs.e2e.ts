import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

// Swagger UI runs under a policy of its own (server/security/content-security-policy.ts); the
// shared watch (support/policy-watch.ts) fails this test if that policy blocks anything it does.
test('the API description at /v1/docs renders the operations, within its policy', async () => {
  const { context, page } = await newPage(browser, 'en-US');
  const response = await page.goto('/v1/docs');
  expect(response?.status()).toBe(200);
  await page.getByRole('heading', { name: /Bazaar API/ }).waitFor();
  await page.locator('.opblock-summary-path', { hasText: '/v1/profile' }).first().click();
  await page.getByRole('button', { name: 'Try it out' }).waitFor();
  await context.close();
});
