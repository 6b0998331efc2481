import type { AddressBody, AddressResource } from '../../../shared/api/addresses';
import type { CardResource } from '../../../shared/api/cards';
import type { CheckoutBody, CheckoutResult } from '../../../shared/api/orders';
import { CART_TAG } from '../../components/cart/cart-api';
import { api } from '../../services/api';

/**
 * Checkout and what it chooses from. The saved addresses and cards lists are
 * read here for the pickers; their own screens (settings) will share them
 * once those land in a shared layer.
 */
export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    savedAddresses: build.query<AddressResource[], void>({
      query: () => '/addresses',
      transformResponse: (response: { data: AddressResource[] }) => response.data,
      providesTags: [{ type: 'Address', id: 'LIST' }],
    }),
    /** A new address typed at checkout; it is saved, then chosen. */
    createAddress: build.mutation<AddressResource, AddressBody>({
      query: (body) => ({ url: '/addresses', method: 'POST', body }),
      transformResponse: (response: { data: AddressResource }) => response.data,
      invalidatesTags: [{ type: 'Address', id: 'LIST' }],
    }),
    savedCards: build.query<CardResource[], void>({
      query: () => '/cards',
      transformResponse: (response: { data: CardResource[] }) => response.data,
      providesTags: [{ type: 'Card', id: 'LIST' }],
    }),
    /**
     * No Idempotency-Key header on purpose: the transport would then retry a
     * 409 "cart changed" with backoff. The key is in the body, and a retry is
     * the buyer's own click, which reuses it (checkout-submit.ts).
     */
    checkout: build.mutation<CheckoutResult, CheckoutBody>({
      query: (body) => ({ url: '/orders/from-cart', method: 'POST', body }),
      transformResponse: (response: { data: CheckoutResult }) => response.data,
      // The cart is emptied (or, after a declined card, refilled) by the server; the order lists grew.
      invalidatesTags: [CART_TAG, { type: 'Order', id: 'LIST' }, { type: 'Card', id: 'LIST' }],
    }),
  }),
});

export const { useSavedAddressesQuery, useSavedCardsQuery, useCreateAddressMutation } = checkoutApi;
