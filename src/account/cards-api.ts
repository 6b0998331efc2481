import { useCallback } from 'react';
import { useStore } from 'react-redux';
import type { CardResource, NewCardBody } from '../../shared/api/cards';
import { api, requestOutsideStore } from '../services/api';

/** The buyer's saved cards: the settings screens list and add them, the checkout pays with them. */
export const CARD_LIST_TAG = { type: 'Card' as const, id: 'LIST' };

export const cardsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The name the checkout has always cached the list under (its tests seed it so).
    savedCards: build.query<CardResource[], void>({
      query: () => '/cards',
      transformResponse: (response: { data: CardResource[] }) => response.data,
      providesTags: [CARD_LIST_TAG],
    }),
    deleteCard: build.mutation<void, number>({
      query: (id) => ({ url: `/cards/${id}`, method: 'DELETE' }),
      invalidatesTags: [CARD_LIST_TAG],
    }),
  }),
});

export const { useSavedCardsQuery, useDeleteCardMutation } = cardsApi;

/** A refused save, shaped like an RTK Query error so the forms plumbing reads its 422 the same way. */
export class CardRefused extends Error {
  constructor(
    readonly status: number | string,
    readonly data: unknown,
  ) {
    super('card refused');
  }
}

/**
 * Saves a typed-in card. Deliberately not an RTK Query mutation: a mutation's
 * argument travels in its actions (`meta.arg`), through every middleware, the
 * listeners, the sagas and Redux DevTools' log, and the number and CVC must
 * reach nothing but the request. Only the saved card (brand, last 4) comes
 * back into the store, through the list's refetch.
 */
export function useSaveCard() {
  const store = useStore();
  return useCallback(
    async (body: NewCardBody): Promise<CardResource> => {
      const result = await requestOutsideStore({ url: '/cards', method: 'POST', body }, store, 'saveCard');
      if (result.error) throw new CardRefused(result.error.status, result.error.data);
      store.dispatch(api.util.invalidateTags([CARD_LIST_TAG]));
      return (result.data as { data: CardResource }).data;
    },
    [store],
  );
}
