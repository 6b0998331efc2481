import { ADDRESSES_MAX } from '../../../shared/api/order-values';
import { SETUP_TIMEOUT } from '../helpers/test-app';
import { ADDRESS, call, card, ordersWorld, type OrdersWorld } from './orders-kit';

let w: OrdersWorld;
beforeAll(async () => {
  w = await ordersWorld();
}, SETUP_TIMEOUT);
afterAll(() => w.ctx.close());

describe('addresses', () => {
  test('the first is the default; a new default replaces it; deleting the default passes it on', async () => {
    const a = (await call(w.ctx, 'POST', '/v1/addresses', w.buyer.token, ADDRESS)).body.data;
    expect(a.is_default).toBe(true);
    const b = (await call(w.ctx, 'POST', '/v1/addresses', w.buyer.token, { ...ADDRESS, street: 'Арбат', is_default: true })).body.data;
    const list = (await call(w.ctx, 'GET', '/v1/addresses', w.buyer.token)).body.data;
    expect(list.map((x: { id: number; is_default: boolean }) => [x.id, x.is_default])).toEqual([
      [b.id, true],
      [a.id, false],
    ]);
    expect((await call(w.ctx, 'DELETE', `/v1/addresses/${b.id}`, w.buyer.token)).status).toBe(204);
    expect((await call(w.ctx, 'GET', '/v1/addresses', w.buyer.token)).body.data).toEqual([expect.objectContaining({ id: a.id, is_default: true })]);
  });

  test('required fields and lengths, translated', async () => {
    const res = await call(w.ctx, 'POST', '/v1/addresses', w.buyer.token, { city: ' ', street: 'Арбат', house: '' }, 'ru');
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ city: ['Поле обязательно.'], house: ['Поле обязательно.'] });
    const long = await call(w.ctx, 'POST', '/v1/addresses', w.buyer.token, { ...ADDRESS, house: 'x'.repeat(21) });
    expect(long.status).toBe(422);
    expect(long.body.errors.house).toBeDefined();
  });
});

test('saves at once take turns: one default, and never more than the limit', async () => {
  // On PostgreSQL these run in parallel transactions; each would see "no address yet" and claim the default.
  const answers = await Promise.all(Array.from({ length: ADDRESSES_MAX + 5 }, (_, i) => call(w.ctx, 'POST', '/v1/addresses', w.stranger.token, { ...ADDRESS, house: String(i + 1) })));
  expect(answers.map((answer) => answer.status).sort()).toEqual([...Array(ADDRESSES_MAX).fill(201), ...Array(5).fill(422)]);
  const list = (await call(w.ctx, 'GET', '/v1/addresses', w.stranger.token)).body.data as Array<{ id: number; is_default: boolean }>;
  expect(list).toHaveLength(ADDRESSES_MAX);
  expect(list.filter((address) => address.is_default)).toHaveLength(1);
  await Promise.all(list.map((address) => call(w.ctx, 'DELETE', `/v1/addresses/${address.id}`, w.stranger.token)));
});

describe('cards', () => {
  test('list and delete my cards; Luhn, expiry and CVC are checked', async () => {
    const saved = (await call(w.ctx, 'POST', '/v1/cards', w.buyer.token, card())).body.data;
    expect(saved).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2040, holder: null, is_expired: false });
    expect((await call(w.ctx, 'GET', '/v1/cards', w.stranger.token)).body.data).toEqual([]);
    const bad = await call(w.ctx, 'POST', '/v1/cards', w.buyer.token, { number: '1234 5678 9012 3456', expiry: '13/30', cvc: 'abc' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['cvc', 'expiry', 'number']);
    expect((await call(w.ctx, 'DELETE', `/v1/cards/${saved.id}`, w.buyer.token)).status).toBe(204);
    expect((await call(w.ctx, 'GET', '/v1/cards', w.buyer.token)).body.data).toEqual([]);
  });
});
