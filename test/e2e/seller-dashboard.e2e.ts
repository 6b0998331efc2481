import { BASE_URL, browserPerFile } from './support/browser';
import { openStore, publishProduct } from './support/catalog-api';
import { signInThroughApiAs, signInThroughUi } from './support/sign-in';
import { checkOutByCourierWithNewCard } from './support/checkout';

const people = browserPerFile();

test('a seller reaches the workspace from the user menu, and a buyer’s order shows up on it live', async () => {
  const stamp = Date.now();
  const sellerAddress = `dash-seller-${stamp}@example.com`;

  // The seller's store and product, made through the API; the seller then works in a browser of their own.
  const seller = await signInThroughApiAs(sellerAddress);
  const storeId = await openStore(seller.token, `Dashboard shop ${stamp}`);
  const productId = await publishProduct(seller.token, storeId, `Kettle ${stamp}`, 199_000);

  const sellerBrowser = await people.open('en-US');
  await sellerBrowser.context.addCookies([{ name: 'lang', value: 'en', url: BASE_URL }]);
  const page = sellerBrowser.page;
  await signInThroughUi(page, sellerAddress);
  await page.goto('/home');
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-panel').getByTestId('menu-seller-workspace').click();
  await page.waitForURL((url) => url.pathname === '/profile/seller');
  await page.getByRole('heading', { level: 1, name: 'Seller workspace' }).waitFor();
  await page.getByTestId('seller-orders-today').filter({ hasText: /^0$/ }).waitFor();
  await page.getByTestId('seller-orders-none-today').waitFor();
  // Nothing promoted yet: the way to a plan.
  await page.getByTestId('seller-promotions').getByRole('link', { name: 'Choose a plan' }).waitFor();
  // Marks this very document: it must still be here when the order shows up (no reload).
  await page.evaluate(() => Object.assign(window, { dashboardDocument: true }));

  // A buyer, in a browser of their own, buys the product: courier, a new address, the succeeding test card.
  const buyer = await people.open('en-US');
  await signInThroughUi(buyer.page, `dash-buyer-${stamp}@example.com`);
  await buyer.page.goto(`/products/${productId}`);
  await buyer.page.getByTestId('add-to-cart-button').click();
  await buyer.page.getByTestId('add-to-cart-in-cart').waitFor();
  const orderId = await checkOutByCourierWithNewCard(buyer.page);

  // The seller's dashboard counts it by itself, lists it with a link to it, and waits for it to be accepted.
  await page.getByTestId('seller-orders-today').filter({ hasText: /^1$/ }).waitFor({ timeout: 15_000 });
  const link = page.getByTestId('seller-orders-latest').getByRole('link', { name: `Order #${orderId}` });
  await link.waitFor();
  expect(await link.getAttribute('href')).toBe(`/order/business/${orderId}`);
  await page.getByTestId('seller-orders-to-accept').filter({ hasText: 'To accept: 1' }).waitFor();
  expect(await page.evaluate(() => 'dashboardDocument' in window)).toBe(true);

  // The card leads to the order.
  await link.click();
  await page.waitForURL((url) => url.pathname === `/order/business/${orderId}`);
  await page.locator('[data-testid="order-status"].is-placed').waitFor();
});
