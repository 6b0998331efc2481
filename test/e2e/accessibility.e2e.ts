import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { BASE_URL, launchBrowser } from './support/browser';
import { call, openStore, publishProduct, type Json } from './support/catalog-api';
import { verifiedParticipant } from './support/olympiad';
import { openContest, publishWork, sendWork } from './support/olympiad-works';
import { signInThroughApiAs } from './support/sign-in';
import { sweepVisits, type Role, type SweepIds, type Visit } from './support/sweep-plan';

// Issue 14, item 3: zero axe violations (WCAG 2.2 A and AA) on every screen of the route table, in both
// languages, on a desktop and a phone, as a guest and as each kind of person a screen is for. One page
// per person, language and size walks its screens by in-app navigation (as a link would), which also
// checks that the focus lands on the new content's heading; the test screen is walked question by
// question and with its "end the test?" dialog open.

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const LANGS = ['ru', 'en'] as const;
type Size = keyof typeof SIZES;
type Lang = (typeof LANGS)[number];

let browser: Browser;
let ids: SweepIds;
let plan: { visits: Visit[]; unplanned: string[] };
const sessions = new Map<Role, { token: string; userId: number } | null>([['guest', null]]);

/** The data of an answer that had to be `status`, or the test fails with what the server said. */
async function expectData<T = Json>(answer: Promise<{ status: number; body: Json }>, status: number | number[], what: string): Promise<T> {
  const { status: got, body } = await answer;
  if (![status].flat().includes(got)) throw new Error(`${what} → ${got} ${JSON.stringify(body)}`);
  return body.data as T;
}

const stamp = `${process.pid}${Date.now() % 1_000_000}`;

/** The sweep's own people and what they need to have for every screen to show something real. */
async function preparePeople(): Promise<SweepIds> {
  const [buyer, seller, staff] = await Promise.all([
    signInThroughApiAs(`a11y-buyer-${stamp}@example.com`),
    signInThroughApiAs(`a11y-seller-${stamp}@example.com`),
    // No API grants a staff role: the demo admin stands for support and olympiad staff.
    signInThroughApiAs('admin@example.com'),
  ]);
  sessions.set('buyer', buyer);
  sessions.set('seller', seller);
  sessions.set('staff', staff);

  // Demo data a guest sees.
  const [product] = await expectData<Array<{ id: number }>>(call(null, 'GET', '/v1/products?per_page=1'), 200, 'a demo product');
  const productDetail = await expectData<{ business: { id: number } }>(call(null, 'GET', `/v1/products/${product.id}`), 200, 'the product');
  const [ad] = await expectData<Array<{ id: number }>>(call(null, 'GET', '/v1/ads?per_page=1'), 200, 'a demo ad');
  const adDetail = await expectData<{ user: { id: number } }>(call(null, 'GET', `/v1/ads/${ad.id}`), 200, 'the ad');
  const [storeCategory] = await expectData<Array<{ id: number }>>(call(null, 'GET', '/v1/business-categories?kind=store'), 200, 'store categories');
  const [adCategory] = await expectData<Array<{ id: number }>>(call(null, 'GET', '/v1/ad-categories'), 200, 'ad categories');

  // A seller with a store, a section and a product; a buyer (with no name yet) who ordered it, wrote to
  // the seller and to support, keeps an address and has an ad of their own.
  const sellerStore = await openStore(seller.token, `Доступный магазин ${stamp}`);
  const sellerProduct = await publishProduct(seller.token, sellerStore, `Доступный товар ${stamp}`);
  const section = await expectData<{ id: number }>(call(seller.token, 'POST', '/v1/categories', { business_id: sellerStore, name: 'Витрина', name_en: 'Shop window' }), 201, 'a section');
  await expectData(call(buyer.token, 'POST', '/v1/cart/items', { product_id: sellerProduct, quantity: 1 }), [200, 201], 'into the cart');
  const checkout = await expectData<{ orders: Array<{ id: number }> }>(
    call(buyer.token, 'POST', '/v1/orders/from-cart', { idempotency_key: crypto.randomUUID(), delivery_kind: 'pickup', payment_kind: 'cash' }),
    201,
    'checkout',
  );
  const message = await expectData<{ chat_id: number }>(
    call(buyer.token, 'POST', '/v1/messages', { recipient_id: seller.userId, subject_type: 'product', subject_id: sellerProduct, content: 'Здравствуйте! Есть в наличии?' }),
    201,
    'a message to the seller',
  );
  const supportChat = await expectData<{ id: number }>(call(buyer.token, 'GET', '/v1/support/chat'), 200, 'the support chat');
  await expectData(call(buyer.token, 'POST', '/v1/support/messages', { content: 'Как изменить адрес доставки?' }), [200, 201], 'a message to support');
  const address = await expectData<{ id: number }>(call(buyer.token, 'POST', '/v1/addresses', { city: 'Казань', street: 'Баумана', house: '12' }), 201, 'an address');
  const buyerAd = await expectData<{ id: number }>(
    call(buyer.token, 'POST', '/v1/ads', { category_id: adCategory.id, title: 'Велосипед детский', title_en: 'Kids’ bicycle', price: 500_000, location: 'Казань', status: 'published' }),
    201,
    'an ad',
  );

  // A participant with a finished training attempt (its results), one in progress, and an essay in progress.
  const { login, password } = await verifiedParticipant();
  const signedIn = await call(null, 'POST', '/v1/olympiad/login', { login, password });
  if (signedIn.status !== 200) throw new Error(`olympiad login → ${signedIn.status} ${JSON.stringify(signedIn.body)}`);
  const participant = { token: signedIn.body.token as string, userId: (signedIn.body.user as { id: number }).id };
  sessions.set('participant', participant);
  const tests = await expectData<Array<{ id: number; stage_id: number; format: string }>>(call(null, 'GET', '/v1/olympiad/tests'), 200, 'olympiad tests');
  const training = tests.find((test) => test.format === 'quiz')!;
  const finished = await expectData<{ id: number }>(call(participant.token, 'POST', `/v1/olympiad/tests/${training.id}/start`), 201, 'start training');
  await expectData(call(participant.token, 'POST', `/v1/olympiad/attempts/${finished.id}/finish`), 200, 'finish training');
  const running = await expectData<{ id: number }>(call(participant.token, 'POST', `/v1/olympiad/tests/${training.id}/start`), 201, 'start training again');
  // The demo essay opens with a later stage: staff put one into the running training stage for the sweep.
  const essayTest = await expectData<{ id: number }>(
    call(staff.token, 'POST', '/v1/olympiad/admin/tests', {
      stage_id: training.stage_id,
      format: 'essay',
      title: `Эссе для проверки доступности ${stamp}`,
      title_en: `Accessibility sweep essay ${stamp}`,
      categories: ['Второй этап: эссе'],
      published: true,
    }),
    201,
    'an essay test',
  );
  const essay = await expectData<{ id: number }>(call(participant.token, 'POST', `/v1/olympiad/tests/${essayTest.id}/start`), 201, 'start the essay');
  // A contest of the sweep's own with a published work of the participant and one still on moderation.
  const contest = await openContest(staff.token, `Accessibility sweep contest ${stamp}`);
  const work = await sendWork(participant.token, contest.id, `Доступная работа ${stamp}`, 1);
  await sendWork(participant.token, contest.id, `Работа на проверке ${stamp}`, 2);
  await publishWork(staff.token, work.id);
  // An announcement of the admin's to the sweep's buyer: its page shows a broadcast and its progress.
  const broadcast = await expectData<{ id: number }>(
    call(staff.token, 'POST', '/v1/admin/broadcasts', {
      title_ru: 'Проверка доступности',
      body_ru: 'Объявление для проверки экрана рассылки.',
      title_en: 'Accessibility sweep',
      body_en: 'An announcement for the broadcast screen.',
      audience: { kind: 'user', user_id: buyer.userId },
    }),
    201,
    'an announcement',
  );

  return {
    product: product.id,
    store: productDetail.business.id,
    storeCategory: storeCategory.id,
    ad: ad.id,
    adOwner: adDetail.user.id,
    buyer: buyer.userId,
    buyerAd: buyerAd.id,
    order: checkout.orders[0].id,
    chat: message.chat_id,
    supportChat: supportChat.id,
    address: address.id,
    sellerStore,
    sellerProduct,
    sellerCategory: section.id,
    trainingTest: training.id,
    attempt: running.id,
    essayAttempt: essay.id,
    results: finished.id,
    contest: contest.id,
    work: work.id,
    broadcast: broadcast.id,
  };
}

beforeAll(async () => {
  browser = await launchBrowser();
  ids = await preparePeople();
  plan = sweepVisits(ids);
}, 60_000);
afterAll(() => browser.close());

/** A person's own browser in a language and a size, signed in as the role (a guest has no session). */
async function personBrowser(role: Role, lang: Lang, size: Size): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    locale: lang === 'en' ? 'en-US' : 'ru-RU',
    viewport: SIZES[size],
    isMobile: size === 'phone',
    hasTouch: size === 'phone',
    serviceWorkers: 'block',
  });
  const session = sessions.get(role);
  const cookies: Array<{ name: string; value: string; url: string }> = [{ name: 'lang', value: lang, url: BASE_URL }];
  if (session) cookies.push({ name: 'auth_token', value: encodeURIComponent(session.token), url: BASE_URL }, { name: 'userId', value: String(session.userId), url: BASE_URL });
  await context.addCookies(cookies);
  return { context, page: await context.newPage() };
}

/** The screen has arrived: a heading in the main area and nothing still loading there. */
async function settled(page: Page): Promise<string | null> {
  try {
    await page.waitForFunction(() => {
      const main = document.querySelector('#main');
      // The living style guide (/elements-test) shows loading states on purpose: its samples do not count.
      const loading = '.skeleton:not(.dev-sample *), .page-loading:not(.dev-sample *), [aria-busy="true"]:not(.dev-sample *)';
      return !!main && !main.querySelector(loading) && !!main.querySelector('h1');
    }, undefined, { timeout: 10_000, polling: 100 });
    return null;
  } catch {
    return 'no heading (h1) appeared in the main area within 10 s, or it kept loading';
  }
}

/** In-app navigation, as a followed link: the router hears a history change. */
async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    window.history.pushState({ usr: null, key: `sweep${idx}`, idx }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
}

/** Where the focus is after a route change: on the new heading, or on what the screen focused itself. */
async function focusAfterNavigation(page: Page): Promise<string | null> {
  const onNewContent = () => {
    const active = document.activeElement;
    const main = document.querySelector('#main');
    return !!active && active !== main && !!main?.contains(active);
  };
  try {
    await page.waitForFunction(onNewContent, undefined, { timeout: 2000, polling: 50 });
    return null;
  } catch {
    const active = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80) ?? 'nothing');
    return `the focus stayed on ${active} instead of moving to the new content's heading`;
  }
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The test screen question by question, then with its "end the test?" dialog open (and closed again). */
async function sweepTestScreen(page: Page, report: (state: string, lines: string[]) => void) {
  const dots = await page.locator('.question-nav .question-dot:not(.is-legend)').count();
  for (let number = 2; number <= dots; number++) {
    await page.getByTestId(`question-dot-${number}`).click();
    await page.waitForFunction((n) => document.querySelector(`[data-testid="question-dot-${n}"]`)?.getAttribute('data-mark') === 'current', number);
    const type = await page.getByTestId('question').getAttribute('data-question-type');
    report(`question ${number} (${type})`, await axeViolations(page));
  }
  const end = page.getByTestId('end-test');
  await end.focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('finish-dialog').waitFor();
  const problems = await axeViolations(page);
  // The dialog keeps the focus: Tab goes round its two buttons and never leaves it.
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Tab');
    if (!(await page.evaluate(() => !!document.activeElement?.closest('[data-testid="finish-dialog"]')))) problems.push('focus-trap: Tab left the open dialog');
  }
  await page.keyboard.press('Escape');
  await page.getByTestId('finish-dialog').waitFor({ state: 'detached' });
  if (!(await end.evaluate((button) => button === document.activeElement))) problems.push('focus-trap: closing the dialog did not return the focus to "End the test"');
  report('the "end the test?" dialog', problems);
}

/** The signed-in header's user menu, open. */
async function sweepUserMenu(page: Page, report: (state: string, lines: string[]) => void) {
  const button = page.getByTestId('user-menu');
  if (!(await button.isVisible())) return;
  await button.click();
  await page.locator('#user-menu-list').waitFor();
  report('the user menu open', await axeViolations(page, '#user-menu-list'));
  await page.keyboard.press('Escape');
}

const combos = (['guest', 'buyer', 'seller', 'participant', 'staff'] as Role[]).flatMap((role) => LANGS.map((lang) => [role, lang] as const));

/** One person's walk through their screens in one language and size; the problems found, one a line. */
async function sweep(role: Role, lang: Lang, size: Size): Promise<string[]> {
  const visits = plan.visits.filter((visit) => visit.role === role);
  const failures: string[] = [];
  const report = (where: string) => (state: string, lines: string[]) => failures.push(...lines.map((line) => `${size} ${where}${state ? ` — ${state}` : ''}: ${line}`));
  const { context, page } = await personBrowser(role, lang, size);
  try {
    for (const [index, visit] of visits.entries()) {
      const where = `${visit.screen} ${visit.path}`;
      if (index === 0) await page.goto(visit.path);
      else await navigate(page, visit.path);
      const notReady = await settled(page);
      if (notReady) {
        report(where)('', [notReady]);
        continue;
      }
      if (pathOf(page) !== new URL(visit.path, BASE_URL).pathname) report(where)('', [`sent to ${pathOf(page)} instead (the sweep's ${role} cannot see it)`]);
      if (index > 0) report(where)('', [await focusAfterNavigation(page)].filter((line): line is string => !!line));
      report(where)('', await axeViolations(page));
      if (index === 0 && role !== 'guest') await sweepUserMenu(page, report(where));
      if (visit.screen === 'olympiad-attempt') await sweepTestScreen(page, report(where));
    }
  } finally {
    await context.close();
  }
  return failures;
}

test('every screen with parameters has real ids in the sweep', () => {
  expect(plan.unplanned).toEqual([]);
});

describe.each(combos)('axe sweep as %s in %s', (role, lang) => {
  // The desktop and the phone walk side by side: each waits on the server and the browser much of the time.
  test('no WCAG 2.2 A/AA violation on any screen, on a desktop and on a phone', async () => {
    const failures = (await Promise.all((Object.keys(SIZES) as Size[]).map((size) => sweep(role, lang, size)))).flat();
    if (failures.length) throw new Error(`${failures.length} problem(s) as ${role} in ${lang}:\n${failures.join('\n')}`);
  }, 180_000);
});
