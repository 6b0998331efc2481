import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { act, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import createSagaMiddleware from 'redux-saga';
import { CartBadge } from '../../src/app/layout/cart-badge';
import { storeCart } from '../../src/components/cart/cart-api';
import { guestCartReducer, setGuestQuantity } from '../../src/components/cart/guest-cart-slice';
import { cartListeners } from '../../src/features/cart/cart-listeners';
import { crossTabSaga } from '../../src/sagas/cross-tab.saga';
import { api } from '../../src/services/api';
import { authReducer } from '../../src/session/session-slice';
import { cartGroup, cartItem, cartOf } from './orders-fixtures';
import { renderScreen } from './support/render';

/**
 * Two tabs of one browser: two stores, each running the real cross-tab saga
 * over an in-memory BroadcastChannel (jsdom has none). A change in one tab
 * moves the badge of the other at once, with no request and no socket.
 */
class MemoryChannel {
  static open: MemoryChannel[] = [];
  private listeners: Array<(event: MessageEvent) => void> = [];
  constructor(readonly name: string) {
    MemoryChannel.open.push(this);
  }
  postMessage(data: unknown) {
    // Like the real one: every other channel of the same name, never the sender.
    for (const other of MemoryChannel.open) if (other !== this && other.name === this.name) other.listeners.forEach((listener) => listener({ data } as MessageEvent));
  }
  addEventListener(_type: 'message', listener: (event: MessageEvent) => void) {
    this.listeners.push(listener);
  }
  removeEventListener(_type: 'message', listener: (event: MessageEvent) => void) {
    this.listeners = this.listeners.filter((l) => l !== listener);
  }
  close() {}
}

beforeAll(() => Object.assign(globalThis, { BroadcastChannel: MemoryChannel }));
beforeEach(() => {
  MemoryChannel.open = [];
  globalThis.fetch = jest.fn(() => new Promise<Response>(() => {})) as typeof fetch;
});

function openTab(signedIn: boolean) {
  const sagas = createSagaMiddleware();
  const store = configureStore({
    reducer: combineReducers({ [api.reducerPath]: api.reducer, auth: authReducer, language: (state = { current: 'en' }) => state, guestCart: guestCartReducer }),
    preloadedState: { auth: signedIn ? { token: 't', userId: 7, notSignedIn: false } : { token: null, userId: null, notSignedIn: false } },
    middleware: (d) => d().prepend(cartListeners.middleware).concat(api.middleware, sagas),
  });
  sagas.run(crossTabSaga);
  return store;
}

test("a signed-in buyer's cart changed in one tab shows its new count in the other tab's badge at once", async () => {
  const first = openTab(true);
  const second = openTab(true);
  renderScreen(
    <Provider store={second}>
      <CartBadge />
    </Provider>,
    { path: '/home' },
  );
  expect(screen.queryByTestId('cart-count')).toBeNull();
  // What the add-to-cart mutation does with its answer in the first tab.
  act(() => storeCart(first.dispatch, cartOf([cartGroup(1, 'Bakery', [cartItem(1, { quantity: 3 })])])));
  // The store tells React after its batch (RTK's autoBatch: the next frame), so the badge is waited for.
  expect((await screen.findByTestId('cart-count')).textContent).toBe('3');
  expect(screen.getByTestId('cart-link').getAttribute('aria-label')).toBe('Cart: 3 items');
});

test("a guest's cart changed in one tab moves the other tab's badge too", async () => {
  const first = openTab(false);
  const second = openTab(false);
  renderScreen(
    <Provider store={second}>
      <CartBadge />
    </Provider>,
    { path: '/home' },
  );
  const bread = { product_id: 5, name: 'Bread', unit_price: 10_000, currency: 'RUB', stock: 10, business: { id: 1, name: 'Bakery' }, image: null };
  act(() => void first.dispatch(setGuestQuantity(bread, 2)));
  expect((await screen.findByTestId('cart-count')).textContent).toBe('2');
  expect(second.getState().guestCart.lines).toEqual(first.getState().guestCart.lines);
  expect(globalThis.fetch).not.toHaveBeenCalled();
});
