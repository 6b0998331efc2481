import type { Page } from 'playwright-core';
import { BASE_URL, browserPerFile } from './support/browser';
import { call } from './support/catalog-api';
import { signInThroughApiAs, signInThroughUi } from './support/sign-in';

/**
 * One language at a time: in English no Russian of the product's own shows anywhere — tab
 * titles, demo businesses, goods, ads, addresses, people, categories, banners, olympiad texts —
 * while what a person wrote in Russian only is shown as written.
 */
const people = browserPerFile();
let counter = 0;
const freshAddress = () => `e2e-language-${process.pid}-${Date.now()}-${counter++}@example.com`;

/**
 * Lines of visible text (and the tab title) holding Cyrillic letters, leaving out `written`:
 * what the test's people wrote themselves in Russian. The language switch names Russian in
 * Russian on purpose (a person who reads only Russian must find it), so it is left out too.
 */
function russianOnScreen(page: Page, written: string[]): Promise<string[]> {
  return page.evaluate((allowed) => {
    const cyrillic = /[\u0400-\u04FF]/;
    const withoutOwn = (text: string) => allowed.reduce((rest, own) => rest.split(own).join(''), text);
    const found: string[] = [];
    if (cyrillic.test(withoutOwn(document.title))) found.push(`tab title: ${document.title}`);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('[data-testid="language-switch"], script, style, noscript')) continue;
      const text = withoutOwn(node.textContent ?? '');
      if (cyrillic.test(text) && parent.checkVisibility()) found.push(text.trim());
    }
    // Words a person meets without reading the page: image descriptions and control names.
    for (const element of document.body.querySelectorAll('[alt], [aria-label], [placeholder], [title]')) {
      if (element.closest('[data-testid="language-switch"]') || !element.checkVisibility()) continue;
      for (const name of ['alt', 'aria-label', 'placeholder', 'title']) {
        const text = withoutOwn(element.getAttribute(name) ?? '');
        if (cyrillic.test(text)) found.push(`${name}: ${text}`);
      }
    }
    return found;
  }, written);
}

/** Fails with every Russian line the screen shows, so one run names all the leaks of a screen. */
async function expectEnglishOnly(page: Page, screen: string, written: string[] = []) {
  await page.waitForLoadState('networkidle');
  expect({ screen, russian: await russianOnScreen(page, written) }).toEqual({ screen, russian: [] });
}

test('in English every main screen speaks English only, and Russian a person wrote is shown as written', async () => {
  // A private seller writes an ad in Russian only, as many real sellers will.
  const stamp = `${process.pid}${Date.now() % 1_000_000}`;
  const seller = await signInThroughApiAs(freshAddress());
  const adTitle = `Велосипед Кама ${stamp}`;
  const adText = 'Почти новый, катался одно лето.';
  const categories = await call(null, 'GET', '/v1/ad-categories');
  expect(categories.status).toBe(200);
  const categoryId = (categories.body.data as Array<{ id: number }>)[0].id;
  const ad = await call(seller.token, 'POST', '/v1/ads', { category_id: categoryId, title: adTitle, description: adText, price: 700_000, location: 'Тула' });
  expect(ad.status).toBe(201);
  const adId = (ad.body.data as { id: number }).id;

  // Before any script runs, the page itself is in the reader's language: its tab title and `lang`.
  const shell = await (await fetch(`${BASE_URL}/stores`, { headers: { cookie: 'lang=en' } })).text();
  expect(shell).toMatch(/<html lang="en"/);
  expect(shell).toContain('<title>Bazaar</title>');

  const { context, page } = await people.open('en-US');
  await context.addCookies([{ name: 'lang', value: 'en', url: BASE_URL }]);
  await signInThroughUi(page, freshAddress());

  // Home: banners, popular and discounted goods, businesses.
  await page.goto('/');
  await page.getByTestId('business-card').first().waitFor();
  await page.getByTestId('product-card').first().waitFor();
  await expectEnglishOnly(page, 'home');

  // Search results over every kind.
  await page.goto('/search?q=pizza');
  await page.getByTestId('search-results').locator('article').first().waitFor();
  await expectEnglishOnly(page, 'search results');

  // A store with its sections, then one of its goods.
  await page.goto('/home');
  await page.getByTestId('business-card').first().locator('a').first().click();
  await page.waitForURL(/\/stores\/\d+$/);
  await page.getByTestId('product-card').first().waitFor();
  await expectEnglishOnly(page, 'store');
  await page.getByTestId('product-card').first().locator('a').first().click();
  await page.waitForURL(/\/products\/\d+$/);
  await page.getByTestId('product-business').waitFor();
  await expectEnglishOnly(page, 'product');

  // A demo ad, then its author's page.
  await page.goto('/search?type=ad&q=bicycle');
  await page.getByTestId('ad-card').first().locator('a').first().click();
  await page.waitForURL(/\/ads\/\d+$/);
  await page.locator('h1.page-title').waitFor();
  await page.locator('a[href^="/user/"]').first().waitFor();
  await expectEnglishOnly(page, 'demo ad');
  await page.locator('a[href^="/user/"]').first().click();
  await page.waitForURL(/\/user\/\d+$/);
  await page.getByTestId('ad-card').first().waitFor();
  await expectEnglishOnly(page, 'demo ad author');

  // A restaurant's menu and a service business, whose shelves are other words.
  for (const [landing, screen] of [['/page/restaurants', 'restaurant'], ['/page/services', 'service business']]) {
    await page.goto(landing);
    await page.getByTestId('business-card').first().locator('a').first().click();
    await page.waitForURL(/\/stores\/\d+$/);
    await page.getByTestId('product-card').first().waitFor();
    await expectEnglishOnly(page, screen);
  }

  // Categories: the businesses' sections and a landing page.
  await page.goto('/stores');
  await page.getByTestId('business-card').first().waitFor();
  await expectEnglishOnly(page, 'stores by category');
  await page.goto('/page/restaurants');
  await page.getByTestId('business-card').first().waitFor();
  await expectEnglishOnly(page, 'restaurants landing page');

  // The Russian-only ad is shown as its seller wrote it, in an English frame.
  await page.goto(`/ads/${adId}`);
  await page.locator('h1.page-title').filter({ hasText: adTitle }).waitFor();
  await page.getByText(adText, { exact: true }).waitFor();
  await page.getByText('Тула', { exact: true }).first().waitFor();
  await expectEnglishOnly(page, 'a Russian-only ad', [adTitle, adText, 'Тула']);

  // A chat about it, written in Russian: shown as written, the rest of the screen in English.
  const question = 'Здравствуйте! Велосипед ещё продаётся?';
  const { token } = { token: decodeURIComponent((await context.cookies()).find((c) => c.name === 'auth_token')!.value) };
  const sent = await call(token, 'POST', '/v1/messages', { recipient_id: seller.userId, subject_type: 'ad', subject_id: adId, content: question });
  expect(sent.status).toBe(201);
  const chatId = (sent.body.data as { chat_id: number }).chat_id;
  await page.goto(`/chats/${chatId}`);
  await page.getByText(question, { exact: true }).first().waitFor();
  await expectEnglishOnly(page, 'a chat in Russian', [question, adTitle]);
  await page.goto('/chats');
  await page.getByText(question, { exact: true }).first().waitFor();
  await expectEnglishOnly(page, 'chats list', [question, adTitle]);

  // Placing an ad asks for English only as an option: a closed "Add an English version".
  await page.goto('/create/ad');
  const english = page.getByTestId('english-version');
  await english.locator('summary', { hasText: 'Add an English version (optional)' }).waitFor();
  expect(await english.getAttribute('open')).toBeNull();
  expect(await page.getByLabel('Title in English').isVisible()).toBe(false);
  await english.locator('summary').click();
  await page.getByLabel('Title in English').waitFor();
  await expectEnglishOnly(page, 'the ad form');

  // The olympiad's home (staff-edited text, the countdown) and its stages.
  await page.goto('/olympiad');
  await page.locator('.olympiad-content h1.page-title').waitFor();
  await page.locator('a[href="/olympiad/account"]').first().waitFor();
  await expectEnglishOnly(page, 'olympiad home');
  await page.goto('/olympiad/stages');
  await page.locator('h1.page-title').waitFor();
  await expectEnglishOnly(page, 'olympiad stages');
});
