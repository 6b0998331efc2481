import type { Page } from 'playwright-core';
import { browserPerFile } from './support/browser';
import { call, openStore, publishProduct, type Json } from './support/catalog-api';
import { signInThroughApiAs, signInThroughUi } from './support/sign-in';

/**
 * Issue 14, item 6: a direct load of a product, ad, business, user or chat that is not there answers
 * HTTP 404 with the 404 page and a way back; one that is there answers 200 with its screen.
 */
const people = browserPerFile();
const stamp = Date.now();
const MISSING = 2_000_000_000;
const MALFORMED = ['abc', '012', '1.5', '99999999999'];

let seller: { token: string; userId: number };
const ids = { business: 0, product: 0, ad: 0, chat: 0 };

beforeAll(async () => {
  seller = await signInThroughApiAs(`notfound-seller-${stamp}@example.com`);
  ids.business = await openStore(seller.token, `Лавка 404 ${stamp}`);
  ids.product = await publishProduct(seller.token, ids.business, `Товар 404 ${stamp}`);
  const categories = (await call(null, 'GET', '/v1/ad-categories')).body.data as Array<{ id: number }>;
  const ad = await call(seller.token, 'POST', '/v1/ads', { category_id: categories[0].id, title: `Объявление 404 ${stamp}`, price: 100_000, location: 'Москва', condition: 'used' });
  expect(ad.status).toBe(201);
  ids.ad = (ad.body.data as Json).id as number;
});

/** Loads a path directly (as a typed address or a link from outside) and returns the status the server answered. */
async function load(page: Page, path: string): Promise<number> {
  const response = await page.goto(path);
  return response!.status();
}

/** The 404 page, with its way back to the home page that works. */
async function expectNotFoundPage(page: Page): Promise<void> {
  const notFound = page.getByTestId('not-found');
  await notFound.getByRole('heading', { name: 'Страница не найдена' }).waitFor();
  expect(await page.title()).toContain('Страница не найдена');
  await notFound.getByRole('link', { name: 'На главную' }).click();
  await page.waitForURL('**/home');
}

test.each([
  ['product', '/products'],
  ['ad', '/ads'],
  ['business', '/stores'],
  ['user', '/user'],
] as const)('a %s that does not exist, or a malformed id, is a 404 with the 404 page; one that exists is 200', async (kind, base) => {
  const { page } = await people.open();
  const existing = { product: ids.product, ad: ids.ad, business: ids.business, user: seller.userId }[kind];
  expect(await load(page, `${base}/${existing}`)).toBe(200);
  // The screen itself is there (a new account's name, and so its heading, may be empty).
  await page.locator('h1.page-title').waitFor({ state: 'attached' });
  expect(await page.getByTestId('not-found').count()).toBe(0);

  for (const id of [String(MISSING), ...MALFORMED]) {
    expect(await load(page, `${base}/${id}`)).toBe(404);
    await expectNotFoundPage(page);
  }
});

test('a chat (and an order) is there only for its parties: a stranger gets the same 404 as for one that does not exist', async () => {
  const buyer = await people.open();
  await signInThroughUi(buyer.page, `notfound-buyer-${stamp}@example.com`);
  const stranger = await people.open();
  await signInThroughUi(stranger.page, `notfound-stranger-${stamp}@example.com`);

  // The buyer writes to the seller from the product page: the chat now exists, for the two of them.
  const buyerToken = decodeURIComponent((await buyer.context.cookies()).find((cookie) => cookie.name === 'auth_token')!.value);
  const sent = await call(buyerToken, 'POST', '/v1/messages', { recipient_id: seller.userId, content: 'Здравствуйте! Товар ещё есть?' });
  expect(sent.status).toBe(201);
  ids.chat = (sent.body.data as Json).chat_id as number;

  expect(await load(buyer.page, `/chats/${ids.chat}`)).toBe(200);
  await buyer.page.getByTestId('chat-view').waitFor();
  expect(await buyer.page.getByTestId('not-found').count()).toBe(0);

  // Orders are private the same way.
  for (const path of [`/chats/${ids.chat}`, `/chats/${MISSING}`, '/chats/abc', `/order/${MISSING}`, `/order/business/${MISSING}`]) {
    expect(await load(stranger.page, path)).toBe(404);
    await expectNotFoundPage(stranger.page);
  }
});

test('inside the app, following a link to a missing thing shows the same 404 page', async () => {
  const { page } = await people.open();
  await load(page, '/home');
  await page.evaluate((path) => {
    window.history.pushState({}, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, `/products/${MISSING}`);
  await expectNotFoundPage(page);
});
