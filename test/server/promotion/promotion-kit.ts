import { eq } from 'drizzle-orm';
import { ads, adSubscriptions, products } from '../../../server/db/schema';
import { TEST_CARDS } from '../../../shared/api/order-values';
import { adCategoryId, api, createBusiness, createCatalogApp, createProduct, type CatalogTestContext } from '../catalog/catalog-helpers';
import { signIn } from '../helpers/test-app';

type Json = Record<string, unknown>;

export interface Party {
  token: string;
  userId: number;
}

export interface PromotionWorld {
  ctx: CatalogTestContext;
  seller: Party;
  other: Party;
  categoryId: number;
  businessId: number;
  plans: Array<{ id: number; slug: string; name: string; perks: string[]; duration_days: number; price: number; boost: number }>;
}

export async function promotionWorld(): Promise<PromotionWorld> {
  const ctx = await createCatalogApp();
  const seller = await signIn(ctx, 'seller-promo@example.com');
  const other = await signIn(ctx, 'other-promo@example.com');
  const categoryId = await adCategoryId(ctx, 'electronics');
  const business = await createBusiness(ctx, seller.token);
  const plans = (await api(ctx, 'GET', '/v1/ads/plans', undefined, undefined, 'en')).body.data;
  return { ctx, seller, other, categoryId, businessId: business.id, plans };
}

export const call = (w: PromotionWorld, method: 'GET' | 'POST', url: string, who?: Party, body?: Json, lang = 'en') => api(w.ctx, method, url, who?.token, body, lang);

export async function placeAd(w: PromotionWorld, who: Party, body: Json = {}): Promise<number> {
  const res = await call(w, 'POST', '/v1/ads', who, { category_id: w.categoryId, title: 'Ноутбук Lenovo', price: 3_200_000, location: 'Москва', condition: 'used', ...body });
  if (res.status !== 201) throw new Error(`POST /v1/ads → ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

export async function placeProduct(w: PromotionWorld, body: Json = {}): Promise<number> {
  return (await createProduct(w.ctx, w.seller.token, w.businessId, body)).id;
}

let keys = 0;
export const newKey = () => `promo-test-${process.pid}-${++keys}-${Date.now()}`;
export const card = (number: string = TEST_CARDS.succeeds) => ({ number, expiry: '12/40', cvc: '123' });
export const planOf = (w: PromotionWorld, slug: string) => w.plans.find((p) => p.slug === slug)!.id;

export function purchase(w: PromotionWorld, who: Party, target: { kind: 'ad' | 'product'; id: number }, overrides: Json = {}) {
  return call(w, 'POST', '/v1/ads/purchase-plan', who, { plan_id: planOf(w, 'raise-7'), target, idempotency_key: newKey(), payment: { card: card() }, ...overrides });
}

/** Buys a plan and returns the active subscription. */
export async function promote(w: PromotionWorld, target: { kind: 'ad' | 'product'; id: number }, slug = 'raise-7', who = w.seller) {
  const res = await purchase(w, who, target, { plan_id: planOf(w, slug) });
  if (res.status !== 201) throw new Error(`purchase → ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export const togglePause = (w: PromotionWorld, id: number, who = w.seller) => call(w, 'POST', `/v1/ads/subscriptions/${id}/toggle-pause`, who, {});
export const archive = (w: PromotionWorld, id: number, who = w.seller) => call(w, 'POST', `/v1/ads/subscriptions/${id}/archive`, who, {});
export const statusOf = async (w: PromotionWorld, id: number, who = w.seller) => (await call(w, 'GET', `/v1/ads/subscriptions/status/${id}`, who)).body.data;

/** The promotion columns of an ad or a product as lists read them. */
export async function columnsOf(w: PromotionWorld, target: { kind: 'ad' | 'product'; id: number }) {
  const table = target.kind === 'ad' ? ads : products;
  const [row] = await w.ctx.database.db
    .select({ until: table.promotedUntil, boost: table.promotionBoost, perks: table.promotionPerks })
    .from(table)
    .where(eq(table.id, target.id));
  return row;
}

/** Moves a subscription's dates into the past by `ms` (as if that much time had gone by). */
export async function age(w: PromotionWorld, id: number, ms: number) {
  const [s] = await w.ctx.database.db.select().from(adSubscriptions).where(eq(adSubscriptions.id, id));
  const back = (d: Date | null) => (d ? new Date(d.getTime() - ms) : null);
  await w.ctx.database.db.update(adSubscriptions).set({ startedAt: back(s.startedAt), endsAt: back(s.endsAt), pausedAt: back(s.pausedAt) }).where(eq(adSubscriptions.id, id));
}
