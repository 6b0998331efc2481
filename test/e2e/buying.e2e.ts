import type { Page } from 'playwright-core';
import { browserPerFile } from './support/browser';
import { openStore, publishProduct } from './support/catalog-api';
import { signInThroughApiAs, signInThroughUi } from './support/sign-in';
import { checkOutByCourierWithNewCard } from './support/checkout';

const people = browserPerFile();

/** The order's state as the person on this page sees it (the status badge speaks the page's language). */
const statusOf = (page: Page) => page.getByTestId('order-status').getAttribute('class');
const waitForStatus = (page: Page, status: string) => page.locator(`[data-testid="order-status"].is-${status}`).waitFor({ timeout: 15_000 });

test('a buyer buys from a seller: cart badge in every tab, checkout with a new address and card, each move seen live, the rating on the product page', async () => {
  const stamp = Date.now();
  const sellerAddress = `buy-seller-${stamp}@example.com`;
  const buyerAddress = `buy-buyer-${stamp}@example.com`;

  // The seller's store and product, made through the API; the seller then works in a browser of their own.
  const seller = await signInThroughApiAs(sellerAddress);
  const storeId = await openStore(seller.token, `Лавка ${stamp}`);
  const productId = await publishProduct(seller.token, storeId, `Чайник ${stamp}`, 199_000);

  const buyer = await people.open();
  await signInThroughUi(buyer.page, buyerAddress);
  const otherTab = await buyer.context.newPage();
  await otherTab.goto('/');
  await otherTab.getByTestId('user-menu').waitFor();

  // Add to cart in one tab: the badge of the other tab counts it without a reload.
  await buyer.page.goto(`/products/${productId}`);
  await buyer.page.getByTestId('add-to-cart-button').click();
  await buyer.page.getByTestId('add-to-cart-in-cart').waitFor();
  await otherTab.getByTestId('cart-count').filter({ hasText: '1' }).waitFor();

  // Checkout: courier to a new address, paid with a new card (the provider's succeeding test number).
  const orderId = await checkOutByCourierWithNewCard(buyer.page);
  await waitForStatus(buyer.page, 'placed');
  // The cart is empty in every tab now.
  await otherTab.getByTestId('cart-count').waitFor({ state: 'detached' });

  // The seller accepts, ships and delivers; the buyer's page follows each move by itself.
  const sellerBrowser = await people.open();
  await signInThroughUi(sellerBrowser.page, sellerAddress);
  await sellerBrowser.page.goto(`/order/business/${orderId}`);
  await waitForStatus(sellerBrowser.page, 'placed');
  for (const next of ['accepted', 'shipped', 'delivered']) {
    await sellerBrowser.page.getByTestId(`move-${next}`).click();
    await waitForStatus(sellerBrowser.page, next);
    await waitForStatus(buyer.page, next);
  }
  expect(await statusOf(buyer.page)).toContain('is-delivered');

  // The buyer rates it once; the product page shows the rating.
  await buyer.page.getByTestId('order-rating').locator('input[name="stars"][value="5"]').check({ force: true });
  await buyer.page.getByTestId('rate-submit').click();
  await buyer.page.getByTestId('order-rated').waitFor();
  await buyer.page.goto(`/products/${productId}`);
  await expect(buyer.page.getByTestId('product-rating').textContent()).resolves.toContain('★ 5');
  await expect(buyer.page.getByTestId('product-rating').textContent()).resolves.toContain('1 оценка');
});
