import { sweepOrders } from '../../../server/modules/orders/orders-routes';
import { SETUP_TIMEOUT } from '../helpers/test-app';
import { addToCart, ADDRESS, call, checkout, ordersWorld, placeOrder, setStatus, stockOf, type OrdersWorld } from './orders-kit';

let w: OrdersWorld;
beforeAll(async () => {
  w = await ordersWorld();
}, SETUP_TIMEOUT);
afterAll(() => w.ctx.close());

const order = async (id: number, who = w.buyer) => (await call(w.ctx, 'GET', `/v1/orders/${id}`, who.token)).body.data;

describe('an order, end to end', () => {
  test('courier order: placed → accepted → shipped → delivered → rated, every move on the timeline and announced', async () => {
    const address = await call(w.ctx, 'POST', '/v1/addresses', w.buyer.token, ADDRESS);
    expect(address.status).toBe(201);
    const cart = await addToCart(w, w.buyer, w.productId, 2);
    expect(cart.groups[0]).toMatchObject({ subtotal: 30000, delivery_cost: 29900, delivery_discount: 14950, total_courier: 44950, total_pickup: 30000 });
    expect(cart.items_count).toBe(2);

    const res = await checkout(w, w.buyer, { delivery_kind: 'courier', address_id: address.body.data.id });
    expect(res.status).toBe(201);
    expect(res.body.data.payment).toEqual({ status: 'none', pending_order_ids: [] });
    const id = res.body.data.orders[0].id;
    expect(res.body.data.orders[0]).toMatchObject({ status: 'placed', totals: { items: 30000, delivery_cost: 29900, delivery_discount: 14950, total: 44950, currency: 'RUB' } });
    expect(await stockOf(w)).toBe(8);
    expect((await call(w.ctx, 'GET', '/v1/cart', w.buyer.token)).body.data.items_count).toBe(0);

    // The seller heard of it live and by notification.
    const sellerEvents = w.ctx.events.filter((e) => e.channel === `private-user.${w.seller.userId}` && e.event === 'OrderStatusUpdated');
    expect(sellerEvents.at(-1)?.data).toMatchObject({ order_id: id, status: 'placed' });
    const sellerNotes = await call(w.ctx, 'GET', '/v1/notifications', w.seller.token);
    expect(JSON.stringify(sellerNotes.body)).toContain(`/order/business/${id}`);

    // Editing the address later does not change the order's copy.
    await call(w.ctx, 'PUT', `/v1/addresses/${address.body.data.id}`, w.buyer.token, { ...ADDRESS, street: 'Арбат' });
    expect((await order(id)).address.street).toBe('Тверская');

    expect((await setStatus(w, id, 'ready')).status).toBe(409); // ready is for pickup orders
    for (const status of ['accepted', 'shipped', 'delivered']) {
      const moved = await setStatus(w, id, status);
      expect(moved.status).toBe(200);
      expect(moved.body.data.status).toBe(status);
      const buyerEvent = w.ctx.events.filter((e) => e.channel === `private-user.${w.buyer.userId}` && e.event === 'OrderStatusUpdated').at(-1);
      expect(buyerEvent?.data).toMatchObject({ order_id: id, status });
      expect(typeof buyerEvent?.data.message).toBe('string');
    }
    const notes = await call(w.ctx, 'GET', '/v1/notifications', w.buyer.token);
    expect(JSON.stringify(notes.body)).toContain(`/order/${id}`);

    const rated = await call(w.ctx, 'POST', `/v1/orders/${id}/rate`, w.buyer.token, { stars: 4, comment: 'Хорошо' });
    expect(rated.status).toBe(200);
    expect(rated.body.data.rating).toMatchObject({ stars: 4 });
    const second = await call(w.ctx, 'POST', `/v1/orders/${id}/rate`, w.buyer.token, { stars: 5 });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('You have already rated this order.');

    const detail = await order(id);
    expect(detail.timeline.map((t: { to: string }) => t.to)).toEqual(['placed', 'accepted', 'shipped', 'delivered']);
    expect(detail.timeline.map((t: { by: string }) => t.by)).toEqual(['buyer', 'seller', 'seller', 'seller']);
    const product = await call(w.ctx, 'GET', `/v1/products/${w.productId}`);
    expect(product.body.data).toMatchObject({ rating: 4, rating_count: 1 });
    const business = await call(w.ctx, 'GET', `/v1/business/${w.businessId}`);
    expect(business.body.data).toMatchObject({ rating: 4, rating_count: 1 });

    // A week later the sweep completes it.
    await sweepOrders(w.ctx.app, new Date(Date.now() + 8 * 24 * 3600_000));
    expect((await order(id)).status).toBe('completed');
  });

  test('pickup order: accepted → ready → delivered; shipped is refused', async () => {
    const id = await placeOrder(w);
    expect((await setStatus(w, id, 'accepted')).status).toBe(200);
    const shipped = await setStatus(w, id, 'shipped');
    expect(shipped.status).toBe(409);
    expect(shipped.body.message).toBe('An order that is “Accepted” cannot become “Shipped”.');
    expect((await setStatus(w, id, 'ready')).status).toBe(200);
    expect((await setStatus(w, id, 'delivered')).status).toBe(200);
    expect((await setStatus(w, id, 'accepted')).status).toBe(409);
  });

  test('the buyer cannot move an order on; a stranger cannot see it; the seller cannot rate it', async () => {
    const id = await placeOrder(w);
    expect((await setStatus(w, id, 'accepted', w.buyer)).status).toBe(403);
    expect((await setStatus(w, id, 'accepted', w.stranger)).status).toBe(404);
    expect((await call(w.ctx, 'GET', `/v1/orders/${id}`, w.stranger.token)).status).toBe(404);
    expect((await call(w.ctx, 'POST', `/v1/orders/${id}/cancel`, w.stranger.token, {})).status).toBe(404);
    expect((await call(w.ctx, 'POST', `/v1/orders/${id}/rate`, w.seller.token, { stars: 5 })).status).toBe(403);
    const early = await call(w.ctx, 'POST', `/v1/orders/${id}/rate`, w.buyer.token, { stars: 5 });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('An order can be rated once it has been delivered.');
  });

  test('rating bounds: 0, 6 and 2.5 stars are refused with a field error', async () => {
    const id = await placeOrder(w);
    for (const status of ['accepted', 'ready', 'delivered']) await setStatus(w, id, status);
    for (const stars of [0, 6, 2.5, '5']) {
      const res = await call(w.ctx, 'POST', `/v1/orders/${id}/rate`, w.buyer.token, { stars });
      expect(res.status).toBe(422);
      expect(res.body.errors.stars).toBeDefined();
    }
    expect((await order(id)).rating).toBeNull();
  });

  test('the buyer cancels before acceptance (stock comes back); not after', async () => {
    const before = await stockOf(w);
    const id = await placeOrder(w, {}, 3);
    expect(await stockOf(w)).toBe(before! - 3);
    const cancelled = await call(w.ctx, 'POST', `/v1/orders/${id}/cancel`, w.buyer.token, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe('cancelled');
    expect(await stockOf(w)).toBe(before);
    const again = await call(w.ctx, 'POST', `/v1/orders/${id}/cancel`, w.buyer.token, {});
    expect(again.status).toBe(409);

    const accepted = await placeOrder(w);
    await setStatus(w, accepted, 'accepted');
    const late = await call(w.ctx, 'POST', `/v1/orders/${accepted}/cancel`, w.buyer.token, {});
    expect(late.status).toBe(403);
  });

  test('the seller cancels with a reason only, and not once delivered', async () => {
    const id = await placeOrder(w);
    await setStatus(w, id, 'accepted');
    const noReason = await call(w.ctx, 'POST', `/v1/orders/${id}/cancel`, w.seller.token, {});
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors.reason).toEqual(['Give the reason for cancelling.']);
    const ok = await call(w.ctx, 'POST', `/v1/orders/${id}/cancel`, w.seller.token, { reason: 'Закончился товар' });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ status: 'cancelled', cancel_reason: 'Закончился товар' });

    const delivered = await placeOrder(w);
    for (const status of ['accepted', 'ready', 'delivered']) await setStatus(w, delivered, status);
    expect((await call(w.ctx, 'POST', `/v1/orders/${delivered}/cancel`, w.seller.token, { reason: 'Поздно' })).status).toBe(409);
  });

  test('lists: the buyer’s by state, the seller’s by business and state', async () => {
    const mine = await call(w.ctx, 'GET', '/v1/orders/user?status=cancelled&per_page=2', w.buyer.token);
    expect(mine.status).toBe(200);
    expect(mine.body.data.every((o: { status: string }) => o.status === 'cancelled')).toBe(true);
    expect(mine.body.meta).toMatchObject({ current_page: 1, per_page: 2 });
    const incoming = await call(w.ctx, 'GET', `/v1/orders/business?business_id=${w.businessId}&status=placed&status=accepted`, w.seller.token);
    expect(incoming.status).toBe(200);
    expect(incoming.body.data.every((o: { status: string }) => ['placed', 'accepted'].includes(o.status))).toBe(true);
    expect((await call(w.ctx, 'GET', '/v1/orders/business', w.buyer.token)).body.data).toEqual([]);
    expect((await call(w.ctx, 'GET', '/v1/orders/user?status=lost', w.buyer.token)).status).toBe(422);
  });
});
