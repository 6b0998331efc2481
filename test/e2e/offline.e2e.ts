import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, launchBrowser } from './support/browser';
import { call, openStore, publishProduct } from './support/catalog-api';
import { sessionOf, signInThroughApiAs, signInThroughUi } from './support/sign-in';
import { waitFor } from './support/wait-for';

/**
 * Offline after one visit (issue 14): the service worker keeps public reads of the pages a
 * person opened, serves a friendly screen for the rest, and actions offline are queued or
 * refused, never silently lost. Each context is a person of its own with workers allowed.
 */
let browser: Browser;
const contexts: BrowserContext[] = [];
const stamp = `${process.pid}-${Date.now()}`;
let sellerToken: string;
let sellerId: number;
let storeId: number;
let productId: number;
const productName = `Offline kettle ${stamp}`;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ token: sellerToken, userId: sellerId } = await signInThroughApiAs(`offline-seller-${stamp}@example.com`));
  storeId = await openStore(sellerToken, `Offline store ${stamp}`);
  productId = await publishProduct(sellerToken, storeId, productName);
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser.close();
});

async function person(viewport = { width: 1280, height: 800 }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: BASE_URL, locale: 'en-US', viewport, serviceWorkers: 'allow' });
  contexts.push(context);
  await context.addCookies([{ name: 'lang', value: 'en', url: BASE_URL }]);
  return { context, page: await context.newPage() };
}

/** A buyer of their own, signed in, on the chat they started with the seller by `first`. */
async function buyerInChat(who: string, first: string) {
  const { context, page } = await person();
  await signInThroughUi(page, `${who}-${stamp}@example.com`);
  const buyer = await sessionOf(context);
  const started = await call(buyer.token, 'POST', '/v1/messages', { recipient_id: sellerId, content: first, client_id: crypto.randomUUID() });
  expect(started.status).toBe(201);
  const chatId = (started.body.data as { chat_id: number }).chat_id;
  await page.goto(`/chats/${chatId}`);
  await page.getByTestId('chat-view').getByText(first).waitFor();
  return { context, page, chatId, buyer };
}

/** The worker has the answer to this API path in its offline copy (what "saved" means). */
async function savedByWorker(page: Page, apiPath: string): Promise<void> {
  await waitFor(
    () =>
      page.evaluate(async (path) => {
        const keys = await (await caches.open('api-reads-v1')).keys();
        return keys.some((request) => new URL(request.url).pathname === path);
      }, apiPath),
    { what: `${apiPath} in the offline copy` },
  );
}

async function boxOf(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not on screen`);
  return box;
}

test('a product page opened once reopens offline with its data and a saved-data notice; a page never opened shows the offline screen', async () => {
  const { context, page } = await person();
  await page.goto(`/products/${productId}`);
  await page.getByRole('heading', { name: productName }).waitFor();

  // The install notice comes once the worker is active, in the bottom corner, clear of the header.
  const notice = page.getByTestId('installed-notice');
  await notice.waitFor();
  expect(await notice.textContent()).toContain('Bazaar is installed');
  const header = await boxOf(page, '.app-header');
  const box = await boxOf(page, '[data-testid="installed-notice"]');
  expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
  expect(box.y + box.height).toBeGreaterThan(800 - 40);
  expect(box.y + box.height).toBeLessThanOrEqual(800);
  expect(box.x + box.width).toBeGreaterThan(1280 - 40);
  expect(box.x).toBeGreaterThan(1280 / 2);
  await page.getByTestId('installed-notice-close').click();
  await notice.waitFor({ state: 'detached' });

  // The page that installed the worker is saved too (the worker asks its reads again itself).
  await savedByWorker(page, `/v1/products/${productId}`);

  await context.setOffline(true);
  await page.reload();
  await page.getByRole('heading', { name: productName }).waitFor();
  const saved = page.getByTestId('saved-data-notice');
  await saved.waitFor();
  expect(await saved.textContent()).toMatch(/^You are offline\. Showing data saved .+\.Try again$/);
  await page.getByTestId('product-business').waitFor();

  // The retry while still offline keeps the saved data and the notice.
  await page.getByTestId('saved-data-retry').click();
  await page.getByRole('heading', { name: productName }).waitFor();
  await saved.waitFor();

  // A page never opened on this device: our screen, not the browser's error.
  await page.goto(`/stores/${storeId}`);
  await page.getByTestId('offline-page').waitFor();
  await page.getByRole('heading', { name: 'You are offline' }).waitFor();

  // Back to the saved page, then online: fresh data replaces the notice by itself.
  await page.goto(`/products/${productId}`);
  await saved.waitFor();
  await context.setOffline(false);
  await saved.waitFor({ state: 'detached' });
  await page.getByRole('heading', { name: productName }).waitFor();
});

test('a message written offline survives closing the tab: it goes, once, when the person comes back online', async () => {
  const { context, page, chatId } = await buyerInChat('offline-closer', 'Is delivery free?');

  await context.setOffline(true);
  await page.getByTestId('chat-input').fill('Written on the train');
  await page.getByTestId('chat-send').click();
  await page.getByTestId('chat-message').filter({ hasText: 'Written on the train' }).getByTestId('chat-waiting').waitFor();
  await page.close();

  await context.setOffline(false);
  const again = await context.newPage();
  await again.goto(`/chats/${chatId}`);
  await waitFor(
    async () => {
      const history = await call(sellerToken, 'GET', `/v1/chats/${chatId}/messages`);
      return (history.body.data as Array<{ content: string }>).filter((message) => message.content === 'Written on the train').length === 1;
    },
    { what: 'the kept message stored once' },
  );
  const shown = again.getByTestId('chat-message').filter({ hasText: 'Written on the train' });
  await shown.waitFor();
  await shown.getByTestId('chat-waiting').waitFor({ state: 'detached' });
  expect(await again.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('chat-outbox:')))).toEqual([]);
});

test('on a 390×844 phone the install notice is a bottom sheet below the header', async () => {
  const { page } = await person({ width: 390, height: 844 });
  await page.goto('/home');
  const notice = page.getByTestId('installed-notice');
  await notice.waitFor();
  const header = await boxOf(page, '.app-header');
  const box = await boxOf(page, '[data-testid="installed-notice"]');
  expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
  expect(box.x).toBe(0);
  expect(box.width).toBe(390);
  expect(Math.round(box.y + box.height)).toBe(844);
});

test('offline, a chat message is queued and delivered when back online; a favorite and an add to cart are refused with a message', async () => {
  const { context, page, chatId, buyer } = await buyerInChat('offline-buyer', 'Hello, is the kettle there?');
  await context.setOffline(true);
  await page.getByTestId('chat-input').fill('Sent from a tunnel');
  await page.getByTestId('chat-send').click();
  const queued = page.getByTestId('chat-message').filter({ hasText: 'Sent from a tunnel' });
  await queued.getByTestId('chat-waiting').waitFor();
  expect(await queued.getByTestId('chat-waiting').textContent()).toBe('Will send when online');

  await context.setOffline(false);
  await queued.getByTestId('chat-waiting').waitFor({ state: 'detached' });
  await waitFor(
    async () => {
      const history = await call(sellerToken, 'GET', `/v1/chats/${chatId}/messages`);
      return (history.body.data as Array<{ content: string }>).filter((message) => message.content === 'Sent from a tunnel').length === 1;
    },
    { what: 'the queued message stored once' },
  );

  // Refused, not queued: the heart and the cart stay as the server has them, and the person is told.
  await page.goto(`/products/${productId}`);
  await page.getByRole('heading', { name: productName }).waitFor();
  await context.setOffline(true);
  const heart = page.getByTestId(`favorite-product-${productId}`);
  await heart.click();
  await page.getByText('You are offline: favorites were not changed. Try again when you are back online.').waitFor();
  expect(await heart.getAttribute('aria-pressed')).toBe('false');
  await page.getByTestId('add-to-cart-button').click();
  await page.getByTestId('add-to-cart-offline').waitFor();
  expect(await page.getByTestId('add-to-cart-offline').textContent()).toBe('You are offline: nothing was added to the cart. Try again when you are back online.');
  await context.setOffline(false);
  const cart = await call(buyer.token, 'GET', '/v1/cart');
  expect((cart.body.data as { groups: unknown[] }).groups).toEqual([]);
});
