import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { BusinessPage, BusinessSummary } from '../../shared/api/catalog-businesses';
import DeliveryPage from '../../src/features/cart/delivery-page';
import { deliveryDiscountsApi } from '../../src/features/cart/delivery-discounts-api';
import { api } from '../../src/services/api';
import { renderScreen } from './support/render';

beforeEach(() => {
  globalThis.fetch = jest.fn(() => new Promise<Response>(() => {})) as typeof fetch;
});

test('/delivery explains both ways and lists the stores that take money off courier delivery, at the price checkout charges', () => {
  const store = configureStore({
    reducer: combineReducers({ [api.reducerPath]: api.reducer, auth: (state = { token: null }) => state, language: (state = { current: 'en' }) => state }),
    middleware: (d) => d().concat(api.middleware),
  });
  const bakery = { id: 3, name: 'Bakery', delivery_discount_percent: 50 } as BusinessSummary;
  const page: BusinessPage = { data: [bakery], meta: { current_page: 1, per_page: 12, total: 1, last_page: 1 } };
  store.dispatch(deliveryDiscountsApi.util.upsertQueryEntries([{ endpointName: 'deliveryDiscounts', arg: undefined, value: page }]));
  renderScreen(
    <Provider store={store}>
      <DeliveryPage />
    </Provider>,
    { path: '/delivery' },
  );
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Delivery');
  expect(screen.getByTestId('delivery-courier-cost').textContent!.replace(/\s/g, ' ')).toContain('Delivery costs RUB 299 per order.');
  expect(screen.getByTestId('delivery-discounts').textContent!.replace(/\s/g, ' ')).toBe('Bakery — 50% off delivery: RUB 149.50 per order');
});
