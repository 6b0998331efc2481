import type { Page } from 'playwright-core';
import { browserPerFile } from './support/browser';
import { call, type Json } from './support/catalog-api';
import { signInThroughApiAs, signInThroughUi } from './support/sign-in';

const people = browserPerFile();

/** A word nothing else in the catalogue has (letters only, so search reads it as one word). */
const uniqueWord = () => `promo${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

async function placeAd(token: string, title: string): Promise<number> {
  const categories = (await call(null, 'GET', '/v1/ad-categories')).body.data as Array<{ id: number }>;
  const res = await call(token, 'POST', '/v1/ads', { category_id: categories[0].id, title, price: 1_500_000, location: 'Москва', condition: 'used' });
  if (res.status !== 201) throw new Error(`POST /v1/ads → ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body.data as Json).id as number;
}

/** The first card of the search page once the results are in (fresh from the server: the page is reloaded). */
async function firstHit(page: Page, word: string) {
  await page.goto(`/search?q=${word}`);
  const first = page.getByTestId('search-results').locator('li').first();
  await first.waitFor();
  return first;
}

test('a seller buys a plan with the test card, the ad leads a buyer’s search marked Promoted, and drops back when paused', async () => {
  const stamp = Date.now();
  const word = uniqueWord();
  const sellerAddress = `promo-seller-${stamp}@example.com`;

  // Another person's ad named exactly the word: without promotion it leads the search.
  const rival = await signInThroughApiAs(`promo-rival-${stamp}@example.com`);
  const rivalAd = await placeAd(rival.token, word);
  const seller = await signInThroughApiAs(sellerAddress);
  const adId = await placeAd(seller.token, `${word} винтажный фонограф`);

  const buyer = await people.open();
  await signInThroughUi(buyer.page, `promo-buyer-${stamp}@example.com`);
  let first = await firstHit(buyer.page, word);
  await first.locator(`a[href="/ads/${rivalAd}"]`).first().waitFor();

  // The seller buys the 7-day raise from their ad's page, paying with a new card; a double click buys once.
  const sellerBrowser = await people.open();
  await signInThroughUi(sellerBrowser.page, sellerAddress);
  const page = sellerBrowser.page;
  await page.goto(`/ads/${adId}`);
  await page.getByTestId('promote').click();
  await page.waitForURL(/\/profile\/seller\/promotion\/plan\?ad=/);
  await page.getByTestId('plan-raise-7').click();
  await page.locator('#card-number').fill('4242 4242 4242 4242');
  await page.locator('#card-expiry').fill('12/39');
  await page.locator('#card-cvc').fill('123');
  await page.getByTestId('promotion-pay').dblclick();
  await page.waitForURL(/\/profile\/seller\/promotion\/plan\/status\?id=\d+/);
  await page.getByTestId('purchase-outcome').filter({ hasText: 'Оплачено' }).waitFor();
  await page.getByTestId('promotion-status').filter({ hasText: 'активно' }).waitFor();
  const bought = await call(seller.token, 'GET', '/v1/ads/user-subscriptions');
  expect((bought.body.meta as Json).total).toBe(1);

  // The buyer's search (a fresh load) now leads with the seller's ad, marked Promoted.
  first = await firstHit(buyer.page, word);
  await first.locator(`a[href="/ads/${adId}"]`).first().waitFor();
  await expect(first.getByTestId('promoted-mark').textContent()).resolves.toBe('Продвигается');

  // The seller pauses it on their promotions page; the buyer's next load no longer shows it first.
  await page.goto('/profile/seller/promotion');
  const item = page.getByTestId('promotion-item').first();
  await item.getByTestId('promotion-pause').click();
  await page.locator('[data-testid="promotion-item"][data-status="paused"]').waitFor();
  await page.locator('[data-testid="promotion-item"][data-status="paused"]').getByTestId('promotion-resume').waitFor();
  first = await firstHit(buyer.page, word);
  await first.locator(`a[href="/ads/${rivalAd}"]`).first().waitFor();
  expect(await buyer.page.getByTestId('promoted-mark').count()).toBe(0);
});
