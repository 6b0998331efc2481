import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launchBrowser, newPage } from './support/browser';
import { signInThroughUi } from './support/sign-in';

let browser: Browser;
let counter = 0;
const freshAddress = () => `session-end-${process.pid}-${Date.now()}-${counter++}@example.com`;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** Every address the tab shows from now on, history moves (pushState, replaceState) included. */
function recordUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    const url = new URL(frame.url());
    urls.push(url.pathname + url.search);
  });
  return urls;
}

/**
 * A signed-in person on a guarded page (/profile) of a tab the service worker controls, which is
 * where the session used to end on /auth: with the screen's code served from the worker's cache, the
 * page is on screen before its first request returns.
 */
async function signedInOnGuardedPage(): Promise<{ page: Page; token: string; close: () => Promise<void> }> {
  const { context, page } = await newPage(browser, 'ru-RU', { serviceWorkers: 'allow' });
  await signInThroughUi(page, freshAddress());
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.goto('/profile');
  await page.getByTestId('profile-name').waitFor();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const token = (await context.cookies()).find((cookie) => cookie.name === 'auth_token')!.value;
  return { page, token, close: () => context.close() };
}

/**
 * Waits until the signed-out home page is what React committed, then two more frames: any
 * redirect a screen could still issue (an effect of that commit) has been issued by then.
 */
async function settledSignedOutAtHome(page: Page): Promise<void> {
  await page.waitForURL('**/home');
  await page.getByTestId('sign-in-link').waitFor();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

test('SPEC §2: a token revoked elsewhere ends the session on /home and the tab stays there', async () => {
  const { page, token, close } = await signedInOnGuardedPage();
  const urls = recordUrls(page);

  // The session ends on another device: the server now answers 401 to this token.
  const revoked = await fetch(`${BASE_URL}/v1/sign-out`, { headers: { authorization: `Bearer ${token}` } });
  expect(revoked.ok).toBe(true);
  // Any request of the page will do: a language change refetches what the screen shows.
  await page.getByTestId('language-switch').selectOption('en');

  await settledSignedOutAtHome(page);
  expect(urls).toEqual(['/home']);
  expect(new URL(page.url()).pathname).toBe('/home');
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'auth_token')).toBeUndefined();
  await close();
});

test('signing out on a guarded page ends on /home too, not on the sign-in screen', async () => {
  const { page, close } = await signedInOnGuardedPage();
  const urls = recordUrls(page);

  await page.getByTestId('user-menu').click();
  await page.getByTestId('sign-out').click();

  await settledSignedOutAtHome(page);
  expect(urls).toEqual(['/home']);
  expect(new URL(page.url()).pathname).toBe('/home');
  await close();
});
