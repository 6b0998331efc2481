import { SETUP_TIMEOUT } from '../helpers/test-app';
import { countPendingOrders } from '../../../server/modules/statistics/order-stats';
import { flushStatistics } from '../../../server/modules/statistics/statistics-routes';
import { call, placeOrder } from '../orders/orders-kit';
import { report, statsWorld, sum, todayRows, type StatsWorld } from './statistics-kit';
import { addDays, utcDay } from '../../../shared/validation/statistics-range';

let w: StatsWorld;
beforeAll(async () => {
  w = await statsWorld();
}, SETUP_TIMEOUT);
afterAll(() => w.ctx.close());

describe('facts counted where they happen', () => {
  test('favorites count additions by others only', async () => {
    const url = `/v1/products/${w.productId}/toggle-favorite`;
    await call(w.ctx, 'POST', url, w.buyer.token, { favorite: true });
    await call(w.ctx, 'POST', url, w.buyer.token, { favorite: true });
    await call(w.ctx, 'POST', url, w.buyer.token, { favorite: false });
    await call(w.ctx, 'POST', url, w.seller.token, { favorite: true });
    await call(w.ctx, 'POST', `/v1/ads/${w.adId}/toggle-favorite`, w.stranger.token);
    await call(w.ctx, 'POST', `/v1/businesses/${w.businessId}/toggle-favorite`, w.stranger.token);
    expect(sum(await todayRows(w, 'product', w.productId), 'favorites')).toBe(1);
    expect(sum(await todayRows(w, 'ad', w.adId), 'favorites')).toBe(1);
    expect(sum(await todayRows(w, 'business', w.businessId), 'favorites')).toBe(1);
  });

  test('business subscriptions', async () => {
    const url = `/v1/businesses/${w.businessId}/toggle-subscription`;
    expect((await call(w.ctx, 'POST', url, w.buyer.token)).status).toBe(200);
    await call(w.ctx, 'POST', url, w.buyer.token);
    expect(sum(await todayRows(w, 'business', w.businessId), 'subscriptions')).toBe(1);
  });

  test('a chat started about a product counts once, not the later messages', async () => {
    const message = { recipient_id: w.seller.userId, subject_type: 'product', subject_id: w.unlimitedId, content: 'Есть в наличии?' };
    expect((await call(w.ctx, 'POST', '/v1/messages', w.buyer.token, message)).status).toBe(201);
    expect((await call(w.ctx, 'POST', '/v1/messages', w.buyer.token, { ...message, content: 'Жду ответа' })).status).toBe(201);
    expect(sum(await todayRows(w, 'product', w.unlimitedId), 'chats')).toBe(1);
  });

  test('an order counts per product and per business with its revenue, once, by the statistics loop', async () => {
    await placeOrder(w, {}, 2);
    // Appended by the checkout and added up by the statistics loop: here, at once, by two movers at the same
    // time (the loop may be a third, as other API nodes would be): each line is counted once.
    await Promise.all([flushStatistics(w.ctx.app), countPendingOrders(w.ctx.database.db)]);
    const product = await todayRows(w, 'product', w.productId);
    expect(sum(product, 'orders')).toBe(1);
    expect(sum(product, 'revenue')).toBe(30_000);
    const business = await todayRows(w, 'business', w.businessId);
    expect(sum(business, 'orders')).toBe(1);
    expect(sum(business, 'revenue')).toBe(30_000);
  });

  test('the report sums it all, ranks the top items and the stranger sees none of it', async () => {
    const data = await report(w, `business_id=${w.businessId}&period=30`);
    expect(data.days).toHaveLength(30);
    // An order is one order of the business (its row), and one bought line of the product (the split and the top).
    expect(data.totals).toMatchObject({ favorites: 2, subscriptions: 1, chats: 1, orders: 1, revenue: 30_000 });
    expect(data.promotion.regular).toMatchObject({ orders: 1, revenue: 30_000 });
    expect(data.top.map((t: { kind: string }) => t.kind)).not.toContain('business');
    expect(data.top.find((t: { kind: string; id: number }) => t.kind === 'product' && t.id === w.productId)).toMatchObject({ name: 'Огурцы', orders: 1, revenue: 30_000 });
    const all = await report(w, 'period=7');
    expect(all.totals.favorites).toBe(3);
    expect((await call(w.ctx, 'GET', `/v1/statistics?business_id=${w.businessId}`, w.stranger.token)).status).toBe(404);
    expect((await call(w.ctx, 'GET', `/v1/statistics?item_kind=ad&item_id=${w.adId}`, w.stranger.token)).status).toBe(404);
    expect((await call(w.ctx, 'GET', '/v1/statistics')).status).toBe(401);
    expect((await report(w, 'period=7', w.stranger)).totals.page_views).toBe(0);
  });
});

describe('ranges', () => {
  const today = utcDay(new Date());
  test.each([
    ['ru', `from=${today}&to=${addDays(today, -1)}`, { to: ['Конец периода раньше его начала.'] }],
    ['en', `from=${today}&to=${addDays(today, -1)}`, { to: ['The period ends before it starts.'] }],
    ['en', `from=${addDays(today, -366)}&to=${today}`, { to: ['The period cannot be longer than 366 days.'] }],
    ['ru', `from=${addDays(today, -366)}&to=${today}`, { to: ['Период не может быть длиннее 366 дней.'] }],
    ['en', 'from=2026-02-30&to=2026-03-01', { from: ['Give the date as YYYY-MM-DD.'] }],
    ['en', `from=${today}`, { to: [expect.any(String)] }],
  ])('%s: %s is refused', async (lang, query, errors) => {
    const res = await call(w.ctx, 'GET', `/v1/statistics?${query}`, w.seller.token, undefined, lang);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual(errors);
  });

  test('a year exactly, and the periods', async () => {
    expect((await report(w, `from=${addDays(today, -365)}&to=${today}`)).days).toHaveLength(366);
    expect((await report(w, 'period=90')).days).toHaveLength(90);
    expect((await call(w.ctx, 'GET', '/v1/statistics?period=14', w.seller.token)).status).toBe(422);
  });
});

test('CSV: an attachment, headers in the request language, one row per day', async () => {
  for (const [lang, header] of [
    ['ru', 'День,Просмотры страницы,Показы в списках,В избранное,Подписки,Начатые чаты,Заказы,Выручка,"Конверсия, %"'],
    ['en', 'Day,Page views,List views,Added to favorites,Subscriptions,Chats started,Orders,Revenue,"Conversion, %"'],
  ]) {
    const res = await w.ctx.app.inject({
      method: 'GET',
      url: `/v1/statistics?business_id=${w.businessId}&period=7&format=csv`,
      headers: { authorization: `Bearer ${w.seller.token}`, 'accept-language': lang },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="statistics-${addDays(utcDay(new Date()), -6)}-${utcDay(new Date())}.csv"`);
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe(header);
    expect(lines).toHaveLength(8);
    expect(lines[7].split(',').slice(6, 8)).toEqual(['1', '300.00']);
  }
});
