import type { Browser } from 'playwright-core';
import { BASE_URL, launchBrowser, newPage } from './support/browser';
import { codeFromMailCatcher } from './support/mail';
import { signInThroughUi } from './support/sign-in';

let browser: Browser;
let counter = 0;
const freshAddress = () => `e2e-${process.pid}-${Date.now()}-${counter++}@example.com`;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

test('a visitor signs in with the code from the mail catcher and lands on the home page', async () => {
  const { context, page } = await newPage(browser);
  const address = freshAddress();
  await signInThroughUi(page, address);
  await page.waitForURL('**/home');
  const cookies = await context.cookies();
  const token = cookies.find((c) => c.name === 'auth_token');
  expect(token?.sameSite).toBe('Strict');
  expect(cookies.find((c) => c.name === 'userId')?.value).toMatch(/^\d+$/);
  // Seven days, give or take the test's own run time.
  expect(token!.expires * 1000 - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
  await context.close();
});

test('a signed-in user edits the profile, sees it after a reload, and a bad e-mail keeps the form', async () => {
  const { context, page } = await newPage(browser);
  await signInThroughUi(page, freshAddress());
  await page.goto('/settings/profile');
  await page.getByLabel('Имя').fill('Пётр Тестов');
  await page.getByLabel('О себе').fill('Люблю олимпиады');
  await page.getByTestId('save-profile').click();
  await page.getByTestId('profile-saved').waitFor();

  await page.getByLabel('E-mail').fill('not-an-email');
  await page.getByTestId('save-profile').click();
  await page.getByText('Поле должно содержать адрес электронной почты.').waitFor();
  expect(await page.getByLabel('О себе').inputValue()).toBe('Люблю олимпиады');

  await page.goto('/profile');
  await page.reload();
  await expect(page.getByTestId('profile-name').textContent()).resolves.toBe('Пётр Тестов');
  await expect(page.getByTestId('profile-about').textContent()).resolves.toBe('Люблю олимпиады');
  await context.close();
});

test('a new e-mail waits for the code sent to it: a wrong code keeps the form, the right one makes it the account\'s', async () => {
  const { context, page } = await newPage(browser);
  const old = freshAddress();
  await signInThroughUi(page, old);
  await page.goto('/settings/profile');
  await page.getByLabel('Имя').fill('Вера Новая');
  const fresh = freshAddress();
  const sentAfter = Date.now() - 1000;
  await page.getByLabel('E-mail').fill(fresh);
  await page.getByTestId('save-profile').click();
  const panel = page.getByTestId('pending-email');
  await panel.getByText(`Ожидает подтверждения: ${fresh}`).waitFor();

  // Until confirmed, the account keeps its address.
  await page.goto('/profile');
  await page.goto('/settings/profile');
  await panel.waitFor();
  expect(await page.getByLabel('E-mail').inputValue()).toBe(fresh);

  const code = await codeFromMailCatcher(fresh, sentAfter);
  await panel.getByLabel('Код').fill(code === '000000' ? '111111' : '000000');
  await page.getByTestId('confirm-email').click();
  await panel.getByText(/^Неверный код/).waitFor();
  await panel.getByLabel('Код').fill(code);
  await page.getByTestId('confirm-email').click();
  await panel.waitFor({ state: 'detached' });
  expect(await page.getByLabel('E-mail').inputValue()).toBe(fresh);
  await context.close();
});

test('sign-out revokes the session and a signed-in visitor is sent from /auth to /home', async () => {
  const { context, page } = await newPage(browser);
  await signInThroughUi(page, freshAddress());
  const token = (await context.cookies()).find((c) => c.name === 'auth_token')!.value;

  await page.goto('/auth');
  await page.waitForURL('**/home');

  await page.getByTestId('user-menu').click();
  await page.getByTestId('sign-out').click();
  await page.getByTestId('sign-in-link').waitFor();
  expect((await context.cookies()).find((c) => c.name === 'auth_token')).toBeUndefined();
  const after = await fetch(`${BASE_URL}/v1/profile`, { headers: { authorization: `Bearer ${token}` } });
  expect(after.status).toBe(401);
  await context.close();
});

test('a 401 from the API logs the user out and goes to /home', async () => {
  const { context, page } = await newPage(browser);
  await signInThroughUi(page, freshAddress());
  const token = (await context.cookies()).find((c) => c.name === 'auth_token')!.value;
  // The session ends elsewhere (another device, an admin): the server now answers 401.
  await fetch(`${BASE_URL}/v1/sign-out`, { headers: { authorization: `Bearer ${token}` } });

  await page.goto('/profile');
  await page.waitForURL('**/home');
  await page.getByTestId('sign-in-link').waitFor();
  expect((await context.cookies()).find((c) => c.name === 'auth_token')).toBeUndefined();
  await context.close();
});

test('an unknown address shows Page Not Found with status 404', async () => {
  const { context, page } = await newPage(browser);
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await page.getByTestId('not-found').waitFor();
  await context.close();
});

test('switching the language changes the page and survives a reload', async () => {
  const { context, page } = await newPage(browser);
  await page.goto('/home');
  await page.getByRole('heading', { name: 'Покупайте, продавайте и учитесь в одном месте' }).waitFor();
  await page.getByTestId('language-switch').selectOption('en');
  await page.getByRole('heading', { name: 'Buy, sell and learn in one place' }).waitFor();
  expect(await page.getAttribute('html', 'lang')).toBe('en');
  await page.reload();
  await page.getByRole('heading', { name: 'Buy, sell and learn in one place' }).waitFor();
  expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('en');
  // The server answers in the chosen language too.
  const apiMessage = await page.evaluate(async () => (await (await fetch('/v1/profile')).json()).message);
  expect(apiMessage).toBe('Unauthenticated.');
  const notFound = await page.evaluate(async () => (await (await fetch('/v1/nothing')).json()).message);
  expect(notFound).toBe('The requested address GET /v1/nothing does not exist.');
  await context.close();
});
