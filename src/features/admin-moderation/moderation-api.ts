import type {
  ModerationBulkResult,
  ModerationItem,
  ModerationQueuePage,
  ModerationSettingResource,
} from '../../../shared/api/admin-moderation';
import type { ModeratedKind, ModerationFilter, ModerationSort } from '../../../shared/moderation/moderation-values';
import { api } from '../../services/api';

const base = api.enhanceEndpoints({ addTagTypes: ['CatalogModeration', 'ModerationSettings', 'AdminCounts'] });

export interface QueueArgs {
  kind: ModeratedKind;
  page: number;
  filter: ModerationFilter;
  sort: ModerationSort;
}

/** Endpoint names carry `Catalog`: RTK Query keeps the first endpoint of a name (the works' queue is `moderationQueue`). */
/** The queues of businesses, ads and products and the setting per kind (shared/api/admin-moderation.ts). A decision changes the section counts. */
export const moderationApi = base.injectEndpoints({
  endpoints: (build) => ({
    catalogModerationQueue: build.query<ModerationQueuePage, QueueArgs>({
      query: ({ kind, page, filter, sort }) => ({ url: `/admin/moderation/${kind}`, params: { page, per_page: 20, filter, sort } }),
      providesTags: ['CatalogModeration'],
    }),
    claimCatalogItem: build.mutation<{ data: ModerationItem }, { kind: ModeratedKind; id: number }>({
      query: ({ kind, id }) => ({ url: `/admin/moderation/${kind}/${id}/claim`, method: 'POST' }),
    }),
    approveCatalogItem: build.mutation<{ data: ModerationItem }, { kind: ModeratedKind; id: number }>({
      query: ({ kind, id }) => ({ url: `/admin/moderation/${kind}/${id}/approve`, method: 'POST' }),
      invalidatesTags: ['CatalogModeration', 'AdminCounts'],
    }),
    rejectCatalogItem: build.mutation<{ data: ModerationItem }, { kind: ModeratedKind; id: number; reason: string }>({
      query: ({ kind, id, reason }) => ({ url: `/admin/moderation/${kind}/${id}/reject`, method: 'POST', body: { reason } }),
      invalidatesTags: ['CatalogModeration', 'AdminCounts'],
    }),
    approveCatalogItems: build.mutation<{ data: ModerationBulkResult }, { kind: ModeratedKind; ids: number[] }>({
      query: ({ kind, ids }) => ({ url: `/admin/moderation/${kind}/approve`, method: 'POST', body: { ids } }),
      invalidatesTags: ['CatalogModeration', 'AdminCounts'],
    }),
    catalogModerationSettings: build.query<{ data: ModerationSettingResource[] }, void>({
      query: () => '/admin/moderation-settings',
      providesTags: ['ModerationSettings'],
    }),
    changeCatalogModerationSetting: build.mutation<{ data: ModerationSettingResource }, { kind: ModeratedKind; approval_before_public: boolean }>({
      query: ({ kind, approval_before_public }) => ({ url: `/admin/moderation-settings/${kind}`, method: 'PUT', body: { approval_before_public } }),
      invalidatesTags: ['ModerationSettings'],
    }),
  }),
});

export const {
  useCatalogModerationQueueQuery,
  useClaimCatalogItemMutation,
  useApproveCatalogItemMutation,
  useRejectCatalogItemMutation,
  useApproveCatalogItemsMutation,
  useCatalogModerationSettingsQuery,
  useChangeCatalogModerationSettingMutation,
} = moderationApi;
