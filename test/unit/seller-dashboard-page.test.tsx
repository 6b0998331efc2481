import { configureStore } from '@reduxjs/toolkit';
import { act, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { SellerDashboard } from '../../shared/api/seller-dashboard';
import SellerDashboardPage from '../../src/features/seller-dashboard/seller-dashboard-page';
import { countsLoaded, realtimeReducer } from '../../src/realtime/realtime-slice';
import { authReducer, initialAuthState } from '../../src/session/session-slice';
import { renderScreen } from './support/render';

// The page is tested against its query hook's contract: what the API answers, drawn card by card.
let mockDashboard: SellerDashboard | undefined;
jest.mock('../../src/features/seller-dashboard/seller-dashboard-api', () => ({
  useSellerDashboardQuery: () => ({ data: mockDashboard, isLoading: false, error: undefined }),
}));

const zero = { page_views: 0, list_views: 0, favorites: 0, chats: 0, orders: 0, revenue: 0 };
const EMPTY: SellerDashboard = {
  orders: { today: 0, to_accept: 0, to_dispatch: 0, latest: [] },
  unread_messages: 0,
  promotions: { total: 0, items: [] },
  figures: { days: 7, current: zero, previous: zero },
  businesses: [],
  ads: 0,
};
const FILLED: SellerDashboard = {
  orders: {
    today: 2,
    to_accept: 3,
    to_dispatch: 1,
    latest: [
      { id: 42, business: { id: 5, name: 'Farm Shop' }, status: 'placed', total: 45_000, currency: 'RUB', created_at: '2026-11-24T10:00:00.000Z' },
      { id: 41, business: { id: 5, name: 'Farm Shop' }, status: 'accepted', total: 12_050, currency: 'RUB', created_at: '2026-11-24T09:00:00.000Z' },
    ],
  },
  unread_messages: 4,
  promotions: {
    total: 2,
    items: [
      { id: 9, status: 'paused', plan: 'Highlight', target: { kind: 'ad', id: 17, title: 'Mountain bike' }, ends_at: '2026-12-01T00:00:00.000Z' },
      { id: 8, status: 'active', plan: 'Premium', target: { kind: 'product', id: 3, title: 'Cucumbers' }, ends_at: '2026-12-20T12:00:00.000Z' },
    ],
  },
  figures: { days: 7, current: { ...zero, page_views: 150, orders: 3, revenue: 45_000 }, previous: { ...zero, page_views: 100, orders: 0, revenue: 60_000 } },
  businesses: [{ id: 5, name: 'Farm Shop', kind: 'store', today: 2, waiting: 4 }],
  ads: 3,
};

function renderPage() {
  const store = configureStore({
    reducer: { auth: authReducer, realtime: realtimeReducer },
    preloadedState: { auth: { ...initialAuthState, token: 't', userId: 7 } },
  });
  renderScreen(
    <Provider store={store}>
      <SellerDashboardPage />
    </Provider>,
    { path: '/profile/seller' },
  );
  return store;
}

const hrefOf = (name: string | RegExp, root: HTMLElement = document.body) => within(root).getByRole('link', { name }).getAttribute('href');

test('every seller screen is one click away', () => {
  mockDashboard = EMPTY;
  renderPage();
  const nav = screen.getByRole('navigation', { name: 'Seller screens' });
  expect(within(nav).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
    '/order/business',
    '/profile/seller/statistics',
    '/profile/seller/promotion',
    '/profile/seller/promotion/plan',
    '/profile/seller/promotion/create-banner',
    '/create/product',
    '/create/ad',
  ]);
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Seller workspace');
});

test('with nothing to sell, each card says what to do next', () => {
  mockDashboard = EMPTY;
  renderPage();
  expect(screen.getByTestId('seller-orders-empty').textContent).toContain('You have no business yet');
  expect(hrefOf('Create a business', screen.getByTestId('seller-orders'))).toBe('/create/business');
  expect(screen.getByTestId('seller-promotions-empty').textContent).toContain('There is nothing to promote yet');
  expect(hrefOf('Post an ad', screen.getByTestId('seller-promotions'))).toBe('/create/ad');
  expect(screen.getByTestId('seller-figures-empty').textContent).toContain('No figures yet');
  expect(screen.getByTestId('seller-businesses-empty').textContent).toContain('No business yet');
  expect(screen.getByTestId('seller-ads-empty').textContent).toContain('No published ads.');
  expect(screen.getByTestId('seller-unread').textContent).toBe('0');
  expect(screen.queryByRole('table')).toBeNull();
});

test('a seller with a business but no promotion is offered a plan', () => {
  mockDashboard = { ...EMPTY, businesses: [{ id: 5, name: 'Farm Shop', kind: 'store', today: 0, waiting: 0 }] };
  renderPage();
  expect(screen.getByTestId('seller-promotions-empty').textContent).toContain('Nothing is promoted now');
  expect(hrefOf('Choose a plan')).toBe('/profile/seller/promotion/plan');
  expect(screen.getByTestId('seller-orders-today').textContent).toBe('0');
  expect(screen.getByTestId('seller-orders-none-today').textContent).toContain('No new orders today yet');
});

test('a busy seller sees every block filled, each leading to its screen', () => {
  mockDashboard = FILLED;
  renderPage();
  const orders = screen.getByTestId('seller-orders');
  expect(screen.getByTestId('seller-orders-today').textContent).toBe('2');
  expect(screen.getByTestId('seller-orders-to-accept').textContent).toBe('To accept: 3');
  expect(screen.getByTestId('seller-orders-to-accept').getAttribute('href')).toBe('/order/business?status=placed');
  expect(screen.getByTestId('seller-orders-to-dispatch').getAttribute('href')).toBe('/order/business?status=accepted');
  expect(hrefOf('Order #42', orders)).toBe('/order/business/42');
  expect(within(screen.getByTestId('seller-orders-latest')).getAllByRole('listitem')[0].textContent).toMatch(/Farm Shop.*450.*Placed/);

  expect(screen.getByTestId('seller-promotions-total').textContent).toBe('2');
  const promotions = within(screen.getByTestId('seller-promotions-list')).getAllByRole('listitem');
  expect(promotions[0].textContent).toMatch(/Mountain bike · Highlight · paused/);
  expect(promotions[1].textContent).toMatch(/Cucumbers · Premium · until Dec 20, 2026/);
  expect(hrefOf('Mountain bike')).toBe('/ads/17');
  expect(hrefOf('Cucumbers')).toBe('/products/3');

  const views = within(screen.getByTestId('seller-figure-page_views')).getAllByRole('cell').map((c) => c.textContent);
  expect(views).toEqual(['150', '100', '+50%']);
  expect(within(screen.getByTestId('seller-figure-orders')).getAllByRole('cell').at(-1)!.textContent).toBe('new');
  expect(within(screen.getByTestId('seller-figure-revenue')).getAllByRole('cell').at(-1)!.textContent).toBe('-25%');
  expect(hrefOf('Full statistics')).toBe('/profile/seller/statistics');

  expect(hrefOf('Farm Shop', screen.getByTestId('seller-businesses-list'))).toBe('/stores/5');
  expect(hrefOf('today 2, waiting 4')).toBe('/order/business?business=5');
  expect(screen.getByTestId('seller-ads').textContent).toBe('3 published ads');
  expect(screen.getByTestId('seller-ads').getAttribute('href')).toBe('/user/7');
  expect(screen.getByTestId('seller-unread').textContent).toBe('4');
});

test('unread messages follow the live badge once the socket has loaded it', () => {
  mockDashboard = FILLED;
  const store = renderPage();
  act(() => void store.dispatch(countsLoaded({ unread_notifications: 1, unread_messages: 6, total_unread: 7 })));
  expect(screen.getByTestId('seller-unread').textContent).toBe('6');
});
