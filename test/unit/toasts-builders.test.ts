import { createIntl } from 'react-intl';
import en from '../../src/locales/en.json';
import ru from '../../src/locales/ru.json';
import { messageToast, notificationToast, orderToast, type FormatMessage } from '../../src/features/toasts/realtime-toasts';

const intls = { en: createIntl({ locale: 'en', messages: en }), ru: createIntl({ locale: 'ru', messages: ru }) };
const format = (lang: 'en' | 'ru'): FormatMessage => (descriptor, values) => intls[lang].formatMessage(descriptor, values);

const message = {
  id: 41,
  chat_id: 7,
  sender: { id: 3, name: 'Анна', image: null },
  content: 'Здравствуйте!',
  attachments: [],
  created_at: '2025-01-01T00:00:00Z',
};

test('a message toast is titled with the sender and shows the content, leading to the chat', () => {
  expect(messageToast({ event_id: 'e1', message }, format('en'))).toEqual({
    id: 'e1',
    kind: 'message',
    title: 'Анна',
    body: 'Здравствуйте!',
    link: '/chats/7',
  });
});

test('the message may arrive as a JSON string', () => {
  const toast = messageToast({ event_id: 'e2', message: JSON.stringify(message) }, format('en'));
  expect(toast).toMatchObject({ title: 'Анна', body: 'Здравствуйте!', link: '/chats/7' });
  expect(messageToast({ message: 'plain text' }, format('en'))).toMatchObject({ title: 'User', body: 'plain text', link: undefined });
});

test.each([
  ['en', 'User', 'sent a file'],
  ['ru', 'Пользователь', 'отправил(а) файл'],
] as const)('SPEC §8 message fallbacks in %s', (lang, title, body) => {
  const noName = { ...message, sender: { id: 3, name: '  ', image: null }, content: '', attachments: [{ id: 1, name: 'a.pdf', url: '/a.pdf', mime: 'application/pdf', size: 10 }] };
  expect(messageToast({ event_id: 'e3', message: noName }, format(lang))).toMatchObject({ title, body, link: '/chats/7' });
  expect(messageToast({ message: JSON.stringify({ content: null, sender: null }) }, format(lang))).toMatchObject({ title, body });
});

test.each([
  ['en', 'New notification', 'You have a new notification'],
  ['ru', 'Новое уведомление', 'У вас новое уведомление'],
] as const)('SPEC §8 notification toast in %s', (lang, title, fallback) => {
  const notification = { id: 5, type: 'announcement', title: 'Плановые работы', body: 'Сегодня в 22:00', data: { link: '/order/9' }, created_at: '2025-01-01T00:00:00Z' };
  expect(notificationToast({ event_id: 'n1', notification }, format(lang))).toEqual({ id: 'n1', kind: 'notification', title, body: 'Сегодня в 22:00', link: '/order/9' });
  expect(notificationToast({ notification: { ...notification, body: '', title: '', data: { link: 'https://evil.example' } } }, format(lang))).toMatchObject({
    title,
    body: fallback,
    link: '/notifications',
  });
  expect(notificationToast({}, format(lang))).toMatchObject({ title, body: fallback });
});

test.each([
  ['en', 'Order update', 'Order #12345 status changed'],
  ['ru', 'Обновление заказа', 'Статус заказа №12345 изменён'],
] as const)('SPEC §8 order toast in %s', (lang, title, fallback) => {
  expect(orderToast({ event_id: 'o1', order_id: 12345, status: 'shipped', message: 'Заказ отправлен' }, format(lang))).toEqual({
    id: 'o1',
    kind: 'order',
    title,
    body: 'Заказ отправлен',
    link: '/order/12345',
  });
  expect(orderToast({ event_id: 'o2', order_id: 12345, status: 'shipped', message: '' }, format(lang))).toMatchObject({ title, body: fallback });
});
