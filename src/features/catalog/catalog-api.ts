import { createAction, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import type { AdCategoryResource, AdPage, AdResource, BannerResource, PublicUserPage } from '../../../shared/api/catalog-ads';
import type { BusinessCategoryResource, BusinessPage, BusinessResource, ProductCategoryResource } from '../../../shared/api/catalog-businesses';
import type { ImageResource } from '../../../shared/api/catalog-common';
import type { FavoritePage, SubscribedBusinessPage, ToggleFavoriteResult, ToggleSubscriptionResult } from '../../../shared/api/catalog-favorites';
import type { ProductPage, ProductResource } from '../../../shared/api/catalog-products';
import type { SearchResult, SuggestResult } from '../../../shared/api/catalog-search';
import type { FavoriteType } from '../../../shared/api/catalog-values';
import { actionRefusedOffline, isNoAnswer } from '../../services/offline-refusal';
import { withoutEmpty } from '../../../shared/without-empty';
import { api } from '../../services/api';
import { applyToggle, type CatalogToggle } from './catalog-toggle';

export type QueryParams = Record<string, string | number | undefined>;

const FAVORITE_SEGMENT: Record<FavoriteType, string> = { product: 'products', ad: 'ads', business: 'businesses', user: 'users' };

/** Posted to the other tabs after a toggle succeeds (see src/sagas/cross-tab.saga.ts). */
export const catalogToggleSynced = createAction<CatalogToggle>('catalog/toggleSynced');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the cache's update thunks name the api's slice of the state; the store's is wider
type Dispatch = ThunkDispatch<any, unknown, UnknownAction>;
type CachedQueries = Record<string, { endpointName?: string; originalArgs?: unknown; data?: unknown } | undefined>;

/** Applies a toggle to every cached catalogue answer; returns the undo of each patch. */
function patchEverywhere(dispatch: Dispatch, getState: () => unknown, toggle: CatalogToggle) {
  const queries = (getState() as { api: { queries: CachedQueries } }).api.queries;
  const undos: Array<() => void> = [];
  for (const entry of Object.values(queries)) {
    if (!entry?.endpointName || !CATALOG_ENDPOINTS.has(entry.endpointName) || entry.data === undefined) continue;
    const patch = dispatch(
      catalogApi.util.updateQueryData(entry.endpointName as never, entry.originalArgs as never, (draft: unknown) => {
        applyToggle(draft, toggle);
      }),
    );
    undos.push(patch.undo);
  }
  return undos;
}

/** What another tab does with a toggle made here: the same patch, and the lists refetched. */
export const catalogToggleArrived = (toggle: CatalogToggle) => (dispatch: Dispatch, getState: () => unknown) => {
  patchEverywhere(dispatch, getState, toggle);
  dispatch(api.util.invalidateTags([toggle.kind === 'subscription' ? 'Subscription' : 'Favorite']));
};

export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    businessCategories: build.query<BusinessCategoryResource[], string | undefined>({
      query: (kind) => ({ url: '/business-categories', params: withoutEmpty({ kind }) }),
      transformResponse: (response: { data: BusinessCategoryResource[] }) => response.data,
      providesTags: [{ type: 'Category', id: 'BUSINESS' }],
    }),
    businesses: build.query<BusinessPage, QueryParams>({
      query: (params) => ({ url: '/businesses/ordered', params: withoutEmpty(params) }),
      providesTags: (result) => [{ type: 'Business', id: 'LIST' }, ...(result?.data ?? []).map((b) => ({ type: 'Business' as const, id: b.id }))],
    }),
    myBusinesses: build.query<BusinessPage, void>({
      query: () => ({ url: '/business', params: { per_page: 100 } }),
      providesTags: [{ type: 'Business', id: 'MINE' }],
    }),
    business: build.query<BusinessResource, number>({
      query: (id) => `/business/${id}`,
      transformResponse: (response: { data: BusinessResource }) => response.data,
      providesTags: (_result, _error, id) => [{ type: 'Business', id }],
    }),
    saveBusiness: build.mutation<BusinessResource, { id?: number; body: Record<string, unknown> }>({
      query: ({ id, body }) => ({ url: id ? `/business/${id}` : '/business', method: 'POST', body }),
      transformResponse: (response: { data: BusinessResource }) => response.data,
      invalidatesTags: (result) => [{ type: 'Business', id: 'LIST' }, { type: 'Business', id: 'MINE' }, { type: 'Business', id: result?.id }],
    }),
    deleteBusiness: build.mutation<void, number>({
      query: (id) => ({ url: `/business/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Business', id: 'LIST' }, { type: 'Business', id: 'MINE' }],
    }),
    products: build.query<ProductPage, { list?: 'all' | 'popular' | 'discounted' | 'mine' } & QueryParams>({
      query: ({ list = 'all', ...params }) => {
        if (list === 'mine') return { url: '/products', params: withoutEmpty({ ...params, mine: 1 }) };
        return { url: list === 'all' ? '/get-products' : `/products/${list}`, params: withoutEmpty(params) };
      },
      providesTags: (result) => [{ type: 'Product', id: 'LIST' }, ...(result?.data ?? []).map((p) => ({ type: 'Product' as const, id: p.id }))],
    }),
    product: build.query<ProductResource, number>({
      query: (id) => `/products/${id}`,
      transformResponse: (response: { data: ProductResource }) => response.data,
      providesTags: (_result, _error, id) => [{ type: 'Product', id }],
    }),
    saveProduct: build.mutation<ProductResource, { id?: number; body: Record<string, unknown> }>({
      query: ({ id, body }) => ({ url: id ? `/products/${id}` : '/products', method: 'POST', body }),
      transformResponse: (response: { data: ProductResource }) => response.data,
      invalidatesTags: (result) => [{ type: 'Product', id: 'LIST' }, { type: 'Product', id: result?.id }, { type: 'Business', id: result?.business.id }],
    }),
    deleteProduct: build.mutation<void, number>({
      query: (id) => ({ url: `/products/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Product', id: 'LIST' }, 'Business'],
    }),
    productCategories: build.query<ProductCategoryResource[], { business_id?: number; mine?: 1 }>({
      query: (params) => ({ url: '/categories', params: withoutEmpty(params) }),
      transformResponse: (response: { data: ProductCategoryResource[] }) => response.data,
      providesTags: [{ type: 'Category', id: 'PRODUCT' }],
    }),
    productCategory: build.query<ProductCategoryResource, number>({
      query: (id) => `/categories/${id}`,
      transformResponse: (response: { data: ProductCategoryResource }) => response.data,
      providesTags: (_result, _error, id) => [{ type: 'Category', id }],
    }),
    saveCategory: build.mutation<ProductCategoryResource, { id?: number; body: Record<string, unknown> }>({
      query: ({ id, body }) => ({ url: id ? `/categories/${id}` : '/categories', method: 'POST', body }),
      transformResponse: (response: { data: ProductCategoryResource }) => response.data,
      invalidatesTags: (result) => [{ type: 'Category', id: 'PRODUCT' }, { type: 'Category', id: result?.id }, { type: 'Business', id: result?.business_id }],
    }),
    deleteCategory: build.mutation<void, number>({
      query: (id) => ({ url: `/categories/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Category', id: 'PRODUCT' }, 'Business'],
    }),
    adCategories: build.query<AdCategoryResource[], void>({
      query: () => '/ad-categories',
      transformResponse: (response: { data: AdCategoryResource[] }) => response.data,
      providesTags: [{ type: 'Category', id: 'AD' }],
    }),
    ads: build.query<AdPage, { user_id?: number } & QueryParams>({
      query: ({ user_id, ...params }) => ({ url: user_id ? `/ads/users/${user_id}` : '/ads', params: withoutEmpty(params) }),
      providesTags: (result) => [{ type: 'Ad', id: 'LIST' }, ...(result?.data ?? []).map((a) => ({ type: 'Ad' as const, id: a.id }))],
    }),
    ad: build.query<AdResource, number>({
      query: (id) => `/ads/${id}`,
      transformResponse: (response: { data: AdResource }) => response.data,
      providesTags: (_result, _error, id) => [{ type: 'Ad', id }],
    }),
    saveAd: build.mutation<AdResource, { id?: number; body: Record<string, unknown> }>({
      query: ({ id, body }) => ({ url: id ? `/ads/${id}` : '/ads', method: 'POST', body }),
      transformResponse: (response: { data: AdResource }) => response.data,
      invalidatesTags: (result) => [{ type: 'Ad', id: 'LIST' }, { type: 'Ad', id: result?.id }],
    }),
    deleteAd: build.mutation<void, number>({
      query: (id) => ({ url: `/ads/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Ad', id: 'LIST' }],
    }),
    banners: build.query<BannerResource[], 'home' | 'regular'>({
      query: (placement) => `/ads/${placement}-banners`,
      transformResponse: (response: { data: BannerResource[] }) => response.data,
    }),
    publicUser: build.query<PublicUserPage, number>({
      query: (id) => `/users/${id}`,
      transformResponse: (response: { data: PublicUserPage }) => response.data,
      providesTags: (_result, _error, id) => [{ type: 'Ad', id: `USER-${id}` }],
    }),
    search: build.query<SearchResult, QueryParams>({
      query: (params) => ({ url: '/search', params: withoutEmpty(params) }),
      providesTags: [{ type: 'Product', id: 'LIST' }, { type: 'Business', id: 'LIST' }, { type: 'Ad', id: 'LIST' }],
    }),
    searchSuggestions: build.query<SuggestResult['data'], string>({
      query: (q) => ({ url: '/search/suggest', params: { q, limit: 8 } }),
      transformResponse: (response: SuggestResult) => response.data,
      keepUnusedDataFor: 30,
    }),
    favorites: build.query<FavoritePage, QueryParams>({
      query: (params) => ({ url: '/favorites', params: withoutEmpty(params) }),
      providesTags: ['Favorite'],
    }),
    subscriptions: build.query<SubscribedBusinessPage, QueryParams>({
      query: (params) => ({ url: '/me/subscribed-businesses', params: withoutEmpty(params) }),
      providesTags: ['Subscription'],
    }),
    toggleFavorite: build.mutation<ToggleFavoriteResult['data'], { type: FavoriteType; id: number; favorite: boolean }>({
      query: ({ type, id, favorite }) => ({ url: `/${FAVORITE_SEGMENT[type]}/${id}/toggle-favorite`, method: 'POST', body: { favorite } }),
      transformResponse: (response: ToggleFavoriteResult) => response.data,
      // On screen at once; undone if the server refuses.
      async onQueryStarted({ type, id, favorite }, { dispatch, getState, queryFulfilled }) {
        const undos = patchEverywhere(dispatch, getState, { kind: 'favorite', type, id, value: favorite });
        try {
          const { data } = await queryFulfilled;
          const toggle: CatalogToggle = { kind: 'favorite', type, id, value: data.is_favorite, count: data.favorites_count };
          patchEverywhere(dispatch, getState, toggle);
          dispatch(api.util.invalidateTags(['Favorite']));
          dispatch(catalogToggleSynced(toggle));
        } catch (failure) {
          undos.forEach((undo) => undo());
          // The heart goes back; say why when the network, not the server, refused.
          if (isNoAnswer((failure as { error?: unknown } | null)?.error)) dispatch(actionRefusedOffline({ messageId: 'catalog.ui.favorite.offline' }));
        }
      },
    }),
    toggleSubscription: build.mutation<ToggleSubscriptionResult['data'], { id: number; subscribed: boolean }>({
      query: ({ id, subscribed }) => ({ url: `/businesses/${id}/toggle-subscription`, method: 'POST', body: { subscribed } }),
      transformResponse: (response: ToggleSubscriptionResult) => response.data,
      async onQueryStarted({ id, subscribed }, { dispatch, getState, queryFulfilled }) {
        const undos = patchEverywhere(dispatch, getState, { kind: 'subscription', type: 'business', id, value: subscribed });
        try {
          const { data } = await queryFulfilled;
          const toggle: CatalogToggle = { kind: 'subscription', type: 'business', id, value: data.is_subscribed, count: data.subscribers_count };
          patchEverywhere(dispatch, getState, toggle);
          dispatch(api.util.invalidateTags(['Subscription']));
          dispatch(catalogToggleSynced(toggle));
        } catch {
          undos.forEach((undo) => undo());
        }
      },
    }),
    uploadImage: build.mutation<ImageResource, File>({
      query: (file) => {
        const form = new FormData();
        form.append('image', file);
        return { url: '/uploads/images', method: 'POST', body: form };
      },
      transformResponse: (response: { data: ImageResource }) => response.data,
    }),
  }),
});

/** Endpoints whose answers carry `is_favorite` / `is_subscribed` marks. */
const CATALOG_ENDPOINTS = new Set([
  'businesses',
  'business',
  'products',
  'product',
  'ads',
  'ad',
  'publicUser',
  'search',
  'favorites',
  'subscriptions',
]);

/**
 * A moderator decided one of my businesses, ads or products (NotificationSent `moderation`, data
 * `{ kind, id }`): its page and my lists are read again, so "On moderation" changes without a reload.
 */
export const moderatedItemChanged = (kind: unknown, id: unknown) => {
  const type = kind === 'businesses' ? ('Business' as const) : kind === 'ads' ? ('Ad' as const) : ('Product' as const);
  const itemId = Number(id);
  return catalogApi.util.invalidateTags([{ type, id: 'LIST' }, { type, id: 'MINE' }, ...(itemId > 0 ? [{ type, id: itemId }] : [])]);
};

export const {
  useBusinessCategoriesQuery,
  useBusinessesQuery,
  useMyBusinessesQuery,
  useBusinessQuery,
  useSaveBusinessMutation,
  useDeleteBusinessMutation,
  useProductsQuery,
  useProductQuery,
  useSaveProductMutation,
  useDeleteProductMutation,
  useProductCategoriesQuery,
  useProductCategoryQuery,
  useSaveCategoryMutation,
  useDeleteCategoryMutation,
  useAdCategoriesQuery,
  useAdsQuery,
  useAdQuery,
  useSaveAdMutation,
  useDeleteAdMutation,
  useBannersQuery,
  usePublicUserQuery,
  useSearchQuery,
  useSearchSuggestionsQuery,
  useFavoritesQuery,
  useSubscriptionsQuery,
  useToggleFavoriteMutation,
  useToggleSubscriptionMutation,
  useUploadImageMutation,
} = catalogApi;
