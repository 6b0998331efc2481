import { createAction, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';
import type { AddCartItemBody, CartResource } from '../../../shared/api/cart';
import { api } from '../../services/api';

/**
 * The signed-in buyer's cart, shared by the header badge, the "Add to cart"
 * control of the catalogue and the cart feature. Every write answers the whole
 * cart, so a write stores its answer as the cart (no refetch) and tells the
 * other tabs, which store the same answer: every badge moves at once.
 */
export const CART_TAG = { type: 'Cart', id: 'MINE' } as const;

/** Relayed to the other tabs by src/sagas/cross-tab.saga.ts; they store the cart as their own. */
export const cartSynced = createAction<CartResource>('cart/synced');

/** Any store's dispatch: a listener's, a mutation's `onQueryStarted`, the app's. */
type Dispatch = (action: UnknownAction | ThunkAction<unknown, never, never, UnknownAction>) => unknown;

/** Puts a cart the server answered into the cache (this tab) and posts it to the other tabs. */
export function storeCart(dispatch: Dispatch, cart: CartResource, { broadcast = true } = {}) {
  // Synchronous (unlike upsertQueryData), so the badge and the page change in the same tick as the answer.
  dispatch(cartApi.util.upsertQueryEntries([{ endpointName: 'cart', arg: undefined, value: cart }]));
  if (broadcast) dispatch(cartSynced(cart));
}

/** For the `onQueryStarted` of every cart write: the answer becomes the cart. */
export async function storeAnswer(dispatch: Dispatch, queryFulfilled: Promise<{ data: CartResource }>) {
  try {
    const { data } = await queryFulfilled;
    storeCart(dispatch, data);
  } catch {
    // The caller shows the error; the cart on screen is still the server's last answer.
  }
}

export const cartApi = api.injectEndpoints({
  endpoints: (build) => ({
    cart: build.query<CartResource, void>({
      query: () => '/cart',
      transformResponse: (response: { data: CartResource }) => response.data,
      providesTags: [CART_TAG],
      // A refetch (after checkout, a failed payment, sign-in) is news for the other tabs' badges too.
      async onQueryStarted(_arg, { dispatch, queryFulfilled, getCacheEntry }) {
        try {
          await queryFulfilled;
          // What the cache kept: an answer overtaken by a write (the sign-in merge) is dropped, and not told.
          const kept = getCacheEntry().data;
          if (kept) dispatch(cartSynced(kept));
        } catch {
          // Nothing new to tell.
        }
      },
    }),
    addCartItem: build.mutation<CartResource, AddCartItemBody>({
      query: (body) => ({ url: '/cart/items', method: 'POST', body }),
      transformResponse: (response: { data: CartResource }) => response.data,
      onQueryStarted: (_body, { dispatch, queryFulfilled }) => storeAnswer(dispatch, queryFulfilled),
    }),
  }),
});

export const { useCartQuery, useAddCartItemMutation } = cartApi;

/** How many of one product the cart holds (its lines are one per product). */
export function quantityInCart(cart: CartResource | undefined, productId: number): number {
  if (!cart) return 0;
  for (const group of cart.groups) for (const item of group.items) if (item.product_id === productId) return item.quantity;
  return 0;
}
