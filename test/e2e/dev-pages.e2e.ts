import { createHash } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { ROUTES } from '../../shared/routes';
import { BASE_URL, browserPerFile, launchBrowser } from './support/browser';

/** Issue 14, item 8: the spec's remaining screens show what they are for. */
const people = browserPerFile();

test('/test-routing lists every route of the table with its guard, and its links lead there', async () => {
  const { page } = await people.open();
  const response = await page.goto('/test-routing');
  expect(response!.status()).toBe(200);
  const table = page.getByTestId('route-table');
  await table.waitFor();
  expect(await table.locator('tbody tr').count()).toBe(ROUTES.length);
  const product = table.locator('tr[data-route="product"]');
  expect(await product.locator('td').nth(2).innerText()).toBe('все · 404, если нет: товар');
  expect(await table.locator('tr[data-route="chats"] td').nth(2).innerText()).toBe('вошедшие (гостю предлагают войти)');
  expect(await table.locator('tr[data-route="auth"] td').nth(2).innerText()).toBe('только гости (вошедший попадает на /home)');
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
    const context = await browser.newContext({ baseURL: BASE_URL, locale: 'ru-RU' });
    const page = await context.newPage();
    await page.goto('/pwa-test');
    await page.getByTestId('pwa-active').getByText('активен').waitFor();
    // The version is asked of the worker once it is active: it shows a moment later.
    await page.getByTestId('pwa-version').filter({ hasText: /^[0-9a-f]{12}$/ }).waitFor();
    const version = await page.getByTestId('pwa-version').innerText();
    // The version is the worker script's: the same bytes the server serves.
    const script = Buffer.from(await (await fetch(`${BASE_URL}/sw.js`)).arrayBuffer());
    expect(createHash('sha256').update(script).digest('hex').slice(0, 12)).toBe(version);

    await page.getByRole('button', { name: 'Проверить обновление' }).click();
    await page.getByTestId('pwa-outcome').getByText('Новой версии нет: это последняя.').waitFor();
    // The precache is there once the worker is active.
    await page.getByTestId('pwa-caches').getByText(/workbox-precache/).waitFor();
    expect(await page.getByTestId('pwa-install').innerText()).toMatch(/^(браузер предлагает установку|браузер не предлагает установку|установлено)$/);

    await page.getByRole('button', { name: 'Очистить кэши' }).click();
    await page.getByTestId('pwa-outcome').getByText('Кэши очищены.').waitFor();
    await page.getByText('Кэшей пока нет.').waitFor();
    await context.close();
  });
});
