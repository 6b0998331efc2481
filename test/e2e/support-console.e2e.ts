import type { Locator, Page } from 'playwright-core';
import { BASE_URL, browserPerFile } from './support/browser';
import { signInThroughApiAs, signInThroughUi } from './support/sign-in';
import { textNow, textOf } from './support/text';
import { waitFor } from './support/wait-for';

const people = browserPerFile();

// Two agents and three sign-ins take a while.
jest.setTimeout(180_000);

const AGENT_ONE = { address: 'support@example.com', name: 'Sergey Pomoshchnikov' };
// Seeded for the demo by server/db/seed/support-agents-seed.ts.
const AGENT_TWO = { address: 'support2@example.com', name: 'Olga Otvetova' };

/** A staff member's browser, signed in through the API (the session cookies are what the SPA reads on start). */
async function staffPage(address: string): Promise<Page> {
  const { token, userId } = await signInThroughApiAs(address);
  const { context, page } = await people.open();
  await context.addCookies([
    { name: 'auth_token', value: token, url: BASE_URL, sameSite: 'Strict' },
    { name: 'userId', value: String(userId), url: BASE_URL, sameSite: 'Strict' },
  ]);
  return page;
}

/** Waits for `check`; a locator that is being re-rendered may throw meanwhile, which counts as not yet. */
const eventually = (check: () => Promise<boolean>, what: string) => waitFor(() => check().catch(() => false), { what });

const expectText = (locator: Locator, text: string, what: string) => eventually(async () => (await textNow(locator)).includes(text), `${what} shows "${text}"`);
/** The unread total at the front of the tab title: "(3) Консоль поддержки — …". */
const titleCount = async (page: Page) => Number(/^\((\d+)\)/.exec(await page.title())?.[1] ?? 0);

test('a user writes to support; two agents see it live, one takes it, both see each other, the reply reaches the user, and nothing is lost offline', async () => {
  const stamp = Date.now();
  const customerAddress = `console-customer-${stamp}@example.com`;
  const { page: customer } = await people.open();
  await signInThroughUi(customer, customerAddress);

  // Not staff: the console sends the customer away.
  await customer.goto('/admin/support');
  await customer.waitForURL('**/home');

  const one = await staffPage(AGENT_ONE.address);
  // Agent 2 works in a second tab: the first one owns the browser's only socket and serves the console's channels.
  const twoFirstTab = await staffPage(AGENT_TWO.address);
  const sockets = new Map<Page, number>();
  const countSockets = (page: Page) => page.on('websocket', () => sockets.set(page, (sockets.get(page) ?? 0) + 1));
  countSockets(twoFirstTab);
  await twoFirstTab.goto('/home');
  await twoFirstTab.getByTestId('user-menu').waitFor();
  await eventually(async () => sockets.get(twoFirstTab) === 1, "agent 2's first tab connects");
  const two = await twoFirstTab.context().newPage();
  countSockets(two);
  // Staff reach the console from the user menu.
  await one.goto('/home');
  await one.getByTestId('user-menu').click();
  // The title counts once the console has its counts: each tab's title shows the unread total its counts said.
  const unreadCounted = async (page: Page) => {
    const counts = await page.waitForResponse((response) => response.url().includes('/v1/support/counts'));
    const unread = ((await counts.json()) as { data: { unread: { all: number } } }).data.unread.all;
    await eventually(async () => (await titleCount(page)) === unread, `the title counts ${unread} unread`);
    return unread;
  };
  const counted = [unreadCounted(one), unreadCounted(two)];
  await one.getByTestId('support-console-link').click();
  await one.waitForURL('**/admin/support');
  await two.goto('/admin/support');
  for (const page of [one, two]) await page.getByTestId('queue').waitFor();
  const titleBefore = await Promise.all(counted);

  // The customer writes; both consoles show the new conversation with an unread badge, and the tab titles count it.
  await customer.goto('/support');
  await customer.getByTestId('chat-view').waitFor();
  await customer.getByTestId('chat-input').fill('Здравствуйте! Не могу оплатить заказ картой');
  await customer.getByTestId('chat-send').click();
  await customer.locator('[data-testid="chat-message"][data-state="sent"]').filter({ hasText: 'Не могу оплатить заказ' }).waitFor();
  const items = [one, two].map((page) => page.getByTestId('queue-item').filter({ hasText: customerAddress }));
  for (const [index, item] of items.entries()) {
    await expectText(item, 'Не могу оплатить заказ', `agent ${index + 1}'s queue`);
    await expectText(item.getByTestId('queue-unread'), '1', `agent ${index + 1}'s unread badge`);
    await expectText(item.getByTestId('queue-assignee'), 'Не назначено', `agent ${index + 1}'s assignee`);
  }
  await eventually(async () => (await titleCount(one)) === titleBefore[0] + 1, 'agent 1 title count');
  await eventually(async () => (await titleCount(two)) === titleBefore[1] + 1, 'agent 2 title count');

  // Agent 1 opens it (reading it) and takes it; agent 2 sees the assignment live, and still has it unread.
  await items[0].click();
  await one.getByTestId('console-conversation').waitFor();
  await expectText(one.getByTestId('console-history'), 'Не могу оплатить заказ', 'agent 1 history');
  await one.getByTestId('assign-to-me').click();
  await expectText(items[1].getByTestId('queue-assignee'), AGENT_ONE.name, "agent 2's queue");
  await expectText(items[1].getByTestId('queue-unread'), '1', "agent 2's unread badge");
  await eventually(async () => (await items[0].getByTestId('queue-unread').count()) === 0, "agent 1's badge goes once read");
  await eventually(async () => (await titleCount(one)) === titleBefore[0], 'agent 1 title count falls');

  // Agent 2 opens it too: each sees that the other is viewing it.
  await items[1].click();
  await two.getByTestId('console-conversation').waitFor();
  await expectText(two.getByTestId('viewers'), AGENT_ONE.name, 'agent 2 sees agent 1 viewing');
  await expectText(one.getByTestId('viewers'), AGENT_TWO.name, 'agent 1 sees agent 2 viewing');
  await eventually(async () => (await titleCount(two)) === titleBefore[1], 'agent 2 title count falls once read');

  // Agent 1 types: agent 2 sees it. A ready answer goes in with "/".
  const input = one.getByTestId('chat-input');
  await input.click();
  await input.pressSequentially('/прив', { delay: 40 });
  await expectText(two.getByTestId('typing'), AGENT_ONE.name, 'agent 2 sees agent 1 typing');
  await one.getByTestId('canned-picker').waitFor();
  await input.press('Enter');
  await eventually(async () => (await input.inputValue()).startsWith('Здравствуйте! Меня зовут Sergey'), 'the canned reply in the box');
  await input.press('End');
  await input.pressSequentially(' Проверяю платёж.');
  await one.getByTestId('chat-send').click();
  expect(await input.inputValue()).toBe('');

  // The reply reaches the customer live; agent 2 sees it and the typing note goes.
  await expectText(customer.getByTestId('chat-view'), 'Меня зовут Sergey', "the customer's chat");
  await expectText(two.getByTestId('console-history'), 'Проверяю платёж.', 'agent 2 history');
  await eventually(async () => (await two.getByTestId('typing').count()) === 0, 'typing note gone');

  // A private note: agent 2 sees it live, marked as a note; the customer never does.
  await one.getByTestId('mode-note').click();
  await one.getByTestId('chat-input').fill('Клиент платит картой МИР, проверить шлюз');
  await one.getByTestId('chat-send').click();
  await expectText(two.getByTestId('support-note'), 'проверить шлюз', 'agent 2 sees the note');
  await expectText(one.getByTestId('support-note'), 'проверить шлюз', 'agent 1 sees the note');
  // A reply written after the note reaches the customer; the note, published before it, never did.
  await one.getByTestId('mode-reply').click();
  await one.getByTestId('chat-input').fill('Уточняю у банка.');
  await one.getByTestId('chat-send').click();
  await expectText(customer.getByTestId('chat-view'), 'Уточняю у банка.', "the customer's chat");
  expect(await customer.getByTestId('chat-view').textContent()).not.toContain('проверить шлюз');
  await customer.reload();
  await expectText(customer.getByTestId('chat-view'), 'Уточняю у банка.', "the customer's chat after a reload");
  expect(await customer.getByTestId('chat-view').textContent()).not.toContain('проверить шлюз');
  // All of agent 2's console ran through the first tab's socket.
  expect(sockets.get(two) ?? 0).toBe(0);
  expect(sockets.get(twoFirstTab)).toBe(1);

  // Agent 2 loses the network; what the customer writes meanwhile is there once the console is back.
  await two.context().setOffline(true);
  await customer.getByTestId('chat-input').fill('Пока вас не было: оплата прошла со второй попытки');
  await customer.getByTestId('chat-send').click();
  await customer.locator('[data-testid="chat-message"][data-state="sent"]').filter({ hasText: 'со второй попытки' }).waitFor();
  // Offline, nothing reaches the page (the socket stays open, its frames held back): agent 1's console,
  // online, has the message, sent to every console at once, and agent 2's does not...
  await expectText(one.getByTestId('console-history'), 'со второй попытки', "agent 1's console");
  expect(await textOf(two.getByTestId('console-history'))).not.toContain('со второй попытки');
  // ...and back online it is there: the console fetches the log after its last event, and the socket
  // hands over the frames it held; whichever comes first brings the message, the other changes nothing.
  await two.context().setOffline(false);
  await expectText(two.getByTestId('console-history'), 'со второй попытки', 'agent 2 after the network came back');

  // Agent 1 adds a canned reply on its screen, goes back to the console and answers with it through "/".
  const shortcut = `оплата-${stamp % 100_000}`;
  await one.getByTestId('canned-link').click();
  await one.waitForURL('**/admin/support/canned');
  await one.getByTestId('canned-add').click();
  await one.getByLabel('Сокращение').fill(shortcut);
  await one.getByLabel('Название').fill('Оплата прошла');
  await one.getByLabel('Текст ответа').fill('Вижу оплату, заказ уже собирают. {имя}, служба поддержки.');
  await one.getByTestId('canned-save').click();
  await expectText(one.getByTestId('canned-list'), `/${shortcut}`, 'the canned replies list');
  await one.getByTestId('canned-back').click();
  await one.waitForURL('**/admin/support');
  await items[0].click();
  await one.getByTestId('console-conversation').waitFor();
  const box = one.getByTestId('chat-input');
  await box.click();
  await box.pressSequentially(`/${shortcut}`, { delay: 20 });
  await one.getByTestId('canned-picker').filter({ hasText: 'Оплата прошла' }).waitFor();
  await box.press('Enter');
  await eventually(async () => (await box.inputValue()) === 'Вижу оплату, заказ уже собирают. Sergey, служба поддержки.', 'the new canned reply in the box');
  await one.getByTestId('chat-send').click();
  await expectText(customer.getByTestId('chat-view'), 'заказ уже собирают. Sergey', "the customer's chat");
});
