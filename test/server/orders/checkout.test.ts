import { eq } from 'drizzle-orm';
import { cards, checkouts, orders, products, stockHolds } from '../../../server/db/schema';
import { cartRepository } from '../../../server/modules/cart/cart-repository';
import { sweepOrders } from '../../../server/modules/orders/orders-routes';
import { HOLD_MINUTES, takeHolds } from '../../../server/modules/orders/stock-holds';
import { checkoutLines, writeCheckout } from '../../../server/modules/orders/checkout-writer';
import { SETUP_TIMEOUT } from '../helpers/test-app';
import { addToCart, ADDRESS, call, card, checkout, newKey, ordersWorld, stockOf, type OrdersWorld } from './orders-kit';

let w: OrdersWorld;
beforeAll(async () => {
  w = await ordersWorld();
}, SETUP_TIMEOUT);
afterAll(() => w.ctx.close());

const ordersOf = async (userId: number) => w.ctx.database.db.select().from(orders).where(eq(orders.buyerId, userId));

describe('checkout', () => {
  test('an empty cart is a 422', async () => {
    const res = await checkout(w, w.stranger);
    expect(res.status).toBe(422);
    expect(res.body.errors.cart).toEqual(['The cart is empty.']);
  });

  test('the same idempotency key twice (one after the other, then at once) creates the orders once', async () => {
    await addToCart(w, w.buyer, w.unlimitedId, 1);
    const key = newKey();
    const first = await checkout(w, w.buyer, { idempotency_key: key });
    expect(first.status).toBe(201);
    await addToCart(w, w.buyer, w.unlimitedId, 1);
    const repeat = await checkout(w, w.buyer, { idempotency_key: key });
    expect(repeat.status).toBe(200);
    expect(repeat.body.data.orders.map((o: { id: number }) => o.id)).toEqual(first.body.data.orders.map((o: { id: number }) => o.id));
    expect((await call(w.ctx, 'GET', '/v1/cart', w.buyer.token)).body.data.items_count).toBe(1); // the repeat did not take the new line

    const racing = newKey();
    const answers = await Promise.all(Array.from({ length: 5 }, () => checkout(w, w.buyer, { idempotency_key: racing })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
    const ids = new Set(answers.map((a) => JSON.stringify(a.body.data.orders.map((o: { id: number }) => o.id))));
    expect(ids.size).toBe(1);
    const [row] = await w.ctx.database.db.select().from(checkouts).where(eq(checkouts.idempotencyKey, racing));
    expect((await w.ctx.database.db.select().from(orders).where(eq(orders.checkoutId, row.id))).length).toBe(1);
  });

  test('a cart changed in another tab between the read and the write is a 409: nothing ordered, the cart as that tab left it', async () => {
    await addToCart(w, w.stranger, w.unlimitedId, 2);
    const db = w.ctx.database.db;
    const seen = checkoutLines(await cartRepository(db).lines(w.stranger.userId));
    // Another tab adds three more after this checkout read the cart.
    await addToCart(w, w.stranger, w.unlimitedId, 3);
    const plan = { buyerId: w.stranger.userId, idempotencyKey: newKey(), deliveryKind: 'pickup' as const, addressId: null, address: null, paymentKind: 'cash' as const, card: null, comment: null, holds: [], lines: seen };
    await expect(writeCheckout(db, plan)).rejects.toMatchObject({ statusCode: 409, messageKey: 'orders.errors.cartChanged' });
    expect(await ordersOf(w.stranger.userId)).toEqual([]);
    const cart = (await call(w.ctx, 'GET', '/v1/cart', w.stranger.token)).body.data;
    expect(cart.groups.flatMap((g: { items: Array<{ quantity: number }> }) => g.items.map((i) => i.quantity))).toEqual([5]);
    // The same checkout with the cart as it is now goes through.
    const now = checkoutLines(await cartRepository(db).lines(w.stranger.userId));
    const written = await writeCheckout(db, { ...plan, idempotencyKey: newKey(), lines: now });
    expect(written.orders).toHaveLength(1);
    expect((await call(w.ctx, 'GET', '/v1/cart', w.stranger.token)).body.data.items_count).toBe(0);
  });

  test('two buyers race for the last item: exactly one order, stock never below zero', async () => {
    const last = (await call(w.ctx, 'POST', '/v1/products', w.seller.token, { business_id: w.businessId, name: 'Последний арбуз', price: 40000, stock: 1 })).body.data;
    const racers = [w.buyer, w.stranger];
    for (const who of racers) await addToCart(w, who, last.id, 1);
    const answers = await Promise.all(racers.map((who) => checkout(w, who, { business_ids: [w.businessId] })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const loser = answers.find((a) => a.status === 409)!;
    expect(loser.body.message).toBe('“Последний арбуз”: only 0 left.');
    expect(await stockOf(w, last.id)).toBe(0);
    // The loser's line is now sold out: accepting the cart as it is drops it.
    for (const who of racers) await call(w.ctx, 'POST', '/v1/cart/accept-changes', who.token);
  });

  test('two buyers race for the last of two products, added in opposite orders: one buys both, the other nothing, no deadlock', async () => {
    const made = async (name: string) => (await call(w.ctx, 'POST', '/v1/products', w.seller.token, { business_id: w.businessId, name, price: 1000, stock: 1 })).body.data.id as number;
    const [pears, plums] = [await made('Груши последние'), await made('Сливы последние')];
    await addToCart(w, w.buyer, pears, 1);
    await addToCart(w, w.buyer, plums, 1);
    await addToCart(w, w.stranger, plums, 1);
    await addToCart(w, w.stranger, pears, 1);
    const before = { buyer: (await ordersOf(w.buyer.userId)).length, stranger: (await ordersOf(w.stranger.userId)).length };
    const answers = await Promise.all([w.buyer, w.stranger].map((who) => checkout(w, who, { business_ids: [w.businessId] })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const winner = answers[0].status === 201 ? w.buyer : w.stranger;
    const loser = winner === w.buyer ? w.stranger : w.buyer;
    expect(answers.find((a) => a.status === 201)!.body.data.orders[0].items_count).toBe(2);
    expect([await stockOf(w, pears), await stockOf(w, plums)]).toEqual([0, 0]);
    // The loser's transaction left nothing behind: no order, and both lines still in the cart.
    expect((await ordersOf(loser.userId)).length).toBe(loser === w.buyer ? before.buyer : before.stranger);
    expect((await call(w.ctx, 'GET', '/v1/cart', loser.token)).body.data.items_count).toBe(2);
    for (const who of [w.buyer, w.stranger]) await call(w.ctx, 'POST', '/v1/cart/accept-changes', who.token);
  });

  test('a double click on the last unit: every twin answers with the one order, none says sold out', async () => {
    const last = (await call(w.ctx, 'POST', '/v1/products', w.seller.token, { business_id: w.businessId, name: 'Последняя дыня', price: 30000, stock: 1 })).body.data;
    await addToCart(w, w.stranger, last.id, 1);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 4 }, () => checkout(w, w.stranger, { idempotency_key: key, business_ids: [w.businessId] })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.data.orders[0].id)).size).toBe(1);
    expect(await stockOf(w, last.id)).toBe(0);
    expect(await w.ctx.database.db.select().from(stockHolds)).toEqual([]);
  });

  test('a checkout refused after its stock was taken (a stranger’s address) gives the stock back at once', async () => {
    const stock = await stockOf(w);
    await addToCart(w, w.buyer, w.productId, 2);
    const foreignAddress = (await call(w.ctx, 'POST', '/v1/addresses', w.stranger.token, ADDRESS)).body.data.id;
    const res = await checkout(w, w.buyer, { delivery_kind: 'courier', address_id: foreignAddress, business_ids: [w.businessId] });
    expect(res.status).toBe(422);
    expect(await stockOf(w)).toBe(stock);
    expect(await w.ctx.database.db.select().from(stockHolds)).toEqual([]);
    const [line] = (await cartRepository(w.ctx.database.db).lines(w.buyer.userId)).filter((l) => l.product?.id === w.productId);
    expect(line.item.quantity).toBe(2);
    await call(w.ctx, 'PUT', `/v1/cart/items/${line.item.id}`, w.buyer.token, { quantity: 0 });
  });

  test('stock taken by a checkout whose API stopped before its orders is given back by the sweep, after the hold expires', async () => {
    const stock = (await stockOf(w))!;
    await addToCart(w, w.stranger, w.productId, 3);
    const [cartLine] = (await cartRepository(w.ctx.database.db).lines(w.stranger.userId)).filter((l) => l.product?.id === w.productId);
    const held = await takeHolds(w.ctx.database.db, w.stranger.userId, newKey(), [cartLine]);
    expect(held.ok).toBe(true);
    expect(await stockOf(w)).toBe(stock - 3);
    await sweepOrders(w.ctx.app, new Date(Date.now() + (HOLD_MINUTES - 1) * 60_000));
    expect(await stockOf(w)).toBe(stock - 3);
    await sweepOrders(w.ctx.app, new Date(Date.now() + (HOLD_MINUTES + 1) * 60_000));
    expect(await stockOf(w)).toBe(stock);
    await call(w.ctx, 'PUT', `/v1/cart/items/${cartLine.item.id}`, w.stranger.token, { quantity: 0 });
  });

  test('courier needs my own address; saved card needs my own card', async () => {
    await addToCart(w, w.buyer, w.unlimitedId, 1);
    const foreignAddress = (await call(w.ctx, 'POST', '/v1/addresses', w.stranger.token, ADDRESS)).body.data.id;
    const foreignCard = (await call(w.ctx, 'POST', '/v1/cards', w.stranger.token, card())).body.data.id;
    const before = (await ordersOf(w.buyer.userId)).length;
    expect((await checkout(w, w.buyer, { delivery_kind: 'courier' })).body.errors.address_id).toEqual(['Choose a delivery address.']);
    expect((await checkout(w, w.buyer, { delivery_kind: 'courier', address_id: foreignAddress })).body.errors.address_id).toEqual(['Choose one of your saved addresses.']);
    expect((await checkout(w, w.buyer, { payment_kind: 'saved_card', card_id: foreignCard })).body.errors.card_id).toEqual(['Choose one of your saved cards.']);
    expect((await ordersOf(w.buyer.userId)).length).toBe(before);
    expect((await call(w.ctx, 'PUT', `/v1/addresses/${foreignAddress}`, w.buyer.token, ADDRESS)).status).toBe(404);
    expect((await call(w.ctx, 'DELETE', `/v1/addresses/${foreignAddress}`, w.buyer.token)).status).toBe(404);
    expect((await call(w.ctx, 'DELETE', `/v1/cards/${foreignCard}`, w.buyer.token)).status).toBe(404);
  });

  test('a new card that fails Luhn, an expired card, a bad CVC: 422 on the card’s fields, nothing written', async () => {
    const before = (await ordersOf(w.buyer.userId)).length;
    const luhn = await checkout(w, w.buyer, { payment_kind: 'new_card', card: { ...card(), number: '4242424242424241' } });
    expect(luhn.status).toBe(422);
    expect(luhn.body.errors['card.number']).toEqual(['The card number is mistyped.']);
    const expired = await checkout(w, w.buyer, { payment_kind: 'new_card', card: { ...card(), expiry: '01/20' } });
    expect(expired.body.errors['card.expiry']).toEqual(['The card has expired.']);
    const cvc = await checkout(w, w.buyer, { payment_kind: 'new_card', card: { ...card(), cvc: '12' } });
    expect(cvc.body.errors['card.cvc']).toEqual(['The CVC is 3 or 4 digits.']);
    expect((await ordersOf(w.buyer.userId)).length).toBe(before);
  });

  test('the succeeding test card: the order is placed and paid; a cancel refunds it', async () => {
    const res = await checkout(w, w.buyer, { payment_kind: 'new_card', card: card(), save_card: true });
    expect(res.status).toBe(201);
    expect(res.body.data.payment.status).toBe('succeeded');
    const id = res.body.data.orders[0].id;
    const detail = (await call(w.ctx, 'GET', `/v1/orders/${id}`, w.buyer.token)).body.data;
    expect(detail).toMatchObject({ status: 'placed', payment: { kind: 'new_card', status: 'succeeded', card: { brand: 'visa', last4: '4242' }, refunded: false } });
    expect(detail.timeline.map((t: { to: string }) => t.to)).toEqual(['pending_payment', 'placed']);
    expect((await call(w.ctx, 'GET', '/v1/cards', w.buyer.token)).body.data).toHaveLength(1);
    const cancelled = await call(w.ctx, 'POST', `/v1/orders/${id}/cancel`, w.buyer.token, { reason: 'Передумал' });
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', payment: { status: 'refunded', refunded: true } });
  });

  test('the declined test card: 422, the order kept as payment_failed, stock released, the cart given back', async () => {
    const stock = await stockOf(w);
    await addToCart(w, w.buyer, w.productId, 2);
    const res = await checkout(w, w.buyer, { payment_kind: 'new_card', card: card('4000 0000 0000 0002') });
    expect(res.status).toBe(422);
    expect(res.body.errors['card.number']).toEqual(['The card was declined. Try another card or pay in cash.']);
    const failed = (await call(w.ctx, 'GET', '/v1/orders/user?status=payment_failed', w.buyer.token)).body.data;
    expect(failed).toHaveLength(1);
    expect(await stockOf(w)).toBe(stock);
    const cart = (await call(w.ctx, 'GET', '/v1/cart', w.buyer.token)).body.data;
    expect(cart.groups[0].items.find((i: { product_id: number }) => i.product_id === w.productId).quantity).toBe(2);
  });

  test('the confirmation card: pending until confirm-payment, then placed; a second confirm is a 409', async () => {
    const saved = await call(w.ctx, 'POST', '/v1/cards', w.buyer.token, card('4000000000003220'));
    expect(saved.body.data).toMatchObject({ last4: '3220', brand: 'visa', is_expired: false });
    const res = await checkout(w, w.buyer, { payment_kind: 'saved_card', card_id: saved.body.data.id });
    expect(res.status).toBe(201);
    expect(res.body.data.payment.status).toBe('requires_confirmation');
    const [id] = res.body.data.payment.pending_order_ids;
    expect((await call(w.ctx, 'GET', `/v1/orders/${id}`, w.buyer.token)).body.data).toMatchObject({ status: 'pending_payment', payment: { status: 'requires_confirmation' } });
    expect((await call(w.ctx, 'POST', `/v1/orders/${id}/confirm-payment`, w.stranger.token, {})).status).toBe(404);
    const confirmed = await call(w.ctx, 'POST', `/v1/orders/${id}/confirm-payment`, w.buyer.token, {});
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ status: 'placed', payment: { status: 'succeeded' } });
    expect((await call(w.ctx, 'POST', `/v1/orders/${id}/confirm-payment`, w.buyer.token, {})).status).toBe(409);
  });

  test('an expired saved card cannot pay', async () => {
    const saved = await call(w.ctx, 'POST', '/v1/cards', w.buyer.token, card());
    await w.ctx.database.db.update(cards).set({ expYear: 2020 }).where(eq(cards.id, saved.body.data.id));
    await addToCart(w, w.buyer, w.unlimitedId, 1);
    const res = await checkout(w, w.buyer, { payment_kind: 'saved_card', card_id: saved.body.data.id });
    expect(res.body.errors.card_id).toEqual(['This card has expired.']);
  });

  test('prices are fixed at checkout: a later price change does not touch the order', async () => {
    await addToCart(w, w.buyer, w.unlimitedId, 1);
    await call(w.ctx, 'POST', '/v1/cart/accept-changes', w.buyer.token);
    const res = await checkout(w, w.buyer);
    const id = res.body.data.orders[0].id;
    await w.ctx.database.db.update(products).set({ price: 99999 }).where(eq(products.id, w.unlimitedId));
    const detail = (await call(w.ctx, 'GET', `/v1/orders/${id}`, w.buyer.token)).body.data;
    expect(detail.items.every((i: { unit_price: number }) => i.unit_price === 5000)).toBe(true);
    await w.ctx.database.db.update(products).set({ price: 5000 }).where(eq(products.id, w.unlimitedId));
  });
});
