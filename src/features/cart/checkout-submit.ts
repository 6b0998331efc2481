import type { ThunkAction, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { CheckoutBody, CheckoutResult } from '../../../shared/api/orders';
import { checkoutApi } from './checkout-api';
import { checkoutFailed, checkoutStarted, checkoutSucceeded, selectCheckout, type CheckoutError, type CheckoutState } from './checkout-slice';

export type CheckoutChoices = Omit<CheckoutBody, 'idempotency_key'>;
type Dispatch = ThunkDispatch<unknown, unknown, UnknownAction>;
type Outcome = { data: CheckoutResult } | { error: unknown };
/** The one call, injectable so a test can answer it. */
export type SendCheckout = (dispatch: Dispatch, body: CheckoutBody) => Promise<Outcome>;

/**
 * Untracked: a new card's number and CVC ride in the body, and a tracked
 * mutation would keep its arguments in the store; the outcome comes back to
 * this thunk only.
 */
const sendCheckout: SendCheckout = (dispatch, body) => dispatch(checkoutApi.endpoints.checkout.initiate(body, { track: false })) as Promise<Outcome>;

/** A UUID without dashes fits the contract's `[A-Za-z0-9_-]{8,64}`. */
export const newIdempotencyKey = () => crypto.randomUUID().replaceAll('-', '');

/** No answer, or an answer that does not say what happened: the orders may exist, so the key must be reused. */
export function isUnknownOutcome(error: CheckoutError): boolean {
  if (typeof error.status === 'string') return error.status !== 'PARSING_ERROR';
  return error.status === 408 || error.status === 429 || error.status >= 500;
}

const plainError = (error: unknown): CheckoutError => {
  const { status = 'FETCH_ERROR', data } = (error ?? {}) as Partial<CheckoutError>;
  return { status, data };
};

/**
 * Sends the checkout once per click, and never twice at once: a second click
 * while the first is under way does nothing. A retry after an unknown outcome
 * carries the first key, so the server answers the first orders, not new ones.
 */
export const submitCheckout =
  (choices: CheckoutChoices, send: SendCheckout = sendCheckout): ThunkAction<Promise<CheckoutResult | null>, { checkout: CheckoutState }, unknown, UnknownAction> =>
  async (dispatch, getState) => {
    const current = selectCheckout(getState());
    if (current.submitting) return null;
    const key = current.key ?? newIdempotencyKey();
    dispatch(checkoutStarted(key));
    const outcome = await send(dispatch as Dispatch, { ...choices, idempotency_key: key });
    if ('data' in outcome) {
      dispatch(checkoutSucceeded(outcome.data));
      return outcome.data;
    }
    const error = plainError(outcome.error);
    dispatch(checkoutFailed({ error, retryable: isUnknownOutcome(error) }));
    return null;
  };
