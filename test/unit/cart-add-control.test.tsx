import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { act, fireEvent, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import configureMockStore from 'redux-mock-store';
import { AddToCart, type CartProduct } from '../../src/components/cart/add-to-cart';
import { guestCartReplaced } from '../../src/components/cart/guest-cart-slice';
import { api } from '../../src/services/api';
import { renderScreen } from './support/render';

/**
 * The subject is what the control dispatches for a guest (whose cart lives in the
 * browser), so the store is redux-mock-store: it records and does not reduce.
 * The signed-in path is the add mutation, covered by the cart API tests.
 */
const thunks: Middleware = (store) => (next) => (action) => (typeof action === 'function' ? action(store.dispatch, store.getState) : next(action));
// RTK Query's middleware answers the hooks' own check that it is there; it records nothing of ours.
const mockStore = configureMockStore<unknown, UnknownAction>([thunks as never, api.middleware as never]);

const bread: CartProduct = { id: 5, name: 'Bread', final_price: 10_000, currency: 'RUB', stock: 3, business: { id: 1, name: 'Bakery' }, image: null };
const line = (quantity: number) => ({ product_id: 5, quantity, name: 'Bread', unit_price: 10_000, currency: 'RUB', stock: 3, business: { id: 1, name: 'Bakery' }, image: null });

function renderControl(product: CartProduct, lines: ReturnType<typeof line>[] = []) {
  const store = mockStore({
    [api.reducerPath]: api.reducer(undefined, { type: 'init' }),
    auth: { token: null, userId: null, notSignedIn: false },
    guestCart: { lines, skipped: [] },
  });
  renderScreen(
    <Provider store={store as never}>
      <AddToCart product={product} />
    </Provider>,
    { path: '/products/5' },
  );
  return store;
}

/** The actions of the control, without RTK Query's internal bookkeeping. */
const ours = (store: { getActions: () => UnknownAction[] }) => store.getActions().filter((action) => !action.type.startsWith(`${api.reducerPath}/`));

const plus = () => screen.getByRole('button', { name: 'One more' }) as HTMLButtonElement;
const minus = () => screen.getByRole('button', { name: 'One fewer' }) as HTMLButtonElement;

test("a guest adds the stepper's quantity to the browser's cart in one action", () => {
  const store = renderControl(bread);
  expect(minus().disabled).toBe(true);
  act(() => fireEvent.click(plus()));
  act(() => fireEvent.click(plus()));
  expect(screen.getByTestId('stepper-value').textContent).toBe('3');
  // The stock is 3: the stepper stops there.
  expect(plus().disabled).toBe(true);
  act(() => fireEvent.click(screen.getByTestId('add-to-cart-button')));
  expect(ours(store)).toEqual([guestCartReplaced([line(3)])]);
});

test('what is already in the cart counts against the stock', () => {
  const store = renderControl(bread, [line(2)]);
  expect(screen.getByTestId('add-to-cart-in-cart').textContent).toBe('In cart: 2');
  expect(plus().disabled).toBe(true);
  act(() => fireEvent.click(screen.getByTestId('add-to-cart-button')));
  expect(ours(store)).toEqual([guestCartReplaced([line(3)])]);
});

test('nothing to add once the cart holds the whole stock, and a sold-out product offers no button', () => {
  const store = renderControl(bread, [line(3)]);
  expect(screen.queryByTestId('add-to-cart-button')).toBeNull();
  expect(screen.getByText('All that is available is in your cart')).toBeTruthy();
  expect(ours(store)).toEqual([]);
});

test('a sold-out product says so in Russian by default', () => {
  const store = mockStore({ [api.reducerPath]: api.reducer(undefined, { type: 'init' }), auth: { token: null, userId: null }, guestCart: { lines: [], skipped: [] } });
  renderScreen(
    <Provider store={store as never}>
      <AddToCart product={{ ...bread, stock: 0 }} />
    </Provider>,
    { path: '/products/5', lang: 'ru' },
  );
  expect(screen.getByTestId('add-to-cart-sold-out').textContent).toBe('Нет в наличии');
  expect(screen.queryByTestId('add-to-cart-button')).toBeNull();
});
