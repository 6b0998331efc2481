import type { Page } from 'playwright-core';

/**
 * From the cart as a buyer would: checkout, courier to a new address, paid with a new card (the
 * provider's succeeding test number); resolves with the new order's id once its page is open.
 */
export async function checkOutByCourierWithNewCard(page: Page): Promise<number> {
  await page.goto('/cart');
  await page.getByTestId('to-checkout').click();
  await page.locator('input[name="delivery"][value="courier"]').check();
  await page.getByTestId('add-address').click();
  await page.locator('#address-city').fill('Москва');
  await page.locator('#address-street').fill('Тверская');
  await page.locator('#address-house').fill('7');
  await page.getByTestId('save-address').click();
  await page.locator('input[name="address"]:checked').waitFor();
  await page.locator('input[name="payment"][value="new_card"]').check();
  await page.locator('#card-number').fill('4242 4242 4242 4242');
  await page.locator('#card-expiry').fill('12/39');
  await page.locator('#card-cvc').fill('123');
  await page.getByTestId('place-order').click();
  await page.waitForURL(/\/order\/\d+$/);
  return Number(new URL(page.url()).pathname.split('/').pop());
}
