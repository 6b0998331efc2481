import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, launchBrowser } from './support/browser';
import { drawingPng } from './support/olympiad-works';
import { call, type Json } from './support/catalog-api';
import { sessionOf, signInThroughUi } from './support/sign-in';
import { textNow, textOf } from './support/text';
import { waitFor } from './support/wait-for';

/**
 * Sellers' banners end to end (issue 16 item 3): a seller without a promotion is told to buy one;
 * a paying seller creates a banner (a renamed HTML file refused, a wrong date range refused with
 * nothing lost), a moderator approves it, the seller's list says it shows, and a guest sees it on
 * the home page and follows it to the seller's page.
 *
 * The seller is a person of this file's own, who pays for a plan for their ad through the real
 * purchase call with the succeeding test card. The moderator is the demo moderator, as in the other
 * staff tests (no API grants a role).
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const stamp = `${process.pid}${Date.now() % 1_000_000}`;

async function englishContext(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: BASE_URL, locale: 'en-US', viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  await context.addCookies([{ name: 'lang', value: 'en', url: BASE_URL }]);
  return { context, page: await context.newPage() };
}

/** Makes the person a paying seller: an ad of theirs, promoted by the cheapest plan, paid with the test card that succeeds. */
async function payForAPlan(token: string): Promise<void> {
  const categories = (await call(null, 'GET', '/v1/ad-categories')).body.data as Array<{ id: number }>;
  const ad = await call(token, 'POST', '/v1/ads', { category_id: categories[0].id, title: `Zyxbanner stand ${stamp}`, price: 1_500_000, location: 'Москва', condition: 'used' });
  expect(ad.status).toBe(201);
  const plans = (await call(null, 'GET', '/v1/ads/plans')).body.data as Array<{ id: number; price: number }>;
  const cheapest = [...plans].sort((a, b) => a.price - b.price)[0];
  const bought = await call(token, 'POST', '/v1/ads/purchase-plan', {
    plan_id: cheapest.id,
    target: { kind: 'ad', id: (ad.body.data as Json).id as number },
    idempotency_key: `banners-${stamp}-plan`,
    payment: { card: { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' } },
  });
  expect(bought.status).toBe(201);
}

const CREATE = '/profile/seller/promotion/create-banner';

test('a seller without a promotion is told to buy a plan first', async () => {
  const newcomer = await englishContext();
  await signInThroughUi(newcomer.page, `banners-newcomer-${stamp}@example.com`);
  await newcomer.page.goto(CREATE);
  await newcomer.page.getByRole('heading', { name: 'Banners', level: 1 }).waitFor();
  // Said as soon as the page knows (from the seller's list of banners), before anything is filled in.
  const notice = newcomer.page.getByTestId('banner-not-paying');
  await notice.waitFor();
  expect(await textOf(notice)).toContain('Buy a promotion plan first.');
  expect(await notice.getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).toBe('/profile/seller/promotion/plan');
  await newcomer.context.close();
});

test('a paying seller creates a banner, a moderator approves it, and it shows on the home page', async () => {
  const title = `Honey week ${stamp}`;
  const seller = await englishContext();
  await signInThroughUi(seller.page, `banners-seller-${stamp}@example.com`);
  const { userId, token } = await sessionOf(seller.context);
  await payForAPlan(token);
  await seller.page.goto(CREATE);
  const form = seller.page.getByTestId('banner-form');
  await form.waitFor();
  expect(await seller.page.getByTestId('banner-not-paying').count()).toBe(0);

  // An HTML page renamed .png is refused as soon as it is chosen; a real picture is previewed.
  await seller.page.getByTestId('banner-image').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: Buffer.from('<!doctype html><p>not a picture</p>') });
  await seller.page.getByText('The picture must be a PNG, JPEG or WebP image.').waitFor();
  await seller.page.getByTestId('banner-image').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: await drawingPng(7, 900) });
  await seller.page.getByTestId('banner-preview').locator('img').first().waitFor();
  await seller.page.getByLabel('Title', { exact: true }).fill(title);
  await seller.page.getByLabel('Subtitle (optional)').fill('Fresh from the apiary');
  // The link is chosen from the seller's own pages: their public page is one of them.
  await seller.page.getByLabel('Leads to').selectOption(`/user/${userId}`);
  await seller.page.getByLabel('Where to show').selectOption('home');

  // A last day before the first is refused under its field, and nothing typed is lost.
  const firstDay = await seller.page.getByLabel('First day').inputValue();
  await seller.page.getByLabel('Last day').fill('2020-01-01');
  await seller.page.getByTestId('banner-submit').click();
  await seller.page.getByText('The end must come after the start.').waitFor();
  expect(await seller.page.getByLabel('Title', { exact: true }).inputValue()).toBe(title);
  expect(await seller.page.getByLabel('Leads to').inputValue()).toBe(`/user/${userId}`);
  const [year, month, day] = firstDay.split('-').map(Number);
  const lastDay = new Date(year, month - 1, day + 13);
  await seller.page.getByLabel('Last day').fill(`${lastDay.getFullYear()}-${String(lastDay.getMonth() + 1).padStart(2, '0')}-${String(lastDay.getDate()).padStart(2, '0')}`);

  const created = seller.page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/ads/create-banner' && r.request().method() === 'POST');
  await seller.page.getByTestId('banner-submit').click();
  expect((await created).status()).toBe(201);
  await seller.page.getByTestId('banner-sent').waitFor();
  const mine = seller.page.getByTestId('my-banner').filter({ hasText: title });
  await mine.waitFor();
  expect(await textOf(mine.getByTestId('banner-status'))).toBe('On moderation');

  // The moderator finds it in the queue, sees it as buyers would, claims and approves it.
  const moderator = await englishContext();
  await signInThroughUi(moderator.page, 'moderator@example.com');
  await moderator.page.goto('/admin/banners');
  // The queue is a section of the admin area's shell.
  await moderator.page.getByTestId('admin-section-banners').waitFor();
  expect(await moderator.page.getByTestId('admin-nav-banners').getAttribute('aria-current')).toBe('page');
  const row = moderator.page.getByTestId('banner-queue-row').filter({ hasText: title });
  await row.waitFor();
  await row.getByRole('button', { name: `Open: ${title}` }).click();
  const review = moderator.page.getByTestId('banner-review');
  expect(await textOf(review.getByTestId('banner-preview'))).toContain(title);
  expect(await textOf(review.getByTestId('banner-review-link'))).toBe(`/user/${userId}`);
  await review.getByTestId('banner-claim').click();
  const approved = moderator.page.waitForResponse((r) => /\/v1\/moderation\/banners\/\d+\/approve$/.test(new URL(r.url()).pathname));
  await review.getByTestId('banner-approve').click();
  expect((await approved).status()).toBe(200);
  expect(await textOf(moderator.page.getByTestId('banner-decided'))).toBe(`The banner “${title}” is approved.`);

  // The seller's list changes live (the decision's notification), without a reload.
  await waitFor(async () => (await textNow(mine.getByTestId('banner-status'))) === 'Showing now', { timeoutMs: 15_000, what: 'the seller’s banner shown as live' });

  // A guest sees it on the home page and follows it to the seller's page.
  const guest = await englishContext();
  await guest.page.goto('/');
  const banner = guest.page.getByRole('region', { name: 'Offers' }).getByRole('link', { name: new RegExp(title) });
  await banner.waitFor();
  await banner.click();
  await guest.page.waitForURL(`${BASE_URL}/user/${userId}`);
  for (const person of [seller, moderator, guest]) await person.context.close();
});
