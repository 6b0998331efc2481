import { createHash } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { ROUTES } from '../../shared/routes';
import { BASE_URL, browserPerFile, launchBrowser } from './support/browser';

/** Issue 14, item 8: the spec's remaining screens show what they are for. */
const people = browserPerFile();

test('/test-routing lists every route of the table with its guard, and its links lead there', async () => {
  const { page } = await people.open('en-US');
  const response = await page.goto('/test-routing');
  expect(response!.status()).toBe(200);
  const table = page.getByTestId('route-table');
  await table.waitFor();
  expect(await table.locator('tbody tr').count()).toBe(ROUTES.length);
  const product = table.locator('tr[data-route="product"]');
  expect(await product.locator('td').nth(2).innerText()).toMatch(/^anyone · 404 unless this product exists$/);
  expect(await table.locator('tr[data-route="chats"] td').nth(2).innerText()).toBe('signed in (guests are asked to sign in)');
  expect(await table.locator('tr[data-route="auth"] td').nth(2).innerText()).toBe('guests only (a signed-in person goes to /home)');
  await table.locator('tr[data-route="delivery"]').getByRole('link', { name: '/delivery' }).click();
  await page.waitForURL('**/delivery');
});

test('/elements-test shows the shared elements in each state, in Russian and in English side by side', async () => {
  const { page } = await people.open();
  await page.goto('/elements-test');
  const ru = page.getByTestId('elements-ru');
  const en = page.getByTestId('elements-en');
  await ru.getByRole('button', { name: 'Сохранить' }).waitFor();
  await en.getByRole('button', { name: 'Save' }).waitFor();
  // The refused field says why, in each language, and is marked invalid.
  await ru.getByText('Этот образец нарочно отказывает.').first().waitFor();
  await en.getByText('This sample refuses on purpose.').first().waitFor();
  expect(await en.locator('#en-refused-name').getAttribute('aria-invalid')).toBe('true');
  // Each language shows the same set of samples.
  expect(await ru.getByTestId('element-sample').count()).toBe(await en.getByTestId('element-sample').count());
  expect(await en.getByTestId('element-sample').count()).toBeGreaterThanOrEqual(8);
  // Steppers: one more is refused at the maximum, and a press in between counts.
  const steppers = en.getByRole('group', { name: 'Quantity of “Wooden chair”' });
  expect(await steppers.count()).toBe(4);
  expect(await steppers.nth(2).getByRole('button', { name: 'One more' }).isDisabled()).toBe(true);
  await steppers.nth(1).getByRole('button', { name: 'One more' }).click();
  await steppers.nth(1).getByTestId('stepper-value').getByText('4').waitFor();
  // The page itself speaks the visitor's language.
  await page.getByRole('heading', { level: 1, name: 'Элементы' }).waitFor();
});

test('/home/index_backup shows the previous home layout with a way to the current one', async () => {
  const { page } = await people.open();
  expect((await page.goto('/home/index_backup'))!.status()).toBe(200);
  await page.getByRole('heading', { name: 'Покупайте, продавайте и учитесь в одном месте' }).waitFor();
  await page.getByTestId('home-users').getByText(/участник/).waitFor();
  await page.getByTestId('home-backup-note').getByRole('link').click();
  await page.waitForURL('**/home');
});

describe('/pwa-test', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  test('shows the worker, its version and its caches, and checks for an update on request', async () => {
    // Service workers allowed here: the page is about them.
    const context = await browser.newContext({ baseURL: BASE_URL, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/pwa-test');
    await page.getByTestId('pwa-active').getByText('activated').waitFor();
    const version = await page.getByTestId('pwa-version').innerText();
    expect(version).toMatch(/^[0-9a-f]{12}$/);
    // The version is the worker script's: the same bytes the server serves.
    const script = Buffer.from(await (await fetch(`${BASE_URL}/sw.js`)).arrayBuffer());
    expect(createHash('sha256').update(script).digest('hex').slice(0, 12)).toBe(version);

    await page.getByRole('button', { name: 'Check for an update' }).click();
    await page.getByTestId('pwa-outcome').getByText('No new version: this is the latest.').waitFor();
    // The precache is there once the worker is active.
    await page.getByTestId('pwa-caches').getByText(/workbox-precache/).waitFor();
    expect(await page.getByTestId('pwa-install').innerText()).toMatch(/offered by the browser|not offered by the browser|installed/);

    await page.getByRole('button', { name: 'Clear the caches' }).click();
    await page.getByTestId('pwa-outcome').getByText('Caches cleared.').waitFor();
    await page.getByText('No caches yet.').waitFor();
    await context.close();
  });
});
