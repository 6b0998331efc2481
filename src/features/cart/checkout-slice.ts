import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CheckoutResult } from '../../../shared/api/orders';

/** A failed call as the store may keep it (plain data, no Response objects). */
export interface CheckoutError {
  status: number | string;
  data?: unknown;
}

/**
 * One checkout attempt. The idempotency key is made when the attempt is first
 * sent and kept while its outcome is unknown (no answer, a 5xx), so "try
 * again" can never create the orders twice; a definite answer ends the attempt.
 */
export interface CheckoutState {
  key: string | null;
  submitting: boolean;
  error: CheckoutError | null;
  result: CheckoutResult | null;
}

const initialState: CheckoutState = { key: null, submitting: false, error: null, result: null };

const checkoutSlice = createSlice({
  name: 'checkout',
  initialState,
  reducers: {
    checkoutStarted(state, action: PayloadAction<string>) {
      state.key = action.payload;
      state.submitting = true;
      state.error = null;
    },
    checkoutSucceeded(state, action: PayloadAction<CheckoutResult>) {
      state.key = null;
      state.submitting = false;
      state.result = action.payload;
    },
    /** `retryable`: the server may or may not have the orders; the next try must carry the same key. */
    checkoutFailed(state, action: PayloadAction<{ error: CheckoutError; retryable: boolean }>) {
      state.submitting = false;
      state.error = action.payload.error;
      if (!action.payload.retryable) state.key = null;
    },
    /** The buyer left or changed the cart: whatever comes next is a new attempt. */
    checkoutReset() {
      return initialState;
    },
  },
});

export const { checkoutStarted, checkoutSucceeded, checkoutFailed, checkoutReset } = checkoutSlice.actions;
export const checkoutReducer = checkoutSlice.reducer;

type WithCheckout = { checkout: CheckoutState };
export const selectCheckout = (state: WithCheckout) => state.checkout;
