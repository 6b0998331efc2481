import type { BrowserContext, Page } from 'playwright-core';
import { BASE_URL, browserPerFile } from './support/browser';
import { openStore } from './support/catalog-api';
import { codeFromMailCatcher } from './support/mail';
import { verifiedParticipant } from './support/olympiad';
import { sessionOf, signInThroughUi } from './support/sign-in';

const people = browserPerFile();

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SIZES = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

/** Every item the user menu can hold, by its test id. */
const BUYER_ITEMS = ['menu-profile', 'menu-favorites', 'menu-subscriptions', 'menu-my-ads', 'orders-link', 'menu-create-ad', 'menu-create-business', 'menu-settings', 'menu-security', 'menu-addresses', 'menu-cards'];
const SELLER_ITEMS = ['menu-seller-workspace', 'menu-my-businesses', 'menu-business-orders', 'menu-create-product', 'menu-create-service'];
const ALL_ITEMS = [...BUYER_ITEMS, ...SELLER_ITEMS, 'menu-olympiad-account', 'menu-olympiad-join', 'support-console-link'];

/**
 * Every API answer of 404 a page receives from now on. In normal use no screen asks for
 * something that is not there (a non-participant's olympiad account used to be one).
 */
function recordNotFound(page: Page): string[] {
  const found: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404 && new URL(response.url()).pathname.startsWith('/v1/')) found.push(`${response.request().method()} ${response.url()}`);
  });
  return found;
}

/** A page that arrived: a level-one heading, not the 404 page, not the sign-in form. */
async function expectScreen(page: Page, path: string) {
  await page.waitForURL((url) => url.pathname + url.search + url.hash === path);
  // The address bar moves first; the old screen stays until the new one has loaded.
  const pathname = path.replace(/[?#].*$/, '');
  const main = page.locator(`main[data-path="${pathname}"]`);
  await main.waitFor();
  const heading = main.getByRole('heading', { level: 1 }).first();
  await heading.waitFor();
  expect({ path, heading: (await heading.textContent())!.trim().length > 0, notFound: await page.getByTestId('not-found').count(), url: new URL(page.url()).pathname }).toEqual({
    path,
    heading: true,
    notFound: 0,
    url: pathname,
  });
}

async function openMenu(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-panel').waitFor();
}

/** The items the open menu shows, by test id, with where each leads; waits until the role's items arrived. */
async function menuItems(page: Page, expected: string[]): Promise<Map<string, string>> {
  const panel = page.getByTestId('user-menu-panel');
  for (const id of expected) await panel.getByTestId(id).waitFor();
  const links = await panel.locator('a[data-testid]').evaluateAll((all) => all.map((a) => [a.getAttribute('data-testid')!, a.getAttribute('href')!] as const));
  return new Map(links);
}

/**
 * Opens the menu at both sizes, checks it holds exactly the role's items, and follows every
 * item: each lands on its screen with a heading.
 */
async function crawlMenu(page: Page, expected: string[]) {
  const notFound = recordNotFound(page);
  for (const [size, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    await page.goto('/home');
    await openMenu(page);
    const items = await menuItems(page, expected);
    const shown = ALL_ITEMS.filter((id) => items.has(id));
    expect({ size, shown: shown.sort() }).toEqual({ size, shown: [...expected].sort() });
    for (const id of expected) {
      const href = items.get(id)!;
      if (!(await page.getByTestId('user-menu-panel').isVisible())) await openMenu(page);
      const item = page.getByTestId('user-menu-panel').getByTestId(id);
      await item.scrollIntoViewIfNeeded();
      await item.click();
      await expectScreen(page, href);
      // The menu closes behind the click.
      expect(await page.getByTestId('user-menu-panel').count()).toBe(0);
    }
  }
  expect(notFound).toEqual([]);
}

/** Every section of the main navigation lands on its screen. */
async function crawlNav(page: Page) {
  const nav = page.getByTestId('main-nav');
  await nav.getByRole('link').first().waitFor();
  const hrefs = await nav.getByRole('link').evaluateAll((all) => all.map((a) => a.getAttribute('href')!));
  expect(hrefs).toHaveLength(6);
  for (const href of hrefs) {
    const link = nav.locator(`a[href="${href}"]`);
    await link.scrollIntoViewIfNeeded();
    await link.click();
    await expectScreen(page, href);
  }
}

async function signedInPerson(prefix: string): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await people.open('en-US');
  await opened.context.addCookies([{ name: 'lang', value: 'en', url: BASE_URL }]);
  await signInThroughUi(opened.page, `${prefix}-${Date.now()}@example.com`);
  return opened;
}

test('a guest: every section of the main navigation opens at both sizes; "Sell" leads to sign-in and back to the ad form', async () => {
  const { page } = await people.open('en-US');
  const notFound = recordNotFound(page);
  for (const [, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    await page.goto('/home');
    await crawlNav(page);
  }
  // No account menu for a guest: "Sell" and "Sign in" instead.
  await page.goto('/home');
  await page.getByTestId('sign-in-link').waitFor();
  expect(await page.getByTestId('user-menu').count()).toBe(0);
  await page.getByTestId('guest-sell-link').click();
  await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('next') === '/create/ad');
  const address = `reach-guest-${Date.now()}@example.com`;
  const sentAfter = Date.now() - 1000;
  await page.getByLabel(/E-mail/).fill(address);
  await page.getByTestId('send-code').click();
  await page.getByTestId('code-sent').waitFor();
  await page.getByLabel(/^(Код|Code)$/).fill(await codeFromMailCatcher(address, sentAfter));
  await page.getByTestId('verify-code').click();
  await expectScreen(page, '/create/ad');
  expect(notFound).toEqual([]);
});

test('a plain user: the menu holds the buyer items and an invitation to the olympiad, no seller or staff items; every item opens its screen', async () => {
  const { page } = await signedInPerson('reach-plain');
  await crawlMenu(page, [...BUYER_ITEMS, 'menu-olympiad-join']);
});

test('a seller (a user with a business): the seller items appear as well, and every item opens its screen', async () => {
  const { context, page } = await signedInPerson('reach-seller');
  await openStore((await sessionOf(context)).token, `Reach store ${Date.now()}`);
  await crawlMenu(page, [...BUYER_ITEMS, ...SELLER_ITEMS, 'menu-olympiad-join']);
});

test('an olympiad participant: the menu leads to the olympiad account instead of the invitation', async () => {
  const { context, page } = await people.open('en-US');
  await context.addCookies([{ name: 'lang', value: 'en', url: BASE_URL }]);
  const { login, password } = await verifiedParticipant();
  await page.goto('/olympiad/login');
  await page.locator('#field-login').fill(login);
  await page.locator('#field-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/olympiad/account');
  await crawlMenu(page, [...BUYER_ITEMS, 'menu-olympiad-account']);
});

test('a marketplace user on an olympiad test is told how to join, not shown a dead Start button, and nothing answers 404', async () => {
  const { page } = await signedInPerson('reach-tests');
  const notFound = recordNotFound(page);
  await page.goto('/olympiad/tests');
  await page.getByRole('link', { name: 'Training test', exact: true }).click();
  const join = page.getByTestId('join-to-start');
  await join.waitFor();
  expect(await page.getByTestId('start-test').count()).toBe(0);
  const testPath = new URL(page.url()).pathname;
  await join.getByTestId('join-register').click();
  await expectScreen(page, `/olympiad/register?next=${encodeURIComponent(testPath)}`);
  await page.goBack();
  await page.getByTestId('join-login').click();
  await expectScreen(page, `/olympiad/login?next=${encodeURIComponent(testPath)}`);
  // The account pages say the same, without asking for an account that is not there.
  await page.goto('/olympiad/account');
  await page.getByTestId('not-participant').waitFor();
  expect(notFound).toEqual([]);
});
