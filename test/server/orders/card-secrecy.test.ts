import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { SETUP_TIMEOUT } from '../helpers/test-app';
import { addToCart, call, card, checkout, ordersWorld, type OrdersWorld } from './orders-kit';

const log: string[] = [];
const stream = new PassThrough();
stream.on('data', (chunk: Buffer) => log.push(chunk.toString('utf8')));

let w: OrdersWorld;
beforeAll(async () => {
  w = await ordersWorld(stream);
}, SETUP_TIMEOUT);
afterAll(() => w.ctx.close());

/** Every row of the tables a card could end up in, as one text. */
async function dump(): Promise<string> {
  const tables = ['cards', 'payments', 'orders', 'order_items', 'order_status_history', 'checkouts', 'cart_items', 'notifications'];
  const parts: string[] = [];
  for (const table of tables) {
    const result = await w.ctx.database.db.execute(sql.raw(`select * from ${table}`));
    parts.push(JSON.stringify((result as unknown as { rows: unknown[] }).rows));
  }
  return parts.join('\n');
}

describe('card numbers and CVCs never reach the database or the log', () => {
  test('saving a card and paying with a new one leave only token, brand, last 4 and expiry', async () => {
    const number = '4242 4242 4242 4242';
    const saved = await call(w.ctx, 'POST', '/v1/cards', w.buyer.token, { number, expiry: '11/39', cvc: '987' });
    expect(saved.status).toBe(201);
    expect(saved.body.data).toEqual(expect.objectContaining({ brand: 'visa', last4: '4242', exp_month: 11, exp_year: 2039 }));
    expect(JSON.stringify(saved.body)).not.toContain('424242424242');

    await addToCart(w, w.buyer, w.unlimitedId, 1);
    const paid = await checkout(w, w.buyer, { payment_kind: 'new_card', card: { number: '4000000000003220', expiry: '10/38', cvc: '6543' }, save_card: true });
    expect(paid.status).toBe(201);
    // A refused card (bad Luhn) must not be echoed in the error either.
    const refused = await call(w.ctx, 'POST', '/v1/cards', w.buyer.token, { ...card(), number: '4242424242424241', cvc: '555' });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).not.toContain('4242424242424241');

    const stored = await dump();
    for (const secret of ['4242424242424242', '4242 4242 4242 4242', '4000000000003220', '4242424242424241']) expect(stored).not.toContain(secret);
    for (const cvc of ['"987"', '"6543"', ':987,', ':6543,', '"cvc"']) expect(stored).not.toContain(cvc);

    await new Promise((resolve) => setImmediate(resolve));
    const logged = log.join('');
    expect(logged.length).toBeGreaterThan(0); // the log is really captured
    expect(logged).toContain('/v1/cards');
    for (const secret of ['4242424242424242', '4242 4242 4242 4242', '4000000000003220', '4242424242424241', '"987"', '"6543"', '"555"']) expect(logged).not.toContain(secret);
  });
});
