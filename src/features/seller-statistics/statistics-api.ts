import type { BusinessPage } from '../../../shared/api/catalog-businesses';
import type { StatisticsReport } from '../../../shared/api/seller-statistics';
import { api } from '../../services/api';

export interface StatisticsArgs {
  businessId?: number;
  period?: string;
  from?: string;
  to?: string;
}

/** The query string of a report (the CSV download asks the same with `format=csv`). */
export const statisticsParams = ({ businessId, period, from, to }: StatisticsArgs): Record<string, string> => ({
  ...(businessId ? { business_id: String(businessId) } : {}),
  ...(from && to ? { from, to } : { period: period ?? '30' }),
});

export const statisticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    sellerStatistics: build.query<{ data: StatisticsReport }, StatisticsArgs>({
      query: (args) => ({ url: '/statistics', params: statisticsParams(args) }),
      // Figures move all the time; a screen opened again asks again.
      keepUnusedDataFor: 0,
    }),
    /** The seller's businesses, for the choice at the top. */
    statisticsBusinesses: build.query<BusinessPage, void>({
      query: () => ({ url: '/business', params: { per_page: 100 } }),
      providesTags: [{ type: 'Business', id: 'MINE' }],
    }),
  }),
});

export const { useSellerStatisticsQuery, useStatisticsBusinessesQuery } = statisticsApi;
