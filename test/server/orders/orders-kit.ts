import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { products } from '../../../server/db/schema';
import { TEST_CARDS } from '../../../shared/api/order-values';
import { api, createBusiness, createCatalogApp, createProduct, type CatalogTestContext } from '../catalog/catalog-helpers';
import { bearer, createTestApp, signIn } from '../helpers/test-app';

type Json = Record<string, unknown>;
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Party {
  token: string;
  userId: number;
}

export interface OrdersWorld {
  ctx: CatalogTestContext;
  seller: Party;
  buyer: Party;
  stranger: Party;
  businessId: number;
  /** 10 in stock, 150.00 RUB. */
  productId: number;
  /** No stock limit. */
  unlimitedId: number;
}

/** Any HTTP call with a JSON body (the catalog helper has no PUT). */
export async function call(ctx: CatalogTestContext, method: Method, url: string, token?: string, payload?: Json, lang = 'en') {
  if (method !== 'PUT') return api(ctx, method, url, token, payload, lang);
  const res = await ctx.app.inject({ method, url, headers: { ...(token ? bearer(token) : {}), 'accept-language': lang }, payload });
  return { status: res.statusCode, body: res.body ? res.json() : null };
}

/** The catalogue test app, or (given a stream) one that logs everything there, for the tests that read the log. */
async function appFor(logStream?: NodeJS.WritableStream): Promise<CatalogTestContext> {
  if (!logStream) return createCatalogApp();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-orders-test-'));
  const ctx = await createTestApp({ dataDir, logLevel: 'trace' }, { logStream });
  const close = ctx.close;
  return Object.assign(ctx, {
    uploadsDir: path.join(dataDir, 'uploads'),
    async close() {
      await close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  });
}

/** A seller with one business and two products, a buyer and a stranger, all signed in. */
export async function ordersWorld(logStream?: NodeJS.WritableStream): Promise<OrdersWorld> {
  const ctx = await appFor(logStream);
  const seller = await signIn(ctx, 'seller-orders@example.com');
  const buyer = await signIn(ctx, 'buyer-orders@example.com');
  const stranger = await signIn(ctx, 'stranger-orders@example.com');
  const business = await createBusiness(ctx, seller.token, { delivery_discount_percent: 50 });
  const product = await createProduct(ctx, seller.token, business.id, { name: 'Огурцы', price: 15000, stock: 10 });
  const unlimited = await createProduct(ctx, seller.token, business.id, { name: 'Доставка хлеба', price: 5000, stock: null });
  return { ctx, seller, buyer, stranger, businessId: business.id, productId: product.id, unlimitedId: unlimited.id };
}

let keys = 0;
export const newKey = () => `test-key-${process.pid}-${++keys}-${Date.now()}`;

export const ADDRESS = { city: 'Москва', street: 'Тверская', house: '1', flat: '12', entrance: '2', floor: '5', intercom: '12K', comment: 'Звонить заранее' };
export const card = (number: string = TEST_CARDS.succeeds) => ({ number, expiry: '12/40', cvc: '123' });

export async function addToCart(w: OrdersWorld, who: Party, productId: number, quantity = 1) {
  const res = await call(w.ctx, 'POST', '/v1/cart/items', who.token, { product_id: productId, quantity });
  if (res.status !== 200) throw new Error(`add to cart → ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export async function checkout(w: OrdersWorld, who: Party, body: Json = {}) {
  return call(w.ctx, 'POST', '/v1/orders/from-cart', who.token, { idempotency_key: newKey(), delivery_kind: 'pickup', payment_kind: 'cash', ...body });
}

/** Puts one product in the buyer's cart and checks out with cash pickup; the order id. */
export async function placeOrder(w: OrdersWorld, body: Json = {}, quantity = 1, who = w.buyer): Promise<number> {
  await addToCart(w, who, w.productId, quantity);
  const res = await checkout(w, who, body);
  if (res.status !== 201) throw new Error(`checkout → ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.orders[0].id;
}

export const setStatus = (w: OrdersWorld, id: number, status: string, who = w.seller) => call(w.ctx, 'PUT', `/v1/orders/${id}/status`, who.token, { status });

export async function stockOf(w: OrdersWorld, productId = w.productId): Promise<number | null> {
  const [row] = await w.ctx.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row.stock;
}
