import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import configureMockStore from 'redux-mock-store';
import type { CheckoutBody, CheckoutResult } from '../../shared/api/orders';
import { afterCheckout } from '../../src/features/cart/checkout-view';
import { checkoutFailed, checkoutReducer, checkoutStarted, checkoutSucceeded } from '../../src/features/cart/checkout-slice';
import { submitCheckout, type CheckoutChoices, type SendCheckout } from '../../src/features/cart/checkout-submit';

/**
 * The subject is the sequence of actions a checkout dispatches, so the store is
 * redux-mock-store; its state is the checkout reducer run over what it recorded,
 * which is what a real store would hold. The request is stood in for by `send`.
 */
const thunks: Middleware = (store) => (next) => (action) => (typeof action === 'function' ? action(store.dispatch, store.getState) : next(action));
const mockStore = configureMockStore<unknown, UnknownAction>([thunks as never]);

function checkoutStore() {
  const store = mockStore(() => ({ checkout: store.getActions().reduce(checkoutReducer, checkoutReducer(undefined, { type: 'init' })) }));
  return store;
}

const choices: CheckoutChoices = { delivery_kind: 'pickup', payment_kind: 'cash', comment: null };
const placed: CheckoutResult = { orders: [], payment: { status: 'none', pending_order_ids: [] } };

/** A `send` that answers in order, each call when the test says so. */
function scriptedSend() {
  const bodies: CheckoutBody[] = [];
  const pending: Array<(outcome: { data: CheckoutResult } | { error: unknown }) => void> = [];
  const send: SendCheckout = (_dispatch, body) => {
    bodies.push(body);
    return new Promise((resolve) => pending.push(resolve));
  };
  return { send, bodies, answer: (outcome: { data: CheckoutResult } | { error: unknown }) => pending.shift()!(outcome) };
}

const types = (store: ReturnType<typeof checkoutStore>) => store.getActions().map((action) => action.type);

test('a double click sends one checkout', async () => {
  const store = checkoutStore();
  const { send, bodies, answer } = scriptedSend();
  const first = store.dispatch(submitCheckout(choices, send) as never) as unknown as Promise<unknown>;
  const second = store.dispatch(submitCheckout(choices, send) as never) as unknown as Promise<unknown>;
  answer({ data: placed });
  expect(await first).toEqual(placed);
  expect(await second).toBeNull();
  expect(bodies).toHaveLength(1);
  expect(bodies[0]).toMatchObject({ ...choices, idempotency_key: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) });
  expect(types(store)).toEqual([checkoutStarted.type, checkoutSucceeded.type]);
});

test('a retry after no answer carries the first key, so the server answers the first orders', async () => {
  const store = checkoutStore();
  const { send, bodies, answer } = scriptedSend();
  const first = store.dispatch(submitCheckout(choices, send) as never) as unknown as Promise<unknown>;
  answer({ error: { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' } });
  await first;
  const retry = store.dispatch(submitCheckout(choices, send) as never) as unknown as Promise<unknown>;
  answer({ error: { status: 503, data: { message: 'Service unavailable' } } });
  await retry;
  const third = store.dispatch(submitCheckout(choices, send) as never) as unknown as Promise<unknown>;
  answer({ data: placed });
  await third;
  expect(new Set(bodies.map((body) => body.idempotency_key)).size).toBe(1);
  expect(types(store)).toEqual([checkoutStarted.type, checkoutFailed.type, checkoutStarted.type, checkoutFailed.type, checkoutStarted.type, checkoutSucceeded.type]);
  expect(store.getActions()[1].payload).toEqual({ error: { status: 'FETCH_ERROR', data: undefined }, retryable: true });
});

test('a definite refusal (a declined card, a changed cart) ends the attempt: the next one has a new key', async () => {
  const store = checkoutStore();
  const { send, bodies, answer } = scriptedSend();
  const first = store.dispatch(submitCheckout(choices, send) as never) as unknown as Promise<unknown>;
  answer({ error: { status: 422, data: { message: 'The card was declined.', errors: { card_id: ['The card was declined.'] } } } });
  await first;
  const second = store.dispatch(submitCheckout({ ...choices, payment_kind: 'cash' }, send) as never) as unknown as Promise<unknown>;
  answer({ error: { status: 409, data: { message: 'Prices or availability in your cart have changed.' } } });
  await second;
  expect(bodies[0].idempotency_key).not.toBe(bodies[1].idempotency_key);
  expect(store.getActions().filter((action) => action.type === checkoutFailed.type).map((action) => action.payload.retryable)).toEqual([false, false]);
});

test('after placing, the buyer goes to the bank confirmation, the one order, or the list', () => {
  const summary = { id: 8 } as CheckoutResult['orders'][number];
  expect(afterCheckout({ orders: [summary, { ...summary, id: 9 }], payment: { status: 'requires_confirmation', pending_order_ids: [9] } })).toBe('/order/9');
  expect(afterCheckout({ orders: [summary], payment: { status: 'succeeded', pending_order_ids: [] } })).toBe('/order/8');
  expect(afterCheckout({ orders: [summary, { ...summary, id: 9 }], payment: { status: 'none', pending_order_ids: [] } })).toBe('/order/history');
});
