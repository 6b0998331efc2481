import type { StagesResponse } from '../../shared/api/olympiad-stages';
import { api } from '../services/api';
import { clockSynced } from './olympiad-slice';

/** The olympiad's stages: read by its pages, its tests and the staff screens alike. */
export const stagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    stages: build.query<StagesResponse, void>({
      query: () => '/olympiad/stages',
      providesTags: ['Stage'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        // The request's midpoint is when the server read its clock, give or take half the round trip.
        const sentAt = Date.now();
        try {
          const { data } = await queryFulfilled;
          dispatch(clockSynced({ serverTime: Date.parse(data.server_time), sentAt, receivedAt: Date.now() }));
        } catch {
          // The page shows the failure.
        }
      },
    }),
  }),
});

export const { useStagesQuery } = stagesApi;
