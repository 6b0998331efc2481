import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, launchBrowser } from './support/browser';
import { call } from './support/catalog-api';
import { sessionOf, signInThroughUi } from './support/sign-in';
import { textOf } from './support/text';
import { waitFor } from './support/wait-for';

/**
 * Notifications to many end to end (issue 17 items 5 and 6): two people of this file's own are
 * signed in, one in English and one in Russian; the demo admin composes an announcement in both
 * languages to exactly these two ("chosen users", the honest small audience: the demo accounts
 * stay untouched), previews it, sends it, and watches the progress reach 100%; each person gets it
 * live (a toast and the unread badge, no reload) in their own language.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const stamp = `${process.pid}${Date.now() % 1_000_000}`;

async function personIn(lang: 'en' | 'ru'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: BASE_URL, locale: lang === 'en' ? 'en-US' : 'ru-RU', viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  await context.addCookies([{ name: 'lang', value: lang, url: BASE_URL }]);
  return { context, page: await context.newPage() };
}

test('an announcement to two people reaches both live, each in their language, and the admin sees it delivered', async () => {
  const english = await personIn('en');
  const russian = await personIn('ru');
  await signInThroughUi(english.page, `broadcast-en-${stamp}@example.com`);
  await signInThroughUi(russian.page, `broadcast-ru-${stamp}@example.com`);
  const ids = [(await sessionOf(english.context)).userId, (await sessionOf(russian.context)).userId];

  const admin = await personIn('en');
  await signInThroughUi(admin.page, 'admin@example.com');
  await admin.page.goto('/admin/notifications');
  await admin.page.getByRole('heading', { name: 'Notifications to many', level: 1 }).waitFor();
  await admin.page.getByTestId('broadcast-new').click();
  const form = admin.page.getByTestId('broadcast-form');

  // Sending with the English text missing is refused by the shared rule, with nothing lost.
  await form.getByLabel('Title in Russian').fill(`Ярмарка ${stamp}`);
  await form.getByLabel('Text in Russian').fill(`Приходите в субботу, ${stamp}.`);
  await form.getByLabel('Audience').selectOption({ label: 'Chosen users' });
  await form.getByLabel('User ids, separated by commas').fill(ids.join(', '));
  await form.getByTestId('broadcast-send').click();
  expect(await textOf(form.locator('.field-error').first())).toBe('Fill this in: each reader gets the announcement in their own language.');
  expect(await form.getByLabel('Title in Russian').inputValue()).toBe(`Ярмарка ${stamp}`);

  await form.getByLabel('Title in English').fill(`Fair ${stamp}`);
  await form.getByLabel('Text in English').fill(`Come on Saturday, ${stamp}.`);
  await form.getByTestId('broadcast-preview').click();
  const preview = admin.page.getByTestId('broadcast-preview-result');
  expect(await textOf(preview.locator('p').first())).toBe('Reaches 2 people: 1 in Russian, 1 in English.');
  expect(await textOf(preview.getByRole('article', { name: 'As English readers see it' }).getByRole('heading'))).toBe(`Fair ${stamp}`);

  // A toast (it shows the text) lasts 3 s: each person's is looked for from before the send, so it is seen while it shows.
  const toasts = [
    english.page.getByTestId('toast').filter({ hasText: `Come on Saturday, ${stamp}.` }).waitFor(),
    russian.page.getByTestId('toast').filter({ hasText: `Приходите в субботу, ${stamp}.` }).waitFor(),
  ];
  const sent = admin.page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/admin/broadcasts' && r.request().method() === 'POST');
  await form.getByTestId('broadcast-send').click();
  expect((await sent).status()).toBe(201);
  // Each person has it live, without a reload, in their own language.
  await Promise.all(toasts);
  await admin.page.waitForURL(/\/admin\/notifications\/\d+$/);
  const progress = admin.page.getByRole('progressbar', { name: `Delivery of “Fair ${stamp}”` });
  await waitFor(async () => (await progress.getAttribute('aria-valuenow')) === '100', { timeoutMs: 15_000, what: 'the progress bar at 100%' });
  expect(await textOf(admin.page.getByTestId('broadcast-status'))).toBe('Delivered');
  expect(await progress.getAttribute('aria-valuetext')).toBe('2 of 2');

  // The unread badge says so too, and nobody got the other language's text.
  for (const person of [english, russian]) await person.page.getByTestId('unread-notifications').filter({ hasText: '1' }).waitFor();
  // And in /notifications, once each, in their language.
  for (const [person, title] of [[english, `Fair ${stamp}`], [russian, `Ярмарка ${stamp}`]] as const) {
    const inbox = (await call((await sessionOf(person.context)).token, 'GET', '/v1/notifications')).body.data as Array<{ title: string; body: string }>;
    expect(inbox.filter((n) => n.title.endsWith(stamp))).toEqual([expect.objectContaining({ title })]);
  }

  // The list shows it delivered too.
  await admin.page.getByRole('link', { name: 'All announcements' }).click();
  const row = admin.page.getByTestId('broadcasts-table').getByRole('row').filter({ hasText: `Fair ${stamp}` });
  // The list may first show what it had loaded before the delivery, until its own refetch answers.
  await waitFor(async () => (await row.getByRole('progressbar').getAttribute('aria-valuenow')) === '100', { what: 'the list’s progress bar at 100%' });
  for (const person of [english, russian, admin]) await person.context.close();
});
