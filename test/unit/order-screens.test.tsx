import { combineReducers, configureStore, type UnknownAction } from '@reduxjs/toolkit';
import { act, fireEvent, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { OrderResource } from '../../shared/api/orders';
import { ORDER_STATUSES, movesFor, type OrderStatus } from '../../shared/orders/order-machine';
import { OrderDetail } from '../../src/features/orders/order-detail';
import { stepsAhead } from '../../src/features/orders/order-path';
import { api } from '../../src/services/api';
import { authReducer } from '../../src/session/session-slice';
import { order} from './orders-fixtures';
import { renderScreen } from './support/render';
import { recorder } from './support/record-actions';

// The screen is tested against the hooks' contract (what each mutation resolves to); the
// requests themselves are RTK Query's. A refusal is what the server answers for an illegal move.
type Outcome = { data?: OrderResource; error?: unknown };
const mockCalls: Array<{ name: string; args: unknown }> = [];
let mockOutcome: Outcome = {};
let mockError: unknown;
// A declaration, so it exists when the hoisted jest.mock factory runs.
function mockMutation(name: string) {
  return () => [
    async (args: unknown) => {
      mockCalls.push({ name, args });
      mockError = mockOutcome.error;
      return mockOutcome;
    },
    { isLoading: false, error: mockError },
  ];
}
jest.mock('../../src/features/orders/orders-api', () => ({
  useSetOrderStatusMutation: mockMutation('setStatus'),
  useCancelOrderMutation: mockMutation('cancel'),
  useRateOrderMutation: mockMutation('rate'),
  useConfirmPaymentMutation: mockMutation('confirm'),
  useCreateDeliveryMutation: mockMutation('createDelivery'),
  orderChanged: (id: number) => ({ type: 'test/orderChanged', payload: id }),
}));

let dispatched: UnknownAction[] = [];
function renderOrder(value: OrderResource, lang: 'en' | 'ru' = 'en') {
  const store = configureStore({
    reducer: combineReducers({ [api.reducerPath]: api.reducer, auth: authReducer, language: (state = { current: lang }) => state }),
    preloadedState: { auth: { token: 't', userId: value.viewer === 'buyer' ? value.buyer.id : value.business.owner_id, notSignedIn: false } },
    middleware: (d) =>
      d().concat(api.middleware, recorder(dispatched)),
  });
  const view = (current: OrderResource) => (
    <Provider store={store}>
      <OrderDetail order={current} />
    </Provider>
  );
  const result = renderScreen(view(value), { path: `/order/${value.id}`, lang });
  // Rendering again lets the mocked hooks hand out their state after a call.
  return { ...result, again: () => result.rerender(view(value)) };
}

beforeEach(() => {
  mockCalls.length = 0;
  mockOutcome = {};
  mockError = undefined;
  dispatched = [];
});

const buttons = () => screen.queryAllByTestId(/^move-/).map((button) => button.getAttribute('data-testid')!.slice('move-'.length));

describe.each(['buyer', 'seller'] as const)('the %s sees the buttons of the shared machine', (viewer) => {
  test.each(ORDER_STATUSES.flatMap((status) => (['pickup', 'courier'] as const).map((delivery) => [status, delivery] as const)))('%s, %s', (status, delivery) => {
    const { unmount } = renderOrder(order({ status, delivery_kind: delivery, viewer }));
    const expected = movesFor(status, viewer, delivery);
    // The buyer's only button is cancelling; the seller also moves the order on.
    expect(buttons().sort()).toEqual((viewer === 'buyer' ? expected.filter((to) => to === 'cancelled') : expected).sort());
    unmount();
  });
});

test('a seller sees Accept and Cancel on a placed order, and Mark as shipped on an accepted courier order', () => {
  const { unmount } = renderOrder(order({ status: 'placed', viewer: 'seller' }));
  expect(screen.getByTestId('move-accepted').textContent).toBe('Accept');
  expect(screen.getByTestId('move-cancelled').textContent).toBe('Cancel the order');
  unmount();
  renderOrder(order({ status: 'accepted', viewer: 'seller', delivery_kind: 'courier' }));
  expect(buttons()).toEqual(['shipped', 'cancelled']);
});

test('an illegal move is refused with the translated 409, and the order is fetched again', async () => {
  mockOutcome = { error: { status: 409, data: { message: 'An order that is “Cancelled” cannot become “Accepted”.' } } };
  const { again } = renderOrder(order({ status: 'placed', viewer: 'seller' }));
  await act(async () => fireEvent.click(screen.getByTestId('move-accepted')));
  expect(mockCalls).toEqual([{ name: 'setStatus', args: { id: 42, status: 'accepted' } }]);
  expect(dispatched).toContainEqual({ type: 'test/orderChanged', payload: 42 });
  // The hook's state after the call carries the error.
  again();
  expect(screen.getByTestId('order-move-error').textContent).toBe('An order that is “Cancelled” cannot become “Accepted”.');
});

test('a 409 without a message still reads as a sentence, in Russian by default', () => {
  mockError = { status: 409, data: null };
  renderOrder(order({ status: 'placed', viewer: 'seller' }), 'ru');
  expect(screen.getByTestId('order-move-error').textContent).toBe('Пока вы смотрели, заказ изменился. Вот как он выглядит сейчас.');
  expect(screen.getByTestId('move-accepted').textContent).toBe('Принять');
});

test('a seller cancels only with a reason; a buyer may cancel without one', async () => {
  const { unmount } = renderOrder(order({ status: 'accepted', viewer: 'seller' }));
  act(() => fireEvent.click(screen.getByTestId('move-cancelled')));
  expect((screen.getByTestId('confirm-cancel') as HTMLButtonElement).disabled).toBe(true);
  act(() => fireEvent.change(screen.getByTestId('cancel-reason'), { target: { value: 'Out of flour' } }));
  await act(async () => fireEvent.click(screen.getByTestId('confirm-cancel')));
  expect(mockCalls).toEqual([{ name: 'cancel', args: { id: 42, reason: 'Out of flour' } }]);
  unmount();
  mockCalls.length = 0;
  renderOrder(order({ status: 'placed', viewer: 'buyer' }));
  act(() => fireEvent.click(screen.getByTestId('move-cancelled')));
  await act(async () => fireEvent.click(screen.getByTestId('confirm-cancel')));
  expect(mockCalls).toEqual([{ name: 'cancel', args: { id: 42, reason: null } }]);
});

test('the timeline shows the moves made and, greyed, the steps ahead on the way the order is delivered', () => {
  renderOrder(
    order({
      status: 'accepted',
      delivery_kind: 'pickup',
      timeline: [
        { from: null, to: 'placed', by: 'buyer', reason: null, at: '2026-01-01T10:00:00.000Z' },
        { from: 'placed', to: 'accepted', by: 'seller', reason: null, at: '2026-01-01T11:00:00.000Z' },
      ],
    }),
  );
  expect(screen.getAllByTestId('timeline-done').map((li) => li.querySelector('strong')!.textContent)).toEqual(['Placed', 'Accepted']);
  expect(screen.getAllByTestId('timeline-ahead').map((li) => li.textContent)).toEqual(['Ready for pickup', 'Delivered', 'Completed']);
});

test('steps ahead follow the machine: card orders wait for payment, finished ones have none', () => {
  expect(stepsAhead('pending_payment', 'courier')).toEqual(['placed', 'accepted', 'shipped', 'delivered', 'completed']);
  for (const status of ['completed', 'cancelled', 'payment_failed'] as OrderStatus[]) expect(stepsAhead(status, 'pickup')).toEqual([]);
});

test('the buyer rates a delivered order once, 1 to 5 stars with a comment', async () => {
  const { unmount } = renderOrder(order({ status: 'delivered', viewer: 'buyer' }));
  expect((screen.getByTestId('rate-submit') as HTMLButtonElement).disabled).toBe(true);
  act(() => fireEvent.click(screen.getByRole('radio', { name: '4 stars' })));
  await act(async () => fireEvent.click(screen.getByTestId('rate-submit')));
  expect(mockCalls).toEqual([{ name: 'rate', args: { id: 42, stars: 4, comment: null } }]);
  unmount();
  renderOrder(order({ status: 'delivered', viewer: 'buyer', rating: { stars: 4, comment: 'Fresh', created_at: '2026-01-02T00:00:00.000Z' } }));
  expect(screen.queryByTestId('order-rating')).toBeNull();
  expect(screen.getByTestId('order-rated').textContent).toBe('Your rating: 4 ★ — Fresh');
});

test('no rating form before delivery, nor for the seller', () => {
  const { unmount } = renderOrder(order({ status: 'shipped', viewer: 'buyer' }));
  expect(screen.queryByTestId('order-rating')).toBeNull();
  unmount();
  renderOrder(order({ status: 'delivered', viewer: 'seller' }));
  expect(screen.queryByTestId('order-rating')).toBeNull();
});
