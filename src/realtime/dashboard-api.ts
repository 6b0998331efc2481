import type { UnreadCounts } from '../../shared/api/realtime-events';
import { api } from '../services/api';

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    unreadCounts: build.query<UnreadCounts, void>({
      query: () => '/dashboard/summary',
      transformResponse: (response: { data: { counts: UnreadCounts } }) => response.data.counts,
    }),
  }),
});
