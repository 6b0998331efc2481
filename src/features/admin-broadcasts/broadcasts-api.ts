import type { BroadcastBody, BroadcastPage, BroadcastPreview, BroadcastResource } from '../../../shared/api/admin-broadcasts';
import type { BusinessCategoryResource } from '../../../shared/api/catalog-businesses';
import { api } from '../../services/api';

const unwrap = <T>(response: { data: T }) => response.data;
const LIST = { type: 'Broadcast' as const, id: 'LIST' };

/** Notifications to many (shared/api/admin-broadcasts.ts), admins only. Sending or cancelling changes the shell's waiting count. */
export const broadcastsApi = api.enhanceEndpoints({ addTagTypes: ['Broadcast', 'AdminCounts'] }).injectEndpoints({
  endpoints: (build) => ({
    broadcasts: build.query<BroadcastPage, number>({
      query: (page) => ({ url: '/admin/broadcasts', params: page > 1 ? { page } : {} }),
      providesTags: (result) => [LIST, ...(result?.data ?? []).map((row) => ({ type: 'Broadcast' as const, id: row.id }))],
    }),
    broadcast: build.query<BroadcastResource, number>({
      query: (id) => `/admin/broadcasts/${id}`,
      transformResponse: unwrap<BroadcastResource>,
      providesTags: (_result, _error, id) => [{ type: 'Broadcast', id }],
    }),
    previewBroadcast: build.mutation<BroadcastPreview, BroadcastBody>({
      query: (body) => ({ url: '/admin/broadcasts/preview', method: 'POST', body }),
      transformResponse: unwrap<BroadcastPreview>,
    }),
    createBroadcast: build.mutation<BroadcastResource, BroadcastBody>({
      query: (body) => ({ url: '/admin/broadcasts', method: 'POST', body }),
      transformResponse: unwrap<BroadcastResource>,
      invalidatesTags: [LIST, 'AdminCounts'],
    }),
    cancelBroadcast: build.mutation<BroadcastResource, number>({
      query: (id) => ({ url: `/admin/broadcasts/${id}/cancel`, method: 'POST' }),
      transformResponse: unwrap<BroadcastResource>,
      invalidatesTags: (_result, _error, id) => [LIST, { type: 'Broadcast', id }, 'AdminCounts'],
    }),
    /** The business categories sellers may be chosen by (the catalogue's public list). */
    broadcastBusinessCategories: build.query<BusinessCategoryResource[], void>({
      query: () => '/business-categories',
      transformResponse: unwrap<BusinessCategoryResource[]>,
    }),
  }),
});

export const {
  useBroadcastsQuery,
  useBroadcastQuery,
  usePreviewBroadcastMutation,
  useCreateBroadcastMutation,
  useCancelBroadcastMutation,
  useBroadcastBusinessCategoriesQuery,
} = broadcastsApi;
