import { eq } from 'drizzle-orm';
import { products } from '../../../server/db/schema';
import { SETUP_TIMEOUT } from '../helpers/test-app';
import { addToCart, call, checkout, ordersWorld, type OrdersWorld } from './orders-kit';

let w: OrdersWorld;
beforeAll(async () => {
  w = await ordersWorld();
}, SETUP_TIMEOUT);
afterAll(() => w.ctx.close());

const cart = async (who = w.buyer) => (await call(w.ctx, 'GET', '/v1/cart', who.token)).body.data;
const clear = async () => {
  for (const group of (await cart()).groups) for (const item of group.items) await call(w.ctx, 'PUT', `/v1/cart/items/${item.id}`, w.buyer.token, { quantity: 0 });
};

describe('cart', () => {
  beforeEach(clear);

  test('guests get 401', async () => {
    expect((await call(w.ctx, 'GET', '/v1/cart')).status).toBe(401);
  });

  test('adding twice adds up; PUT sets; 0 removes', async () => {
    await addToCart(w, w.buyer, w.productId, 2);
    const data = await addToCart(w, w.buyer, w.productId, 3);
    expect(data.groups[0].items[0]).toMatchObject({ quantity: 5, unit_price: 15000, line_total: 75000, available: true, problems: [] });
    const id = data.groups[0].items[0].id;
    expect((await call(w.ctx, 'PUT', `/v1/cart/items/${id}`, w.buyer.token, { quantity: 1 })).body.data.items_count).toBe(1);
    expect((await call(w.ctx, 'PUT', `/v1/cart/items/${id}`, w.buyer.token, { quantity: 0 })).body.data.groups).toEqual([]);
  });

  test.each([
    ['zero', 0],
    ['negative', -1],
    ['fractional', 1.5],
    ['a string', '2'],
  ])('quantity %s is a 422 with a field error, and the cart is unchanged', async (_name, quantity) => {
    await addToCart(w, w.buyer, w.productId, 1);
    const res = await call(w.ctx, 'POST', '/v1/cart/items', w.buyer.token, { product_id: w.productId, quantity });
    expect(res.status).toBe(422);
    expect(res.body.errors.quantity).toBeDefined();
    expect((await cart()).items_count).toBe(1);
    const id = (await cart()).groups[0].items[0].id;
    if (quantity !== 0) expect((await call(w.ctx, 'PUT', `/v1/cart/items/${id}`, w.buyer.token, { quantity })).status).toBe(422);
  });

  test('above stock is refused with what is left', async () => {
    const res = await call(w.ctx, 'POST', '/v1/cart/items', w.buyer.token, { product_id: w.productId, quantity: 11 });
    expect(res.status).toBe(422);
    expect(res.body.errors.quantity).toEqual(['Only 10 left.']);
  });

  test('own product, missing product, another user’s line', async () => {
    expect((await call(w.ctx, 'POST', '/v1/cart/items', w.seller.token, { product_id: w.productId })).body.errors.product_id).toEqual(['You cannot buy from your own business.']);
    expect((await call(w.ctx, 'POST', '/v1/cart/items', w.buyer.token, { product_id: 999999 })).status).toBe(422);
    const data = await addToCart(w, w.buyer, w.productId, 1);
    const id = data.groups[0].items[0].id;
    expect((await call(w.ctx, 'PUT', `/v1/cart/items/${id}`, w.stranger.token, { quantity: 3 })).status).toBe(404);
    expect((await cart()).items_count).toBe(1);
  });

  test('a price change is shown, blocks checkout (409) until accepted, never applied silently', async () => {
    await addToCart(w, w.buyer, w.unlimitedId, 2);
    await w.ctx.database.db.update(products).set({ price: 6000 }).where(eq(products.id, w.unlimitedId));
    const item = (await cart()).groups[0].items[0];
    expect(item).toMatchObject({ unit_price: 6000, seen_price: 5000, problems: ['price_changed'], available: true });
    expect((await cart()).has_problems).toBe(true);
    const refused = await checkout(w, w.buyer);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/changed/);
    expect((await cart()).items_count).toBe(2);
    const accepted = await call(w.ctx, 'POST', '/v1/cart/accept-changes', w.buyer.token);
    expect(accepted.body.data.has_problems).toBe(false);
    await w.ctx.database.db.update(products).set({ price: 5000 }).where(eq(products.id, w.unlimitedId));
  });

  test('a product unpublished or deleted while in the cart: shown, checkout refused, nothing written', async () => {
    const extra = (await call(w.ctx, 'POST', '/v1/products', w.seller.token, { business_id: w.businessId, name: 'Редиска', price: 3000, stock: 5 })).body.data;
    await addToCart(w, w.buyer, extra.id, 1);
    await w.ctx.database.db.update(products).set({ status: 'archived' }).where(eq(products.id, extra.id));
    expect((await cart()).groups[0].items[0]).toMatchObject({ available: false, problems: ['unpublished'] });
    const refused = await checkout(w, w.buyer);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('“Редиска” can no longer be bought.');
    expect((await call(w.ctx, 'GET', '/v1/orders/user', w.buyer.token)).body.meta.total).toBe(0);

    await w.ctx.database.db.delete(products).where(eq(products.id, extra.id));
    const gone = (await cart()).groups[0].items[0];
    expect(gone).toMatchObject({ product_id: null, name: 'Редиска', available: false, problems: ['deleted'] });
    expect((await call(w.ctx, 'PUT', `/v1/cart/items/${gone.id}`, w.buyer.token, { quantity: 2 })).status).toBe(422);
    expect((await checkout(w, w.buyer)).status).toBe(409);
    expect((await call(w.ctx, 'POST', '/v1/cart/accept-changes', w.buyer.token)).body.data.groups).toEqual([]);
  });

  test('merge: the larger quantity wins, capped by stock; unknown products are skipped', async () => {
    await addToCart(w, w.buyer, w.productId, 2);
    const res = await call(w.ctx, 'POST', '/v1/cart/merge', w.buyer.token, {
      items: [
        { product_id: w.productId, quantity: 1 },
        { product_id: w.unlimitedId, quantity: 4 },
        { product_id: 999999, quantity: 1 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.skipped).toEqual([999999]);
    const quantities = Object.fromEntries(res.body.data.groups[0].items.map((i: { product_id: number; quantity: number }) => [i.product_id, i.quantity]));
    expect(quantities).toEqual({ [w.productId]: 2, [w.unlimitedId]: 4 });
    const again = await call(w.ctx, 'POST', '/v1/cart/merge', w.buyer.token, { items: [{ product_id: w.productId, quantity: 50 }] });
    expect(again.body.data.groups[0].items.find((i: { product_id: number }) => i.product_id === w.productId).quantity).toBe(10);
  });

  test('delivery discount of the business feeds the group totals', async () => {
    const data = await addToCart(w, w.buyer, w.unlimitedId, 1);
    expect(data.groups[0].business.delivery_discount_percent).toBe(50);
    expect(data.groups[0].delivery_discount).toBe(14950);
  });
});
