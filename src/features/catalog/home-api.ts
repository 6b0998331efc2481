import type { HomePromoted } from '../../../shared/api/seller-promotion';
import { api } from '../../services/api';

export interface HomeStats {
  users: number;
}

export const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    homeStats: build.query<HomeStats, void>({
      query: () => '/home/stats',
      transformResponse: (response: { data: HomeStats }) => response.data,
      providesTags: ['HomeStats'],
    }),
    /** Items a seller's plan puts on the home page (the `home_carousel` perk, issue 16). */
    homePromoted: build.query<HomePromoted, void>({
      query: () => '/ads/home-promoted',
      transformResponse: (response: { data: HomePromoted }) => response.data,
      providesTags: [{ type: 'Product', id: 'LIST' }, { type: 'Ad', id: 'LIST' }],
    }),
  }),
});

export const { useHomeStatsQuery, useHomePromotedQuery } = homeApi;
