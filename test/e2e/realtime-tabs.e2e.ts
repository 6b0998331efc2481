import type { Browser, BrowserContext, Page, WebSocket } from 'playwright-core';
import { BASE_URL, launchBrowser } from './support/browser';
import { signInThroughApi, signInThroughUi } from './support/sign-in';

let browser: Browser;
let context: BrowserContext;
let adminToken: string;
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

async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 8000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('condition not met in time');
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ baseURL: BASE_URL, locale: 'ru-RU', serviceWorkers: 'block' });
  adminToken = await signInThroughApi('admin@example.com');
});
afterAll(async () => {
  await context.close();
  await browser.close();
});

test('five tabs share one socket, a notification reaches all with one toast, the next tab takes over, sign-out ends all', async () => {
  const first = await context.newPage();
  watchSockets(first);
  const address = `tabs-${Date.now()}@example.com`;
  await signInThroughUi(first, address);
  const userId = Number((await context.cookies()).find((c) => c.name === 'userId')!.value);

  const pages = [first];
  for (let i = 0; i < 4; i++) {
    const page = await context.newPage();
    watchSockets(page);
    await page.goto('/home');
    await page.getByTestId('user-menu').waitFor();
    pages.push(page);
  }
  await eventually(() => openSockets.size === 1);
  // Give late tabs a moment: a second socket would show up now.
  await new Promise((r) => setTimeout(r, 1500));
  expect(openSockets.size).toBe(1);

  const sent = await fetch(`${BASE_URL}/v1/admin/notifications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ user_id: userId, title: 'Добро пожаловать', body: 'Первое уведомление' }),
  });
  expect(sent.status).toBe(201);
  for (const page of pages) await page.getByTestId('unread-notifications').filter({ hasText: '1' }).waitFor();
  await eventually(async () => {
    const counts = await Promise.all(pages.map((p) => p.getByTestId('toast').count()));
    return counts.reduce((a, b) => a + b, 0) === 1;
  });

  // Close the tab that owns the socket; another one opens a socket within 3 seconds.
  const leader = socketOwners.get([...openSockets][0])!;
  const closedAt = Date.now();
  await leader.close();
  const rest = pages.filter((p) => p !== leader);
  await eventually(() => openSockets.size === 1 && socketOwners.get([...openSockets][0]) !== leader, 3000);
  expect(Date.now() - closedAt).toBeLessThan(3000);
  await new Promise((r) => setTimeout(r, 1000));
  expect(openSockets.size).toBe(1);

  await rest[0].getByTestId('user-menu').click();
  await rest[0].getByTestId('sign-out').click();
  for (const page of rest) await page.getByTestId('sign-in-link').waitFor();
  await eventually(() => openSockets.size === 0);
});
