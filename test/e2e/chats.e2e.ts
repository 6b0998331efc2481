import type { Page } from 'playwright-core';
import { BASE_URL, browserPerFile } from './support/browser';
import { signInThroughApi, signInThroughUi } from './support/sign-in';

// A real 1×1 PNG: the server recognises files by their first bytes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const people = browserPerFile();

async function signedIn(address: string): Promise<{ page: Page; userId: number; token: string }> {
  const { context, page } = await people.open();
  await signInThroughUi(page, address);
  const cookies = await context.cookies();
  const userId = Number(cookies.find((cookie) => cookie.name === 'userId')!.value);
  const token = decodeURIComponent(cookies.find((cookie) => /token/i.test(cookie.name))!.value);
  return { page, userId, token };
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
  await seller.page.getByTestId('chat-input').fill('Да, продаётся. <b>Приезжайте</b>');
  await seller.page.getByTestId('chat-send').click();
  expect(await seller.page.getByTestId('chat-input').inputValue()).toBe('');
  const reply = buyer.page.getByTestId('chat-message').filter({ hasText: 'Да, продаётся.' });
  await expectText(reply, '<b>Приезжайте</b>');
  expect(await buyer.page.locator('.chat-message b').count()).toBe(0);
  // Read at once in the open chat: no count appears for the buyer.
  await buyer.page.waitForTimeout(2000);
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

  expect((await reply('Проверяем платёж, минуту')).status).toBe(201);
  await expectText(user.page.getByTestId('chat-view'), 'Проверяем платёж, минуту');
  await user.page.waitForTimeout(2000);
  expect(await unread(user.page).count()).toBe(0);

  await user.page.goto('/home');
  await user.page.getByTestId('chats-link').waitFor();
  expect((await reply('Платёж прошёл')).status).toBe(201);
  await expectText(unread(user.page), '1');
  await user.page.goto('/support');
  await expectText(user.page.getByTestId('chat-view'), 'Платёж прошёл');
  await unread(user.page).waitFor({ state: 'detached' });
});

async function expectText(locator: ReturnType<Page['getByTestId']>, text: string, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < until) {
    last = (await locator.first().textContent().catch(() => '')) ?? '';
    if (last.includes(text)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`expected "${text}", saw "${last}"`);
}
