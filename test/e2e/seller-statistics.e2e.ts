import { axeViolations } from './support/axe';
import { browserPerFile } from './support/browser';
import { call, openStore, publishProduct } from './support/catalog-api';
import { signInThroughApiAs, signInThroughUi } from './support/sign-in';
import { waitFor } from './support/wait-for';

const people = browserPerFile();

test('a buyer looks at a seller’s product; the seller sees the view on the statistics screen, and their own look is not counted', async () => {
  const stamp = Date.now();
  const sellerAddress = `stats-seller-${stamp}@example.com`;
  const seller = await signInThroughApiAs(sellerAddress);
  const storeId = await openStore(seller.token, `Статистика ${stamp}`);
  const productId = await publishProduct(seller.token, storeId, `Самовар ${stamp}`, 450_000);
  const pageViews = async () => {
    const answer = await call(seller.token, 'GET', `/v1/statistics?item_kind=product&item_id=${productId}&period=7`);
    return (answer.body.data as { totals: { page_views: number } }).totals.page_views;
  };

  // The buyer opens the product page: the impression goes out in the next batch (a few seconds, or when the page is hidden).
  const buyer = await people.open();
  await signInThroughUi(buyer.page, `stats-buyer-${stamp}@example.com`);
  const sent = buyer.page.waitForResponse((res) => res.url().endsWith('/v1/statistics/views') && res.status() === 202, { timeout: 15_000 });
  await buyer.page.goto(`/products/${productId}`);
  await buyer.page.getByRole('heading', { name: `Самовар ${stamp}` }).waitFor();
  await sent;
  await waitFor(async () => (await pageViews()) === 1, { what: 'the buyer’s view counted' });

  // The seller opens the same product, then the statistics screen of the store: one page view, the buyer's.
  const sellerBrowser = await people.open();
  await signInThroughUi(sellerBrowser.page, sellerAddress);
  const ownSent = sellerBrowser.page.waitForResponse((res) => res.url().endsWith('/v1/statistics/views') && res.status() === 202, { timeout: 15_000 });
  await sellerBrowser.page.goto(`/products/${productId}`);
  await sellerBrowser.page.getByRole('heading', { name: `Самовар ${stamp}` }).waitFor();
  await ownSent;
  await sellerBrowser.page.goto(`/profile/seller/statistics?business=${storeId}&period=7`);
  const totals = sellerBrowser.page.getByTestId('statistics-totals');
  await totals.waitFor();
  await expect(totals.locator('.stats-tile', { hasText: 'Просмотры страницы' }).locator('dd').textContent()).resolves.toBe('1');
  await expect(sellerBrowser.page.getByTestId('statistics-top').textContent()).resolves.toContain(`Самовар ${stamp}`);
  expect(await pageViews()).toBe(1);
  // The chart's figures are a table too; the screen passes axe (WCAG 2.2 A/AA) with the table open.
  await sellerBrowser.page.getByText('Те же цифры таблицей').click();
  await sellerBrowser.page.getByTestId('statistics-days').waitFor();
  expect(await axeViolations(sellerBrowser.page)).toEqual([]);

  // Another period through the URL's controls: 90 days keeps the same count.
  // A click, not check(): the radio follows the URL, which the router changes a moment after the click.
  await sellerBrowser.page.getByLabel('90 дней').click();
  await sellerBrowser.page.waitForURL(/period=90/);
  await sellerBrowser.page.getByLabel('90 дней', { exact: true }).and(sellerBrowser.page.locator(':checked')).waitFor();
  await sellerBrowser.page.locator('[data-testid="statistics-report"][aria-busy="false"]').waitFor();
  await expect(totals.locator('.stats-tile', { hasText: 'Просмотры страницы' }).locator('dd').textContent()).resolves.toBe('1');
});
