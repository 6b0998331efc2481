import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { storeCart } from '../../src/components/cart/cart-api';
import { guestCartReducer, guestCartReplaced } from '../../src/components/cart/guest-cart-slice';
import CartPage from '../../src/features/cart/cart-page';
import { checkoutReducer } from '../../src/features/cart/checkout-slice';
import { api } from '../../src/services/api';
import { authReducer } from '../../src/session/session-slice';
import { cartGroup, cartItem, cartOf } from './orders-fixtures';
import { renderScreen } from './support/render';

// A real store with the cart already in the cache: the page reads what a fetch would have stored.
// No request may leave in this test; one that tries stays pending.
beforeEach(() => {
  globalThis.fetch = jest.fn(() => new Promise<Response>(() => {})) as typeof fetch;
});

function storeWith(signedIn: boolean) {
  return configureStore({
    reducer: combineReducers({
      [api.reducerPath]: api.reducer,
      auth: authReducer,
      language: (state = { current: 'en' }) => state,
      guestCart: guestCartReducer,
      checkout: checkoutReducer,
    }),
    preloadedState: { auth: signedIn ? { token: 't', userId: 7, notSignedIn: false } : { token: null, userId: null, notSignedIn: false } },
    middleware: (d) => d().concat(api.middleware),
  });
}

function renderCart(store: ReturnType<typeof storeWith>, lang: 'en' | 'ru' = 'en') {
  return renderScreen(
    <Provider store={store}>
      <CartPage />
    </Provider>,
    { path: '/cart', lang },
  );
}

// Non-breaking spaces and narrow spaces differ by locale; compare the words and digits.
const text = (element: HTMLElement) => element.textContent!.replace(/\s/g, ' ');

test('items are grouped by business, each group with its subtotal, delivery, delivery discount and totals', () => {
  const store = storeWith(true);
  const bakery = cartGroup(1, 'Bakery', [cartItem(1, { quantity: 2, line_total: 100_000 }), cartItem(2)], {
    business: { id: 1, name: 'Bakery', delivery_discount_percent: 50 },
    delivery_discount: 14_950,
    total_courier: 150_000 + 14_950,
  });
  const books = cartGroup(2, 'Books', [cartItem(3, { business_id: 2, unit_price: 120_050, seen_price: 120_050, line_total: 120_050 })]);
  storeCart(store.dispatch, cartOf([bakery, books]), { broadcast: false });
  renderCart(store);

  const groups = screen.getAllByTestId('cart-group');
  expect(groups).toHaveLength(2);
  expect(within(groups[0]).getByRole('heading').textContent).toBe('Bakery');
  expect(within(groups[0]).getAllByTestId('cart-line')).toHaveLength(2);
  expect(text(within(groups[0]).getByTestId('group-subtotal'))).toBe('RUB 1,500');
  expect(text(within(groups[0]).getByTestId('group-delivery'))).toBe('RUB 299');
  expect(within(groups[0]).getByText('Store’s delivery discount (50%)')).toBeTruthy();
  expect(text(within(groups[0]).getByTestId('group-discount'))).toBe('−RUB 149.50');
  expect(text(within(groups[0]).getByTestId('group-total-courier'))).toBe('RUB 1,649.50');
  // No discount, no discount line.
  expect(within(groups[1]).queryByTestId('group-discount')).toBeNull();
  expect(text(within(groups[1]).getByTestId('group-subtotal'))).toBe('RUB 1,200.50');
  expect(text(screen.getByTestId('cart-summary'))).toContain('Total: RUB 2,700.50 with pickup, RUB 3,149 with courier delivery');
  expect(screen.getByTestId('to-checkout').tagName).toBe('A');
});

test('a price or availability change is shown before paying, and checkout waits until it is accepted', () => {
  const store = storeWith(true);
  const changed = cartItem(1, { unit_price: 60_000, seen_price: 50_000, line_total: 60_000, problems: ['price_changed'] });
  const short = cartItem(2, { quantity: 3, stock: 1, available: false, problems: ['not_enough_stock'] });
  storeCart(store.dispatch, cartOf([cartGroup(1, 'Bakery', [changed, short])]), { broadcast: false });
  renderCart(store);

  expect(screen.getByTestId('cart-changes').textContent).toContain('accept the changes before paying');
  const [priceLine, stockLine] = screen.getAllByTestId('cart-line-problems');
  expect(text(priceLine)).toBe('The price has changed: it was RUB 500, now RUB 600.');
  expect(stockLine.textContent).toBe('Only 1 left.');
  // The old price stays visible, struck through.
  expect(screen.getByLabelText('Price when added: RUB 500')).toBeTruthy();
  const checkout = screen.getByTestId('to-checkout') as HTMLButtonElement;
  expect(checkout.tagName).toBe('BUTTON');
  expect(checkout.disabled).toBe(true);
  expect(screen.getByTestId('accept-changes')).toBeTruthy();
});

test('the same in Russian, the default language', () => {
  const store = storeWith(true);
  storeCart(store.dispatch, cartOf([cartGroup(1, 'Пекарня', [cartItem(1, { unit_price: 60_000, seen_price: 50_000, line_total: 60_000, problems: ['price_changed'] })])]), { broadcast: false });
  renderCart(store, 'ru');
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Корзина');
  expect(text(screen.getByTestId('cart-line-problems'))).toMatch(/^Цена изменилась: было 500 ₽, стало 600 ₽\.$/);
  expect(screen.getByTestId('accept-changes').textContent).toBe('Принять изменения');
});

test("a guest's cart comes from this browser; its steppers stay within the stock and remove at the button", () => {
  const store = storeWith(false);
  const line = { product_id: 5, quantity: 2, name: 'Bread', unit_price: 10_000, currency: 'RUB', stock: 2, business: { id: 1, name: 'Bakery' }, image: null };
  store.dispatch(guestCartReplaced([line]));
  renderCart(store);
  expect(screen.getAllByTestId('cart-group')).toHaveLength(1);
  expect((screen.getByRole('button', { name: 'One more' }) as HTMLButtonElement).disabled).toBe(true);
  act(() => fireEvent.click(screen.getByRole('button', { name: 'One fewer' })));
  expect(store.getState().guestCart.lines[0].quantity).toBe(1);
  // At 1 the stepper stops; taking the line out is the remove button's job.
  expect((screen.getByRole('button', { name: 'One fewer' }) as HTMLButtonElement).disabled).toBe(true);
  act(() => fireEvent.click(screen.getByRole('button', { name: 'Remove “Bread” from the cart' })));
  expect(store.getState().guestCart.lines).toEqual([]);
  expect(screen.getByTestId('cart-empty')).toBeTruthy();
  expect(globalThis.fetch).not.toHaveBeenCalled();
});

test('a line with more than the stock left keeps its stepper, to come down to what is left; a removed product only has Remove', () => {
  const store = storeWith(true);
  const short = cartItem(1, { quantity: 3, stock: 1, available: false, problems: ['not_enough_stock'] });
  const gone = cartItem(2, { product_id: null, available: false, problems: ['deleted'] });
  storeCart(store.dispatch, cartOf([cartGroup(1, 'Bakery', [short, gone])]), { broadcast: false });
  renderCart(store);
  const [shortLine, goneLine] = screen.getAllByTestId('cart-line');
  expect(within(shortLine).getByTestId('stepper-value').textContent).toBe('3');
  expect((within(shortLine).getByRole('button', { name: 'One more' }) as HTMLButtonElement).disabled).toBe(true);
  expect((within(shortLine).getByRole('button', { name: 'One fewer' }) as HTMLButtonElement).disabled).toBe(false);
  expect(within(goneLine).queryByTestId('stepper-value')).toBeNull();
  expect(within(goneLine).getByText('Not available')).toBeTruthy();
  expect(within(goneLine).getByRole('button', { name: 'Remove “Product 2” from the cart' })).toBeTruthy();
});
