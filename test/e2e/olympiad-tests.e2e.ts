import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { BASE_URL, launchBrowser } from './support/browser';
import { signInAsParticipant } from './support/olympiad';
import { signInThroughUi } from './support/sign-in';
import { waitFor } from './support/wait-for';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** English, touch-capable (so a finger can drag), no service worker. */
async function englishContext(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: BASE_URL, locale: 'en-US', viewport: { width: 1280, height: 900 }, hasTouch: true, serviceWorkers: 'block' });
  await context.addCookies([{ name: 'lang', value: 'en', url: BASE_URL }]);
  return { context, page: await context.newPage() };
}

const eventually = (check: () => Promise<boolean> | boolean, timeoutMs: number, what: string) => waitFor(check, { timeoutMs, what });


const saveStatus = (page: Page) => page.getByTestId('save-status').getAttribute('data-status');
const waitSaved = (page: Page) => eventually(async () => (await saveStatus(page)) === 'saved', 10_000, 'answers saved');
const rowLetters = (card: Locator) => card.locator('.sortable-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid')!.replace('sortable-', '')));
const secondsOf = (clock: string) => clock.split(':').reduce((total, part) => total * 60 + Number(part), 0);

async function tokenOf(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'auth_token')!.value;
}

async function storedAttempt(context: BrowserContext, attemptId: string) {
  const response = await fetch(`${BASE_URL}/v1/olympiad/attempts/${attemptId}`, { headers: { authorization: `Bearer ${await tokenOf(context)}` } });
  return (await response.json()) as {
    data: { status: string; deadline: string | null; finished_at: string | null; finished_by: string | null; questions: Array<{ id: number; type: string; answer: unknown; text: string }> };
  };
}

/** Drags with a finger through the browser's touch input (pointer events of type touch). */
async function touchDrag(page: Page, from: { x: number; y: number }, toY: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y }] });
  const steps = 10;
  for (let i = 1; i <= steps; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from.x, y: from.y + ((toY - from.y) * i) / steps }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** Answers the question on screen, the way its type asks for; every drag-and-drop way is used once. */
async function answer(page: Page, online = true): Promise<string> {
  const card = page.getByTestId('question');
  const type = (await card.getAttribute('data-question-type'))!;
  switch (type) {
    case 'single_choice':
      await card.getByTestId('option-A').click();
      expect(await card.getByTestId('option-A').locator('input').isChecked()).toBe(true);
      break;
    case 'multiple_choice':
      await card.getByTestId('option-A').click();
      await card.getByTestId('option-C').click();
      break;
    case 'ordering': {
      // The mouse drags the first item below the second.
      const before = await rowLetters(card);
      const first = (await card.locator('.sortable-handle').nth(0).boundingBox())!;
      const second = (await card.locator('.sortable-handle').nth(1).boundingBox())!;
      await page.mouse.move(first.x + 16, first.y + first.height / 2);
      await page.mouse.down();
      await page.mouse.move(first.x + 16, first.y + first.height / 2 + 10, { steps: 2 });
      await page.mouse.move(first.x + 16, second.y + second.height / 2 + 12, { steps: 8 });
      await page.mouse.up();
      await eventually(async () => (await rowLetters(card))[1] === before[0], 5000, 'mouse drag');
      expect((await rowLetters(card))[0]).toBe(before[1]);
      break;
    }
    case 'matching': {
      // The keyboard: the last answer is picked up with Space, moved up with an arrow, dropped with Space.
      const before = await rowLetters(card);
      const last = before[before.length - 1];
      await card.getByTestId(`sortable-handle-${last}`).focus();
      await page.keyboard.press('Space');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Space');
      await eventually(async () => (await rowLetters(card))[before.length - 2] === last, 5000, 'keyboard move');
      expect(await page.getByTestId('sortable-announcement').textContent()).toMatch(/dropped/);
      if (online) await waitSaved(page);
      // Then a finger drags the first answer down by one row.
      const moved = await rowLetters(card);
      const first = (await card.locator('.sortable-handle').nth(0).boundingBox())!;
      const second = (await card.locator('.sortable-handle').nth(1).boundingBox())!;
      await touchDrag(page, { x: first.x + 16, y: first.y + first.height / 2 }, second.y + second.height / 2 + 12);
      await eventually(async () => (await rowLetters(card))[1] === moved[0], 5000, 'touch drag');
      break;
    }
    case 'closed_text':
      await card.getByTestId('gap-1').selectOption('A');
      await card.getByTestId('gap-2').selectOption('B');
      break;
    case 'open_text':
      await card.getByTestId('open-answer').fill('Canberra');
      break;
    case 'essay':
      await card.getByTestId('essay-answer').fill('I would like to learn to code, because it lets me build what I imagine.');
      break;
    default:
      throw new Error(`unknown question type ${type}`);
  }
  return type;
}

test('the training test with every question type survives a reload and a dropped network, then shows the result', async () => {
  const { context, page } = await englishContext();
  await signInAsParticipant(page, '/olympiad/tests');
  await page.getByRole('link', { name: 'Training test', exact: true }).click();
  await page.getByTestId('test-intro').waitFor();
  await page.getByTestId('start-test').click();
  await page.waitForURL(/\/olympiad\/attempts\/\d+$/);
  const attemptId = page.url().split('/').pop()!;
  await page.getByTestId('test-screen').waitFor();
  expect(await page.getByTestId('session-clock').textContent()).toBe('No time limit');

  const count = await page.locator('.question-nav .question-dot:not(.is-legend)').count();
  const seen = new Set<string>();
  for (let index = 0; index < count; index++) {
    await eventually(async () => (await page.getByTestId(`question-dot-${index + 1}`).getAttribute('data-mark')) === 'current', 5000, `question ${index + 1}`);

    if (index === 5) {
      // The network drops: the answer waits on the device and the screen says so.
      await context.setOffline(true);
      seen.add(await answer(page, false));
      await eventually(async () => (await saveStatus(page)) === 'offline', 5000, 'offline shown');
      expect(await page.getByTestId('save-status').textContent()).toMatch(/^Offline: 1 answer/);
      // Queued, not sent: the server (asked from outside the browser) does not have it.
      expect((await storedAttempt(context, attemptId)).data.questions[index].answer).toBeNull();
      await context.setOffline(false);
      await waitSaved(page);
      const stored = await storedAttempt(context, attemptId);
      expect(stored.data.questions[index].answer).not.toBeNull();
    } else {
      seen.add(await answer(page));
      await waitSaved(page);
    }

    if (index === 3) {
      // Reload mid-test: the same question, every answer still there.
      const heading = await page.getByTestId('question').locator('h2').textContent();
      const marks = await page.locator('.question-nav .question-dot:not(.is-legend)').evaluateAll((dots) => dots.map((d) => d.getAttribute('data-mark')));
      await page.reload();
      await page.getByTestId('test-screen').waitFor();
      expect(await page.getByTestId('question').locator('h2').textContent()).toBe(heading);
      expect(await page.locator('.question-nav .question-dot:not(.is-legend)').evaluateAll((dots) => dots.map((d) => d.getAttribute('data-mark')))).toEqual(marks);
      // Another tab opens the same attempt at the same question with the same answers.
      const other = await context.newPage();
      await other.goto(`/olympiad/attempts/${attemptId}`);
      await other.getByTestId('test-screen').waitFor();
      expect(await other.getByTestId('question').locator('h2').textContent()).toBe(heading);
      expect(await other.locator('.question-nav .question-dot:not(.is-legend)').evaluateAll((dots) => dots.map((d) => d.getAttribute('data-mark')))).toEqual(marks);
      await other.close();
      // The first answer, looked at again, is still chosen.
      await page.getByTestId('question-dot-1').click();
      const stored = await storedAttempt(context, attemptId);
      expect(stored.data.questions.slice(0, 4).every((q) => q.answer !== null)).toBe(true);
      await page.getByTestId(`question-dot-${index + 1}`).click();
    }
    if (index < count - 1) await page.getByTestId('next-question').click();
  }
  expect([...seen].sort()).toEqual(['closed_text', 'essay', 'matching', 'multiple_choice', 'open_text', 'ordering', 'single_choice']);

  await page.getByTestId('end-test').click();
  expect(await page.getByTestId('unanswered-list').textContent()).toBe('You have answered every question.');
  await page.getByTestId('confirm-finish').click();
  await page.waitForURL(`**/olympiad/attempts/${attemptId}/results`);
  await page.getByTestId('result').waitFor();
  expect(await page.getByTestId('result-correct').locator('dd').textContent()).toMatch(/^\d+ of 7$/);
  expect(await page.getByTestId('result-points').locator('dd').textContent()).toMatch(/^\d+(\.\d+)? of \d+$/);
  expect(await page.getByTestId('essay-status').textContent()).toMatch(/awaiting grading/);
  // Training shows the right answers at once.
  await page.getByTestId('review').waitFor();

  await page.goto('/olympiad/account/statistics');
  await page.getByTestId(`attempt-row-${attemptId}`).waitFor();
  await context.close();
}, 120_000);

test('staff create a one-minute test in the browser; it runs out by itself, a reload keeping the time, and is scored', async () => {
  // A moderator builds the test.
  const staff = await englishContext();
  await signInThroughUi(staff.page, 'moderator@example.com');
  await staff.page.goto('/olympiad/staff/tests');
  await staff.page.getByTestId('new-test').click();
  const form = staff.page.getByTestId('test-form');
  const title = `Minute test ${Date.now()}`;
  await form.getByTestId('test-stage').selectOption({ label: 'Training stage' });
  await form.locator('#staff-title').fill(title);
  await form.locator('#staff-time_mode').selectOption('custom');
  await form.locator('#staff-time_limit_minutes').fill('1');
  await form.locator('#staff-attempts_mode').selectOption('none');
  // Published only once it has questions (the server refuses an empty published test).
  await form.getByTestId('save-test').click();
  await eventually(
    async () => {
      const errors = await form.locator('.field-error, .form-error').allTextContents();
      if (errors.length) throw new Error(`the test form refused: ${errors.join(' | ')}`);
      return /\/olympiad\/staff\/tests\/\d+$/.test(staff.page.url());
    },
    10_000,
    'the new test page',
  );
  const testId = staff.page.url().split('/').pop()!;
  // Two questions: one written here, one from the bank.
  await staff.page.getByTestId('new-question').click();
  const editor = staff.page.getByTestId('question-editor');
  await editor.locator('#staff-text').fill('2 + 2 = ?');
  await editor.locator('#staff-options-0-text').fill('4');
  await editor.locator('#staff-options-1-text').fill('5');
  await editor.getByTestId('correct-A').check();
  await editor.getByTestId('save-question').click();
  await staff.page.getByText('2 + 2 = ?').first().waitFor();
  await staff.page.locator('#bank-search').fill('простое');
  await staff.page.getByRole('button', { name: 'Add to the test' }).first().click();
  await eventually(async () => (await staff.page.locator('.staff-question').count()) === 2, 10_000, 'two questions in the test');
  const editForm = staff.page.getByTestId('test-form');
  await editForm.getByTestId('test-published').check();
  await editForm.getByTestId('save-test').click();
  await editForm.getByTestId('test-saved').waitFor();
  await staff.context.close();

  // The participant takes it.
  const { context, page } = await englishContext();
  await signInAsParticipant(page, `/olympiad/tests/${testId}`);
  await page.getByTestId('start-test').click();
  await page.waitForURL(/\/olympiad\/attempts\/\d+$/);
  const attemptId = page.url().split('/').pop()!;
  await page.getByTestId('test-screen').waitFor();
  await answer(page);
  await waitSaved(page);
  await page.getByTestId('question-dot-2').click();
  await eventually(async () => (await page.getByTestId('question-dot-2').getAttribute('data-mark')) === 'current', 5000, 'second question');
  const before = secondsOf((await page.getByTestId('time-left').textContent())!);
  expect(before).toBeLessThanOrEqual(60);
  expect(before).toBeGreaterThan(30);
  const readAt = Date.now();
  await page.reload();
  await page.getByTestId('test-screen').waitFor();
  const after = secondsOf((await page.getByTestId('time-left').textContent())!);
  const elapsed = Math.ceil((Date.now() - readAt) / 1000);
  expect(after).toBeLessThanOrEqual(before);
  expect(after).toBeGreaterThanOrEqual(before - elapsed - 1);
  // The same question on screen, the first one still answered.
  expect(await page.getByTestId('question-dot-2').getAttribute('data-mark')).toBe('current');
  expect(await page.getByTestId('question-dot-1').getAttribute('data-mark')).toBe('answered');

  // Nobody ends it: at zero the screen ends it and shows the result.
  await page.waitForURL(`**/olympiad/attempts/${attemptId}/results`, { timeout: 90_000 });
  await page.getByTestId('result').waitFor();
  await page.getByTestId('ended-by-deadline').waitFor();
  expect(await page.getByTestId('result-correct').locator('dd').textContent()).toMatch(/^\d of 2$/);
  expect(await page.getByTestId('result-time').locator('dd').textContent()).toMatch(/^1 min 0 s$/);
  const stored = await storedAttempt(context, attemptId);
  expect(stored.data.status).toBe('finished');
  // The screen ended it at zero, inside the grace: recorded as the deadline's, at the deadline.
  expect(stored.data.finished_by).toBe('deadline');
  expect(stored.data.finished_at).toBe(stored.data.deadline);
  await context.close();
}, 180_000);
