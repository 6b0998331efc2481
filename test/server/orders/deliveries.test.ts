import { SETUP_TIMEOUT } from '../helpers/test-app';
import { ADDRESS, call, ordersWorld, placeOrder, setStatus, type OrdersWorld } from './orders-kit';

let w: OrdersWorld;
beforeAll(async () => {
  w = await ordersWorld();
}, SETUP_TIMEOUT);
afterAll(() => w.ctx.close());

describe('POST /v1/deliveries', () => {
  test('the seller hands an accepted courier order to a courier, once; the order shows it', async () => {
    const address = (await call(w.ctx, 'POST', '/v1/addresses', w.buyer.token, ADDRESS)).body.data;
    const id = await placeOrder(w, { delivery_kind: 'courier', address_id: address.id });
    const body = { order_id: id, courier_name: 'Иван', courier_phone: '+79001234567', tracking_code: 'TRK-1', expected_at: new Date(Date.now() + 3600_000).toISOString() };
    expect((await call(w.ctx, 'POST', '/v1/deliveries', w.seller.token, body)).status).toBe(409); // not accepted yet
    await setStatus(w, id, 'accepted');
    expect((await call(w.ctx, 'POST', '/v1/deliveries', w.buyer.token, body)).status).toBe(403);
    expect((await call(w.ctx, 'POST', '/v1/deliveries', w.stranger.token, body)).status).toBe(404);
    expect((await call(w.ctx, 'POST', '/v1/deliveries', w.seller.token, { ...body, expected_at: 'tomorrow' })).status).toBe(422);
    // The form's shared rule: a name is required, a phone must look like one.
    const blank = await call(w.ctx, 'POST', '/v1/deliveries', w.seller.token, { ...body, courier_name: '   ' });
    expect([blank.status, blank.body.errors?.courier_name]).toEqual([422, ['The field is required.']]);
    const phone = await call(w.ctx, 'POST', '/v1/deliveries', w.seller.token, { ...body, courier_phone: 'call me' });
    expect([phone.status, Object.keys(phone.body.errors ?? {})]).toEqual([422, ['courier_phone']]);
    const created = await call(w.ctx, 'POST', '/v1/deliveries', w.seller.token, body);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ order_id: id, courier_name: 'Иван', tracking_code: 'TRK-1' });
    const again = await call(w.ctx, 'POST', '/v1/deliveries', w.seller.token, body);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This order already has a courier.');
    const order = (await call(w.ctx, 'GET', `/v1/orders/${id}`, w.buyer.token)).body.data;
    expect(order.delivery).toMatchObject({ courier_name: 'Иван' });
    expect(order.moves).toEqual([]);
    expect((await call(w.ctx, 'GET', `/v1/orders/${id}`, w.seller.token)).body.data.moves).toEqual(['shipped', 'cancelled']);
  });

  test('pickup orders get no courier', async () => {
    const id = await placeOrder(w);
    await setStatus(w, id, 'accepted');
    expect((await call(w.ctx, 'POST', '/v1/deliveries', w.seller.token, { order_id: id, courier_name: 'Иван' })).status).toBe(409);
  });
});
