import type { AdminCounts } from '../../shared/api/admin';
import { api } from '../services/api';

/**
 * Waiting items per admin section, for the shell's badges. Asked again every minute and after
 * any decision (mutations invalidate the `AdminCounts` tag), so a cleared queue shows 0 at once.
 */
export const adminCountsApi = api.enhanceEndpoints({ addTagTypes: ['AdminCounts'] }).injectEndpoints({
  endpoints: (build) => ({
    adminCounts: build.query<AdminCounts, void>({
      query: () => '/admin/counts',
      transformResponse: (response: { data: AdminCounts }) => response.data,
      providesTags: ['AdminCounts'],
    }),
  }),
});

export const { useAdminCountsQuery } = adminCountsApi;
