import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { act, fireEvent, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { AddressResource } from '../../shared/api/addresses';
import type { CardResource } from '../../shared/api/cards';
import { storeCart } from '../../src/components/cart/cart-api';
import { addressesApi } from '../../src/account/addresses-api';
import { cardsApi } from '../../src/account/cards-api';
import { checkoutApi } from '../../src/features/cart/checkout-api';
import { checkoutReducer, checkoutStarted } from '../../src/features/cart/checkout-slice';
import { CheckoutView } from '../../src/features/cart/checkout-view';
import { api } from '../../src/services/api';
import { authReducer } from '../../src/session/session-slice';
import { cartGroup, cartItem, cartOf } from './orders-fixtures';
import { renderScreen } from './support/render';

// A real store with the cart, addresses and cards already cached; no request leaves.
beforeEach(() => {
  globalThis.fetch = jest.fn(() => new Promise<Response>(() => {})) as typeof fetch;
});

const home: AddressResource = { id: 1, city: 'Moscow', street: 'Tverskaya', house: '1', flat: '2', entrance: null, floor: null, intercom: null, comment: null, is_default: true, created_at: '', updated_at: '' };
const visa: CardResource = { id: 3, brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2040, holder: null, is_expired: false, created_at: '' };
const old: CardResource = { ...visa, id: 4, last4: '0002', exp_year: 2020, is_expired: true };

function renderCheckout({ addresses = [home], cards = [visa, old], problems = false } = {}) {
  const store = configureStore({
    reducer: combineReducers({ [api.reducerPath]: api.reducer, auth: authReducer, language: (state = { current: 'en' }) => state, checkout: checkoutReducer }),
    preloadedState: { auth: { token: 't', userId: 7, notSignedIn: false } },
    middleware: (d) => d().concat(api.middleware),
  });
  const group = cartGroup(1, 'Bakery', [cartItem(1, problems ? { problems: ['out_of_stock'], available: false } : {})], {
    business: { id: 1, name: 'Bakery', delivery_discount_percent: 50 },
    delivery_discount: 14_950,
    total_courier: 50_000 + 14_950,
  });
  storeCart(store.dispatch, cartOf([group]), { broadcast: false });
  store.dispatch(addressesApi.util.upsertQueryEntries([{ endpointName: 'savedAddresses', arg: undefined, value: addresses }]));
  store.dispatch(cardsApi.util.upsertQueryEntries([{ endpointName: 'savedCards', arg: undefined, value: cards }]));
  renderScreen(
    <Provider store={store}>
      <CheckoutView />
    </Provider>,
    { path: '/cart?step=checkout' },
  );
  return store;
}

const place = () => screen.getByTestId('place-order') as HTMLButtonElement;
const radio = (name: RegExp) => screen.getByRole('radio', { name }) as HTMLInputElement;
const text = (element: HTMLElement) => element.textContent!.replace(/\s/g, ' ');

test('pickup and cash are ready to place; the summary shows each order at the chosen delivery', () => {
  renderCheckout();
  expect(place().disabled).toBe(false);
  expect(text(screen.getByTestId('checkout-summary'))).toContain('Bakery: RUB 500');
  act(() => fireEvent.click(radio(/Courier delivery/)));
  // The default address is chosen for the buyer, and the total now has the discounted delivery.
  expect(radio(/Moscow, Tverskaya, 1, 2/).checked).toBe(true);
  expect(text(screen.getByTestId('checkout-summary'))).toContain('Bakery: RUB 649.50');
  expect(place().disabled).toBe(false);
});

test('courier delivery without a saved address cannot be placed', () => {
  renderCheckout({ addresses: [] });
  act(() => fireEvent.click(radio(/Courier delivery/)));
  expect(screen.getByText(/You have no saved addresses yet/)).toBeTruthy();
  expect(place().disabled).toBe(true);
});

test('a saved card: the usable one is chosen, an expired one cannot be', () => {
  renderCheckout();
  act(() => fireEvent.click(radio(/^Saved card/)));
  expect(radio(/VISA •••• 4242, valid until 12\/40/).checked).toBe(true);
  expect(radio(/VISA •••• 0002, expired 12\/20/).disabled).toBe(true);
  expect(place().disabled).toBe(false);
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

test('a new card is checked by the shared rules before anything is sent, then goes with the order (and is not kept in the store)', async () => {
  const sent: unknown[] = [];
  const initiate = jest.spyOn(checkoutApi.endpoints.checkout, 'initiate').mockImplementation(((body: unknown) => () => {
    sent.push(body);
    return Promise.resolve({ error: { status: 422, data: { message: 'The card was declined. Try another card or pay in cash.' } } });
  }) as never);
  const store = renderCheckout();
  act(() => fireEvent.click(radio(/^New card/)));
  act(() => {
    type('Card number', '4242 4242 4242 4241');
    type('Valid until', '12/40');
    type('CVC', '123');
  });
  await act(async () => fireEvent.click(place()));
  expect(await screen.findByText('The card number is mistyped.')).toBeTruthy();
  expect(sent).toEqual([]);

  act(() => type('Card number', '4000 0000 0000 0002'));
  act(() => void fireEvent.click(screen.getByLabelText('Save the card for next time')));
  await act(async () => fireEvent.click(place()));
  expect(sent).toEqual([
    expect.objectContaining({ payment_kind: 'new_card', card: { number: '4000 0000 0000 0002', expiry: '12/40', cvc: '123', holder: null }, save_card: true }),
  ]);
  expect(screen.getByTestId('checkout-error').textContent).toContain('The card was declined.');
  expect(JSON.stringify(store.getState())).not.toContain('4000 0000 0000 0002');
  initiate.mockRestore();
});

test('a new address at checkout is checked by the shared rules before it is saved', async () => {
  renderCheckout({ addresses: [] });
  act(() => fireEvent.click(radio(/Courier delivery/)));
  act(() => fireEvent.click(screen.getByTestId('add-address')));
  await act(async () => fireEvent.click(screen.getByTestId('save-address')));
  expect(await screen.findAllByText('The field is required.')).toHaveLength(3);
  expect(globalThis.fetch).not.toHaveBeenCalled();
});

test('a cart with changes sends the buyer back to review it first', () => {
  renderCheckout({ problems: true });
  expect(screen.getByText('Your cart has changed since you opened it.')).toBeTruthy();
  expect(place().disabled).toBe(true);
});

test('while the order is being placed the button is off, so a second press sends nothing', () => {
  const store = renderCheckout();
  act(() => void store.dispatch(checkoutStarted('abcdefgh12345678')));
  expect(place().disabled).toBe(true);
  expect(place().textContent).toBe('Placing the order…');
});
