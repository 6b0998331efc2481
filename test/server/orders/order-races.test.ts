import { SETUP_TIMEOUT } from '../helpers/test-app';
import { call, ordersWorld, placeOrder, setStatus, stockOf, type OrdersWorld } from './orders-kit';

let w: OrdersWorld;
beforeAll(async () => {
  w = await ordersWorld();
}, SETUP_TIMEOUT);
afterAll(() => w.ctx.close());

const detail = async (id: number) => (await call(w.ctx, 'GET', `/v1/orders/${id}`, w.buyer.token)).body.data;

describe('moves made at the same moment', () => {
  test('the seller accepts while the buyer cancels: exactly one move happens, and the timeline says which', async () => {
    for (let round = 0; round < 3; round++) {
      const stock = await stockOf(w);
      const id = await placeOrder(w);
      const [accept, cancel] = await Promise.all([setStatus(w, id, 'accepted'), call(w.ctx, 'POST', `/v1/orders/${id}/cancel`, w.buyer.token, {})]);
      expect([accept.status, cancel.status].sort()).toEqual(accept.status === 200 ? [200, 403] : [200, 409]);
      const order = await detail(id);
      expect(order.timeline).toHaveLength(2);
      expect(order.status).toBe(accept.status === 200 ? 'accepted' : 'cancelled');
      // Stock went back only if it was cancelled.
      expect(await stockOf(w)).toBe(order.status === 'cancelled' ? stock : stock! - 1);
    }
  });

  test('two cancels at once release the stock once', async () => {
    const stock = await stockOf(w);
    const id = await placeOrder(w, {}, 2);
    const answers = await Promise.all([1, 2, 3].map(() => call(w.ctx, 'POST', `/v1/orders/${id}/cancel`, w.buyer.token, {})));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(await stockOf(w)).toBe(stock);
  });

  test('a double-clicked rating counts once', async () => {
    const id = await placeOrder(w);
    for (const s of ['accepted', 'ready', 'delivered']) await setStatus(w, id, s);
    const before = (await call(w.ctx, 'GET', `/v1/business/${w.businessId}`)).body.data.rating_count;
    const answers = await Promise.all([1, 2].map(() => call(w.ctx, 'POST', `/v1/orders/${id}/rate`, w.buyer.token, { stars: 3 })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await call(w.ctx, 'GET', `/v1/business/${w.businessId}`)).body.data.rating_count).toBe(before + 1);
  });
});
