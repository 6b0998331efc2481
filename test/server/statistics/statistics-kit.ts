import { sql } from 'drizzle-orm';
import { rawRows } from '../../../server/modules/catalog/common/raw-rows';
import { flushStatistics } from '../../../server/modules/statistics/statistics-routes';
import { adCategoryId } from '../catalog/catalog-helpers';
import { bearer } from '../helpers/test-app';
import { call, ordersWorld, type OrdersWorld, type Party } from '../orders/orders-kit';

export const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
export const HEADLESS = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0 Safari/537.36';

export interface StatsWorld extends OrdersWorld {
  adId: number;
}

/** The orders world (a seller with a business and two products, a buyer, a stranger) and an ad of the seller's. */
export async function statsWorld(): Promise<StatsWorld> {
  const w = await ordersWorld();
  const ad = await call(w.ctx, 'POST', '/v1/ads', w.seller.token, { category_id: await adCategoryId(w.ctx, 'hobby'), title: 'Гитара', price: 500_000 });
  if (ad.status !== 201) throw new Error(`ad → ${ad.status} ${JSON.stringify(ad.body)}`);
  return { ...w, adId: ad.body.data.id };
}

type View = { kind: string; id: number; view: string };

/** Sends a batch of impressions as a browser would (signed in when `who` is given). */
export async function sendViews(w: OrdersWorld, views: View[], options: { who?: Party; agent?: string; clientId?: string } = {}) {
  const res = await w.ctx.app.inject({
    method: 'POST',
    url: '/v1/statistics/views',
    headers: { 'user-agent': options.agent ?? BROWSER, 'accept-language': 'en', ...(options.who ? bearer(options.who.token) : {}) },
    payload: { views, ...(options.clientId ? { client_id: options.clientId } : {}) },
  });
  return { status: res.statusCode, body: res.json() };
}

/** Sends and waits until the batch is counted (the loop would within a second; the test does not wait for it). */
export async function view(w: OrdersWorld, views: View[], options: Parameters<typeof sendViews>[2] = {}) {
  const res = await sendViews(w, views, options);
  if (res.status !== 202) throw new Error(`views → ${res.status} ${JSON.stringify(res.body)}`);
  await flushStatistics(w.ctx.app);
}

/** The seller's report (JSON). */
export async function report(w: OrdersWorld, query: string, who = w.seller) {
  const res = await call(w.ctx, 'GET', `/v1/statistics?${query}`, who.token);
  if (res.status !== 200) throw new Error(`statistics → ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** The stored row of an item today, split by promotion (what the dashboard sums too). */
export async function todayRows(w: OrdersWorld, kind: string, id: number) {
  return rawRows<Record<string, number | boolean>>(
    w.ctx.database.db,
    sql`select promoted, page_views, list_views, favorites, subscriptions, chats, orders, revenue::float8 as revenue
          from item_stats_daily where item_kind = ${kind}::stat_item_kind and item_id = ${id} and day = (now() at time zone 'UTC')::date order by promoted`,
  );
}

export const sum = (rows: Array<Record<string, number | boolean>>, field: string) => rows.reduce((total, r) => total + Number(r[field]), 0);
