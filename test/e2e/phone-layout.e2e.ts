import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { BASE_URL, launchBrowser } from './support/browser';
import { signInAsParticipant } from './support/olympiad';
import { sessionOf, signInThroughApiAs, signInThroughUi } from './support/sign-in';
import { waitFor } from './support/wait-for';

/** A 390×844 phone (the size): touch, a phone's user agent metrics, no service worker. */
const PHONE = { width: 390, height: 844 };
const HEADER_MAX = PHONE.height * 0.15;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

async function phone(lang: 'ru' | 'en'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: BASE_URL, locale: lang === 'en' ? 'en-US' : 'ru-RU', viewport: PHONE, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
  await context.addCookies([{ name: 'lang', value: lang, url: BASE_URL }]);
  return { context, page: await context.newPage() };
}

/** Top and bottom of an element in the viewport, after the page settled where the browser put it. */
const box = (locator: Locator) => locator.evaluate((el) => {
  const rect = el.getBoundingClientRect();
  return { top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right, height: rect.height };
});

const headerHeight = (page: Page) => box(page.locator('header.app-header')).then((rect) => rect.height);

/**
 * Fully inside the window and below the sticky header: nothing of it is covered or under the fold.
 * The page may still be scrolling it there (the browser fires `resize` and `focusin` work a frame
 * later), so the fact is waited for; the failure says where it stayed.
 */
async function expectFullyVisible(page: Page, locator: Locator, what: string) {
  let where = '';
  const fits = async () => {
    const [rect, header, height] = await Promise.all([box(locator), box(page.locator('header.app-header')), page.evaluate(() => window.innerHeight)]);
    where = `${what}: ${JSON.stringify(rect)}, header bottom ${header.bottom}, window ${height}`;
    return rect.top >= header.bottom - 0.5 && rect.bottom <= height + 0.5 && rect.left >= -0.5 && rect.right <= PHONE.width + 0.5;
  };
  await waitFor(fits, { timeoutMs: 3_000, what: () => `fully visible: ${where}` });
}

/** At least the top `px` of it (all of it if smaller) is on screen below the header: a person sees it is there and can tap it. */
async function expectShown(page: Page, locator: Locator, what: string, px = 48) {
  const [rect, header] = await Promise.all([box(locator), box(page.locator('header.app-header'))]);
  const where = `${what}: ${JSON.stringify(rect)}, header bottom ${header.bottom}`;
  expect({ where, shown: rect.top >= header.bottom - 0.5 && rect.top + Math.min(px, rect.height) <= PHONE.height + 0.5 }).toEqual({ where, shown: true });
}

/**
 * What a phone's keyboard does to the page: the window gets shorter (the viewport meta asks
 * for `interactive-widget=resizes-content`), here to 844 − 300 px.
 */
const KEYBOARD = 300;
async function withKeyboard(page: Page, check: () => Promise<void>) {
  await page.setViewportSize({ width: PHONE.width, height: PHONE.height - KEYBOARD });
  await page.waitForFunction((height) => window.innerHeight === height, PHONE.height - KEYBOARD);
  try {
    await check();
  } finally {
    await page.setViewportSize(PHONE);
  }
}

/** No sideways scrolling of the page itself. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test.each(['ru', 'en'] as const)('the sticky header takes at most 15%% of a 390×844 phone, as a guest and signed in (%s)', async (lang) => {
  const { context, page } = await phone(lang);
  await page.goto('/home');
  await page.getByTestId('guest-sell-link').waitFor();
  const guest = await headerHeight(page);
  expect(guest).toBeLessThanOrEqual(HEADER_MAX);
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

  await signInThroughUi(page, `phone-header-${lang}-${Date.now()}@example.com`);
  await page.getByTestId('notifications-link').waitFor();
  const member = await headerHeight(page);
  expect(member).toBeLessThanOrEqual(HEADER_MAX);
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  // Still sticky: scrolled down, the header is where it was.
  await page.mouse.wheel(0, 600);
  await page.waitForFunction(() => window.scrollY > 0);
  expect((await box(page.locator('header.app-header'))).top).toBe(0);
  // The account menu is reachable and its panel fits the screen (it scrolls inside when long).
  await page.getByTestId('user-menu').click();
  const panel = page.getByTestId('user-menu-panel');
  await panel.getByTestId('menu-favorites').waitFor();
  const rect = await box(panel);
  expect(rect.bottom).toBeLessThanOrEqual(PHONE.height);
  expect(rect.right).toBeLessThanOrEqual(PHONE.width);
  await panel.getByTestId('menu-create-business').scrollIntoViewIfNeeded();
  await panel.getByTestId('menu-create-business').click();
  await page.waitForURL('**/create/business');
  await context.close();
});

test('the main navigation shows there is more and every section is reachable on a phone', async () => {
  const { context, page } = await phone('ru');
  await page.goto('/home');
  const nav = page.getByTestId('main-nav');
  const links = nav.getByRole('link');
  await links.first().waitFor();
  expect(await links.count()).toBe(6);
  // The row does not fit: its end fades out and an arrow says there is more.
  await nav.getByTestId('main-nav-more').waitFor();
  expect(await nav.getAttribute('data-more-after')).toBe('true');
  const navRect = await box(nav);
  for (let index = 0; index < 6; index++) {
    const link = links.nth(index);
    await link.scrollIntoViewIfNeeded();
    const rect = await box(link);
    expect(rect.left).toBeGreaterThanOrEqual(navRect.left - 0.5);
    expect(rect.right).toBeLessThanOrEqual(navRect.right + 0.5);
  }
  // At the far end there is nothing more; a tap on the arrow from the start goes there too.
  await nav.evaluate((el) => el.querySelector('.header-nav-row')!.scrollTo({ left: 0 }));
  await nav.getByTestId('main-nav-more').waitFor();
  await nav.getByTestId('main-nav-more').click();
  await page.waitForFunction(() => document.querySelector('.header-nav-row')!.scrollLeft > 0);
  const last = links.last();
  await last.scrollIntoViewIfNeeded();
  await nav.getByTestId('main-nav-more').waitFor({ state: 'detached' });
  await last.click();
  await page.waitForURL('**/about');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await context.close();
});

test('the chat composer is fully visible on a phone, before and after it is focused', async () => {
  const stamp = Date.now();
  const seller = await signInThroughApiAs(`phone-chat-seller-${stamp}@example.com`);
  const { context, page } = await phone('ru');
  await signInThroughUi(page, `phone-chat-buyer-${stamp}@example.com`);
  const buyer = await sessionOf(context);
  const started = await fetch(`${BASE_URL}/v1/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.token}`, accept: 'application/json' },
    body: JSON.stringify({ recipient_id: seller.userId, content: 'Здравствуйте! Ещё продаётся?', client_id: crypto.randomUUID() }),
  });
  expect(started.status).toBe(201);
  const chatId = ((await started.json()) as { data: { chat_id: number } }).data.chat_id;
  await page.goto(`/chats/${chatId}`);
  await page.getByTestId('chat-message').first().waitFor();
  const composer = page.locator('.chat-composer');
  await expectFullyVisible(page, composer, 'composer on open');
  await page.getByTestId('chat-input').focus();
  await expectFullyVisible(page, composer, 'composer focused');
  await expectFullyVisible(page, page.getByTestId('chat-send'), 'send button');
  await withKeyboard(page, async () => {
    await expectFullyVisible(page, composer, 'composer above the keyboard');
    await expectFullyVisible(page, page.getByTestId('chat-send'), 'send button above the keyboard');
  });
  await context.close();
});

test('a test question on a phone: its first answer shows without scrolling, and a focused answer field is fully visible', async () => {
  const { context, page } = await phone('en');
  await signInAsParticipant(page, '/olympiad/tests');
  await page.getByRole('link', { name: 'Training test', exact: true }).click();
  await page.getByTestId('start-test').click();
  await page.waitForURL(/\/olympiad\/attempts\/\d+$/);
  const card = page.getByTestId('question');
  await card.waitFor();
  const count = await page.locator('.question-nav .question-dot:not(.is-legend)').count();
  const checked = new Set<string>();
  for (let index = 0; index < count; index++) {
    if (index > 0) {
      await page.getByTestId('skip-question').click();
      await page.getByText(`Question ${index + 1} of ${count}`).waitFor();
    }
    const type = (await card.getAttribute('data-question-type'))!;
    // The page as a participant first sees it: the first answer (option, row or field) is on screen.
    const first = card.locator('[data-testid^="option-"], .sortable-row, input[type="text"], textarea, select').first();
    await first.waitFor();
    // Options and rows whole; a long text field at least its first lines.
    if (await first.evaluate((el) => el.matches('textarea'))) await expectShown(page, first, `first answer of a ${type} question`);
    else await expectFullyVisible(page, first, `first answer of a ${type} question`);
    const field = card.locator('input[type="text"], textarea').first();
    if ((await field.count()) > 0) {
      await field.focus();
      await expectFullyVisible(page, field, `focused answer field of a ${type} question`);
      await withKeyboard(page, () => expectFullyVisible(page, field, `answer field of a ${type} question above the keyboard`));
    }
    checked.add(type);
  }
  expect(checked.size).toBeGreaterThanOrEqual(3);
  await context.close();
});

test('search on a phone: the results come first, the filters fold away behind one button and open on a tap', async () => {
  const { context, page } = await phone('en');
  await page.goto('/search?q=pizza');
  await page.getByTestId('search-results').waitFor();
  const filters = page.getByRole('complementary', { name: 'Filters' });
  const toggle = filters.locator('summary');
  await expectShown(page, toggle, 'filters button');
  await expectShown(page, page.getByTestId('search-results'), 'results', 120);
  expect(await filters.getByRole('checkbox').first().isVisible()).toBe(false);
  await toggle.click();
  await filters.getByRole('checkbox').first().waitFor();
  await context.close();
});
