import { sweepOrders } from '../../../server/modules/orders/orders-routes';
import { SETUP_TIMEOUT } from '../helpers/test-app';
import { addToCart, call, card, checkout, ordersWorld, placeOrder, setStatus, stockOf, type OrdersWorld } from './orders-kit';

let w: OrdersWorld;
beforeAll(async () => {
  w = await ordersWorld();
}, SETUP_TIMEOUT);
afterAll(() => w.ctx.close());

const later = (ms: number) => new Date(Date.now() + ms);
const statusOf = async (id: number) => (await call(w.ctx, 'GET', `/v1/orders/${id}`, w.buyer.token)).body.data;

describe('the order sweep', () => {
  test('an order left unpaid past 30 minutes fails, gives its stock back and its lines back to the cart', async () => {
    const stock = await stockOf(w);
    await addToCart(w, w.buyer, w.productId, 1);
    const res = await checkout(w, w.buyer, { payment_kind: 'new_card', card: card('4000000000003220') });
    const [id] = res.body.data.payment.pending_order_ids;
    expect(await stockOf(w)).toBe(stock! - 1);
    await sweepOrders(w.ctx.app, later(10 * 60_000));
    expect((await statusOf(id)).status).toBe('pending_payment');
    await sweepOrders(w.ctx.app, later(31 * 60_000));
    expect((await statusOf(id)).status).toBe('payment_failed');
    expect(await stockOf(w)).toBe(stock);
    expect((await call(w.ctx, 'GET', '/v1/cart', w.buyer.token)).body.data.items_count).toBe(1);
    // Confirming now is too late.
    expect((await call(w.ctx, 'POST', `/v1/orders/${id}/confirm-payment`, w.buyer.token, {})).status).toBe(409);
    const cartLine = (await call(w.ctx, 'GET', '/v1/cart', w.buyer.token)).body.data.groups[0].items[0];
    await call(w.ctx, 'PUT', `/v1/cart/items/${cartLine.id}`, w.buyer.token, { quantity: 0 });
  });

  test('a paid order not accepted within 24 hours is cancelled and refunded, with a reason the buyer can read', async () => {
    await addToCart(w, w.buyer, w.unlimitedId, 1);
    const res = await checkout(w, w.buyer, { payment_kind: 'new_card', card: card() });
    const id = res.body.data.orders[0].id;
    await sweepOrders(w.ctx.app, later(25 * 3600_000));
    const order = await statusOf(id);
    expect(order).toMatchObject({ status: 'cancelled', payment: { status: 'refunded' }, cancel_reason: 'The business did not accept the order in time.' });
    expect(order.timeline.at(-1)).toMatchObject({ from: 'placed', to: 'cancelled', by: 'system' });
    const event = w.ctx.events.filter((e) => e.channel === `private-user.${w.buyer.userId}` && e.event === 'OrderStatusUpdated').at(-1);
    expect(event?.data).toMatchObject({ order_id: id, status: 'cancelled' });
  });

  test('accepted orders are left alone; delivered ones complete after 7 days', async () => {
    const accepted = await placeOrder(w);
    await setStatus(w, accepted, 'accepted');
    const delivered = await placeOrder(w);
    for (const s of ['accepted', 'ready', 'delivered']) await setStatus(w, delivered, s);
    await sweepOrders(w.ctx.app, later(6 * 24 * 3600_000));
    expect((await statusOf(delivered)).status).toBe('delivered');
    await sweepOrders(w.ctx.app, later(8 * 24 * 3600_000));
    expect((await statusOf(accepted)).status).toBe('accepted');
    expect((await statusOf(delivered)).status).toBe('completed');
    // The buyer may still rate a completed order.
    expect((await call(w.ctx, 'POST', `/v1/orders/${delivered}/rate`, w.buyer.token, { stars: 5 })).status).toBe(200);
  });
});
