import type { Browser, BrowserContext, Page, WebSocket } from 'playwright-core';
import { BASE_URL, launchBrowser } from './support/browser';
import { call, openStore, publishProduct } from './support/catalog-api';
import { sessionOf, signInThroughApi, signInThroughUi } from './support/sign-in';
import { waitFor } from './support/wait-for';

let browser: Browser;
let context: BrowserContext;
const openSockets = new Set<WebSocket>();
const socketOwners = new Map<WebSocket, Page>();

/** Counts the realtime sockets of every tab of the context. */
function watchSockets(page: Page) {
  // A closed tab reports no close for its sockets: forget them with the tab.
  page.on('close', () => {
    for (const [socket, owner] of socketOwners) if (owner === page) openSockets.delete(socket);
  });
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/app/')) return;
    openSockets.add(socket);
    socketOwners.set(socket, page);
    socket.on('close', () => openSockets.delete(socket));
  });
}

/**
 * Waits until every one of `tabs` open tabs has taken its place: one holds the realtime leader
 * lock (and with it the socket), the others wait for it. A tab that would open a socket of its
 * own has done so by then.
 */
async function everyTabPlaced(page: Page, tabs: number) {
  const placed = async () => {
    const { held, waiting } = await page.evaluate(async () => {
      const { held = [], pending = [] } = await navigator.locks.query();
      const leader = (lock: LockInfo) => lock.name === 'bazaar-realtime-leader';
      return { held: held.filter(leader).length, waiting: pending.filter(leader).length };
    });
    return held === 1 && waiting === tabs - 1;
  };
  await waitFor(placed, { what: `one of ${tabs} tabs leads and the others wait for the lead` });
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ baseURL: BASE_URL, locale: 'ru-RU', serviceWorkers: 'block' });
});
afterAll(async () => {
  await context.close();
  await browser.close();
});

test('five tabs share one socket, a notification reaches all with one toast, the next tab takes over, sign-out ends all', async () => {
  const first = await context.newPage();
  watchSockets(first);
  const address = `tabs-${process.pid}-${Date.now()}@example.com`;
  await signInThroughUi(first, address);
  // The person follows a store of a seller of this test's own: the seller's next product is a notification.
  const sellerToken = await signInThroughApi(`tabs-seller-${process.pid}-${Date.now()}@example.com`);
  const storeId = await openStore(sellerToken, `Лавка для вкладок ${Date.now()}`);
  expect((await call((await sessionOf(context)).token, 'POST', `/v1/businesses/${storeId}/toggle-subscription`, { subscribed: true })).status).toBe(200);

  const pages = [first];
  for (let i = 0; i < 4; i++) {
    const page = await context.newPage();
    watchSockets(page);
    await page.goto('/home');
    await page.getByTestId('user-menu').waitFor();
    pages.push(page);
  }
  await waitFor(() => openSockets.size === 1, { what: 'the leading tab connects' });
  await everyTabPlaced(first, pages.length);
  expect(openSockets.size).toBe(1);

  await publishProduct(sellerToken, storeId, 'Первая новинка');
  // Each tab's badge as it reads, so a failure says which tab missed the notification (seen once in CI, not yet explained).
  let badges: string[][] = [];
  await waitFor(
    async () => {
      badges = await Promise.all(pages.map((page) => page.getByTestId('unread-notifications').allTextContents()));
      return badges.every((texts) => texts.some((text) => text.includes('1')));
    },
    { timeoutMs: 30_000, what: () => `every tab's unread badge shows 1; tab by tab: ${JSON.stringify(badges)}, sockets open ${openSockets.size}` },
  );
  const toasts = async () => (await Promise.all(pages.map((p) => p.getByTestId('toast').count()))).reduce((a, b) => a + b, 0);
  await waitFor(async () => (await toasts()) === 1, { what: 'one toast in all the tabs' });
  // Every tab has had the notification, through the one socket.
  expect(openSockets.size).toBe(1);

  // Close the tab that owns the socket; another one opens a socket within 3 seconds.
  const leader = socketOwners.get([...openSockets][0])!;
  const closedAt = Date.now();
  await leader.close();
  const rest = pages.filter((p) => p !== leader);
  await waitFor(() => openSockets.size === 1 && socketOwners.get([...openSockets][0]) !== leader, { timeoutMs: 3000, what: 'another tab takes the socket over' });
  expect(Date.now() - closedAt).toBeLessThan(3000);
  await everyTabPlaced(rest[0], rest.length);
  expect(openSockets.size).toBe(1);

  await rest[0].getByTestId('user-menu').click();
  await rest[0].getByTestId('sign-out').click();
  for (const page of rest) await page.getByTestId('sign-in-link').waitFor();
  await waitFor(() => openSockets.size === 0, { what: 'the socket closes with the session' });
});
