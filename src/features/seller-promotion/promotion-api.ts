import { useCallback } from 'react';
import { useStore } from 'react-redux';
import type { AdPage } from '../../../shared/api/catalog-ads';
import type { ProductPage } from '../../../shared/api/catalog-products';
import type { PromotionPlanResource, PurchasePlanBody, SubscriptionPage, SubscriptionResource } from '../../../shared/api/seller-promotion';
import type { SubscriptionStatus } from '../../../shared/promotion/subscription-machine';
import { CARD_LIST_TAG } from '../../account/cards-api';
import { api, requestOutsideStore } from '../../services/api';

export const PROMOTIONS_PER_PAGE = 20;
/** The seller's subscriptions (the tag type is shared with business subscriptions; the ids keep them apart). */
const LIST = { type: 'Subscription', id: 'PROMOTIONS' } as const;
const one = (id: number) => ({ type: 'Subscription' as const, id: `PROMOTION-${id}` });

export interface SubscriptionsArgs {
  page: number;
  status?: SubscriptionStatus[];
}

/** Every move answers the whole subscription: it becomes the cached one, and the lists refetch. */
const moved = {
  transformResponse: (response: { data: SubscriptionResource }) => response.data,
  invalidatesTags: [LIST, { type: 'Ad' as const, id: 'LIST' }, { type: 'Product' as const, id: 'LIST' }],
};

export const promotionApi = api.injectEndpoints({
  endpoints: (build) => ({
    promotionPlans: build.query<PromotionPlanResource[], void>({
      query: () => '/ads/plans',
      transformResponse: (response: { data: PromotionPlanResource[] }) => response.data,
    }),
    userSubscriptions: build.query<SubscriptionPage, SubscriptionsArgs>({
      // `status` repeats (`?status=active&status=paused`): the transport's `params` would join a list with commas.
      query: ({ page, status }) => {
        const params = new URLSearchParams({ page: String(page), per_page: String(PROMOTIONS_PER_PAGE) });
        for (const value of status ?? []) params.append('status', value);
        return `/ads/user-subscriptions?${params}`;
      },
      providesTags: (result) => [LIST, ...(result?.data ?? []).map((s) => one(s.id))],
    }),
    subscriptionStatus: build.query<SubscriptionResource, number>({
      query: (id) => `/ads/subscriptions/status/${id}`,
      transformResponse: (response: { data: SubscriptionResource }) => response.data,
      providesTags: (_result, _error, id) => [one(id)],
    }),
    toggleSubscriptionPause: build.mutation<SubscriptionResource, number>({
      query: (id) => ({ url: `/ads/subscriptions/${id}/toggle-pause`, method: 'POST', body: {} }),
      ...moved,
      invalidatesTags: (_result, _error, id) => [...moved.invalidatesTags, one(id)],
    }),
    archiveSubscription: build.mutation<SubscriptionResource, number>({
      query: (id) => ({ url: `/ads/subscriptions/${id}/archive`, method: 'POST', body: {} }),
      ...moved,
      invalidatesTags: (_result, _error, id) => [...moved.invalidatesTags, one(id)],
    }),
    /** My published ads, to choose what to promote. */
    myPublishedAds: build.query<AdPage, number>({
      query: (userId) => ({ url: `/ads/users/${userId}`, params: { status: 'published', per_page: 100 } }),
    }),
    /** My published products and services. */
    myPublishedProducts: build.query<ProductPage, void>({
      query: () => ({ url: '/products', params: { mine: 1, status: 'published', per_page: 100 } }),
    }),
  }),
});

export const {
  usePromotionPlansQuery,
  useUserSubscriptionsQuery,
  useSubscriptionStatusQuery,
  useToggleSubscriptionPauseMutation,
  useArchiveSubscriptionMutation,
  useMyPublishedAdsQuery,
  useMyPublishedProductsQuery,
} = promotionApi;

export type PurchaseOutcome = { data: SubscriptionResource } | { error: { status: number | string; data: unknown } };

/**
 * Buys a plan. Not an RTK Query mutation, as for saved cards: a new card's number and CVC ride
 * in the body, and a mutation's argument travels through the store's actions. The key is the
 * form's (one per form session), so a double click or a retry buys once.
 */
export function usePurchasePlan() {
  const store = useStore();
  return useCallback(
    async (body: PurchasePlanBody): Promise<PurchaseOutcome> => {
      const result = await requestOutsideStore({ url: '/ads/purchase-plan', method: 'POST', body }, store, 'purchasePlan');
      if (result.error) return { error: { status: result.error.status, data: result.error.data } };
      store.dispatch(api.util.invalidateTags([LIST, CARD_LIST_TAG, { type: 'Ad', id: 'LIST' }, { type: 'Product', id: 'LIST' }]));
      return { data: (result.data as { data: SubscriptionResource }).data };
    },
    [store],
  );
}
