import type { CheckoutBody, CheckoutResult } from '../../../shared/api/orders';
import { CARD_LIST_TAG } from '../../account/cards-api';
import { CART_TAG } from '../../components/cart/cart-api';
import { api } from '../../services/api';

/** Checkout. What it chooses from (saved addresses and cards) is src/account's, shared with the settings screens. */
export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * No Idempotency-Key header on purpose: the transport would then retry a
     * 409 "cart changed" with backoff. The key is in the body, and a retry is
     * the buyer's own click, which reuses it (checkout-submit.ts).
     */
    checkout: build.mutation<CheckoutResult, CheckoutBody>({
      query: (body) => ({ url: '/orders/from-cart', method: 'POST', body }),
      transformResponse: (response: { data: CheckoutResult }) => response.data,
      // The cart is emptied (or, after a declined card, refilled) by the server; the order lists grew.
      invalidatesTags: [CART_TAG, { type: 'Order', id: 'LIST' }, CARD_LIST_TAG],
    }),
  }),
});
