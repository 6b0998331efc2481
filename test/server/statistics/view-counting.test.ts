import { sql } from 'drizzle-orm';
import { countViews } from '../../../server/modules/statistics/view-counter';
import { addDays, utcDay } from '../../../shared/validation/statistics-range';
import { SETUP_TIMEOUT } from '../helpers/test-app';
import { HEADLESS, report, sendViews, statsWorld, sum, todayRows, view, type StatsWorld } from './statistics-kit';

let w: StatsWorld;
beforeAll(async () => {
  w = await statsWorld();
}, SETUP_TIMEOUT);
afterAll(() => w.ctx.close());

const page = (kind: string, id: number) => ({ kind, id, view: 'page' });
const list = (kind: string, id: number) => ({ kind, id, view: 'list' });

test('a person is counted once per item, kind of view and day; the owner never', async () => {
  await view(w, [page('product', w.productId), list('product', w.productId)], { who: w.buyer });
  await view(w, [page('product', w.productId), page('product', w.productId)], { who: w.buyer });
  await view(w, [page('product', w.productId), list('product', w.productId)], { who: w.seller });
  const rows = await todayRows(w, 'product', w.productId);
  expect(sum(rows, 'page_views')).toBe(1);
  expect(sum(rows, 'list_views')).toBe(1);
  const data = await report(w, `business_id=${w.businessId}&period=7`);
  expect(data.totals).toMatchObject({ page_views: 1, list_views: 1 });
  expect(data.days).toHaveLength(7);
  expect(data.days[6]).toMatchObject({ day: utcDay(new Date()), page_views: 1 });
});

test('guests count apart by their browser id; the same guest once; the seller signed in counts as the owner', async () => {
  await view(w, [page('ad', w.adId)], { clientId: 'guest-one-aaaaaaaaaaaa' });
  await view(w, [page('ad', w.adId)], { clientId: 'guest-one-aaaaaaaaaaaa' });
  await view(w, [page('ad', w.adId)], { clientId: 'guest-two-bbbbbbbbbbbb' });
  await view(w, [page('ad', w.adId)], { who: w.seller, clientId: 'guest-three-cccccccccc' });
  expect(sum(await todayRows(w, 'ad', w.adId), 'page_views')).toBe(2);
});

test('crawlers are accepted and not counted; a headless browser (our e2e) is a browser', async () => {
  const bots = ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'Mozilla/5.0 (compatible; YandexBot/3.0)', 'curl/8.5.0', 'python-requests/2.31', ''];
  for (const agent of bots) {
    const res = await sendViews(w, [page('business', w.businessId)], { agent, clientId: 'crawler-xxxxxxxxxxxxx' });
    expect(res).toEqual({ status: 202, body: { data: { accepted: 0 } } });
  }
  await view(w, [page('business', w.businessId)], { agent: HEADLESS, clientId: 'headless-yyyyyyyyyyyy' });
  expect(sum(await todayRows(w, 'business', w.businessId), 'page_views')).toBe(1);
});

test('the next day the same person counts again', async () => {
  const today = utcDay(new Date());
  const tomorrow = addDays(today, 1);
  const viewer = `u:${w.buyer.userId}`;
  expect(await countViews(w.ctx.database.db, [{ day: today, kind: 'product', id: w.unlimitedId, view: 'page', viewer }])).toBe(1);
  expect(await countViews(w.ctx.database.db, [{ day: today, kind: 'product', id: w.unlimitedId, view: 'page', viewer }])).toBe(0);
  expect(await countViews(w.ctx.database.db, [{ day: tomorrow, kind: 'product', id: w.unlimitedId, view: 'page', viewer }])).toBe(1);
  const data = await report(w, `item_kind=product&item_id=${w.unlimitedId}&from=${today}&to=${tomorrow}`);
  expect(data.days.map((d: { page_views: number }) => d.page_views)).toEqual([1, 1]);
});

test('views while promoted land on the promoted side of the split', async () => {
  const ad = w.adId;
  await w.ctx.database.db.execute(sql`update ads set promoted_until = now() + interval '1 day' where id = ${ad}`);
  await view(w, [list('ad', ad)], { clientId: 'promoted-zzzzzzzzzzzz' });
  await w.ctx.database.db.execute(sql`update ads set promoted_until = now() - interval '1 second' where id = ${ad}`);
  await view(w, [list('ad', ad)], { clientId: 'regular-wwwwwwwwwwwww' });
  const data = await report(w, `item_kind=ad&item_id=${ad}&period=7`);
  expect(data.promotion.promoted.list_views).toBe(1);
  expect(data.promotion.regular.list_views).toBe(1);
});

test('views of items that do not exist are dropped', async () => {
  await view(w, [page('product', 999_999)], { clientId: 'nothing-qqqqqqqqqqqqq' });
  expect(await todayRows(w, 'product', 999_999)).toEqual([]);
});

test('junk batches are refused with a 422', async () => {
  const cases: unknown[] = [
    { views: [] },
    { views: [{ kind: 'user', id: 1, view: 'page' }] },
    { views: [{ kind: 'product', id: 0, view: 'page' }] },
    { views: [{ kind: 'product', id: '1', view: 'page' }] },
    { views: [{ kind: 'product', id: 1, view: 'hover' }] },
    { views: Array.from({ length: 101 }, () => page('product', 1)) },
    { views: [page('product', 1)], client_id: 'short' },
    [page('product', 1)],
  ];
  for (const payload of cases) {
    const res = await w.ctx.app.inject({ method: 'POST', url: '/v1/statistics/views', headers: { 'user-agent': HEADLESS }, payload: payload as object });
    expect(res.statusCode).toBe(422);
  }
});
