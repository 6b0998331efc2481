import { SETUP_TIMEOUT, signIn } from '../helpers/test-app';
import { call, ordersWorld, placeOrder, type OrdersWorld, type Party } from './orders-kit';

let w: OrdersWorld;
let orderId: number;
beforeAll(async () => {
  w = await ordersWorld();
  orderId = await placeOrder(w);
}, SETUP_TIMEOUT);
afterAll(() => w.ctx.close());

const write = (from: Party, to: Party, content: string, id = orderId, lang = 'en') =>
  call(w.ctx, 'POST', '/v1/messages', from.token, { recipient_id: to.userId, content, subject_type: 'order', subject_id: id }, lang);

describe('a chat about an order', () => {
  test('the buyer starts it, the seller answers in the same chat; each sees "order" with their own side', async () => {
    const first = await write(w.buyer, w.seller, 'Когда привезёте?');
    expect(first.status).toBe(201);
    const chatId = first.body.data.chat_id;
    const answer = await write(w.seller, w.buyer, 'Сегодня к вечеру');
    expect(answer.status).toBe(201);
    expect(answer.body.data.chat_id).toBe(chatId);
    // Continuing by the chat's id needs no subject again.
    expect((await call(w.ctx, 'POST', '/v1/messages', w.buyer.token, { chat_id: chatId, content: 'Спасибо' })).status).toBe(201);

    const buyerSide = (await call(w.ctx, 'GET', `/v1/chats/${chatId}`, w.buyer.token)).body.data;
    expect(buyerSide.subject).toEqual({ type: 'order', id: orderId, name: 'Farm shop', viewer: 'buyer' });
    const sellerList = (await call(w.ctx, 'GET', '/v1/chats', w.seller.token)).body.data;
    expect(sellerList.find((chat: { id: number }) => chat.id === chatId).subject).toEqual({ type: 'order', id: orderId, name: 'Farm shop', viewer: 'seller' });
  });

  test('a chat about the order is not a chat about its business', async () => {
    const aboutBusiness = await call(w.ctx, 'POST', '/v1/messages', w.buyer.token, { recipient_id: w.seller.userId, content: 'А вообще?', subject_type: 'business', subject_id: w.businessId });
    const aboutOrder = await write(w.buyer, w.seller, 'А по заказу?');
    expect(aboutBusiness.body.data.chat_id).not.toBe(aboutOrder.body.data.chat_id);
  });

  test('a third user cannot write about the order, to either side, and no side can bring them in', async () => {
    const refusals = [await write(w.stranger, w.seller, 'Я тоже про заказ'), await write(w.stranger, w.buyer, 'Что купили?'), await write(w.buyer, w.stranger, 'Посмотри мой заказ'), await write(w.seller, w.stranger, 'Чужой заказ')];
    for (const res of refusals) {
      expect(res.status).toBe(422);
      expect(res.body.errors.subject_id).toEqual(['This product, business, ad or order no longer exists.']);
    }
  });

  test('a foreign order answers exactly as a missing one, and a missing one is refused in Russian too', async () => {
    const other = await signIn(w.ctx, 'other-buyer-chat@example.com');
    const theirs = await placeOrder(w, {}, 1, other);
    const foreign = await write(w.buyer, w.seller, 'Чужой', theirs);
    const missing = await write(w.buyer, w.seller, 'Нет такого', 999_999);
    expect(foreign).toEqual(missing);
    expect(missing.status).toBe(422);
    const ru = await write(w.buyer, w.seller, 'Нет такого', 999_999, 'ru');
    expect(ru.body.errors.subject_id).toEqual(['Этого товара, бизнеса, объявления или заказа больше нет.']);
  });
});
