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
  }),
});

export const { useHomeStatsQuery } = homeApi;
