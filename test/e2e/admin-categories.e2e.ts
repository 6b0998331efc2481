import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, launchBrowser } from './support/browser';
import { call, type Json } from './support/catalog-api';
import { signInThroughApiAs, signInThroughUi } from './support/sign-in';
import { textOf } from './support/text';

/**
 * Categories in the admin area (issue 17 item 4): the demo admin adds an ad category in both
 * languages; a user of this file's own finds it in the ad form's list in English and in Russian at
 * once, and files an ad under it; the admin cannot delete it (it is used) and merges it into a
 * reference category, which the ad then shows. Names carry a stamp, so nothing shared is touched
 * (the reference category only gains this file's one ad).
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const stamp = `${process.pid}${Date.now() % 1_000_000}`;

async function personBrowser(lang: 'en' | 'ru', session?: { token: string; userId: number }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: BASE_URL, locale: lang === 'en' ? 'en-US' : 'ru-RU', viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  const cookies: Array<{ name: string; value: string; url: string }> = [{ name: 'lang', value: lang, url: BASE_URL }];
  if (session) cookies.push({ name: 'auth_token', value: encodeURIComponent(session.token), url: BASE_URL }, { name: 'userId', value: String(session.userId), url: BASE_URL });
  await context.addCookies(cookies);
  return { context, page: await context.newPage() };
}

/** The names the ad form offers as categories. */
async function adFormCategories(page: Page, label: string): Promise<string[]> {
  await page.goto('/create/ad');
  const select = page.getByLabel(label, { exact: true });
  await select.waitFor();
  // The list arrives after the form: wait for a real option beyond "choose".
  await page.waitForFunction((id) => ((document.getElementById(id ?? '') as HTMLSelectElement | null)?.options.length ?? 0) > 1, await select.getAttribute('id'));
  return select.locator('option').allTextContents();
}

test('an admin adds an ad category in both languages; a user sees it in the ad form at once in either language; used, it is merged, not deleted', async () => {
  const russianName = `Коллекции ${stamp}`;
  const englishName = `Collections ${stamp}`;

  const admin = await personBrowser('en');
  await signInThroughUi(admin.page, 'admin@example.com');
  await admin.page.goto('/admin/categories');
  await admin.page.getByTestId('admin-section-categories').waitFor();
  expect(await admin.page.getByTestId('category-type-ad').getAttribute('aria-current')).toBe('page');

  // Both names are required: an empty save is refused on the page, nothing is sent.
  await admin.page.getByTestId('category-add').click();
  const form = admin.page.getByTestId('category-form');
  await form.getByTestId('category-save').click();
  expect(await textOf(form.getByText('Choose an icon from the list.'))).toBe('Choose an icon from the list.');
  await form.getByLabel('Name in Russian').fill(russianName);
  await form.getByLabel('Name in English').fill(englishName);
  await form.getByTitle('Gift').click();
  const created = admin.page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/admin/categories' && r.request().method() === 'POST');
  await form.getByTestId('category-save').click();
  expect((await created).status()).toBe(201);
  expect(await textOf(admin.page.getByTestId('category-notice'))).toBe(`The category “${russianName}” is saved.`);
  const row = admin.page.getByRole('row').filter({ hasText: russianName });
  await row.waitFor();
  expect(await row.textContent()).toContain(englishName);

  // A user of this file's own opens the ad form in English, then in Russian: the new category is offered in each.
  const session = await signInThroughApiAs(`categories-user-${stamp}@example.com`);
  const english = await personBrowser('en', session);
  expect(await adFormCategories(english.page, 'Category')).toContain(englishName);
  const russian = await personBrowser('ru', session);
  const russianOptions = await adFormCategories(russian.page, 'Категория');
  expect(russianOptions).toContain(russianName);
  expect(russianOptions).not.toContain(englishName);

  // The user files an ad under it.
  const categories = (await call(null, 'GET', '/v1/ad-categories')).body.data as Array<{ id: number; slug: string }>;
  const ours = categories.find((category) => category.slug === `collections-${stamp}`)!;
  const hobby = categories.find((category) => category.slug === 'hobby')!;
  const ad = await call(session.token, 'POST', '/v1/ads', { category_id: ours.id, title: `Coin album ${stamp}`, price: 300_000, location: 'Москва', condition: 'used' });
  expect(ad.status).toBe(201);
  const adId = (ad.body.data as Json).id as number;

  // Used now: delete is disabled with the reason; the admin merges it into Hobbies instead (itself is not offered).
  await admin.page.reload();
  await row.waitFor();
  const remove = row.getByRole('button', { name: `Delete “${russianName}”` });
  expect(await remove.isDisabled()).toBe(true);
  expect(await row.textContent()).toContain('In use: merge it into another category to remove it.');
  await row.getByRole('button', { name: `Merge “${russianName}” into another category` }).click();
  const dialog = admin.page.getByRole('dialog');
  await dialog.waitFor();
  const targets = await dialog.getByLabel('Merge into').locator('option').allTextContents();
  expect(targets.some((name) => name.startsWith(russianName))).toBe(false);
  await dialog.getByLabel('Merge into').selectOption(String(hobby.id));
  const merged = admin.page.waitForResponse((r) => new URL(r.url()).pathname === `/v1/admin/categories/ad/${ours.id}/merge`);
  await dialog.getByTestId('category-merge-confirm').click();
  expect((await merged).status()).toBe(200);
  expect(await textOf(admin.page.getByTestId('category-notice'))).toBe(`“${russianName}” is merged into “Хобби и отдых”: 1 item moved.`);
  await row.waitFor({ state: 'detached' });

  // The ad is in Hobbies now, and the merged category is gone from the form's list.
  expect(((await call(null, 'GET', `/v1/ads/${adId}`)).body.data as { category: { id: number } }).category.id).toBe(hobby.id);
  expect(await adFormCategories(english.page, 'Category')).not.toContain(englishName);

  for (const person of [admin, english, russian]) await person.context.close();
});
