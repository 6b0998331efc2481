import { eq } from 'drizzle-orm';
import { promotionPayments } from '../../../server/db/schema';
import { TEST_CARDS } from '../../../shared/api/order-values';
import { SETUP_TIMEOUT } from '../helpers/test-app';
import { age, archive, call, card, columnsOf, newKey, placeAd, placeProduct, planOf, promote, promotionWorld, purchase, statusOf, togglePause, type PromotionWorld } from './promotion-kit';

let w: PromotionWorld;
beforeAll(async () => {
  w = await promotionWorld();
}, SETUP_TIMEOUT);
afterAll(() => w.ctx.close());

const DAY = 24 * 3600_000;

test('three reference plans are on sale in every database, in the reader’s language', async () => {
  expect(w.plans.map((p) => p.slug)).toEqual(['raise-7', 'highlight-14', 'premium-30']);
  expect(w.plans[2]).toMatchObject({ name: 'Premium for 30 days', perks: ['raise', 'highlight', 'home_carousel'], duration_days: 30, price: 149900 });
  const ru = await call(w, 'GET', '/v1/ads/plans', undefined, undefined, 'ru');
  expect(ru.body.data[0].name).toBe('Поднятие на 7 дней');
});

test('buying a plan charges once, starts the subscription and promotes the ad; the same key again answers the first', async () => {
  const adId = await placeAd(w, w.seller);
  const key = newKey();
  const body = { plan_id: planOf(w, 'highlight-14'), target: { kind: 'ad', id: adId }, idempotency_key: key, payment: { card: card() } };
  const [first, twin] = await Promise.all([call(w, 'POST', '/v1/ads/purchase-plan', w.seller, body), call(w, 'POST', '/v1/ads/purchase-plan', w.seller, body)]);
  expect([first.status, twin.status].sort()).toEqual([200, 201]);
  expect(first.body.data.id).toBe(twin.body.data.id);
  const s = first.body.data;
  expect(s).toMatchObject({ status: 'active', plan: { name: 'Highlight for 14 days' }, target: { kind: 'ad', id: adId, title: 'Ноутбук Lenovo', link: `/ads/${adId}` }, perks: ['raise', 'highlight'], remaining_days: 14, moves: ['paused', 'archived'] });
  expect(new Date(s.ends_at).getTime() - new Date(s.started_at).getTime()).toBe(14 * DAY);
  const again = await call(w, 'POST', '/v1/ads/purchase-plan', w.seller, body);
  expect(again.status).toBe(200);
  expect(again.body.data.id).toBe(s.id);
  const charges = await w.ctx.database.db.select().from(promotionPayments).where(eq(promotionPayments.subscriptionId, s.id));
  expect(charges).toHaveLength(1);
  expect(charges[0]).toMatchObject({ status: 'succeeded', amount: 49900 });
  const ad = (await call(w, 'GET', `/v1/ads/${adId}`)).body.data;
  expect(ad).toMatchObject({ promoted: true, highlighted: true });
  expect((await columnsOf(w, { kind: 'ad', id: adId })).until?.toISOString()).toBe(s.ends_at);
});

test('a declined card buys nothing; the same request key with another card then pays', async () => {
  const productId = await placeProduct(w, { name: 'Чайник' });
  const key = newKey();
  const declined = await purchase(w, w.seller, { kind: 'product', id: productId }, { idempotency_key: key, payment: { card: card(TEST_CARDS.declined) } });
  expect(declined.status).toBe(422);
  expect(declined.body.errors['payment.card.number']).toEqual(['The bank declined the payment. Nothing was charged; try another card.']);
  const pending = (await call(w, 'GET', '/v1/ads/user-subscriptions?status=pending_payment', w.seller)).body.data;
  expect(pending.find((s: { target: { id: number } }) => s.target.id === productId)).toMatchObject({ status: 'pending_payment', payment_status: 'failed', moves: [] });
  expect((await columnsOf(w, { kind: 'product', id: productId })).until).toBeNull();
  const paid = await purchase(w, w.seller, { kind: 'product', id: productId }, { idempotency_key: key, payment: { card: card() } });
  expect(paid.status).toBe(201);
  expect(paid.body.data).toMatchObject({ status: 'active', payment_status: 'succeeded' });
  const product = (await call(w, 'GET', `/v1/products/${productId}`)).body.data;
  expect(product).toMatchObject({ promoted: true, highlighted: false });
});

test('refusals: unknown plan, someone else’s ad, a draft, a saved card of someone else — each a translated 422', async () => {
  const mine = await placeAd(w, w.seller);
  const theirs = await placeAd(w, w.other);
  const draft = await placeAd(w, w.seller, { status: 'draft' });
  const unknown = await purchase(w, w.seller, { kind: 'ad', id: mine }, { plan_id: 999_999 });
  expect(unknown.status).toBe(422);
  expect(unknown.body.errors.plan_id).toEqual(['There is no such plan. Choose a plan from the list.']);
  const foreign = await purchase(w, w.seller, { kind: 'ad', id: theirs });
  expect(foreign.status).toBe(422);
  expect(foreign.body.errors['target.id']).toEqual(['Choose one of your own ads or products.']);
  const ru = await call(w, 'POST', '/v1/ads/purchase-plan', w.seller, { plan_id: planOf(w, 'raise-7'), target: { kind: 'ad', id: draft }, idempotency_key: newKey(), payment: { card: card() } }, 'ru');
  expect(ru.body.errors['target.id']).toEqual(['Продвигать можно только опубликованное объявление или товар.']);
  const strangerCard = await purchase(w, w.seller, { kind: 'ad', id: mine }, { payment: { card_id: 999_999 } });
  expect(strangerCard.status).toBe(422);
  expect(Object.keys(strangerCard.body.errors)).toEqual(['payment.card_id']);
  expect((await columnsOf(w, { kind: 'ad', id: theirs })).until).toBeNull();
});

test('pause stops the promotion at once, resume gives back the paused time, archive ends it', async () => {
  const adId = await placeAd(w, w.seller);
  const s = await promote(w, { kind: 'ad', id: adId });
  const paused = await togglePause(w, s.id);
  expect(paused.status).toBe(200);
  expect(paused.body.data).toMatchObject({ status: 'paused', moves: ['active', 'archived'] });
  expect(await columnsOf(w, { kind: 'ad', id: adId })).toEqual({ until: null, boost: 0, perks: [] });
  expect((await call(w, 'GET', `/v1/ads/${adId}`)).body.data.promoted).toBe(false);
  // Paused for an hour (moved clock): resuming moves the end on by that hour.
  await age(w, s.id, 3600_000);
  const before = await statusOf(w, s.id);
  const resumed = (await togglePause(w, s.id)).body.data;
  expect(resumed.status).toBe('active');
  const gained = new Date(resumed.ends_at).getTime() - new Date(before.ends_at).getTime();
  expect(gained).toBeGreaterThanOrEqual(3600_000);
  expect(gained).toBeLessThan(3600_000 + 60_000);
  expect((await columnsOf(w, { kind: 'ad', id: adId })).until?.toISOString()).toBe(resumed.ends_at);
  const archived = await archive(w, s.id);
  expect(archived.body.data).toMatchObject({ status: 'archived', moves: [], remaining_seconds: 0 });
  expect(archived.body.data.history.map((h: { to: string }) => h.to)).toEqual(['active', 'paused', 'active', 'archived']);
  expect((await columnsOf(w, { kind: 'ad', id: adId })).until).toBeNull();
  const again = await togglePause(w, s.id);
  expect(again.status).toBe(409);
  expect(again.body.message).toBe('Only an active promotion can be paused, and only a paused one resumed.');
});

test('illegal moves: archiving an unpaid one, pausing an ended one (409); someone else’s subscription (404)', async () => {
  const adId = await placeAd(w, w.seller);
  const key = newKey();
  await purchase(w, w.seller, { kind: 'ad', id: adId }, { idempotency_key: key, payment: { card: card(TEST_CARDS.declined) } });
  const pending = (await call(w, 'GET', '/v1/ads/user-subscriptions?status=pending_payment', w.seller)).body.data.find((s: { target: { id: number } }) => s.target.id === adId);
  const refused = await archive(w, pending.id);
  expect(refused.status).toBe(409);
  expect(refused.body.message).toBe('Only a paid promotion (active, paused or ended) can be archived.');

  const s = await promote(w, { kind: 'ad', id: adId });
  await age(w, s.id, 8 * DAY);
  const over = await togglePause(w, s.id);
  expect(over.status).toBe(409);
  expect(over.body.message).toBe('This promotion has already ended.');

  for (const res of [await togglePause(w, s.id, w.other), await archive(w, s.id, w.other), await call(w, 'GET', `/v1/ads/subscriptions/status/${s.id}`, w.other)]) {
    expect(res.status).toBe(404);
  }
  expect((await call(w, 'GET', '/v1/ads/user-subscriptions', w.other)).body.data).toEqual([]);
});

test('my subscriptions are listed newest first, filtered by status, paged', async () => {
  const all = await call(w, 'GET', '/v1/ads/user-subscriptions?per_page=2&page=1', w.seller);
  expect(all.body.meta.per_page).toBe(2);
  expect(all.body.meta.total).toBeGreaterThan(2);
  const ids = all.body.data.map((s: { id: number }) => s.id);
  expect(ids[0]).toBeGreaterThan(ids[1]);
  const active = (await call(w, 'GET', '/v1/ads/user-subscriptions?status=active&status=paused&per_page=100', w.seller)).body.data;
  expect(active.every((s: { status: string }) => ['active', 'paused'].includes(s.status))).toBe(true);
  expect((await call(w, 'GET', '/v1/ads/user-subscriptions?status=bogus', w.seller)).status).toBe(422);
  expect((await call(w, 'GET', '/v1/ads/user-subscriptions')).status).toBe(401);
});
