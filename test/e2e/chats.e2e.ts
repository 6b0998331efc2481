import type { Page } from 'playwright-core';
import { BASE_URL, browserPerFile } from './support/browser';
import { sessionOf, signInThroughApi, signInThroughUi } from './support/sign-in';
import { waitFor } from './support/wait-for';

// A real 1×1 PNG: the server recognises files by their first bytes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const people = browserPerFile();

/** A person signed in through the /auth screen, with every realtime frame their browser receives. */
async function signedIn(address: string): Promise<{ page: Page; userId: number; token: string; frames: string[] }> {
  const { context, page } = await people.open();
  const frames = recordFrames(page);
  await signInThroughUi(page, address);
  return { page, frames, ...(await sessionOf(context)) };
}

/** The text of every frame the page's realtime sockets receive from now on. */
function recordFrames(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (socket) => {
    if (socket.url().includes('/app/')) socket.on('framereceived', ({ payload }) => frames.push(String(payload)));
  });
  return frames;
}

/**
 * Waits for the MessagesRead of a chat among the frames received after frame number `from`: the
 * chat on screen read what arrived, and the server told the person's tabs. Every count the
 * message could have changed has changed by then.
 */
async function readReceipt(frames: string[], from: number, chatId: number): Promise<void> {
  const isReceipt = (text: string) => {
    const frame = JSON.parse(text) as { event: string; data?: string };
    return frame.event === 'MessagesRead' && (JSON.parse(frame.data ?? '{}') as { chat_id?: number }).chat_id === chatId;
  };
  await waitFor(() => frames.slice(from).some(isReceipt), { what: `MessagesRead for chat ${chatId}` });
}

/** From now on, notes in the page whether the unread-messages badge shows at any moment; returns how to ask. */
async function watchUnreadBadge(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => {
    const noted = window as unknown as { unreadBadgeShown?: boolean };
    const shows = () => document.querySelector('[data-testid="unread-messages"]') !== null;
    noted.unreadBadgeShown = shows();
    new MutationObserver(() => {
      noted.unreadBadgeShown ||= shows();
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { unreadBadgeShown?: boolean }).unreadBadgeShown === true);
}

const unread = (page: Page) => page.getByTestId('unread-messages');

test('a buyer and a seller exchange text and a file live; unread counts rise and fall in the header', async () => {
  const stamp = Date.now();
  const buyer = await signedIn(`chat-buyer-${stamp}@example.com`);
  const seller = await signedIn(`chat-seller-${stamp}@example.com`);

  // The first message starts the chat (what the "write" button on a product page sends).
  const started = await fetch(`${BASE_URL}/v1/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.token}`, accept: 'application/json' },
    body: JSON.stringify({ recipient_id: seller.userId, content: 'Здравствуйте! Велосипед ещё продаётся?', client_id: crypto.randomUUID() }),
  });
  expect(started.status).toBe(201);
  const chatId = ((await started.json()) as { data: { chat_id: number } }).data.chat_id;

  // The seller, on another page, sees the count rise live in the header.
  await seller.page.goto('/home');
  await seller.page.getByTestId('user-menu').waitFor();
  await seller.page.getByTestId('chats-link').waitFor();
  await expectText(unread(seller.page), '1');

  await seller.page.getByTestId('chats-link').click();
  await seller.page.waitForURL('**/chats');
  const row = seller.page.getByTestId('chat-row').first();
  await expectText(row, 'Велосипед ещё продаётся?');
  await expectText(row.getByTestId('chat-row-unread'), '1');
  await row.click();
  await seller.page.waitForURL(`**/chats/${chatId}`);
  await expectText(seller.page.getByTestId('chat-view'), 'Велосипед ещё продаётся?');
  // Opening the chat reads it: the header count falls.
  await unread(seller.page).waitFor({ state: 'detached' });

  // The buyer keeps the chat open; the seller answers with text that looks like HTML.
  await buyer.page.goto(`/chats/${chatId}`);
  await buyer.page.getByTestId('chat-view').waitFor();
  const buyerBadgeShown = await watchUnreadBadge(buyer.page);
  const buyerFramesBefore = buyer.frames.length;
  await seller.page.getByTestId('chat-input').fill('Да, продаётся. <b>Приезжайте</b>');
  await seller.page.getByTestId('chat-send').click();
  expect(await seller.page.getByTestId('chat-input').inputValue()).toBe('');
  const reply = buyer.page.getByTestId('chat-message').filter({ hasText: 'Да, продаётся.' });
  await expectText(reply, '<b>Приезжайте</b>');
  expect(await buyer.page.locator('.chat-message b').count()).toBe(0);
  // Read at once in the open chat: no count appears for the buyer, at any moment.
  await readReceipt(buyer.frames, buyerFramesBefore, chatId);
  expect(await buyerBadgeShown()).toBe(false);
  expect(await unread(buyer.page).count()).toBe(0);

  // A file that is not an image, named .png, is refused before upload and the draft stays.
  await seller.page.getByTestId('chat-input').fill('Вот фото');
  await seller.page.getByTestId('chat-file-input').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') });
  await seller.page.getByTestId('chat-send').click();
  await seller.page.getByTestId('chat-error').waitFor();
  expect(await seller.page.getByTestId('chat-input').inputValue()).toBe('Вот фото');

  // A real picture goes through and the buyer sees it live.
  await seller.page.getByRole('button', { name: /photo\.png/ }).click();
  await seller.page.getByTestId('chat-file-input').setInputFiles({ name: 'bike.png', mimeType: 'image/png', buffer: PNG });
  await seller.page.getByTestId('chat-send').click();
  await buyer.page.getByTestId('chat-message').filter({ hasText: 'Вот фото' }).locator('img[alt="bike.png"]').waitFor();

  // The buyer answers; the seller, back on the list, sees the count rise, then fall when opening the chat.
  await seller.page.goto('/chats');
  await seller.page.getByTestId('chat-row').first().waitFor();
  await buyer.page.getByTestId('chat-input').fill('Отлично, буду вечером');
  await buyer.page.getByTestId('chat-send').click();
  await buyer.page.locator('[data-testid="chat-message"][data-state="sent"]').filter({ hasText: 'Отлично, буду вечером' }).waitFor();
  await expectText(unread(seller.page), '1');
  await expectText(seller.page.getByTestId('chat-row').first(), 'Отлично, буду вечером');
  await seller.page.getByTestId('chat-row').first().click();
  await expectText(seller.page.getByTestId('chat-view'), 'Отлично, буду вечером');
  await unread(seller.page).waitFor({ state: 'detached' });
});

test('a user writes to support and the agent reply arrives live; the count rises off the page and falls on return', async () => {
  const user = await signedIn(`chat-support-${Date.now()}@example.com`);
  const agentToken = await signInThroughApi('support@example.com');
  await user.page.goto('/support');
  await user.page.getByTestId('chat-view').waitFor();
  await user.page.getByTestId('chat-input').fill('Не проходит оплата заказа');
  await user.page.getByTestId('chat-send').click();
  await user.page.locator('[data-testid="chat-message"][data-state="sent"]').filter({ hasText: 'Не проходит оплата заказа' }).waitFor();

  const mine = await fetch(`${BASE_URL}/v1/support/chat`, { headers: { authorization: `Bearer ${user.token}`, accept: 'application/json' } });
  const conversationId = ((await mine.json()) as { data: { id: number } }).data.id;
  const reply = (content: string) =>
    fetch(`${BASE_URL}/v1/support/conversations/${conversationId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${agentToken}`, accept: 'application/json' },
      body: JSON.stringify({ content, client_id: crypto.randomUUID() }),
    });

  // Read at once on the open support page: no count appears, at any moment.
  const badgeShown = await watchUnreadBadge(user.page);
  const framesBefore = user.frames.length;
  expect((await reply('Проверяем платёж, минуту')).status).toBe(201);
  await expectText(user.page.getByTestId('chat-view'), 'Проверяем платёж, минуту');
  await readReceipt(user.frames, framesBefore, conversationId);
  expect(await badgeShown()).toBe(false);
  expect(await unread(user.page).count()).toBe(0);

  await user.page.goto('/home');
  await user.page.getByTestId('chats-link').waitFor();
  expect((await reply('Платёж прошёл')).status).toBe(201);
  await expectText(unread(user.page), '1');
  await user.page.goto('/support');
  await expectText(user.page.getByTestId('chat-view'), 'Платёж прошёл');
  await unread(user.page).waitFor({ state: 'detached' });
});

async function expectText(locator: ReturnType<Page['getByTestId']>, text: string) {
  let last = '';
  const shows = async () => (last = (await locator.first().textContent().catch(() => '')) ?? '').includes(text);
  await waitFor(shows, { what: () => `"${text}", saw "${last}"` });
}
