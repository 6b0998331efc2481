import type { Browser, BrowserContext, Page, WebSocket } from 'playwright-core';
import { BASE_URL, launchBrowser } from './support/browser';
import { codeFromMailCatcher } from './support/mail';
import { signInAsParticipant } from './support/olympiad';
import { signInThroughUi } from './support/sign-in';
import { textOf } from './support/text';
import { waitFor } from './support/wait-for';

/**
 * An admin blocks a user who is signed in elsewhere (issue 17 items 2 and 6): the demo admin finds
 * a person of this file's own in /admin/users and blocks them with a reason; the person's open tab
 * shows them signed out without a reload or a click (the server closes their socket, the tab checks
 * its session and gets 401), and signing in again says they are blocked and why.
 *
 * The person is an olympiad participant of this file's own (also a marketplace user): they sign in
 * first with their password, so the later sign-in by a code to their confirmed e-mail is the first
 * code sent to that address and waits for no resend interval. Only the person is changed; the demo
 * admin just signs in and acts (never blocked or changed).
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const stamp = `${process.pid}${Date.now() % 1_000_000}`;
const reason = `Spam in chats ${stamp}`;

async function englishContext(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: BASE_URL, locale: 'en-US', viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  await context.addCookies([{ name: 'lang', value: 'en', url: BASE_URL }]);
  return { context, page: await context.newPage() };
}

/** The tab's realtime socket once its private channel is joined (the fact that it is live). */
function watchSocket(page: Page): { joined: () => boolean; closed: () => boolean } {
  let socket: WebSocket | null = null;
  let joined = false;
  let closed = false;
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/app/')) return;
    socket = ws;
    ws.on('framereceived', (frame) => {
      const text = typeof frame.payload === 'string' ? frame.payload : frame.payload.toString();
      if (text.includes('pusher_internal:subscription_succeeded') && text.includes('private-user.')) joined = true;
    });
    ws.on('close', () => {
      if (ws === socket) closed = true;
    });
  });
  return { joined: () => joined, closed: () => closed };
}

test('an admin blocks a signed-in user: their open tab is signed out at once, and signing in again says why', async () => {
  const person = await englishContext();
  const socket = watchSocket(person.page);
  const { login } = await signInAsParticipant(person.page, '/olympiad/account');
  // verifiedParticipant registers `login@example.com` and confirms it.
  const personAddress = `${login}@example.com`;
  await person.page.goto('/profile');
  await person.page.getByTestId('profile-name').waitFor();
  await waitFor(socket.joined, { timeoutMs: 15_000, what: 'the person’s socket joins their private channel' });

  const admin = await englishContext();
  await signInThroughUi(admin.page, 'admin@example.com');
  await admin.page.goto('/admin/users');
  await admin.page.getByLabel('Name, e-mail, phone or id').fill(personAddress);
  await admin.page.getByTestId('admin-users-search-submit').click();
  const link = admin.page.getByTestId('admin-users-table').getByTestId('admin-user-link');
  await waitFor(async () => (await link.count()) === 1, { timeoutMs: 10_000, what: 'the search finds exactly the person' });
  await link.click();
  await admin.page.getByTestId('admin-user').waitFor();
  expect(await textOf(admin.page.getByTestId('admin-user-sessions'))).toContain('Chrome');

  // An empty reason is refused under the field, tied to it, and nothing is sent.
  await admin.page.getByTestId('admin-user-block-submit').click();
  const field = admin.page.getByLabel('Reason (the person sees it when signing in)');
  await waitFor(async () => (await field.getAttribute('aria-invalid')) === 'true', { timeoutMs: 5_000, what: 'the empty reason is marked' });
  const describedBy = (await field.getAttribute('aria-describedby'))!;
  expect(await textOf(admin.page.locator(`[id="${describedBy}"]`))).toBe('Give the reason.');

  await field.fill(reason);
  await admin.page.getByTestId('admin-user-block-submit').click();
  expect(await textOf(admin.page.getByTestId('admin-user-blocked'))).toContain(reason);

  // The person's tab, untouched: the socket is closed by the server and the header turns to a guest's.
  await waitFor(socket.closed, { timeoutMs: 10_000, what: 'the server closes the person’s socket' });
  await person.page.getByTestId('sign-in-link').waitFor({ timeout: 10_000 });
  expect(await person.page.getByTestId('user-menu').count()).toBe(0);

  // Signing in again is refused with the reason.
  const sentAfter = Date.now() - 1000;
  await person.page.goto('/auth');
  await person.page.getByLabel(/E-mail/).fill(personAddress);
  await person.page.getByTestId('send-code').click();
  await person.page.getByTestId('code-sent').waitFor();
  await person.page.getByLabel(/^(Код|Code)$/).fill(await codeFromMailCatcher(personAddress, sentAfter));
  await person.page.getByTestId('verify-code').click();
  expect(await textOf(person.page.getByRole('alert').filter({ hasText: 'blocked' }))).toBe(`Your account is blocked. Reason: ${reason}`);

  // The admin's audit log has the block with its reason.
  await admin.page.getByTestId('admin-user-audit').click();
  const table = admin.page.getByTestId('admin-audit-table');
  expect(await textOf(table.locator('tbody tr').first())).toContain('User blocked');
  expect(await textOf(table.locator('tbody tr').first())).toContain(reason);

  await person.context.close();
  await admin.context.close();
});
