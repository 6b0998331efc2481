import { screen } from '@testing-library/react';
import { ChatSubjectLabel } from '../../src/components/chat/chat-subject';
import { renderScreen } from './support/render';

test.each([
  ['buyer', 'en', 'Order #42', '/order/42'],
  ['seller', 'en', 'Order #42', '/order/business/42'],
  ['buyer', 'ru', 'Заказ №42', '/order/42'],
  ['seller', 'ru', 'Заказ №42', '/order/business/42'],
] as const)('the %s reads an order subject (%s) as a link to their own side of it', (viewer, lang, text, href) => {
  renderScreen(<ChatSubjectLabel subject={{ type: 'order', id: 42, name: 'Bakery', viewer }} link />, { lang, path: '/chats/1' });
  expect(screen.getByRole('link', { name: text }).getAttribute('href')).toBe(href);
});

test('in the chat list (itself a link) the order is plain text; catalog subjects show their name, a gone one nothing', () => {
  const { rerender } = renderScreen(<ChatSubjectLabel subject={{ type: 'order', id: 7, name: null, viewer: 'buyer' }} />, { path: '/chats' });
  expect(screen.getByTestId('chat-subject').textContent).toBe('Order #7');
  expect(screen.queryByRole('link')).toBeNull();
  rerender(<ChatSubjectLabel subject={{ type: 'product', id: 3, name: 'Tomatoes' }} link />);
  expect(screen.getByTestId('chat-subject').textContent).toBe('Tomatoes');
  rerender(<ChatSubjectLabel subject={{ type: 'ad', id: 3, name: null }} />);
  expect(screen.queryByTestId('chat-subject')).toBeNull();
});
