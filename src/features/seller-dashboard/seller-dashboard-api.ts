import type { SellerDashboard } from '../../../shared/api/seller-dashboard';
import { api } from '../../services/api';

/**
 * The dashboard provides the tags of what it sums, so it is read again whenever they change:
 * orders (`Order/LIST`, which the realtime layer invalidates on every `OrderStatusUpdated`, so a
 * new order shows up live), my businesses and ads (created or deleted here or in another tab).
 */
export const sellerDashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    sellerDashboard: build.query<SellerDashboard, void>({
      query: () => '/seller/dashboard',
      transformResponse: (response: { data: SellerDashboard }) => response.data,
      providesTags: [{ type: 'Order', id: 'LIST' }, { type: 'Business', id: 'MINE' }, { type: 'Ad', id: 'LIST' }],
    }),
  }),
});

export const { useSellerDashboardQuery } = sellerDashboardApi;
