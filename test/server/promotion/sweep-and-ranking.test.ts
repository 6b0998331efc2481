import { eq } from 'drizzle-orm';
import { adSubscriptions, notifications } from '../../../server/db/schema';
import { sweepPromotions } from '../../../server/modules/promotion/promotion-routes';
import { SETUP_TIMEOUT } from '../helpers/test-app';
import { age, call, columnsOf, placeAd, placeProduct, promote, promotionWorld, statusOf, togglePause, type PromotionWorld } from './promotion-kit';

let w: PromotionWorld;
beforeAll(async () => {
  w = await promotionWorld();
}, SETUP_TIMEOUT);
afterAll(() => w.ctx.close());

const DAY = 24 * 3600_000;
const later = (ms: number) => new Date(Date.now() + ms);
const noticesOf = async (userId: number) => w.ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId));

describe('the promotion sweep', () => {
  test('warns once a day before the end, expires at the end and tells the seller; paused ones do not run out', async () => {
    const adId = await placeAd(w, w.seller, { title: 'Велосипед горный' });
    const pausedAd = await placeAd(w, w.seller, { title: 'Самокат' });
    const s = await promote(w, { kind: 'ad', id: adId });
    const p = await promote(w, { kind: 'ad', id: pausedAd });
    await togglePause(w, p.id);
    const before = (await noticesOf(w.seller.userId)).length;

    await sweepPromotions(w.ctx.app, later(5 * DAY));
    expect(await noticesOf(w.seller.userId)).toHaveLength(before);

    await sweepPromotions(w.ctx.app, later(6.5 * DAY));
    await sweepPromotions(w.ctx.app, later(6.6 * DAY));
    const warned = (await noticesOf(w.seller.userId)).slice(before);
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatchObject({ type: 'promotion', title: 'Продвижение заканчивается завтра', body: 'Продвижение «Велосипед горный» закончится в ближайшие сутки.' });
    const live = w.ctx.events.filter((e) => e.channel === `private-user.${w.seller.userId}` && e.event === 'NotificationSent');
    expect(live.length).toBeGreaterThan(0);

    // The end has come: the sweep (with the real clock moved) expires it; the paused one stays paused.
    await age(w, s.id, 7 * DAY + 1000);
    expect(await sweepPromotions(w.ctx.app)).toBe(1);
    expect(await statusOf(w, s.id)).toMatchObject({ status: 'expired', moves: ['archived'], remaining_seconds: 0 });
    expect((await columnsOf(w, { kind: 'ad', id: adId })).until).toBeNull();
    const late = await togglePause(w, s.id);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This promotion has already ended.');
    const ended = (await noticesOf(w.seller.userId)).slice(before + 1);
    expect(ended.map((n) => n.title)).toEqual(['Продвижение закончилось']);
    await age(w, p.id, 30 * DAY);
    await sweepPromotions(w.ctx.app);
    expect((await statusOf(w, p.id)).status).toBe('paused');
    const [row] = await w.ctx.database.db.select().from(adSubscriptions).where(eq(adSubscriptions.id, s.id));
    expect(row.expiryWarnedAt).not.toBeNull();
  });
});

describe('ranking', () => {
  const firstIds = (res: { body: { data: Array<{ id: number }> } }) => res.body.data.map((item) => item.id);

  test('a raised ad leads the ads list and search while active, drops at once when paused, and for good when expired', async () => {
    const words = 'граммофон патефонович';
    // Prices of their own: the list is narrowed to these three by a price filter.
    const older = await placeAd(w, w.seller, { title: `Старый ${words}`, price: 777_700 });
    const middle = await placeAd(w, w.seller, { title: `Средний ${words}`, price: 777_800 });
    const newest = await placeAd(w, w.seller, { title: `Новый ${words}`, price: 777_900 });
    const search = async () => (await call(w, 'GET', `/v1/search?q=${encodeURIComponent('патефонович')}&type=ad`)).body.data.map((hit: { id: number }) => hit.id);
    const list = async (query = '&per_page=50') => firstIds(await call(w, 'GET', `/v1/ads?price_min=777700&price_max=777900${query}`));
    expect((await search())[0]).toBe(newest);
    expect(await list()).toEqual([newest, middle, older]);

    const s = await promote(w, { kind: 'ad', id: older });
    const found = await call(w, 'GET', `/v1/search?q=${encodeURIComponent('патефонович')}&type=ad`);
    expect(found.body.data[0]).toMatchObject({ id: older, ad: { promoted: true } });
    expect(await list()).toEqual([older, newest, middle]);
    // Offset pages stay exact: one per page gives each ad once, the raised one first.
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(...(await list(`&per_page=1&page=${page}`)));
    expect(pages).toEqual([older, newest, middle]);
    // Cheapest first stays exactly by price.
    expect(await list('&per_page=50&sort=price_desc')).toEqual([newest, middle, older]);

    await togglePause(w, s.id);
    expect((await search())[0]).toBe(newest);
    expect((await list())[0]).toBe(newest);
    expect((await call(w, 'GET', `/v1/search?q=${encodeURIComponent('патефонович')}&type=ad`)).body.data.find((h: { id: number }) => h.id === older).ad.promoted).toBe(false);

    await togglePause(w, s.id);
    expect((await search())[0]).toBe(older);
    await age(w, s.id, 8 * DAY);
    await sweepPromotions(w.ctx.app);
    expect((await search())[0]).toBe(newest);
    expect((await list())[0]).toBe(newest);
  });

  test('a raised product leads the product lists; a higher boost comes first', async () => {
    const plain = await placeProduct(w, { name: 'Утюг обычный' });
    const raised = await placeProduct(w, { name: 'Утюг паровой' });
    const premium = await placeProduct(w, { name: 'Утюг премиальный' });
    await promote(w, { kind: 'product', id: raised }, 'raise-7');
    await promote(w, { kind: 'product', id: premium }, 'premium-30');
    const ids = firstIds(await call(w, 'GET', `/v1/get-products?business_id=${w.businessId}&per_page=50`));
    expect(ids.slice(0, 2)).toEqual([premium, raised]);
    expect(ids).toContain(plain);
    const cards = (await call(w, 'GET', `/v1/get-products?business_id=${w.businessId}&per_page=50`)).body.data;
    expect(cards[0]).toMatchObject({ promoted: true, highlighted: true });
    expect(cards.find((c: { id: number }) => c.id === plain)).toMatchObject({ promoted: false, highlighted: false });
  });

  test('the home page shows what a plan with the home carousel perk promotes, and stops when it is paused', async () => {
    const onHome = async () => (await call(w, 'GET', '/v1/ads/home-promoted')).body.data;
    const premiumAd = await placeAd(w, w.seller, { title: 'Граммофон на главной' });
    const raisedAd = await placeAd(w, w.seller, { title: 'Граммофон без главной' });
    const s = await promote(w, { kind: 'ad', id: premiumAd }, 'premium-30');
    await promote(w, { kind: 'ad', id: raisedAd }, 'highlight-14');
    const shown = await onHome();
    expect(shown.ads.map((ad: { id: number }) => ad.id)).toContain(premiumAd);
    expect(shown.ads.map((ad: { id: number }) => ad.id)).not.toContain(raisedAd);
    expect(shown.ads.find((ad: { id: number }) => ad.id === premiumAd)).toMatchObject({ promoted: true, highlighted: true });
    await togglePause(w, s.id);
    expect((await onHome()).ads.map((ad: { id: number }) => ad.id)).not.toContain(premiumAd);
  });
});
