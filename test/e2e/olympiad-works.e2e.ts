import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { BASE_URL, launchBrowser } from './support/browser';
import { signInAsParticipant } from './support/olympiad';
import { drawingPng, openContest, scoreWork, worksCall, worksExpectData } from './support/olympiad-works';
import { sessionOf, signInThroughUi } from './support/sign-in';
import { textNow, textOf } from './support/text';
import { waitFor } from './support/wait-for';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const stamp = `${process.pid}${Date.now() % 1_000_000}`;

/** A person's own English browser (phone size when asked: the works screens are phone-first). */
async function englishContext(phone = false): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    locale: 'en-US',
    viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 900 },
    isMobile: phone,
    hasTouch: phone,
    serviceWorkers: 'block',
  });
  await context.addCookies([{ name: 'lang', value: 'en', url: BASE_URL }]);
  return { context, page: await context.newPage() };
}

const eventually = (check: () => Promise<boolean> | boolean, what: string, timeoutMs = 15_000) => waitFor(check, { timeoutMs, what });


const uploadAnswer = (page: Page, path: RegExp) => page.waitForResponse((response) => path.test(new URL(response.url()).pathname) && response.request().method() === 'POST');

/**
 * The moderator opens a work from the queue (read again first: the queue itself refreshes once a
 * minute) and claims it; the queue is the olympiad's staff page or the admin area's "works" section.
 */
async function claimFromQueue(page: Page, title: string, queue = '/olympiad/staff/works'): Promise<Locator> {
  await page.goto(queue);
  if (queue === '/admin/works') await page.getByTestId('admin-section-works').waitFor();
  const row = page.getByTestId('queue-row').filter({ hasText: title });
  await row.waitFor();
  await row.getByTestId('queue-open').click();
  const panel = page.getByTestId('moderation-item');
  expect(await textOf(panel.getByTestId('work-title'))).toBe(title);
  await panel.getByTestId('moderation-claim').click();
  await panel.getByTestId('moderation-approve').waitFor();
  return panel;
}

test('a participant uploads, a moderator rejects, the work is fixed and published, another participant likes it, the author and a guest see the count rise live, and the rating shows both', async () => {
  const title = `Sea at dawn ${stamp}`;
  // The moderator signs in by a code from the mail catcher and opens a contest of this file's own.
  const moderator = await englishContext();
  await signInThroughUi(moderator.page, 'moderator@example.com');
  const staffToken = (await sessionOf(moderator.context)).token;
  const contest = await openContest(staffToken, `Sea contest ${stamp}`);

  // The first participant, on a phone, sends a drawing: progress shows, and the work waits for moderation.
  const author = await englishContext(true);
  await signInAsParticipant(author.page, '/olympiad/account/works');
  const form = author.page.getByTestId('work-form');
  await form.waitFor();
  await author.page.getByLabel('Contest').selectOption(String(contest.id));
  await author.page.getByLabel('Title').fill(title);
  await author.page.getByLabel('Description').fill('Gouache on paper, A3.');
  // A page renamed to .png is refused before anything is sent.
  await author.page.getByTestId('work-file').setInputFiles({ name: 'sea.png', mimeType: 'image/png', buffer: Buffer.from('<!doctype html><p>not a picture</p>') });
  await author.page.getByText('The file has an invalid format.').waitFor();
  await author.page.getByTestId('work-file').setInputFiles({ name: 'sea.png', mimeType: 'image/png', buffer: await drawingPng(1, 1600) });
  await author.page.getByTestId('work-file-chosen').waitFor();
  const sent = uploadAnswer(author.page, /^\/v1\/olympiad\/works$/);
  await author.page.getByTestId('work-submit').click();
  expect((await sent).status()).toBe(201);
  await author.page.getByTestId('work-sent').waitFor();
  const mine = author.page.getByTestId('my-work').filter({ hasText: title });
  expect(await textOf(mine.getByTestId('work-status'))).toBe('On moderation');

  // The moderator rejects it with a reason from the list.
  const panel = await claimFromQueue(moderator.page, title);
  await panel.getByTestId('moderation-reject').click();
  await panel.getByTestId('reason-poor_quality').check();
  await panel.getByTestId('confirm-reject').click();
  await moderator.page.getByTestId('moderation-done').waitFor();

  // The participant sees it at once, without reloading: not published, with the reason.
  await eventually(async () => (await textNow(mine.getByTestId('work-status'))) === 'Not published', 'the rejection live on my works');
  expect(await textOf(mine.getByTestId('work-reason'))).toMatch(/^Unfortunately, the work was not published\. Reason: .+/);

  // Fixed and sent again with a better scan, in the same form.
  await mine.getByTestId('work-edit').click();
  expect(await author.page.getByLabel('Title').inputValue()).toBe(title);
  await author.page.getByLabel('Description').fill('Gouache on paper, A3, scanned at 300 dpi.');
  await author.page.getByTestId('work-file').setInputFiles({ name: 'sea-scan.png', mimeType: 'image/png', buffer: await drawingPng(2, 1600) });
  await author.page.getByTestId('work-file-chosen').waitFor();
  const resent = uploadAnswer(author.page, /^\/v1\/olympiad\/works\/\d+$/);
  await author.page.getByTestId('work-submit').click();
  expect((await resent).status()).toBe(200);
  await eventually(async () => (await textNow(mine.getByTestId('work-status'))) === 'On moderation', 'the resubmitted work on moderation');

  // The moderator publishes it; the participant sees that live too.
  // This time through the admin area, where the same queue is a section of the shell.
  const again = await claimFromQueue(moderator.page, title, '/admin/works');
  await again.getByTestId('moderation-approve').click();
  await moderator.page.getByTestId('moderation-done').waitFor();
  await eventually(async () => (await textNow(mine.getByTestId('work-status'))) === 'Published', 'the publication live on my works');

  // The author opens the work: no like of their own, and the count at zero.
  await mine.getByRole('link', { name: title }).click();
  await author.page.waitForURL(/\/olympiad\/works\/\d+$/);
  const workId = Number(author.page.url().split('/').pop());
  await author.page.getByTestId('likes-count').waitFor();
  expect(await textOf(author.page.getByTestId('likes-count'))).toBe('0 likes');
  expect(await author.page.getByTestId('like-button').isDisabled()).toBe(true);
  expect(await textOf(author.page.getByTestId('like-reason'))).toBe('You cannot like your own work.');

  // A guest looks at the same work (no account, so no like; the count still moves live).
  const guest = await englishContext(true);
  await guest.page.goto(`/olympiad/works/${workId}`);
  await guest.page.getByTestId('likes-count').waitFor();
  expect(await guest.page.getByTestId('like-button').isDisabled()).toBe(true);
  expect(await textOf(guest.page.getByTestId('like-reason'))).toBe('Sign in to like');

  // A second participant finds it in the gallery, newest first, and likes it.
  const fan = await englishContext();
  await signInAsParticipant(fan.page, '/olympiad/works');
  const card = fan.page.getByTestId('work-card').filter({ hasText: title });
  await card.waitFor();
  await card.getByRole('link').click();
  await fan.page.waitForURL(`**/olympiad/works/${workId}`);
  await fan.page.getByTestId('likes-count').waitFor();
  const liked = fan.page.waitForResponse((response) => response.url().endsWith(`/v1/olympiad/works/${workId}/like`) && response.request().method() === 'PUT');
  await fan.page.getByTestId('like-button').click();
  expect((await liked).status()).toBe(200);
  expect(await textOf(fan.page.getByTestId('likes-count'))).toBe('1 like');

  // The author's page counts it live.
  await eventually(async () => (await textNow(author.page.getByTestId('likes-count'))) === '1 like', 'the like live on the author\'s page');
  await eventually(async () => (await textNow(guest.page.getByTestId('likes-count'))) === '1 like', 'the like live for a guest');

  // Results: staff score the work; the fan finishes the training test. The rating page shows both.
  await scoreWork(staffToken, workId, 8);
  const fanToken = (await sessionOf(fan.context)).token;
  const tests = await worksExpectData<Array<{ id: number; format: string }>>(worksCall(fanToken, 'GET', '/v1/olympiad/tests'), 200, 'tests');
  const training = tests.find((test) => test.format === 'quiz')!;
  const attempt = await worksExpectData<{ id: number }>(worksCall(fanToken, 'POST', `/v1/olympiad/tests/${training.id}/start`), 201, 'start');
  await worksExpectData(worksCall(fanToken, 'POST', `/v1/olympiad/attempts/${attempt.id}/finish`), 200, 'finish');
  const fanRow = await worksExpectData<{ participant: { public_name: string } } | null>(worksCall(fanToken, 'GET', '/v1/olympiad/rating/me'), 200, 'the fan\'s place');
  expect(fanRow).not.toBeNull();

  // Each sees their own row marked (pinned even when it falls on a later page of a long rating).
  for (const person of [author, fan]) {
    await person.page.goto('/olympiad/rating');
    await person.page.getByTestId('rating-table').waitFor();
    await person.page.getByTestId('rating-my-row').first().waitFor();
  }
  // The author's total is the staff's score of the work.
  expect((await author.page.getByTestId('rating-my-row').first().locator('td, th').allTextContents()).map((cell) => cell.trim())).toContain('8');
  expect(await textOf(fan.page.getByTestId('rating-my-row'))).toContain(fanRow!.participant.public_name);

  for (const person of [moderator, author, fan, guest]) await person.context.close();
}, 180_000);
