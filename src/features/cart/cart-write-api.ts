import type { CartResource, MergeCartBody, MergeCartResult } from '../../../shared/api/cart';
import { storeAnswer, storeCart } from '../../components/cart/cart-api';
import { api } from '../../services/api';

/** The cart page's writes; each answers the whole cart, which becomes the cart in every tab. */
export const cartWriteApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Sets a line's quantity; 0 removes the line. */
    updateCartItem: build.mutation<CartResource, { id: number; quantity: number }>({
      query: ({ id, quantity }) => ({ url: `/cart/items/${id}`, method: 'PUT', body: { quantity } }),
      transformResponse: (response: { data: CartResource }) => response.data,
      onQueryStarted: (_args, { dispatch, queryFulfilled }) => storeAnswer(dispatch, queryFulfilled),
    }),
    /** The buyer has seen the changed prices and availability and takes the cart as it is now. */
    acceptCartChanges: build.mutation<CartResource, void>({
      query: () => ({ url: '/cart/accept-changes', method: 'POST' }),
      transformResponse: (response: { data: CartResource }) => response.data,
      onQueryStarted: (_args, { dispatch, queryFulfilled }) => storeAnswer(dispatch, queryFulfilled),
    }),
    /** A guest's local cart after sign-in; merging twice changes nothing (the larger quantity wins). */
    mergeCart: build.mutation<MergeCartResult, MergeCartBody>({
      query: (body) => ({ url: '/cart/merge', method: 'POST', body }),
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          storeCart(dispatch, data.data);
        } catch {
          // The guest cart stays in the browser; the next sign-in tries again.
        }
      },
    }),
  }),
});

export const { useUpdateCartItemMutation, useAcceptCartChangesMutation } = cartWriteApi;
