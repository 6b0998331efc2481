import type { Page } from 'playwright-core';
import { browserPerFile } from './support/browser';
import { signInThroughUi } from './support/sign-in';
import { textOf } from './support/text';

/**
 * Moderation of a new business end to end (issue 17 items 3 and 6): a new user of this file's own
 * opens a store through the form; a guest does not find it (businesses wait for approval before
 * they are public); the demo moderator finds it in /admin/businesses, claims and approves it; the
 * owner hears of it live (a toast, and the page's "On moderation" goes without a reload); then
 * the guest finds it. The moderator's state is not changed (only a decision on this file's item).
 */

const people = browserPerFile();
const stamp = `${process.pid}${Date.now() % 1_000_000}`;
// A word of its own, so the search finds this store only.
const word = `Зорбинка${stamp}`;
const name = `Лавка ${word}`;

async function guestFinds(page: Page): Promise<boolean> {
  await page.goto(`/search?q=${encodeURIComponent(word)}`);
  const results = page.getByTestId('search-results').or(page.getByTestId('search-empty'));
  await results.first().waitFor();
  return (await page.getByTestId('search-results').getByText(name, { exact: true }).count()) > 0;
}

test('a new business waits for the moderator, who approves it; the owner is told live and the guest then finds it', async () => {
  const owner = await people.open();
  await signInThroughUi(owner.page, `moderation-owner-${stamp}@example.com`);
  await owner.page.goto('/create/business');
  await owner.page.getByLabel('Тип', { exact: true }).selectOption('store');
  await owner.page.getByLabel('Категория', { exact: true }).selectOption({ index: 1 });
  await owner.page.getByLabel('Название', { exact: true }).fill(name);
  await owner.page.getByLabel('Описание', { exact: true }).fill('Сыры и мёд с фермы');
  await owner.page.getByLabel('Адрес', { exact: true }).fill('Москва, ул. Сырная, 5');
  await owner.page.getByTestId('save').click();
  await owner.page.waitForURL(/\/stores\/\d+$/);
  const businessId = Number(owner.page.url().split('/').pop());
  // The owner sees their store, and that it waits for a moderator.
  expect(await textOf(owner.page.getByTestId('moderation-note'))).toBe('На модерации');

  // A guest finds nothing yet: not in search, and its page is not there.
  const guest = await people.open();
  expect(await guestFinds(guest.page)).toBe(false);
  const hidden = await guest.page.request.get(`/v1/business/${businessId}`);
  expect(hidden.status()).toBe(404);

  // The moderator finds it in the queue, sees it as a buyer would, claims and approves it.
  const moderator = await people.open();
  await signInThroughUi(moderator.page, 'moderator@example.com');
  await moderator.page.goto('/admin/businesses');
  const open = moderator.page.getByRole('button', { name: `Открыть ${name}` });
  await open.waitFor();
  await open.click();
  const review = moderator.page.getByTestId('moderation-review');
  expect(await textOf(review.getByTestId('moderation-buyer-view'))).toContain('Москва, ул. Сырная, 5');
  const claimed = moderator.page.waitForResponse((r) => new URL(r.url()).pathname === `/v1/admin/moderation/businesses/${businessId}/claim`);
  await review.getByTestId('moderation-claim').click();
  expect((await claimed).status()).toBe(200);
  const approved = moderator.page.waitForResponse((r) => new URL(r.url()).pathname === `/v1/admin/moderation/businesses/${businessId}/approve`);
  await review.getByTestId('moderation-approve').click();
  expect((await approved).status()).toBe(200);
  expect(await textOf(moderator.page.getByTestId('moderation-notice'))).toBe(`Одобрено: ${name}`);

  // The owner is told live: a toast with the decision, and the note leaves the page without a reload.
  await owner.page.getByTestId('toast').filter({ hasText: `Ваш бизнес «${name}» одобрен` }).waitFor();
  await owner.page.getByTestId('moderation-note').waitFor({ state: 'detached' });

  // Now the guest finds it, and its page opens.
  expect(await guestFinds(guest.page)).toBe(true);
  await guest.page.goto(`/stores/${businessId}`);
  await guest.page.getByRole('heading', { name, level: 1 }).waitFor();
});
