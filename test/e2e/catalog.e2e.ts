import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { launchBrowser, newPage } from './support/browser';
import { openStore } from './support/catalog-api';
import { sessionOf, signInThroughUi } from './support/sign-in';

let browser: Browser;
let counter = 0;
const freshAddress = () => `e2e-catalog-${process.pid}-${Date.now()}-${counter++}@example.com`;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const heading = (page: Page, text: string) => page.locator('h1.page-title').filter({ hasText: text }).waitFor();

test('a buyer browses home → store → product, searches with a typo and a filter, keeps a favorite and follows the store', async () => {
  const { context, page } = await newPage(browser);
  await signInThroughUi(page, freshAddress());

  await page.goto('/home');
  const store = page.getByTestId('business-card').first();
  await store.waitFor();
  const storeName = (await store.locator('h3').textContent())!.trim();
  await store.locator('a').first().click();
  await page.waitForURL(/\/stores\/\d+$/);
  await heading(page, storeName);
  const storeUrl = page.url();

  const product = page.getByTestId('product-card').first();
  await product.waitFor();
  const productName = (await product.locator('h3').textContent())!.trim();
  await product.locator('a').first().click();
  await page.waitForURL(/\/products\/\d+$/);
  await heading(page, productName);
  const productUrl = page.url();

  // Favorite: flips at once, survives a reload, and is listed on /favorites.
  const heart = page.locator('[data-testid^="favorite-product-"]').first();
  await expect(heart.getAttribute('aria-pressed')).resolves.toBe('false');
  // The heart flips before the server answers: the reload waits for the answer.
  const saved = page.waitForResponse((response) => /\/v1\/products\/\d+\/toggle-favorite$/.test(response.url()));
  await heart.click();
  await expect(heart.getAttribute('aria-pressed')).resolves.toBe('true');
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await page.locator('[data-testid^="favorite-product-"][aria-pressed="true"]').first().waitFor();
  await page.goto('/favorites');
  await page.getByTestId('favorites').getByText(productName, { exact: true }).waitFor();

  // Follow the store: the button flips and /subscriptions lists it.
  await page.goto(storeUrl);
  const follow = page.getByTestId('subscribe');
  await expect(follow.getAttribute('aria-pressed')).resolves.toBe('false');
  await follow.click();
  // Following waits for the server's answer (unlike the heart), so wait for the flip rather than read it at the click.
  await page.locator('[data-testid="subscribe"][aria-pressed="true"]').waitFor();
  await page.goto('/subscriptions');
  await page.getByTestId('subscription').getByRole('link', { name: storeName }).waitFor();

  // Search with a typo from the header box, then narrow to products; both live in the URL.
  await page.goto(productUrl);
  const searchBox = page.getByRole('combobox', { name: 'Поиск' });
  await searchBox.fill('чайнек');
  // Suggestions appear under the box as one types.
  await page.getByRole('listbox').getByRole('option').first().waitFor();
  await searchBox.press('Enter');
  await page.waitForURL(/\/search\?q=/);
  await page.getByTestId('search-results').getByText('Чайник электрический', { exact: true }).first().waitFor();
  // The choice is a navigation (a URL parameter), so the box shows ticked once the new URL renders, not at the click.
  await page.getByRole('checkbox', { name: /Товары/ }).click();
  await page.waitForURL(/type=product/);
  await page.getByRole('checkbox', { name: /Товары/, checked: true }).waitFor();
  await page.getByTestId('search-results').getByText('Чайник электрический', { exact: true }).first().waitFor();
  expect(await page.getByTestId('search-results').locator('[data-testid="business-card"], [data-testid="ad-card"]').count()).toBe(0);
  await page.reload();
  await page.getByTestId('search-results').getByText('Чайник электрический', { exact: true }).first().waitFor();
  expect(await page.getByRole('checkbox', { name: /Товары/ }).isChecked()).toBe(true);
  await context.close();
});

test('a seller creates a product with a picture and finds it through search', async () => {
  const { context, page } = await newPage(browser);
  await signInThroughUi(page, freshAddress());
  // A store of the seller's own to put the product in.
  await openStore((await sessionOf(context)).token, `Лавка самоваров ${process.pid}${Date.now() % 10000}`);
  const name = `Самовар тульский ${process.pid}${Date.now() % 10000}`;
  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 120, b: 40 } } }).png().toBuffer();

  await page.goto('/create/product');
  const business = page.getByLabel('Бизнес');
  await business.waitFor();
  const firstBusiness = await business.locator('option:not([value=""])').first().getAttribute('value');
  await business.selectOption(firstBusiness!);
  // The shared rules speak before the server is asked.
  await page.getByTestId('save').click();
  await page.getByText('Поле обязательно.').first().waitFor();

  await page.getByLabel('Название', { exact: true }).fill(name);
  await page.getByLabel('Цена', { exact: true }).fill('1500');
  await page.getByLabel(/Фотографии/).setInputFiles({ name: 'samovar.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('img', { name: 'Фото 1' }).waitFor();
  await page.getByTestId('save').click();
  await page.waitForURL(/\/products\/\d+$/);
  await heading(page, name);
  await page.waitForFunction(() => {
    const img = document.querySelector('.cat-image-box img') as HTMLImageElement | null;
    return img !== null && img.complete && img.naturalWidth > 0;
  });

  await page.goto(`/search?q=${encodeURIComponent(name)}`);
  await page.getByTestId('search-results').getByText(name, { exact: true }).waitFor();
  await context.close();
});
