import { configureStore, type UnknownAction } from '@reduxjs/toolkit';
import { act, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { OrderPage, OrderSummary } from '../../shared/api/orders';
import BusinessOrdersPage from '../../src/features/orders/business-orders-page';
import OrderHistoryPage from '../../src/features/orders/order-history-page';
import { realtimeEventReceived } from '../../src/realtime/realtime-slice';
import { realtimeListeners, toastFor } from '../../src/app/realtime-listeners';
import { realtimeReducer } from '../../src/realtime/realtime-slice';
import { api } from '../../src/services/api';
import { orderSummary} from './orders-fixtures';
import { renderScreen } from './support/render';
import { recorder } from './support/record-actions';

// The list screens are tested against the query hooks' contract: the arguments they ask with
// and what they hand back. The realtime reaction is the real listener with the real orders API.
const mockAsked: unknown[] = [];
let mockPage: OrderPage | undefined;
jest.mock('../../src/features/orders/orders-api', () => ({
  ...jest.requireActual('../../src/features/orders/orders-api'),
  useUserOrdersQuery: (args: unknown) => (mockAsked.push(args), { data: mockPage, isLoading: false, error: undefined }),
  useBusinessOrdersQuery: (args: unknown) => (mockAsked.push(args), { data: mockPage, isLoading: false, error: undefined }),
  useSellerBusinessesQuery: () => ({ data: { data: [{ id: 3, name: 'Bakery' }, { id: 4, name: 'Books' }] } }),
}));

const summary = (id: number, extra: Partial<OrderSummary> = {}) =>
  orderSummary(id, { delivery_kind: 'pickup', totals: { currency: 'RUB', items: 10_000, delivery_cost: 0, delivery_discount: 0, total: 10_000 }, ...extra });
const pageOf = (orders: OrderSummary[], page = 1, last = 1): OrderPage => ({ data: orders, meta: { current_page: page, per_page: 20, total: orders.length, last_page: last } });

let location = '';
function Where() {
  const current = useLocation();
  location = `${current.pathname}${current.search}`;
  return null;
}

const tree = (url: string) => (
  <MemoryRouter initialEntries={[url]}>
    <Where />
    <Routes>
      <Route path="/order/history" element={<OrderHistoryPage />} />
      <Route path="/order/business" element={<BusinessOrdersPage />} />
    </Routes>
  </MemoryRouter>
);

function renderAt(url: string) {
  const result = renderScreen(tree(url));
  return { ...result, again: () => result.rerender(tree(url)) };
}

beforeEach(() => {
  mockAsked.length = 0;
  mockPage = undefined;
});

test('the history asks for the state and page of the URL, and the filter writes them back', () => {
  mockPage = pageOf([summary(2, { status: 'accepted' })], 2, 3);
  renderAt('/order/history?status=accepted&page=2');
  expect(mockAsked.at(-1)).toEqual({ page: 2, status: 'accepted' });
  expect(screen.getAllByTestId('order-row')[0].textContent).toContain('Accepted');
  expect(screen.getAllByTestId('order-row')[0].querySelector('a')?.getAttribute('href')).toBe('/order/2');
  act(() => fireEvent.change(screen.getByTestId('status-filter'), { target: { value: 'delivered' } }));
  // A new filter starts on its first page.
  expect(location).toBe('/order/history?status=delivered');
  expect(mockAsked.at(-1)).toEqual({ page: 1, status: 'delivered' });
  act(() => fireEvent.change(screen.getByTestId('status-filter'), { target: { value: '' } }));
  expect(location).toBe('/order/history');
  expect(mockAsked.at(-1)).toEqual({ page: 1, status: undefined });
});

test('a state the machine does not know is no filter at all', () => {
  mockPage = pageOf([]);
  renderAt('/order/history?status=lost');
  expect(mockAsked.at(-1)).toEqual({ page: 1, status: undefined });
  expect(screen.getByTestId('orders-empty').textContent).toContain('You have no orders yet.');
});

test("the seller's list filters by business too, and marks orders that arrive while it is open, quietly", () => {
  mockPage = pageOf([summary(5), summary(4)]);
  const { again } = renderAt('/order/business?business=3');
  expect(mockAsked.at(-1)).toEqual({ page: 1, status: undefined, businessId: 3 });
  expect(screen.queryByTestId('fresh-orders')).toBeNull();
  // The realtime event refetched the list: order 6 is new.
  mockPage = pageOf([summary(6), summary(5), summary(4)]);
  again();
  expect(screen.getByTestId('fresh-orders').textContent).toContain('1 new order');
  expect(screen.getAllByTestId('order-row').map((row) => row.classList.contains('is-fresh'))).toEqual([true, false, false]);
  act(() => fireEvent.click(screen.getByRole('button', { name: 'Mark as seen' })));
  expect(screen.queryByTestId('fresh-orders')).toBeNull();
  expect(document.querySelector('audio')).toBeNull();
});

/** What a tab's store does when it hears an event: the actions it dispatches in reaction. */
function heard(event: Parameters<typeof realtimeEventReceived>[0]) {
  const dispatched: UnknownAction[] = [];
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer, realtime: realtimeReducer },
    middleware: (d) => d().prepend(realtimeListeners.middleware).concat(recorder(dispatched), api.middleware),
  });
  store.dispatch(realtimeEventReceived(event));
  return dispatched;
}

test('OrderStatusUpdated, heard in any tab, refetches that order and every order list', () => {
  const dispatched = heard({ name: 'OrderStatusUpdated', payload: { event_id: 'e1', message: 'Order #42: Accepted', order_id: 42, status: 'accepted' } });
  const invalidation = dispatched.find((action) => action.type === 'api/invalidateTags');
  expect(invalidation?.payload).toEqual([{ type: 'Order', id: 42 }, { type: 'Order', id: 'LIST' }]);
});

test('a failed payment also refetches the cart, where its lines are back', () => {
  const dispatched = heard({ name: 'OrderStatusUpdated', payload: { event_id: 'e2', message: 'Order #43: Payment failed', order_id: 43, status: 'payment_failed' } });
  expect(dispatched.find((action) => action.type === 'api/invalidateTags')?.payload).toEqual([{ type: 'Order', id: 43 }, { type: 'Order', id: 'LIST' }, { type: 'Cart', id: 'MINE' }]);
});

test('the "Order update" toast opens the order page', () => {
  const toast = toastFor({ name: 'OrderStatusUpdated', payload: { event_id: 'e1', message: 'Order #42: Accepted', order_id: 42, status: 'accepted' } }, null);
  expect(toast).toMatchObject({ kind: 'order', body: 'Order #42: Accepted', link: '/order/42' });
});
